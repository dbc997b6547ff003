#include "server/websocket_session.hpp"

#include <algorithm>
#include <variant>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "engine/core/record.hpp"
#include "engine/core/registry.hpp"
#include "protocol/server_messages.hpp"
#include "server/duplicate_seating.hpp"
#include "server/durable_tables.hpp"
#include "server/lobby.hpp"
#include "server/overloaded.hpp"
#include "server/table_requests.hpp"
#include "server/table_room.hpp"

namespace crownhall::server {

using json = nlohmann::json;
using protocol::error;

namespace {

// The record a duplicate table deals from: a finished game the player played in.
std::variant<game_record, protocol::refusal> read_deal_source(shared_state& state,
                                                              const std::string& player_id,
                                                              const std::string& game_id) {
  if (!state.durable)
    return protocol::refusal{error::no_such_record, "this server keeps no finished games"};
  auto rec = state.durable->played_record(player_id, game_id);
  using enum durable_tables::record_status;
  if (rec.status == unavailable)
    return protocol::refusal{error::internal, "the finished games cannot be read now"};
  if (rec.status == missing)
    return protocol::refusal{error::no_such_record,
                             "no finished game of yours has the id \"" + game_id + "\""};
  auto r = record_from_json(json::parse(rec.text, nullptr, false));
  if (!r) return protocol::refusal{error::internal, "that game's record does not read"};
  return std::move(*r);
}

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

void websocket_session::run(http::request<http::string_body> req, bool refuse_full) {
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
  ws_.async_accept(req, [self = shared_from_this(), refuse_full](beast::error_code ec) {
    if (!ec && refuse_full) {
      self->accepted_ = true;
      self->refuse(error::server_full, "too many connections; try again later", nullptr);
      self->close_after_flush(websocket::close_code::try_again_later, "server full");
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
  do_read();
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

  auto ack = [&] {
    if (!id.is_null()) send(make_message(protocol::encode_ack(id)));
  };
  std::visit(
      overloaded{
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
            // "Play this deal again": the finished game's record says the game, options,
            // seats and seed; the creator's own choices of those are not asked for.
            std::uint64_t deal_seed = 0;
            json deal_stack;  // a stacked deal to repeat, if the source had one
            std::vector<std::string> seat_plan, hands_were;
            if (m.deal_of) {
              auto source = read_deal_source(state_, player_->id(), *m.deal_of);
              if (auto* refused = std::get_if<protocol::refusal>(&source))
                return refuse(refused->code, refused->reason, id);
              auto& r = std::get<game_record>(source);
              if (!m.game.empty() && m.game != r.game)
                return refuse(error::invalid_options,
                              "game " + *m.deal_of + " was " + r.game + ", not " + m.game, id);
              m.game = r.game;
              m.options = r.options;
              m.seats = static_cast<int>(r.seats.size());
              deal_seed = r.seed;
              deal_stack = r.deal;
              if (m.rotate >= *m.seats)
                return refuse(error::invalid_options,
                              "rotate is 0 to " + std::to_string(*m.seats - 1) + " seats", id);
              auto seating = duplicate_seating_of(r, m.rotate);
              seat_plan = std::move(seating.plan);
              hands_were = std::move(seating.hands_were);
            }
            // A teaching table's prepared deal: an uploaded record's game, options, seats,
            // seed and stacked deal (its moves are not needed).
            if (m.deal_from) {
              auto r = record_from_json(*m.deal_from);
              if (!r) return refuse(error::invalid_options, "deal_from: " + r.error().reason, id);
              if (!m.game.empty() && m.game != r->game)
                return refuse(error::invalid_options,
                              "the record is of " + r->game + ", not " + m.game, id);
              m.game = r->game;
              m.options = r->options;
              m.seats = static_cast<int>(r->seats.size());
              deal_seed = r->seed;
              deal_stack = r->deal;
            }
            const game_module* game = find_game(m.game);
            if (!game)
              return refuse(error::unknown_game, "no game has the id \"" + m.game + "\"", id);
            const int seats = m.seats.value_or(std::clamp(4, game->min_seats(), game->max_seats()));
            if (seats < game->min_seats() || seats > game->max_seats())
              return refuse(error::invalid_options,
                            std::string(game->title()) + " is for " +
                                std::to_string(game->min_seats()) + " to " +
                                std::to_string(game->max_seats()) + " players",
                            id);
            auto options = game->normalize_options(m.options, seats);
            if (!options) return refuse(error::invalid_options, options.error().reason, id);
            table_settings settings{seats,        std::move(*options), m.options,
                                    m.is_private, m.spectators,        m.clock};
            settings.late_join = m.late_join;
            settings.open_hands = m.open_hands;
            settings.spectator_view = m.spectator_view;
            settings.spectator_delay = m.spectator_delay.value_or(1);
            if (m.deal_of) {
              settings.deal_of = *m.deal_of;
              settings.deal_seed = deal_seed;
              settings.seat_plan = std::move(seat_plan);
              settings.hands_were = std::move(hands_were);
              settings.rotate = m.rotate;
            }
            if (m.deal_from || !deal_stack.is_null()) {
              // The deal must deal: a stacked deal the game refuses is the uploader's error.
              auto dealt = game->new_game(settings.options, seats, deal_seed, deal_stack);
              if (!dealt)
                return refuse(error::invalid_options, "deal_from: " + dealt.error().reason, id);
              settings.prepared_deal = true;
              settings.deal_seed = deal_seed;
              settings.deal_stack = std::move(deal_stack);
            }
            auto room = state_.tables->create(*game, std::move(settings));
            spdlog::info("table {}: created by {}", room->id(), player_->id());
            auto previous = player_->table();
            player_->set_table(room);
            // The creator takes the first seat, or at a duplicate the one planned for them.
            room->join(player_,
                       protocol::join_table{std::nullopt, std::nullopt, protocol::join_role::player,
                                            std::nullopt},
                       true, std::move(previous), id);
          },
          [&](auto&) {
            handle_table_request(state_, player_, std::move(r),
                                 [this](error code, std::string_view reason, const json& rid) {
                                   refuse(code, reason, rid);
                                 });
          },
      },
      r.message);
}

void websocket_session::on_hello(protocol::hello& m, const json& id) {
  if (player_)
    return refuse(error::bad_message, "hello was already received on this connection", id);
  const moment now = shared_state::now();
  std::shared_ptr<player> p;
  if (m.token) {
    p = state_.sessions.find(*m.token);
    if (!p && state_.durable) p = state_.durable->resume(state_, *m.token, now);  // a restart
    if (!p)
      return refuse(error::invalid_token, "unknown or expired session token: send hello without it",
                    id);
  } else {
    p = state_.sessions.create(*m.name, now.mono_ms);
    if (state_.durable) state_.durable->session_created(*p, now);
  }
  auto previous = p->link();
  p->attach(shared_from_this());
  p->touch(now.mono_ms);
  player_ = p;
  if (previous && previous.get() != static_cast<connection_link*>(this))
    previous->close_after_flush(4001, "session resumed on another connection");
  auto room = p->table();
  const std::string elsewhere = room ? std::string() : p->table_elsewhere();
  send(make_message(protocol::encode_welcome({p->id(), p->name(), p->token()}, state_.games,
                                             room ? std::string_view(room->id()) : elsewhere, id)));
  spdlog::info("connection {}: session {} {}", remote_, p->id(), m.token ? "resumed" : "new");
  if (room) room->connection_changed(p);
}

void websocket_session::refuse(error code, std::string_view reason, const json& id) {
  state_.metrics.count_error(code);
  send(make_message(protocol::encode_error(code, reason, id)));
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
    if (state_.durable) state_.durable->session_seen(*player_, shared_state::now());
    if (auto room = player_->table()) room->connection_changed(player_);
  }
  if (accepted_) spdlog::info("connection {}: closed", remote_);
}

// Several nodes (node_router, docs/cluster.md): a request for a table another node holds is
// sent there as it came, and the answers come back through from_owner. True when the
// request went there, or was answered here because the table is between two nodes.
bool websocket_session::routed(const protocol::request& r, std::string_view frame) {
  const json& id = r.id;
  if (std::holds_alternative<protocol::create_table>(r.message)) {
    leave_route(true);  // a new table here: the person leaves the one there, as a join would
    return false;
  }
  if (!is_table_request(r)) return false;
  if (auto* m = std::get_if<protocol::set_name>(&r.message)) {
    // The name is the session's here, and the table there shows it too.
    if (!route_.owner.empty())
      forward(json{{"type", "set_name"}, {"name", m->name}}.dump(), nullptr);
    return false;
  }
  bool looked_up = false;  // the store was asked where the table is, for this request
  const auto* join = std::get_if<protocol::join_table>(&r.message);
  const auto* resume = std::get_if<protocol::resume>(&r.message);
  if (!join && !resume) {
    // Any other request is for the person's table: the routed one, if it is elsewhere.
    if (route_.table.empty()) return false;
  } else {
    const std::string key = join ? (join->invite ? *join->invite : *join->table) : resume->table;
    const bool by_invite = join && join->invite;
    if (by_invite ? state_.tables->find_by_invite(key) : state_.tables->find(key)) {
      if (join) leave_route(true);  // a table of this node's: served here
      return false;
    }
    if (key != route_.table || route_.owner.empty()) {
      looked_up = true;
      auto home = state_.durable->store().find_table_home(key);
      if (!home) {
        spdlog::error("store: find table {}: {}", key, home.error());
        refuse(error::internal, "the table cannot be looked up now; try again", id);
        return true;
      }
      // No such table anywhere: answered here.
      if (!*home) return false;
      if ((*home)->owner_node == state_.router->instance()) {
        // This node has the table now (it took it over): served here.
        if ((*home)->table_id == route_.table) come_home();
        return false;
      }
      if ((*home)->table_id != route_.table && resume) {
        // Back after a reconnect: only to the session's own table there.
        if (player_->table_elsewhere() != (*home)->table_id) return false;  // not_at_table
        leave_route(false);
      } else if ((*home)->table_id != route_.table) {
        leave_route(true);
        if (auto here = player_->table()) here->leave(player_, nullptr);
      } else if ((*home)->owner_node != route_.owner) {
        leave_route(false);
      }
      route_ = {(*home)->table_id, (*home)->owner_node};
      player_->set_table_elsewhere(route_.table);
    }
  }
  if (route_.owner.empty()) {
    // Its node stopped and no node has claimed it yet (within the lease): the new owner
    // announces it, and the table comes back to this connection by itself.
    if (!looked_up) {
      auto home = state_.durable->store().find_table_home(route_.table);
      if (home && *home) route_.owner = (*home)->owner_node;
    }
    if (route_.owner == state_.router->instance()) {
      come_home();
      return false;
    }
    if (route_.owner.empty()) {
      refuse(error::table_moving,
             "the table is moving to another server node; it is back in a few seconds", id);
      return true;
    }
  }
  forward(frame, id);
  // Left: a reconnect's welcome names no table (the route stays, for the answer).
  if (std::holds_alternative<protocol::leave_table>(r.message)) player_->set_table_elsewhere({});
  return true;
}

void websocket_session::forward(std::string_view frame, const json& id) {
  state_.metrics.messages_routed.fetch_add(1, std::memory_order_relaxed);
  std::weak_ptr<websocket_session> weak = shared_from_this();
  state_.router->forward(
      route_.owner, conn_, player_->token(), frame, [weak, owner = route_.owner, id] {
        auto self = weak.lock();
        if (!self) return;
        net::post(self->ws_.get_executor(), [self, owner, id] {
          // The owner died: the next request looks the table up again.
          if (self->route_.owner == owner) self->route_.owner.clear();
          self->refuse(error::table_moving,
                       "the table's server node has stopped; the table is back in a few seconds",
                       id);
        });
      });
}

// The connection stops using its table on another node; `leave_table`: it leaves the seat
// too (it went to another table).
void websocket_session::leave_route(bool leave_table) {
  if (route_.table.empty()) return;
  if (leave_table && !route_.owner.empty()) forward(R"({"type":"leave_table"})", nullptr);
  state_.router->gone(route_.owner, conn_);
  if (leave_table) {
    player_->set_table_elsewhere({});
    route_ = {};
  } else {
    route_.owner.clear();
  }
}

// The routed table is on this node now (taken over here): the session, seated at it by the
// takeover, is served here; the table is pushed to it.
void websocket_session::come_home() {
  state_.router->gone(route_.owner, conn_);
  route_ = {};
  player_->set_table_elsewhere({});
  if (auto room = player_->table()) room->connection_changed(player_);
}

void websocket_session::from_owner(const std::string& owner, message_ptr text, message_kind kind) {
  net::post(ws_.get_executor(), [self = shared_from_this(), owner, text = std::move(text), kind] {
    // A table that moved on may still say goodbye from its old node: not to this connection.
    if (self->route_.owner == owner) self->send(text, kind);
  });
}

void websocket_session::closed_by_owner(const std::string& owner, std::uint16_t code,
                                        std::string reason) {
  net::post(ws_.get_executor(), [self = shared_from_this(), owner, code, reason] {
    if (self->route_.owner == owner) self->close_after_flush(code, reason);
  });
}

void websocket_session::tables_moved(std::shared_ptr<const std::unordered_set<std::string>> ids,
                                     const std::string& owner) {
  net::post(ws_.get_executor(), [self = shared_from_this(), ids = std::move(ids), owner] {
    auto& route = self->route_;
    if (route.table.empty() || !ids->count(route.table) || route.owner == owner) return;
    if (self->finished_ || !self->player_) return;
    if (owner == self->state_.router->instance()) return self->come_home();
    self->state_.router->gone(route.owner, self->conn_);
    route.owner = owner;
    self->forward({}, nullptr);  // the new owner seats this connection and pushes the table
  });
}

}  // namespace crownhall::server
