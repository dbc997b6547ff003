// readiness: what /livez, /readyz and /healthz answer a load balancer (docs/cluster.md,
// "When Redis goes away"). Alive is the process answering at all. Ready is whether this node
// can serve its tables: it needs its store, where every action is written before anyone sees
// it. Redis only joins the nodes (routing, one lobby, presence): without it the node's own
// tables play on, so a node cut off from Redis is ready but "degraded", never taken out of
// the balancer, which would take the whole cluster out at once when Redis blips.
#pragma once

#include <string>

namespace crownhall::server {

class shared_state;

struct health_answer {
  bool ready = true;  // false: 503
  std::string body;   // JSON, one line
};

// /readyz and /healthz: "ok", "degraded" (names the dependency that is down), "down", or
// "draining" (503: the server is stopping and takes no one new).
// Asks the store for a round trip: not for a socket's thread when the store is remote.
health_answer readiness(shared_state& state);
// /livez: the process is alive; asks nothing.
health_answer liveness(const shared_state& state);

}  // namespace crownhall::server
