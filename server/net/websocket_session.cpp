#include "server/net/websocket_session.hpp"

#include <algorithm>
#include <variant>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "protocol/server_messages.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/store_calls.hpp"
#include "server/lobby/table_creation.hpp"
#include "server/lobby/table_requests.hpp"
#include "server/lobby/table_room.hpp"
#include "server/overloaded.hpp"

namespace crownhall::server {

using json = nlohmann::json;
using protocol::error;

namespace {

bool expected_close(const beast::error_code& ec) {
  return ec == websocket::error::closed || ec == net::error::operation_aborted ||
         ec == beast::error::timeout || ec == net::error::eof ||
         ec == net::error::connection_reset || ec == net::error::broken_pipe;
}

}  // namespace

websocket_session::websocket_session(beast::tcp_stream&& stream, shared_state& state)
    : ws_(std::move(stream)),
      state_(state),
      rate_(state.config.rate_per_second, state.config.rate_burst,
            state.config.flood_refusals_per_minute) {
  beast::error_code ec;
  auto ep = beast::get_lowest_layer(ws_).socket().remote_endpoint(ec);
  if (!ec) remote_ = ep.address().to_string() + ":" + std::to_string(ep.port());
}

websocket_session::~websocket_session() = default;

void websocket_session::run(http::request<http::string_body> req,
                            std::optional<protocol::refusal> refused, std::string client,
                            address_limits::ticket held) {
  client_ = std::move(client);
  ticket_ = std::move(held);
  state_.add_connection(shared_from_this());
  websocket::stream_base::timeout t{};
  t.handshake_timeout = std::chrono::milliseconds(state_.config.handshake_timeout_ms);
  t.idle_timeout = std::chrono::milliseconds(state_.config.idle_timeout_ms);
  t.keep_alive_pings = true;  // a ping at half the idle timeout; silence past it closes
  ws_.set_option(t);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(http::field::server, "crownhall"); }));
  ws_.read_message_max(protocol::hard_max_frame);
  beast::get_lowest_layer(ws_).expires_never();
  ws_.async_accept(req, [self = shared_from_this(), refused](beast::error_code ec) {
    if (!ec && refused) {
      self->accepted_ = true;
      self->refuse(refused->code, refused->reason, nullptr);
      self->close_after_flush(
          websocket::close_code::try_again_later,
          refused->code == error::server_full ? "server full" : "too many connections");
      self->do_read();
      return;
    }
    self->on_accept(ec);
  });
}

void websocket_session::on_accept(beast::error_code ec) {
  if (ec) {
    spdlog::debug("connection {}: upgrade failed: {}", remote_, ec.message());
    return finish();
  }
  accepted_ = true;
  counted_ = true;
  // The stream owns the callback and this session owns the stream: no cycle.
  ws_.control_callback(
      [this](websocket::frame_type kind, beast::string_view) { on_control(kind); });
  state_.metrics.connections_open.fetch_add(1, std::memory_order_relaxed);
  state_.metrics.connections_total.fetch_add(1, std::memory_order_relaxed);
  if (state_.router) conn_ = state_.router->add_edge(weak_from_this());
  spdlog::info("connection {}: opened", remote_);
  if (state_.stopping) return shut_down();
  do_read();
}

void websocket_session::do_read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t n) {
    self->on_read(ec, n);
  });
}

void websocket_session::on_read(beast::error_code ec, std::size_t bytes) {
  if (ec) {
    if (ec == websocket::error::message_too_big) {
      state_.metrics.count_error(error::message_too_large);
      spdlog::info("connection {}: frame over {} bytes, closed with 1009", remote_,
                   protocol::hard_max_frame);
    } else if (!expected_close(ec)) {
      spdlog::info("connection {}: {}", remote_, ec.message());
    }
    return finish();
  }
  state_.metrics.messages_in.fetch_add(1, std::memory_order_relaxed);
  state_.metrics.bytes_in.fetch_add(bytes, std::memory_order_relaxed);
  if (!closing_) {
    const std::int64_t now = shared_state::now().mono_ms;
    switch (rate_.take(now)) {
      case rate_limiter::verdict::pass:
        if (!ws_.got_text()) {
          refuse(error::bad_message, "binary frames are not accepted: send JSON text", nullptr);
        } else {
          const auto data = buffer_.cdata();
          on_frame({static_cast<const char*>(data.data()), data.size()});
        }
        break;
      case rate_limiter::verdict::refuse:
        refuse(error::rate_limited, "too many messages; this one was dropped", frame_id());
        break;
      case rate_limiter::verdict::close:
        refuse(error::rate_limited, "too many messages; closing", frame_id());
        spdlog::warn("connection {}: flooding, closed with 1008", remote_);
        close_after_flush(websocket::close_code::policy_error, "rate limit");
        break;
    }
  }
  buffer_.consume(buffer_.size());
  if (buffer_.capacity() > 4096) buffer_.shrink_to_fit();  // keep idle connections small
  // Else once the store has answered (look_up_home, on_hello).
  if (!waits_on_store()) do_read();
}

json websocket_session::frame_id() const {
  // Every request with an id gets one answer carrying it, a refused one too; the frame is
  // parsed only for its id (at most burst + flood_refusals_per_minute times a minute).
  if (!ws_.got_text()) return nullptr;
  const auto data = buffer_.cdata();
  return protocol::request_id({static_cast<const char*>(data.data()), data.size()});
}

void websocket_session::on_control(websocket::frame_type kind) {
  // Pings are requests too: they take from the same bucket as messages. Beast answers
  // each one itself, so a flood cannot be refused one by one, only ended: past the
  // bucket they count as refusals and persistent flooding closes with 1008.
  if (kind != websocket::frame_type::ping || closing_ || finished_) return;
  if (rate_.take(shared_state::now().mono_ms) != rate_limiter::verdict::close) return;
  refuse(error::rate_limited, "too many pings; closing", nullptr);
  spdlog::warn("connection {}: ping flood, closed with 1008", remote_);
  close_after_flush(websocket::close_code::policy_error, "rate limit");
}

void websocket_session::on_frame(std::string_view frame) {
  auto r = protocol::decode(frame);
  if (!r) {
    const auto& f = r.failure();
    refuse(f.code, f.reason, f.id);
    if (f.code == error::protocol_version)
      close_after_flush(websocket::close_code::protocol_error, "protocol version");
    return;
  }
  dispatch(std::move(*r), frame);
}

void websocket_session::dispatch(protocol::request r, std::string_view frame) {
  const json& id = r.id;
  if (auto* h = std::get_if<protocol::hello>(&r.message)) return on_hello(*h, id);
  if (!player_) return refuse(error::hello_required, "the first message must be hello", id);
  if (std::holds_alternative<protocol::ping>(r.message))
    return send(make_message(protocol::encode_pong(id)));
  if (state_.router && routed(r, frame)) return;
  dispatch_here(std::move(r));
}

void websocket_session::dispatch_here(protocol::request r) {
  const json& id = r.id;
  auto ack = [&] {
    if (!id.is_null()) send(make_message(protocol::encode_ack(id)));
  };
  std::visit(overloaded{
                 [&](protocol::lobby_subscribe&) {
                   subscribed_ = true;
                   state_.tables->subscribe(shared_from_this(), id);
                 },
                 [&](protocol::lobby_unsubscribe&) {
                   subscribed_ = false;
                   state_.tables->unsubscribe(this);
                   ack();
                 },
                 [&](protocol::create_table& m) {
                   if (m.deal_of && state_.store_work) return open_repeat(std::move(m), id);
                   if (auto no = open_table(state_, player_, client_, m, id))
                     refuse(no->code, no->reason, id);
                 },
                 [&](auto&) {
                   handle_table_request(state_, player_, std::move(r),
                                        [this](error code, std::string_view reason,
                                               const json& rid) { refuse(code, reason, rid); });
                 },
             },
             r.message);
}

void websocket_session::open_repeat(protocol::create_table m, const json& id) {
  opening_ = true;  // meanwhile no read is under way
  state_.store_work->post([self = shared_from_this(), m = std::move(m), id]() mutable {
    auto no = open_table(self->state_, self->player_, self->client_, m, id);
    net::post(self->ws_.get_executor(), [self, no = std::move(no), id] {
      self->opening_ = false;
      if (self->finished_) return;
      if (no && !self->closing_) self->refuse(no->code, no->reason, id);
      if (!self->waits_on_store()) self->do_read();
    });
  });
}

// Who arrives is read from memory, or, when the store must answer, on `store_calls`: this
// connection reads its next frame only once it is welcomed (or refused).
void websocket_session::on_hello(protocol::hello& m, const json& id) {
  if (player_ || arriving_)
    return refuse(error::bad_message, "hello was already received on this connection", id);
  if (!state_.store_work || arrives_without_store(state_, m))
    return welcome(arrive(state_, m, client_, shared_state::now()), m.browser, id);
  arriving_ = true;  // meanwhile no read or write is under way and no player links here
  state_.store_work->post([self = shared_from_this(), m, id] {
    auto a = arrive(self->state_, m, self->client_, shared_state::now());
    net::post(self->ws_.get_executor(), [self, a = std::move(a), browser = m.browser, id] {
      self->arriving_ = false;
      if (self->finished_) return;
      if (!self->closing_) self->welcome(a, browser, id);
      if (!self->waits_on_store()) self->do_read();
    });
  });
}

void websocket_session::welcome(guest_arrival a, const std::optional<std::string>& browser,
                                const json& id) {
  if (a.refused) return refuse(a.refused->code, a.refused->reason, id, a.refused->retry_ms);
  const auto& p = a.who;
  if (browser) p->set_browser(*browser);
  const moment now = shared_state::now();
  auto previous = p->link();
  p->attach(shared_from_this());
  p->touch(now.mono_ms);
  player_ = p;
  if (previous && previous.get() != static_cast<connection_link*>(this))
    previous->close_after_flush(4001, "session resumed on another connection");
  auto room = p->table();
  const std::string elsewhere = room ? std::string() : p->table_elsewhere();
  send(make_message(protocol::encode_welcome(a.you, state_.games,
                                             room ? std::string_view(room->id()) : elsewhere, id)));
  spdlog::info("connection {}: session {} {}", remote_, p->id(), a.how);
  if (room) room->connection_changed(p);
}

void websocket_session::refuse(error code, std::string_view reason, const json& id,
                               std::optional<std::int64_t> retry_ms) {
  state_.metrics.count_error(code);
  send(make_message(protocol::encode_error(code, reason, id, retry_ms)));
}

void websocket_session::deliver(message_ptr text, message_kind kind) {
  net::post(ws_.get_executor(), [self = shared_from_this(), text = std::move(text),
                                 kind]() mutable { self->send(std::move(text), kind); });
}

void websocket_session::send(message_ptr text, message_kind kind) {
  if (finished_ || closing_ || !accepted_) return;
  if (kind == message_kind::table_snapshot) {
    // A newer snapshot makes an older unsent one useless.
    for (std::size_t i = writing_ ? 1 : 0; i < queue_.size(); ++i)
      if (queue_[i].kind == message_kind::table_snapshot) {
        queue_.erase(queue_.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
  }
  if (queue_.size() >= state_.config.max_queued_messages) {
    spdlog::warn("connection {}: {} messages behind, dropped", remote_, queue_.size());
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
    return;
  }
  queue_.push_back({std::move(text), kind});
  if (!writing_) do_write();
}

void websocket_session::do_write() {
  writing_ = true;
  ws_.text(true);
  ws_.async_write(
      net::buffer(*queue_.front().text),
      [self = shared_from_this()](beast::error_code ec, std::size_t n) { self->on_write(ec, n); });
}

void websocket_session::on_write(beast::error_code ec, std::size_t bytes) {
  writing_ = false;
  if (ec) {
    queue_.clear();
    if (!expected_close(ec)) spdlog::info("connection {}: write: {}", remote_, ec.message());
    return finish();
  }
  state_.metrics.messages_out.fetch_add(1, std::memory_order_relaxed);
  state_.metrics.bytes_out.fetch_add(bytes, std::memory_order_relaxed);
  queue_.erase(queue_.begin());
  if (!queue_.empty())
    do_write();
  else if (closing_)
    start_close();
}

void websocket_session::close_after_flush(std::uint16_t code, std::string reason) {
  net::post(ws_.get_executor(), [self = shared_from_this(), code, reason = std::move(reason)] {
    if (self->closing_ || self->finished_) return;
    self->closing_ = true;
    self->close_reason_ = websocket::close_reason(static_cast<websocket::close_code>(code), reason);
    if (!self->writing_ && self->queue_.empty()) self->start_close();
  });
}

void websocket_session::shut_down() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    if (!self->accepted_) {
      beast::error_code ec;
      beast::get_lowest_layer(self->ws_).socket().close(ec);
      return;
    }
    self->send(
        make_message(protocol::encode_shutdown("server is stopping; reconnect in a minute")));
    self->close_after_flush(websocket::close_code::going_away, "server stopping");
  });
}

void websocket_session::start_close() {
  if (close_sent_ || finished_) return;
  close_sent_ = true;
  ws_.async_close(close_reason_, [self = shared_from_this()](beast::error_code) {
    // The pending read ends with `closed` and finishes the session.
  });
}

void websocket_session::finish() {
  if (finished_) return;
  finished_ = true;
  state_.remove_connection(this);
  if (counted_) state_.metrics.connections_open.fetch_sub(1, std::memory_order_relaxed);
  if (subscribed_) state_.tables->unsubscribe(this);
  if (state_.router) {
    state_.router->gone(route_.owner, conn_);
    state_.router->remove_edge(conn_);
  }
  if (player_ && player_->detach(this)) {
    player_->touch(shared_state::now().mono_ms);
    if (state_.store_work)  // the store hears it off this thread: the away time starts
      state_.store_work->post([&st = state_, p = player_, now = shared_state::now()] {
        st.durable->session_seen(*p, now);
      });
    if (auto room = player_->table()) room->connection_changed(player_);
  }
  if (accepted_) spdlog::info("connection {}: closed", remote_);
}

}  // namespace crownhall::server
