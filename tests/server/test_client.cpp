#include "test_client.hpp"

#include <atomic>
#include <mutex>
#include <random>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

namespace crownhall::testing {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

server::server_config test_config() {
  server::server_config c;
  c.bind = "127.0.0.1";
  c.port = 0;
  c.threads = 2;
  c.web_root = CROWNHALL_TEST_WEB_ROOT;
  c.rules.bot_delay_ms = 0;
  // Test clients act as fast as the server answers; the rate limit has its own test.
  c.rate_per_second = 100000;
  c.rate_burst = 100000;
  // Every test client is 127.0.0.1; the limits per address have their own tests.
  c.max_connections_per_address = 0;
  c.new_sessions_per_minute = 0;
  c.new_tables_per_minute = 0;
  return c;
}

server::server_config durable_config(const temp_dir& data) {
  auto cfg = test_config();
  cfg.data_dir = data.path.string();
  return cfg;
}

temp_dir::temp_dir(std::string_view purpose)
    : path(std::filesystem::temp_directory_path() /
           ("crownhall-" + std::string(purpose) + "-" + std::to_string(std::random_device{}()))) {
  std::filesystem::create_directories(path);
}

temp_dir::~temp_dir() {
  std::error_code ignored;
  std::filesystem::remove_all(path, ignored);
}

test_server::test_server(server::server_config config)
    : server_(std::make_unique<server::server>(std::move(config))) {
  port_ = server_->start();
  thread_ = std::thread([this] { server_->run(); });
}

bool test_server::stop(std::chrono::milliseconds limit) {
  if (stopped_) return true;
  stopped_ = true;
  server_->stop();
  // run() returns once every connection has closed.
  const auto deadline = std::chrono::steady_clock::now() + limit;
  auto done = std::make_shared<std::atomic<bool>>(false);
  std::thread waiter([this, done] {
    thread_.join();
    *done = true;
  });
  while (!*done && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(5ms);
  const bool ok = *done;
  waiter.join();
  return ok;
}

test_server::~test_server() { stop(); }

struct test_client::impl {
  net::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};
  beast::flat_buffer buffer;
  bool closed = false;
  int close_code = -1;
};

namespace {

void connect_from(tcp::socket& socket, const std::string& from, std::uint16_t port) {
  if (!from.empty()) {
    socket.open(tcp::v4());
    socket.bind(tcp::endpoint(net::ip::make_address(from), 0));
  }
  socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
}

}  // namespace

test_client::test_client(std::uint16_t port, std::string origin, std::string host)
    : test_client(port, connect_options{std::move(origin), std::move(host), {}, {}}) {}

test_client::test_client(std::uint16_t port, const connect_options& how)
    : impl_(std::make_unique<impl>()) {
  connect_from(beast::get_lowest_layer(impl_->ws).socket(), how.from, port);
  impl_->ws.set_option(websocket::stream_base::decorator([how](websocket::request_type& req) {
    if (!how.origin.empty()) req.set(beast::http::field::origin, how.origin);
    for (const auto& [name, value] : how.headers) req.insert(name, value);
  }));
  impl_->ws.read_message_max(1 << 24);
  impl_->ws.handshake(how.host.empty() ? "127.0.0.1:" + std::to_string(port) : how.host, "/ws");
}

struct idle_connections::impl {
  net::io_context ioc;
  std::vector<tcp::socket> sockets;
};

idle_connections::idle_connections(std::uint16_t port, const std::string& from, int count)
    : impl_(std::make_unique<impl>()) {
  for (int i = 0; i < count; ++i) {
    impl_->sockets.emplace_back(impl_->ioc);
    connect_from(impl_->sockets.back(), from, port);
  }
}

idle_connections::~idle_connections() = default;

test_client::~test_client() {
  if (impl_ && !impl_->closed) {
    beast::error_code ec;
    beast::get_lowest_layer(impl_->ws).socket().close(ec);
  }
}

test_client::test_client(test_client&&) noexcept = default;

void test_client::send(const json& j) { send_text(j.dump()); }

void test_client::send_text(std::string_view text) {
  impl_->ws.text(true);
  impl_->ws.write(net::buffer(text.data(), text.size()));
}

void test_client::send_binary(std::string_view bytes) {
  impl_->ws.binary(true);
  impl_->ws.write(net::buffer(bytes.data(), bytes.size()));
  impl_->ws.text(true);
}

void test_client::send_ping(std::string_view payload) {
  payload = payload.substr(0, 125);
  impl_->ws.ping(websocket::ping_data(payload.data(), payload.size()));
}

std::optional<json> test_client::read_one(std::chrono::milliseconds timeout) {
  if (impl_->closed) throw client_error("connection closed");
  bool done = false;
  beast::error_code result;
  impl_->buffer.consume(impl_->buffer.size());
  impl_->ws.async_read(impl_->buffer, [&](beast::error_code ec, std::size_t) {
    done = true;
    result = ec;
  });
  impl_->ioc.restart();
  impl_->ioc.run_for(timeout);
  if (!done) {
    // Cancel the read and let its handler run; the stream stays usable only for closing.
    beast::get_lowest_layer(impl_->ws).socket().cancel();
    impl_->ioc.restart();
    impl_->ioc.run();
    if (!result) {
      // The read completed after all.
      done = true;
    } else {
      impl_->closed = true;
      return std::nullopt;
    }
  }
  if (result) {
    impl_->closed = true;
    // The close frame's code, when one arrived (answering it may still fail: the server
    // may already have closed the socket, as after a frame that is far too large).
    if (result == websocket::error::closed || impl_->ws.reason().code != 0)
      impl_->close_code = impl_->ws.reason().code;
    last_error_ = result.message();
    throw client_error("connection closed: " + result.message());
  }
  std::string text = beast::buffers_to_string(impl_->buffer.data());
  received_.push_back(text);
  json j = json::parse(text);
  if (j.value("type", "") == "table") {
    last_table_ = j;
    fresh_table_ = true;
  }
  return j;
}

json test_client::next(std::chrono::milliseconds timeout) {
  if (!pending_.empty()) {
    json j = std::move(pending_.front());
    pending_.erase(pending_.begin());
    return j;
  }
  auto j = read_one(timeout);
  if (!j) throw client_error("no message within " + std::to_string(timeout.count()) + " ms");
  return *j;
}

json test_client::next_where(const std::function<bool(const json&)>& pred,
                             std::chrono::milliseconds timeout) {
  for (std::size_t i = 0; i < pending_.size(); ++i)
    if (pred(pending_[i])) {
      json j = std::move(pending_[i]);
      pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(i));
      return j;
    }
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) throw client_error("no matching message in time");
    auto j = read_one(left);
    if (!j) throw client_error("no matching message in time");
    if (pred(*j)) return *j;
    // Table snapshots supersede one another; keep only others for later.
    if (j->value("type", "") != "table") pending_.push_back(std::move(*j));
  }
}

json test_client::next_of(std::string_view type, std::chrono::milliseconds timeout) {
  return next_where([&](const json& j) { return j.value("type", "") == type; }, timeout);
}

json test_client::next_table(const std::function<bool(const json&)>& pred,
                             std::chrono::milliseconds timeout) {
  if (last_table_.is_object() && (pred ? pred(last_table_) : fresh_table_)) {
    fresh_table_ = false;
    return last_table_;
  }
  json j = next_where(
      [&](const json& j) { return j.value("type", "") == "table" && (!pred || pred(j)); }, timeout);
  fresh_table_ = false;
  return j;
}

json test_client::hello(const std::string& name) {
  send({{"type", "hello"}, {"protocol", 1}, {"name", name}});
  return next_of("welcome");
}

json test_client::resume_session(const std::string& token) {
  send({{"type", "hello"}, {"protocol", 1}, {"token", token}});
  return next_of("welcome");
}

json test_client::request(json j, std::chrono::milliseconds timeout) {
  const int id = next_id_++;
  j["id"] = id;
  send(j);
  json answer = next_where(
      [&](const json& m) {
        const auto t = m.value("type", "");
        return (t == "ack" || t == "error") && m.contains("id") && m["id"] == id;
      },
      timeout);
  if (answer["type"] == "error")
    throw client_error("request " + j.dump() + " refused: " + answer.dump());
  return answer;
}

json test_client::expect_error(json j, std::chrono::milliseconds timeout) {
  const int id = next_id_++;
  j["id"] = id;
  send(j);
  json answer = next_where(
      [&](const json& m) {
        const auto t = m.value("type", "");
        return (t == "ack" || t == "error") && m.contains("id") && m["id"] == id;
      },
      timeout);
  if (answer["type"] != "error") throw client_error("request " + j.dump() + " was accepted");
  return answer;
}

int test_client::wait_closed(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!impl_->closed) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) throw client_error("still open");
    try {
      auto j = read_one(left);
      if (!j) throw client_error("still open");
      pending_.push_back(std::move(*j));
    } catch (const client_error&) {
      if (!impl_->closed) throw;
    }
  }
  return impl_->close_code;
}

bool test_client::is_open() const { return !impl_->closed; }

void test_client::close() {
  if (impl_->closed) return;
  beast::error_code ec;
  impl_->ws.close(websocket::close_code::normal, ec);
  impl_->closed = true;
}

}  // namespace crownhall::testing

#include <boost/beast/http.hpp>

#include "engine/core/prng.hpp"

namespace crownhall::testing {

namespace http = beast::http;

http_reply http_get(std::uint16_t port, const std::string& target,
                    const std::vector<std::pair<std::string, std::string>>& headers,
                    const std::string& method, const std::string& body) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  tcp::resolver resolver(ioc);
  stream.connect(resolver.resolve("127.0.0.1", std::to_string(port)));
  http::request<http::string_body> req{http::string_to_verb(method), target, 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  for (const auto& [k, v] : headers) req.set(k, v);
  if (!body.empty()) {
    req.body() = body;
    req.prepare_payload();
  }
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.skip(method == "HEAD");
  parser.body_limit(1 << 26);
  http::read(stream, buffer, parser);
  http_reply r;
  r.status = static_cast<int>(parser.get().result_int());
  r.content_type = std::string(parser.get()[http::field::content_type]);
  r.retry_after = std::string(parser.get()[http::field::retry_after]);
  r.body = parser.get().body();
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  return r;
}

http_reply raw_http(std::uint16_t port, std::string_view request, const std::string& from) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  connect_from(stream.socket(), from, port);
  stream.expires_after(5s);
  net::write(stream, net::buffer(request.data(), request.size()));
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(1 << 20);
  beast::error_code ec;
  http::read(stream, buffer, parser, ec);
  http_reply r;
  if (ec && !parser.is_header_done()) {
    r.body = ec.message();
    return r;
  }
  r.status = static_cast<int>(parser.get().result_int());
  r.content_type = std::string(parser.get()[http::field::content_type]);
  r.retry_after = std::string(parser.get()[http::field::retry_after]);
  r.body = parser.get().body();
  return r;
}

json open_table(const std::vector<test_client*>& players, const json& create) {
  json msg = {{"type", "create_table"},
              {"game", "crown-battles"},
              {"seats", static_cast<int>(players.size())},
              {"options", json::object()}};
  msg.update(create);
  players[0]->request(msg);
  json first = players[0]->next_table();
  const std::string id = first["table"];
  for (std::size_t i = 1; i < players.size(); ++i) {
    json join = {{"type", "join_table"}, {"seat", static_cast<int>(i)}};
    if (first.contains("invite"))
      join["invite"] = first["invite"];
    else
      join["table"] = id;
    players[i]->request(join);
    players[i]->request({{"type", "ready"}, {"ready", true}});
  }
  return first;
}

void start_game(const std::vector<test_client*>& players) {
  // Wait until the host has seen every seat ready, then start.
  players[0]->next_table([](const json& t) {
    for (const auto& s : t["seats"])
      if (s["status"] == "empty" || (s["seat"] != 0 && !s["ready"].get<bool>())) return false;
    return true;
  });
  players[0]->request({{"type", "start"}});
  for (auto* p : players) p->next_table([](const json& t) { return t["state"] == "playing"; });
}

std::uint64_t sync_tables(const std::vector<test_client*>& clients) {
  std::uint64_t top = 0;
  for (auto* c : clients)
    if (c->last_table().is_object())
      top = std::max(top, c->last_table()["seq"].get<std::uint64_t>());
  for (auto* c : clients)
    c->next_table([top](const json& t) { return t["seq"].get<std::uint64_t>() >= top; });
  return top;
}

int play_to_end(const std::vector<test_client*>& players, std::uint64_t seed,
                const std::vector<test_client*>& watchers, int max_actions) {
  prng rng(seed);
  std::vector<test_client*> all = players;
  all.insert(all.end(), watchers.begin(), watchers.end());
  int actions = 0;
  auto describe = [&] {
    std::string s;
    for (auto* p : all) {
      const json& t = p->last_table();
      if (!t.is_object()) continue;
      s += "\n  seat " + t["you"]["seat"].dump() + ": seq " + t["seq"].dump() + " state " +
           t["state"].dump() + " to_act " +
           (t["game"].is_object() ? t["game"]["to_act"].dump() : "-") + " legal " +
           (t["game"].is_object() ? std::to_string(t["game"]["legal"].size()) : "-") + " event " +
           t["last_event"].dump();
    }
    return s;
  };
  try {
    for (int guard = 0; guard < max_actions; ++guard) {
      const std::uint64_t top = sync_tables(all);
      if (players[0]->last_table()["state"] != "playing") {
        // Everyone sees the end (a last bot move may still be on its way to some).
        for (auto* p : all) p->next_table([](const json& t) { return t["state"] != "playing"; });
        return actions;
      }
      test_client* actor = nullptr;
      std::vector<test_client*> able;
      for (auto* p : players) {
        const json& t = p->last_table();
        const int seat = t["you"]["seat"];
        if (!t["game"]["legal"].empty() && t["seats"][seat]["status"] == "human") able.push_back(p);
      }
      if (!able.empty()) actor = able[rng.below(static_cast<std::uint32_t>(able.size()))];
      if (!actor) {
        // Bots or away seats are moving: wait for the next change.
        players[0]->next_table(
            [top](const json& t) { return t["seq"].get<std::uint64_t>() > top; });
        continue;
      }
      const json& legal = actor->last_table()["game"]["legal"];
      actor->request({{"type", "act"},
                      {"action", legal[rng.below(static_cast<std::uint32_t>(legal.size()))]},
                      {"seq", top}});
      ++actions;
    }
  } catch (const client_error& e) {
    throw client_error(std::string(e.what()) + " after " + std::to_string(actions) +
                       " actions:" + describe());
  }
  throw client_error("the game did not end within " + std::to_string(max_actions) + " actions");
}

std::vector<std::string> play_games_at_once(int games, int threads,
                                            const std::function<void(int)>& play) {
  std::atomic<int> next{0};
  std::mutex m;
  std::vector<std::string> failed;
  std::vector<std::thread> workers;
  for (int i = 0; i < threads; ++i)
    workers.emplace_back([&] {
      for (int g = next++; g < games; g = next++) {
        try {
          play(g);
        } catch (const std::exception& e) {
          std::lock_guard lock(m);
          failed.push_back("game " + std::to_string(g) + " failed: " + e.what());
        }
      }
    });
  for (auto& w : workers) w.join();
  return failed;
}

json first_view(test_client& c) {
  return c.next_table([](const json& m) { return m["state"] == "playing"; });
}

}  // namespace crownhall::testing
