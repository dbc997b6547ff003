// database_reach: whether a node may take over the tables whose leases ran out. A lease runs
// out on the database's clock also while the database itself is away (stopped, frozen, cut
// off from every node): then its owner could not renew it either, and the first node back
// would take every table of every live node. So a node claims a lapsed lease only once it
// has reached the database without a break for a whole lease since it last lost it: time
// in which a live owner renews (twice a second). Internal to the stores.
#pragma once

#include <cstdint>
#include <optional>

namespace crownhall::store::detail {

class database_reach {
 public:
  explicit database_reach(std::int64_t lease_ms) : lease_ms_(lease_ms) {}

  // A round trip that the database answered at `db_now_ms` (its own clock). Returns whether
  // lapsed leases may be claimed now. A gap of more than half a lease since the last one
  // is a break: a lease renewed just before it could have lapsed within it (a node renews
  // every quarter of a lease).
  bool reached(std::int64_t db_now_ms) {
    if (!since_ || db_now_ms - last_ > lease_ms_ / 2) since_ = db_now_ms;
    last_ = db_now_ms;
    return db_now_ms - *since_ >= lease_ms_;
  }

 private:
  const std::int64_t lease_ms_;
  std::optional<std::int64_t> since_;  // the start of the round trips without a break
  std::int64_t last_ = 0;
};

}  // namespace crownhall::store::detail
