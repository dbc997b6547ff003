// node_router: one cluster of nodes plays as one server (docs/cluster.md). A person
// may sit at any node's table from any node: their connection's node (the "edge") forwards
// that table's requests over Redis pub/sub to the node holding it (the "owner"), which runs
// them as requests of its own connections and answers through a connection_link that
// publishes back to the edge. When a table moves (its node died or stopped and another took
// it over), the new owner says so and every edge follows it. The router also carries each
// node's public lobby lines to the others: one lobby on every node.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "server/cluster/cluster_names.hpp"
#include "server/connection_link.hpp"

namespace crownhall::server {

class shared_state;
class remote_connection;

// A connection on this node whose table another node holds (websocket_session).
class routed_connection {
 public:
  virtual ~routed_connection() = default;
  // A frame for the client from node `owner`; dropped unless its table is still there.
  virtual void from_owner(const std::string& owner, message_ptr text, message_kind kind) = 0;
  // `owner` closes the connection (the session went on elsewhere, or an admin kicked it).
  virtual void closed_by_owner(const std::string& owner, std::uint16_t code,
                               std::string reason) = 0;
  // Node `owner` took the tables `table_ids` over.
  virtual void tables_moved(std::shared_ptr<const std::unordered_set<std::string>> table_ids,
                            const std::string& owner) = 0;
};

class node_router {
 public:
  // Listens on this node's channel at once. Throws std::invalid_argument when `redis_url` is
  // not a redis:// address.
  node_router(shared_state& state, const std::string& redis_url, std::string instance,
              cluster_names cluster);
  ~node_router();  // stop()s
  node_router(const node_router&) = delete;
  node_router& operator=(const node_router&) = delete;

  // The node stops: tells the others its lobby lines are gone; nothing more is sent.
  void stop();
  bool linked() const;
  const std::string& instance() const;

  // The edge. A connection registers once and gets its number on this node.
  std::uint64_t add_edge(std::weak_ptr<routed_connection> c);
  void remove_edge(std::uint64_t conn);
  // Sends one request (a client's frame, as received) of connection `conn`, whose session
  // has `token` (and was opened from `browser`), to node `owner`; an empty frame only
  // attaches the connection there (the owner pushes the table). `unreachable` runs, on a
  // Redis thread, when no node listens on `owner`'s channel (it died: false) or the link to
  // Redis is down (true).
  void forward(const std::string& owner, std::uint64_t conn, const std::string& token,
               const std::string& browser, std::string_view frame,
               std::function<void(bool redis_down)> unreachable);
  // The connection no longer uses `owner` (it closed, or its table moved or changed).
  void gone(const std::string& owner, std::uint64_t conn);

  // The owner: this node took these tables over (every edge re-routes to it).
  void tables_moved(std::vector<std::string> table_ids);

  // The player signed out everywhere: every other node ends its session of theirs
  // (lobby/signed_out.hpp). While Redis is down they are not told; their identities and
  // stored session are revoked already, so only a session held in a node's memory goes on.
  // `renamed_to`: the name their seats show from now on (lobby/signed_out.hpp).
  void signed_out(const std::string& player_id,
                  const std::optional<std::string>& renamed_to = std::nullopt);

 private:
  friend class remote_connection;
  struct impl;
  std::shared_ptr<impl> impl_;
};

}  // namespace crownhall::server
