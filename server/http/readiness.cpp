#include "server/http/readiness.hpp"

#include <nlohmann/json.hpp>

#include "server/cluster/node_presence.hpp"
#include "server/cluster/node_router.hpp"
#include "server/lobby/durable_tables.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/shared_state.hpp"

namespace crownhall::server {

using json = nlohmann::json;

health_answer readiness(shared_state& state) {
  const store::status store_ok =
      state.durable ? state.durable->store().check_health() : store::status::success();
  // Both of Redis's uses: presence, and the routing of requests and lobby lines.
  const bool redis_ok =
      (!state.presence || state.presence->linked()) && (!state.router || state.router->linked());
  // Draining (SIGTERM): still serving its people, but a balancer must send it nobody new.
  const bool draining = state.draining.load();
  json health = {{"status", !store_ok  ? "down"
                            : draining ? "draining"
                            : redis_ok ? "ok"
                                       : "degraded"},
                 {"connections", state.metrics.connections_open.load()},
                 {"tables", state.tables->size()}};
  json down = json::array();
  if (!store_ok) {
    down.push_back("store");
    health["store"] = store_ok.error;
  }
  if (!redis_ok) {
    down.push_back("redis");
    health["redis"] =
        "the Redis link is down: this node's tables play on; people here cannot reach other "
        "nodes' tables until it is back";
  }
  if (!down.empty()) health["down"] = std::move(down);
  if (!state.config.node.empty()) health["node"] = state.config.node;
  return {store_ok && !draining, health.dump() + "\n"};
}

health_answer liveness(const shared_state& state) {
  json alive = {{"status", "alive"}};
  if (!state.config.node.empty()) alive["node"] = state.config.node;
  return {true, alive.dump() + "\n"};
}

}  // namespace crownhall::server
