// database_reach: when a node may take over leases that ran out (docs/storage.md, "The
// database away for longer than a lease"). The times are the database's clock, given.
#include <gtest/gtest.h>

#include "server/store/database_reach.hpp"

namespace crownhall::store::detail {
namespace {

TEST(database_reach, a_node_claims_lapsed_leases_after_a_lease_of_round_trips_without_a_break) {
  database_reach reach(2000);
  EXPECT_FALSE(reach.reached(10'000));  // a node that starts waits a lease
  EXPECT_FALSE(reach.reached(10'500));
  EXPECT_FALSE(reach.reached(11'000));
  EXPECT_FALSE(reach.reached(11'999));
  EXPECT_TRUE(reach.reached(12'000));
  EXPECT_TRUE(reach.reached(12'900));  // 900 ms apart: no break (at most half a lease)
}

TEST(database_reach, a_break_longer_than_half_a_lease_starts_the_wait_again) {
  database_reach reach(2000);
  for (std::int64_t t = 0; t <= 3000; t += 500) reach.reached(t);
  EXPECT_TRUE(reach.reached(3500));
  // The database away for 3.5 s (or this node frozen): every lease ran out meanwhile, and
  // their owners could not renew them either.
  EXPECT_FALSE(reach.reached(7000));
  EXPECT_FALSE(reach.reached(8000));
  EXPECT_FALSE(reach.reached(8999));
  EXPECT_TRUE(reach.reached(9000));
  // Just over half a lease is a break too: a lease renewed just before it may have lapsed.
  EXPECT_FALSE(reach.reached(10'001));
}

}  // namespace
}  // namespace crownhall::store::detail
