// websocket_session, its second half: the connection's route to a table on another node
// (node_router, docs/cluster.md) — requests sent there as they came, the owner's answers
// back, and the route following the table when it moves.
#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "protocol/server_messages.hpp"
#include "server/cluster/table_home_lookups.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/table_requests.hpp"
#include "server/lobby/table_room.hpp"
#include "server/net/websocket_session.hpp"

namespace crownhall::server {

using json = nlohmann::json;
using protocol::error;

namespace {

// How soon a client sends a request again that could not reach the table's node (Redis was
// away): Redis is reconnected within 100 ms to 2 s of its return.
constexpr int routing_retry_ms = 1000;

}  // namespace

// Several nodes (node_router, docs/cluster.md): a request for a table another node holds is
// sent there as it came, and the answers come back through from_owner. True when the
// request went there, was answered here because the table is between two nodes, or waits
// for the store to say where its table is (the connection reads nothing more meanwhile,
// so its requests keep their order; `found` is that answer when it came).
bool websocket_session::routed(const protocol::request& r, std::string_view frame,
                               const home_answer* found) {
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
  // The store's answer for `key`, if it is the one that came; else it is asked for.
  auto answer_for = [&](const std::string& key) -> const home_answer* {
    if (found && found->key == key) {
      const home_answer* a = found;
      found = nullptr;  // an answer serves once
      return a;
    }
    look_up_home(key, r, frame);
    return nullptr;
  };
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
      const home_answer* a = answer_for(key);
      if (!a) return true;
      const auto& home = a->home;
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
      const home_answer* a = answer_for(route_.table);
      if (!a) return true;
      if (a->home && *a->home) route_.owner = (*a->home)->owner_node;
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
  forward(frame, id, true);
  // Left: a reconnect's welcome names no table (the route stays, for the answer).
  if (std::holds_alternative<protocol::leave_table>(r.message)) player_->set_table_elsewhere({});
  return true;
}

// Asks the store where `key`'s table is, off this thread; the request is routed again with
// the answer, and only then is the connection's next frame read.
void websocket_session::look_up_home(const std::string& key, const protocol::request& r,
                                     std::string_view frame) {
  awaiting_home_ = true;
  auto waiting = std::make_shared<waiting_request>(waiting_request{r, std::string(frame)});
  std::weak_ptr<websocket_session> weak = shared_from_this();
  state_.homes->find(key, [weak, key, waiting](table_home_lookups::answer home) mutable {
    auto self = weak.lock();
    if (!self) return;
    net::post(self->ws_.get_executor(),
              [self, waiting, answer = home_answer{key, std::move(home)}] {
                self->awaiting_home_ = false;
                if (self->finished_) return;
                if (!self->closing_ && !self->routed(waiting->request, waiting->frame, &answer))
                  self->dispatch_here(std::move(waiting->request));
                if (!self->waits_on_store()) self->do_read();
              });
  });
}

void websocket_session::forward(std::string_view frame, const json& id, bool from_client) {
  if (!state_.router->linked()) {
    // This node's way to the others is down (or its subscriptions not made again yet: the
    // answer could not come back): nothing is sent.
    if (from_client) refuse_for_now(id, frame);
    return;
  }
  state_.metrics.messages_routed.fetch_add(1, std::memory_order_relaxed);
  std::weak_ptr<websocket_session> weak = shared_from_this();
  // Only the client's own request is handed back to be sent again: one made here (a leave,
  // an attach) is made again by the person's next request.
  std::string request = from_client ? std::string(frame) : std::string();
  state_.router->forward(
      route_.owner, conn_, player_->token(), player_->browser(), frame,
      [weak, owner = route_.owner, id, request = std::move(request)](bool redis_down) mutable {
        auto self = weak.lock();
        if (!self) return;
        net::post(self->ws_.get_executor(),
                  [self, owner, id, redis_down, request = std::move(request)] {
                    self->owner_unreachable(owner, id, request, redis_down);
                  });
      });
}

// A request that reached no node. Either the owner is gone (it died or stopped: its lease
// runs out, another node takes the table) or only the way there is: Redis is away, or the
// owner has not subscribed again since Redis came back, and it still renews its lease.
void websocket_session::owner_unreachable(const std::string& owner, const json& id,
                                          const std::string& request, bool redis_down) {
  if (!redis_down && route_.owner == owner) {
    // Whether the owner still holds the table, asked off this thread.
    std::weak_ptr<websocket_session> weak = shared_from_this();
    state_.homes->find(route_.table, [weak, owner, id, request](table_home_lookups::answer home) {
      auto self = weak.lock();
      if (!self) return;
      const bool held = home && *home && (*home)->owner_node == owner;
      net::post(self->ws_.get_executor(), [self, owner, id, request, held] {
        if (!self->finished_) self->owner_gone_or_away(owner, id, request, held);
      });
    });
    return;
  }
  owner_gone_or_away(owner, id, request, redis_down);
}

void websocket_session::owner_gone_or_away(const std::string& owner, const json& id,
                                           const std::string& request, bool redis_down) {
  if (redis_down) {
    // The route stays, and the client sends the request again shortly: one code for the
    // whole gap, not "moving" each time when no table moves.
    if (!request.empty()) refuse_for_now(id, request);
    return;
  }
  // The owner died: the next request looks the table up again.
  if (route_.owner == owner) route_.owner.clear();
  refuse(error::table_moving,
         "the table's server node has stopped; the table is back in a few seconds", id);
}

void websocket_session::refuse_for_now(const json& id, std::string_view request) {
  state_.metrics.count_error(error::routing_unavailable);
  send(make_message(protocol::encode_retryable_error(
      error::routing_unavailable,
      "this server node cannot reach the table's node for a moment; sending it again", id,
      json::parse(request, nullptr, false), routing_retry_ms)));
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

// This node lost the person's table to node `owner`: the connection is routed there, as if
// the person had joined it from here, and the new owner seats it and pushes the table.
bool websocket_session::follow_table(const std::string& table_id, const std::string& owner) {
  if (!state_.router) return false;
  net::post(ws_.get_executor(), [self = shared_from_this(), table_id, owner] {
    if (self->finished_ || !self->player_) return;
    self->route_ = {table_id, owner};
    self->player_->set_table_elsewhere(table_id);
    // Not known yet: the new owner's `moved` (tables_moved), or the next request, finds it.
    if (!owner.empty()) self->forward({}, nullptr);
  });
  return true;
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
