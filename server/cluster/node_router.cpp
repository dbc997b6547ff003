#include "server/cluster/node_router.hpp"

#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

#include <spdlog/spdlog.h>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include "protocol/server_messages.hpp"
#include "server/cluster/node_presence.hpp"
#include "server/cluster/redis/redis_client.hpp"
#include "server/cluster/redis/redis_subscriber.hpp"
#include "server/lobby/durable_tables.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/shared_state.hpp"
#include "server/lobby/signed_out.hpp"
#include "server/lobby/table_requests.hpp"
#include "server/lobby/table_room.hpp"

namespace crownhall::server {

using json = nlohmann::json;

namespace {

constexpr auto share_every = std::chrono::seconds(1);
constexpr std::int64_t lobby_dead_after_ms = 5000;  // as presence: five missed shares

// A message between nodes: a JSON header line, then the client's or the server's frame as
// it is (never parsed or escaped on the way).
std::string envelope(const json& header, std::string_view body = {}) {
  std::string out = header.dump();
  out += '\n';
  out.append(body);
  return out;
}

}  // namespace

// A connection of another node's (`edge`, its number `conn`) whose table is here: what this
// node sends it goes to the edge through Redis.
class remote_connection final : public connection_link {
 public:
  remote_connection(std::weak_ptr<node_router::impl> router, std::string edge, std::uint64_t conn)
      : router_(std::move(router)), edge_(std::move(edge)), conn_(conn) {}
  void deliver(message_ptr text, message_kind kind) override;
  void close_after_flush(std::uint16_t code, std::string reason) override;
  // The edge follows the table by itself: the new owner's `moved` re-routes it.
  bool follow_table(const std::string&, const std::string&) override { return true; }

  std::weak_ptr<player> person;  // the session it serves, once known; under the router's mutex
  // When it came: a node that has just started may not be in presence's list yet.
  const std::int64_t since_mono_ms = shared_state::now().mono_ms;

 private:
  friend struct node_router::impl;
  std::weak_ptr<node_router::impl> router_;
  const std::string edge_;
  const std::uint64_t conn_;
};

struct node_router::impl : std::enable_shared_from_this<impl> {
  impl(shared_state& s, const redis::redis_address& address, std::string instance_id,
       cluster_names cluster)
      : state(s),
        client(s.ioc, address),
        subscriber(s.ioc, address),
        instance(std::move(instance_id)),
        names(std::move(cluster)),
        strand(net::make_strand(s.ioc)),
        timer(strand) {}

  shared_state& state;
  redis::redis_client client;
  redis::redis_subscriber subscriber;
  const std::string instance;
  const cluster_names names;
  strand_type strand;
  net::steady_timer timer;
  std::atomic<bool> stopped{false};
  std::atomic<std::uint64_t> next_conn{1};

  std::mutex mutex;  // the maps and the list below
  std::unordered_map<std::uint64_t, std::weak_ptr<routed_connection>> edges;
  // Other nodes' connections whose tables are here, by "edge#conn".
  std::unordered_map<std::string, std::shared_ptr<remote_connection>> remotes;
  std::vector<std::string> moved_unsent;  // taken over while Redis was down

  static std::string key_of(const std::string& edge, std::uint64_t conn) {
    return edge + "#" + std::to_string(conn);
  }

  // PUBLISH; `receivers` gets how many nodes heard it (0 also when Redis is down).
  void publish(const std::string& channel, std::string payload,
               std::function<void(long long)> receivers = {}) {
    client.command({"PUBLISH", channel, std::move(payload)},
                   [receivers = std::move(receivers)](redis::redis_reply r) {
                     if (receivers) receivers(r.is_integer() ? r.integer : 0);
                   });
  }

  void on_message(const std::string& channel, const std::string& payload) {
    if (channel == names.lobby) return on_lobby(payload);
    const auto newline = payload.find('\n');
    json header = json::parse(payload.substr(0, newline), nullptr, false);
    if (!header.is_object()) return;
    if (channel == names.moved) return on_moved(header);
    if (channel == names.signed_out) {
      if (header.value("node", "") != instance && header.contains("player") &&
          header["player"].is_string()) {
        std::optional<std::string> renamed_to;
        if (header.contains("name") && header["name"].is_string())
          renamed_to = header["name"].get<std::string>();
        end_sessions_here(state, header["player"].get<std::string>(), renamed_to);
      }
      return;
    }
    const std::string_view body = newline == std::string::npos
                                      ? std::string_view()
                                      : std::string_view(payload).substr(newline + 1);
    const std::string kind = header.value("k", "");
    const std::string from = header.value("from", "");
    const std::uint64_t conn = header.value("conn", std::uint64_t{0});
    if (from.empty() || conn == 0) return;
    if (kind == "req")
      return on_request(from, conn, header.value("token", ""), header.value("browser", ""), body);
    if (kind == "gone") return drop_remote(key_of(from, conn));
    std::shared_ptr<routed_connection> edge;
    {
      std::lock_guard lock(mutex);
      if (auto it = edges.find(conn); it != edges.end()) edge = it->second.lock();
    }
    if (!edge) {
      // The connection closed here meanwhile: the owner forgets it.
      if (kind == "out")
        publish(names.node_channel(from),
                envelope({{"k", "gone"}, {"from", instance}, {"conn", conn}}));
      return;
    }
    if (kind == "out")
      edge->from_owner(
          from, make_message(std::string(body)),
          header.value("snap", false) ? message_kind::table_snapshot : message_kind::other);
    else if (kind == "close")
      edge->closed_by_owner(from, header.value("code", std::uint16_t{1000}),
                            header.value("reason", ""));
  }

  // The owner: a request from another node's connection, or its first contact.
  void on_request(const std::string& edge, std::uint64_t conn, const std::string& token,
                  const std::string& browser, std::string_view frame) {
    const std::string key = key_of(edge, conn);
    std::shared_ptr<remote_connection> link;
    {
      std::lock_guard lock(mutex);
      auto& slot = remotes[key];
      if (!slot) slot = std::make_shared<remote_connection>(weak_from_this(), edge, conn);
      link = slot;
    }
    auto refuse = [&](protocol::error code, std::string_view reason, const json& id) {
      state.metrics.count_error(code);
      link->deliver(make_message(protocol::encode_error(code, reason, id)), message_kind::other);
    };
    std::shared_ptr<player> p;
    {
      std::lock_guard lock(mutex);  // a failed delivery may drop the link meanwhile
      p = link->person.lock();
    }
    if (!p) {
      // The session, as a hello with this token would find it here (after a takeover, the
      // very player object seated at the rebuilt table).
      const moment now = shared_state::now();
      if (!token.empty()) p = state.sessions.find(token);
      if (!p && !token.empty() && state.durable) p = state.durable->resume(state, token, now);
      if (!p) {
        refuse(protocol::error::invalid_token, "unknown or expired session token", nullptr);
        drop_remote(key);
        return;
      }
      {
        std::lock_guard lock(mutex);
        link->person = p;
      }
      if (!browser.empty()) p->set_browser(browser);
      auto previous = p->link();
      p->attach(link);
      p->touch(now.mono_ms);
      if (previous && previous != link)
        previous->close_after_flush(4001, "session resumed on another connection");
      // The table is pushed to the newly attached connection (a move, a reconnect).
      if (auto room = p->table()) room->connection_changed(p);
    }
    if (frame.empty()) return;
    auto r = protocol::decode(frame);
    if (!r) return refuse(r.failure().code, r.failure().reason, r.failure().id);
    if (!is_table_request(*r))
      return refuse(protocol::error::bad_message, "not a request for a table", r->id);
    handle_table_request(state, p, std::move(*r), refuse);
  }

  // The owner: another node's connection is gone (closed, or no longer at a table here).
  void drop_remote(const std::string& key) {
    std::shared_ptr<remote_connection> link;
    std::shared_ptr<player> p;
    {
      std::lock_guard lock(mutex);
      auto it = remotes.find(key);
      if (it == remotes.end()) return;
      link = std::move(it->second);
      remotes.erase(it);
      p = link->person.lock();
    }
    if (!p || !p->detach(link.get())) return;
    const moment now = shared_state::now();
    p->touch(now.mono_ms);
    if (state.durable) state.durable->session_seen(*p, now);
    if (auto room = p->table()) room->connection_changed(p);
  }

  void on_moved(const json& header) {
    // This node's own moves too: its connections routed to a table it took over are served
    // here from now on.
    const std::string owner = header.value("node", "");
    if (owner.empty() || !header.contains("tables") || !header["tables"].is_array()) return;
    auto ids = std::make_shared<std::unordered_set<std::string>>();
    for (const auto& t : header["tables"])
      if (t.is_string()) ids->insert(t.get<std::string>());
    std::vector<std::shared_ptr<routed_connection>> all;
    {
      std::lock_guard lock(mutex);
      all.reserve(edges.size());
      for (const auto& [conn, weak] : edges)
        if (auto c = weak.lock()) all.push_back(std::move(c));
    }
    for (const auto& c : all) c->tables_moved(ids, owner);
  }

  void on_lobby(const std::string& payload) {
    json m = json::parse(payload, nullptr, false);
    if (!m.is_object() || !m.contains("node") || !m["node"].is_string() || !m.contains("lines"))
      return;
    const std::string node = m["node"].get<std::string>();
    if (node == instance) return;
    state.tables->set_remote(node, std::move(m["lines"]));
  }

  // This node's public lobby lines for the others (an empty list: it stops).
  void share_lobby(const json& lines, std::function<void(long long)> then = {}) {
    publish(names.lobby, json{{"node", instance}, {"lines", lines}}.dump(), std::move(then));
  }

  void send_moved(std::vector<std::string> ids) {
    if (ids.empty()) return;
    publish(names.moved, envelope({{"node", instance}, {"tables", ids}}),
            [self = shared_from_this(), ids](long long heard) {
              // Nobody listening is fine (no other node); Redis down is not: say it again.
              if (heard == 0 && !self->client.connected()) {
                std::lock_guard lock(self->mutex);
                self->moved_unsent.insert(self->moved_unsent.end(), ids.begin(), ids.end());
              }
            });
  }

  // The people of a node that died while their table here was quiet: nothing sent to them
  // failed yet, so presence tells (an edge out of its list for 5 s is dead). Their seats
  // show them gone, and the grace and the bots take over as for any lost connection.
  void drop_dead_edges() {
    if (!state.presence || !state.presence->linked()) return;
    std::unordered_set<std::string> live;
    for (const auto& n : state.presence->nodes())
      if (n.contains("instance") && n["instance"].is_string())
        live.insert(n["instance"].get<std::string>());
    if (!live.count(instance)) return;  // not read yet: no verdict
    const std::int64_t settled = shared_state::now().mono_ms - 2 * lobby_dead_after_ms;
    std::vector<std::string> dead;
    {
      std::lock_guard lock(mutex);
      for (const auto& [key, link] : remotes)
        if (!live.count(link->edge_) && link->since_mono_ms < settled) dead.push_back(key);
    }
    for (const auto& key : dead) drop_remote(key);
  }

  void tick() {
    if (stopped) return;
    drop_dead_edges();
    state.tables->reshare();
    state.tables->forget_remote_before(shared_state::now().mono_ms - lobby_dead_after_ms);
    timer.expires_after(share_every);
    timer.async_wait([self = shared_from_this()](boost::system::error_code ec) {
      if (!ec) self->tick();
    });
  }
};

void remote_connection::deliver(message_ptr text, message_kind kind) {
  auto router = router_.lock();
  if (!router || router->stopped) return;
  json header = {{"k", "out"}, {"from", router->instance}, {"conn", conn_}};
  if (kind == message_kind::table_snapshot) header["snap"] = true;
  router->publish(router->names.node_channel(edge_), envelope(header, *text),
                  [router, key = node_router::impl::key_of(edge_, conn_)](long long heard) {
                    // The edge node is gone (died, or stopped): so is this connection.
                    if (heard == 0) router->drop_remote(key);
                  });
}

void remote_connection::close_after_flush(std::uint16_t code, std::string reason) {
  auto router = router_.lock();
  if (!router || router->stopped) return;
  router->publish(router->names.node_channel(edge_), envelope({{"k", "close"},
                                                               {"from", router->instance},
                                                               {"conn", conn_},
                                                               {"code", code},
                                                               {"reason", std::move(reason)}}));
}

node_router::node_router(shared_state& state, const std::string& redis_url, std::string instance,
                         cluster_names cluster) {
  auto parsed = redis::parse_redis_address(redis_url);
  if (!parsed.address) throw std::invalid_argument(parsed.error);
  impl_ = std::make_shared<impl>(state, *parsed.address, std::move(instance), std::move(cluster));
  std::weak_ptr<impl> weak = impl_;
  impl_->subscriber.on_message([weak](std::string channel, std::string payload) {
    if (auto self = weak.lock(); self && !self->stopped) self->on_message(channel, payload);
  });
  impl_->subscriber.on_link_change([weak](bool up) {
    if (!up) spdlog::warn("routing: Redis link down: requests for other nodes' tables wait");
  });
  impl_->client.on_link_change([weak](bool up) {
    auto self = weak.lock();
    if (!self || !up) return;
    std::vector<std::string> unsent;
    {
      std::lock_guard lock(self->mutex);
      unsent.swap(self->moved_unsent);
    }
    self->send_moved(std::move(unsent));
  });
  impl_->subscriber.subscribe(impl_->names.node_channel(impl_->instance));
  impl_->subscriber.subscribe(impl_->names.moved);
  impl_->subscriber.subscribe(impl_->names.lobby);
  impl_->subscriber.subscribe(impl_->names.signed_out);
  state.tables->share_with([weak](const json& lines) {
    if (auto self = weak.lock(); self && !self->stopped) self->share_lobby(lines);
  });
  impl_->subscriber.start();
  impl_->client.start();
  net::post(impl_->strand, [self = impl_] { self->tick(); });
}

node_router::~node_router() {
  stop();
  impl_->subscriber.stop();
  impl_->client.stop();
}

void node_router::stop() {
  if (impl_->stopped.exchange(true)) return;
  net::post(impl_->strand, [self = impl_] { self->timer.cancel(); });
  // Then both links close: their pending reads would keep the server's io_context, and so
  // the process, from ending. The others drop this node's lobby lines now, not 5 s later.
  impl_->subscriber.stop();
  if (!impl_->client.connected()) return impl_->client.stop();
  impl_->share_lobby(json::array(), [self = impl_](long long) { self->client.stop(); });
}

bool node_router::linked() const {
  return impl_->client.connected() && impl_->subscriber.connected();
}

const std::string& node_router::instance() const { return impl_->instance; }

std::uint64_t node_router::add_edge(std::weak_ptr<routed_connection> c) {
  const std::uint64_t conn = impl_->next_conn.fetch_add(1);
  std::lock_guard lock(impl_->mutex);
  impl_->edges.emplace(conn, std::move(c));
  return conn;
}

void node_router::remove_edge(std::uint64_t conn) {
  std::lock_guard lock(impl_->mutex);
  impl_->edges.erase(conn);
}

void node_router::forward(const std::string& owner, std::uint64_t conn, const std::string& token,
                          const std::string& browser, std::string_view frame,
                          std::function<void(bool redis_down)> unreachable) {
  if (impl_->stopped) return;
  impl_->client.command(
      {"PUBLISH", impl_->names.node_channel(owner),
       envelope({{"k", "req"},
                 {"from", impl_->instance},
                 {"conn", conn},
                 {"token", token},
                 {"browser", browser}},
                frame)},
      [unreachable = std::move(unreachable)](redis::redis_reply r) {
        if (!unreachable) return;
        if (!r.is_integer())
          unreachable(true);  // an error reply: the link is down (it fails at once then)
        else if (r.integer == 0)
          unreachable(false);
      });
}

void node_router::gone(const std::string& owner, std::uint64_t conn) {
  if (impl_->stopped || owner.empty()) return;
  impl_->publish(impl_->names.node_channel(owner),
                 envelope({{"k", "gone"}, {"from", impl_->instance}, {"conn", conn}}));
}

void node_router::signed_out(const std::string& player_id,
                             const std::optional<std::string>& renamed_to) {
  json header{{"node", impl_->instance}, {"player", player_id}};
  if (renamed_to) header["name"] = *renamed_to;
  impl_->publish(impl_->names.signed_out, envelope(header));
}

void node_router::tables_moved(std::vector<std::string> table_ids) {
  impl_->send_moved(std::move(table_ids));
}

}  // namespace crownhall::server
