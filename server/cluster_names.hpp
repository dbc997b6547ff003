// The Redis names of one cluster of nodes (docs/cluster.md, "Two clusters on one Redis").
// Every key and channel is under the cluster's own prefix, so that two clusters sharing a
// Redis (a staging cluster beside the real one) never list each other's nodes, merge each
// other's lobbies or route a person to the other's tables. A cluster is the nodes of one
// database: its id is made once in that database (`crownhall_cluster`) and every node
// reads it there (`postgres_store::cluster_id`).
#pragma once

#include <string>

namespace crownhall::server {

struct cluster_names {
  explicit cluster_names(const std::string& cluster_id) : prefix("crownhall:" + cluster_id + ":") {}

  std::string nodes() const { return prefix + "nodes"; }  // a hash: instance -> entry JSON
  // Each node listens on its own channel; what every node must hear has a channel of its own.
  std::string node_channel(const std::string& instance) const {
    return prefix + "node:" + instance;
  }
  std::string moved() const { return prefix + "moved"; }
  std::string lobby() const { return prefix + "lobby"; }

  std::string prefix;
};

}  // namespace crownhall::server
