// node_presence: which server nodes are alive and which tables each one holds, kept in
// Redis. Each node writes its own entry every second and reads everyone's; an
// entry not rewritten for 5 s is a dead node's, and is dropped. The admin page lists the
// nodes from it, and /healthz reports the node unready while its Redis link is down.
// Ownership itself is decided by the store's leases (docs/storage.md, "Several nodes"):
// this is what the nodes tell each other, never what decides who may write.
#pragma once

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "server/cluster/cluster_names.hpp"

namespace crownhall::server {

class shared_state;

class node_presence {
 public:
  // Starts at once; the first entry is written as soon as the link is up. Throws
  // std::invalid_argument when `redis_url` is not a redis:// address.
  node_presence(shared_state& state, const std::string& redis_url, std::string instance,
                cluster_names cluster);
  ~node_presence();  // stop()s
  node_presence(const node_presence&) = delete;
  node_presence& operator=(const node_presence&) = delete;

  // Takes this node's entry out (a node stopping) and writes no more; returns at once.
  void stop();
  // True while the Redis link is up.
  bool linked() const;
  // Every live node's entry, this node's included, by name: {"node", "instance",
  // "tables": [ids], "connections", "started_unix_ms", "seen_unix_ms", "self"}.
  nlohmann::json nodes() const;
  // The live nodes that share a dead node's tables, this one included: those whose entry
  // was written within the last two seconds. A node that died stopped writing its entry and
  // renewing its leases at once, and its tables may be claimed only once its 2 s leases
  // have run out: by then it is not counted. 1 while the Redis link is down.
  int nodes_sharing_tables() const;

 private:
  struct impl;
  std::shared_ptr<impl> impl_;
};

}  // namespace crownhall::server
