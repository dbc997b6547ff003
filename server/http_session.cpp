#include "server/http_session.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>

#include "server/admin_api.hpp"
#include "server/api_http.hpp"
#include "server/durable_tables.hpp"
#include "server/http_rules.hpp"
#include "server/lobby.hpp"
#include "server/node_presence.hpp"
#include "server/node_router.hpp"
#include "server/websocket_session.hpp"

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

http_session::http_session(net::ip::tcp::socket&& socket, shared_state& state)
    : stream_(std::move(socket)), state_(state) {}

http_session::~http_session() = default;

void http_session::run() {
  state_.add_connection(shared_from_this());
  net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->do_read(); });
}

void http_session::do_read() {
  parser_.emplace();
  parser_->header_limit(8 * 1024);
  parser_->body_limit(8 * 1024);
  stream_.expires_after(std::chrono::milliseconds(state_.config.http_timeout_ms));
  http::async_read(
      stream_, buffer_, *parser_,
      [self = shared_from_this()](beast::error_code ec, std::size_t n) { self->on_read(ec, n); });
}

void http_session::on_read(beast::error_code ec, std::size_t) {
  if (ec) return close();
  if (state_.stopping) return close();
  auto& req = parser_->get();
  state_.metrics.http_requests.fetch_add(1, std::memory_order_relaxed);
  if (websocket::is_upgrade(req)) return upgrade();

  const unsigned version = req.version();
  const bool keep_alive = req.keep_alive();
  const std::string target(req.target());
  if (is_admin_path(target)) return answer_admin();
  if (is_coach_path(target) && req.method() == http::verb::get) return answer_coach();
  if (req.method() != http::verb::get && req.method() != http::verb::head)
    return write(
        text_response(http::status::method_not_allowed, version, keep_alive, "GET or HEAD only\n"));
  if (target == "/healthz" || target.rfind("/healthz?", 0) == 0) {
    // Ready only while the store can take writes: a node whose database is gone must not
    // be sent players (a load balancer reads this).
    const store::status store_ok =
        state_.durable ? state_.durable->store().check_health() : store::status::success();
    // A node cut off from Redis is cut off from the other nodes: not ready either.
    // (Both of its uses: presence, and the routing of requests and lobby lines.)
    const bool redis_ok = (!state_.presence || state_.presence->linked()) &&
                          (!state_.router || state_.router->linked());
    json health = {{"status", store_ok && redis_ok ? "ok" : "unavailable"},
                   {"connections", state_.metrics.connections_open.load()},
                   {"tables", state_.tables->size()}};
    if (!store_ok) health["store"] = store_ok.error;
    if (!redis_ok) health["redis"] = "the Redis link is down";
    if (!state_.config.node.empty()) health["node"] = state_.config.node;
    std::string body = health.dump() + "\n";
    const bool ready = store_ok && redis_ok;
    auto res = text_response(ready ? http::status::ok : http::status::service_unavailable, version,
                             keep_alive, std::move(body), "application/json");
    res.set(http::field::cache_control, "no-store");
    return write(std::move(res));
  }
  if (auto api = handle_api(state_, target, req[http::field::authorization])) {
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
  const auto origin = req[http::field::origin];
  if (!origin_allowed({origin.data(), origin.size()}, state_.own_origins,
                      state_.config.allow_origins)) {
    spdlog::warn("upgrade refused: Origin {} is neither ours nor allowed (--allow-origin)",
                 std::string_view(origin.data(), origin.size()));
    return write(text_response(http::status::forbidden, version, false,
                               "this Origin may not open a WebSocket here\n"));
  }
  const bool full = state_.metrics.connections_open.load() >= state_.config.max_connections;
  state_.remove_connection(this);  // the socket moves to the WebSocket session
  auto ws = std::make_shared<websocket_session>(std::move(stream_), state_);
  ws->run(parser_->release(), full);
}

void http_session::answer_admin() {
  auto& req = parser_->get();
  const auto method = req.method_string();
  const auto target = req.target();
  const auto authorization = req[http::field::authorization];
  handle_admin(state_,
               {{method.data(), method.size()},
                {target.data(), target.size()},
                {authorization.data(), authorization.size()},
                req.body()},
               answer_later());
}

void http_session::answer_coach() {
  auto& req = parser_->get();
  const auto authorization = req[http::field::authorization];
  handle_coach(state_, {req.target().data(), req.target().size()},
               {authorization.data(), authorization.size()}, answer_later());
}

std::function<void(api_response)> http_session::answer_later() {
  auto& req = parser_->get();
  awaiting_answer_ = true;
  return [self = shared_from_this(), version = req.version(),
          keep_alive = req.keep_alive()](api_response a) {
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
