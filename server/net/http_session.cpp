#include "server/net/http_session.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>

#include "server/account_api/account_api.hpp"
#include "server/http/admin_api.hpp"
#include "server/http/api_http.hpp"
#include "server/http/http_rules.hpp"
#include "server/http/readiness.hpp"
#include "server/lobby/store_calls.hpp"
#include "server/net/websocket_session.hpp"

namespace crownhall::server {

namespace websocket = beast::websocket;

namespace {

http::response<http::string_body> text_response(
    http::status status, unsigned version, bool keep_alive, std::string body,
    std::string_view type = "text/plain; charset=utf-8") {
  http::response<http::string_body> res{status, version};
  res.set(http::field::server, "crownhall");
  res.set(http::field::content_type, type);
  res.keep_alive(keep_alive);
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

}  // namespace

http_session::http_session(net::ip::tcp::socket&& socket, shared_state& state, place where,
                           address_limits::ticket held)
    : stream_(std::move(socket)), state_(state), place_(where), ticket_(std::move(held)) {
  beast::error_code ec;
  const auto peer = stream_.socket().remote_endpoint(ec);
  if (!ec) peer_ = peer.address().to_string();
}

http_session::~http_session() = default;

void http_session::run() {
  state_.add_connection(shared_from_this());
  net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->do_read(); });
}

void http_session::do_read() {
  parser_.emplace();
  parser_->header_limit(max_header_bytes);
  parser_->body_limit(8 * 1024);
  // A place past a cap is given no more time than a WebSocket handshake.
  stream_.expires_after(std::chrono::milliseconds(place_ == place::normal
                                                      ? state_.config.http_timeout_ms
                                                      : state_.config.handshake_timeout_ms));
  read_header();
}

// The header is gathered whole before Beast parses it, so that its bytes as sent are at hand
// (field_as_sent): the parsed fields have lost their trailing whitespace.
void http_session::read_header() {
  const auto seen = buffer_.cdata();
  const std::string_view text(static_cast<const char*>(seen.data()), seen.size());
  if (const auto end = text.find("\r\n\r\n"); end != std::string_view::npos) {
    if (end + 4 > max_header_bytes) return refuse_header();
    authorization_ = field_as_sent(text.substr(0, end + 4), "authorization").value_or("");
    return http::async_read(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, std::size_t n) { self->on_read(ec, n); });
  }
  if (text.size() >= max_header_bytes) return refuse_header();
  stream_.async_read_some(buffer_.prepare(4096),
                          [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                            if (ec) return self->close();
                            self->buffer_.commit(n);
                            self->read_header();
                          });
}

void http_session::refuse_header() {
  lingering_ = true;
  write(text_response(http::status::request_header_fields_too_large, 11, false,
                      "the request's header is over 8 KiB\n"));
}

// After a refusal the client may still be sending its header: closing with its bytes unread
// would reset the connection, and a reset can destroy the answer before the client reads
// it. So stop sending, read and drop what comes for a second, then close.
void http_session::linger() {
  beast::error_code ec;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
  stream_.expires_after(std::chrono::seconds(1));
  drop_input();
}

void http_session::drop_input() {
  buffer_.consume(buffer_.size());
  stream_.async_read_some(buffer_.prepare(4096),
                          [self = shared_from_this()](beast::error_code ec, std::size_t) {
                            if (ec) return self->close();  // the client is done, or the second
                            self->drop_input();
                          });
}

void http_session::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::header_limit) return refuse_header();
  if (ec) return close();
  if (state_.stopping) return close();
  auto& req = parser_->get();
  state_.metrics.http_requests.fetch_add(1, std::memory_order_relaxed);
  if (websocket::is_upgrade(req)) return upgrade();

  const unsigned version = req.version();
  const bool keep_alive = stays_open();
  if (place_ == place::over_address_cap)
    return refuse_busy(http::status::too_many_requests, version,
                       "too many connections from your address; close one, or try again later\n",
                       10, protocol::error::too_many_connections);
  const std::string target(req.target());
  if (is_admin_people_path(target)) return answer_account();  // the admin's people
  if (is_admin_path(target)) return answer_admin();
  if (place_ == place::reserve && target.rfind("/api/", 0) == 0)
    return refuse_busy(http::status::service_unavailable, version,
                       "the server is full; try again in a minute\n", 60,
                       protocol::error::server_full);
  if (is_account_path(target)) return answer_account();
  if (is_coach_path(target) && req.method() == http::verb::get) return answer_coach();
  if (req.method() != http::verb::get && req.method() != http::verb::head)
    return write(
        text_response(http::status::method_not_allowed, version, keep_alive, "GET or HEAD only\n"));
  const auto is_path = [&](std::string_view path) {
    return target == path || (target.starts_with(path) && target[path.size()] == '?');
  };
  if (is_path("/livez") || is_path("/readyz") || is_path("/healthz")) {
    // A load balancer reads these (docs/cluster.md, "When Redis goes away"); /healthz is /readyz.
    health_answer h = is_path("/livez") ? liveness(state_) : readiness(state_);
    auto res = text_response(h.ready ? http::status::ok : http::status::service_unavailable,
                             version, keep_alive, std::move(h.body), "application/json");
    res.set(http::field::cache_control, "no-store");
    return write(std::move(res));
  }
  if (state_.store_work && is_player_record_path(target)) return answer_from_store();
  if (auto api = handle_api(state_, target, authorization_)) {
    auto res = text_response(static_cast<http::status>(api->status), version, keep_alive,
                             std::move(api->body), api->content_type);
    res.set(http::field::cache_control, "no-store");
    if (!api->extra_header_name.empty()) res.set(api->extra_header_name, api->extra_header_value);
    return write(std::move(res));
  }
  if (target == "/ws")
    return write(text_response(http::status::bad_request, version, keep_alive,
                               "WebSocket upgrade expected\n"));

  auto path = resolve_static(state_.config.web_root, target);
  if (!path)
    return write(text_response(http::status::not_found, version, keep_alive, "not found\n"));
  http::file_body::value_type body;
  beast::error_code fec;
  body.open(path->c_str(), beast::file_mode::scan, fec);
  if (fec) return write(text_response(http::status::not_found, version, keep_alive, "not found\n"));
  const auto size = body.size();
  if (req.method() == http::verb::head) {
    http::response<http::empty_body> res{http::status::ok, version};
    res.set(http::field::server, "crownhall");
    res.set(http::field::content_type, mime_type(*path));
    res.content_length(size);
    res.keep_alive(keep_alive);
    return write(std::move(res));
  }
  http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                      std::make_tuple(http::status::ok, version)};
  res.set(http::field::server, "crownhall");
  res.set(http::field::content_type, mime_type(*path));
  res.set(http::field::cache_control, "no-cache");
  res.set("X-Content-Type-Options", "nosniff");
  res.content_length(size);
  res.keep_alive(keep_alive);
  write(std::move(res));
}

void http_session::upgrade() {
  auto& req = parser_->get();
  const unsigned version = req.version();
  std::string_view target = req.target();
  target = target.substr(0, target.find('?'));
  if (target != "/ws")
    return write(text_response(http::status::not_found, version, false, "not found\n"));
  if (const auto origins = req.count(http::field::origin); origins > 1) {
    // Which of them would a check read? Beast the first, a proxy perhaps the last: a request
    // that names two pages comes from none of ours.
    spdlog::warn("upgrade refused: {} Origin headers", origins);
    return write(text_response(http::status::forbidden, version, false,
                               "one Origin header at most may open a WebSocket here\n"));
  }
  const auto origin = req[http::field::origin];
  if (!origin_allowed({origin.data(), origin.size()}, state_.own_origins,
                      state_.config.allow_origins)) {
    spdlog::warn("upgrade refused: Origin {} is neither ours nor allowed (--allow-origin)",
                 std::string_view(origin.data(), origin.size()));
    return write(text_response(http::status::forbidden, version, false,
                               "this Origin may not open a WebSocket here\n"));
  }
  const std::string client = client_key();
  std::optional<protocol::refusal> refused;
  const protocol::refusal too_many{protocol::error::too_many_connections,
                                   "too many connections from your address (" +
                                       std::to_string(state_.config.max_connections_per_address) +
                                       " at once); close one, or try again later"};
  if (place_ == place::over_address_cap) {
    refused = too_many;
  } else if (place_ == place::reserve ||
             state_.metrics.connections_open.load() >= state_.config.max_connections) {
    refused =
        protocol::refusal{protocol::error::server_full, "too many connections; try again later"};
  } else if (in_any(peer_, state_.trusted_proxies)) {
    // Through a proxy of ours: counted for the client it names, while the WebSocket lives.
    auto admitted = state_.limits->open_connection(client, false);
    if (admitted.is == address_limits::verdict::admit)
      ticket_ = std::move(admitted.held);
    else
      refused = too_many;
  }
  state_.remove_connection(this);  // the socket moves to the WebSocket session
  auto ws = std::make_shared<websocket_session>(std::move(stream_), state_);
  ws->run(parser_->release(), std::move(refused), client, std::move(ticket_));
}

std::string http_session::client_key() const {
  std::string forwarded;  // every X-Forwarded-For header, in order, as one list
  const auto [first, last] = parser_->get().equal_range("X-Forwarded-For");
  for (auto f = first; f != last; ++f) {
    if (!forwarded.empty()) forwarded += ',';
    forwarded += f->value();
  }
  return limit_key(forwarded_client(peer_, forwarded, state_.trusted_proxies));
}

bool http_session::stays_open() const {
  return parser_->get().keep_alive() && place_ == place::normal;
}

void http_session::refuse_busy(http::status status, unsigned version, std::string_view body,
                               int retry_after_seconds, protocol::error counted) {
  state_.metrics.count_error(counted);
  auto res = text_response(status, version, false, std::string(body));
  res.set(http::field::retry_after, std::to_string(retry_after_seconds));
  res.set(http::field::cache_control, "no-store");
  write(std::move(res));
}

void http_session::answer_admin() {
  auto& req = parser_->get();
  const auto method = req.method_string();
  const auto target = req.target();
  handle_admin(
      state_,
      {{method.data(), method.size()}, {target.data(), target.size()}, authorization_, req.body()},
      answer_later());
}

void http_session::answer_account() {
  auto& req = parser_->get();
  account_request a;
  a.method = std::string(req.method_string());
  a.target = std::string(req.target());
  a.authorization = authorization_;
  if (const auto id = req.find("X-Crownhall-Identity"); id != req.end())
    a.identity = std::string(id->value());
  if (req.count(http::field::origin) == 1) a.origin = std::string(req[http::field::origin]);
  a.body = std::move(req.body());
  a.client = client_key();
  handle_account(state_, std::move(a), answer_later());
}

void http_session::answer_coach() {
  auto& req = parser_->get();
  handle_coach(state_, {req.target().data(), req.target().size()}, authorization_, answer_later());
}

void http_session::answer_from_store() {
  state_.store_work->post([&state = state_, target = std::string(parser_->get().target()),
                           authorization = authorization_, done = answer_later()] {
    done(*handle_api(state, target, authorization));
  });
}

std::function<void(api_response)> http_session::answer_later() {
  auto& req = parser_->get();
  awaiting_answer_ = true;
  return [self = shared_from_this(), version = req.version(),
          keep_alive = stays_open()](api_response a) {
    net::post(self->stream_.get_executor(),
              [self, version, keep_alive, a = std::move(a)]() mutable {
                self->awaiting_answer_ = false;
                auto res = text_response(static_cast<http::status>(a.status), version, keep_alive,
                                         std::move(a.body), a.content_type);
                res.set(http::field::cache_control, "no-store");
                if (!a.extra_header_name.empty())
                  res.set(a.extra_header_name, a.extra_header_value);
                self->write(std::move(res));
              });
  };
}

template <class Response>
void http_session::write(Response&& res) {
  using response_type = std::decay_t<Response>;
  auto sp = std::make_shared<response_type>(std::forward<Response>(res));
  response_ = sp;
  const bool keep_alive = sp->keep_alive();
  http::async_write(stream_, *sp,
                    [self = shared_from_this(), keep_alive](beast::error_code ec, std::size_t n) {
                      self->on_write(keep_alive, ec, n);
                    });
}

void http_session::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  response_.reset();
  if (!ec && lingering_) return linger();
  if (ec || !keep_alive || state_.stopping) return close();
  do_read();
}

void http_session::close() {
  state_.remove_connection(this);
  beast::error_code ec;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
  stream_.close();
}

void http_session::shut_down() {
  // An idle keep-alive connection is closed; a response being written finishes first.
  net::post(stream_.get_executor(), [self = shared_from_this()] {
    if (!self->response_ && !self->awaiting_answer_) self->close();
  });
}

}  // namespace crownhall::server
