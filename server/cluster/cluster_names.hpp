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
  explicit cluster_names(const std::string& cluster_id)
      : prefix("crownhall:" + cluster_id + ":"),
        nodes(prefix + "nodes"),
        moved(prefix + "moved"),
        lobby(prefix + "lobby"),
        signed_out(prefix + "signed-out") {}

  // Each node listens on its own channel; what every node must hear has a channel of its own.
  std::string node_channel(const std::string& instance) const {
    return prefix + "node:" + instance;
  }

  const std::string prefix;
  const std::string nodes;       // a hash: instance -> entry JSON (presence)
  const std::string moved;       // tables taken over, once rebuilt
  const std::string lobby;       // each node's public lobby lines
  const std::string signed_out;  // players whose sessions end on every node
};

}  // namespace crownhall::server
