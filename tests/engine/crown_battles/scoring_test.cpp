// Rulings, Scoring: every worked example of the book.
#include <gtest/gtest.h>

#include "engine/games/crown_battles/scoring.hpp"

namespace cb = crownhall::crown_battles;

namespace {

TEST(CrownBattlesScoring, BookExamples) {
  EXPECT_EQ(cb::round_points(cb::single_bid(3), 3), 50);   // bid 3, win 3
  EXPECT_EQ(cb::round_points(cb::single_bid(3), 1), -20);  // bid 3, win 1
  EXPECT_EQ(cb::round_points(cb::single_bid(1), 2), -10);  // bid 1, win 2
  EXPECT_EQ(cb::round_points(cb::double_bid(2), 3), 25);   // bid 2-3, win 3
  EXPECT_EQ(cb::round_points(cb::double_bid(2), 1), -10);  // bid 2-3, win 1
  EXPECT_EQ(cb::round_points(cb::double_bid(2), 4), -10);  // bid 2-3, win 4
  EXPECT_EQ(cb::round_points(cb::double_bid(2), 0), -20);  // bid 2-3, win 0
  EXPECT_EQ(cb::round_points(cb::double_bid(2), 5), -20);  // bid 2-3, win 5
}

TEST(CrownBattlesScoring, BookTableZeroToTenTricks) {
  const int single[] = {20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120};
  const int dbl[] = {10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60};
  for (int t = 0; t <= 10; ++t) {
    EXPECT_EQ(cb::round_points(cb::single_bid(t), t), single[t]) << t;
    // A double bid is met by either of its numbers.
    if (t < 10) {
      EXPECT_EQ(cb::round_points(cb::double_bid(t), t), dbl[t]) << t;
    }
    if (t > 0) {
      EXPECT_EQ(cb::round_points(cb::double_bid(t - 1), t), dbl[t]) << t;
    }
  }
}

TEST(CrownBattlesScoring, MissedBidsLoseTenPerTrickOfDistance) {
  EXPECT_EQ(cb::round_points(cb::single_bid(0), 4), -40);
  EXPECT_EQ(cb::round_points(cb::single_bid(7), 2), -50);
  EXPECT_EQ(cb::round_points(cb::double_bid(0), 3), -20);  // nearer number is 1
  EXPECT_EQ(cb::round_points(cb::double_bid(5), 0), -50);
}

TEST(CrownBattlesScoring, CrownNeedsAUniqueLeader) {
  const int tied[] = {30, 50, 50, 10};
  const int clear[] = {30, 50, 40, -10};
  EXPECT_EQ(cb::unique_leader(tied), -1);
  EXPECT_EQ(cb::unique_leader(clear), 1);
  const int negative[] = {-20, -10};
  EXPECT_EQ(cb::unique_leader(negative), 1);
}

TEST(CrownBattlesScoring, RanksShareTiesAndSkip) {
  const int totals[] = {30, 50, 50, 10};
  int ranks[4];
  cb::rank_totals(totals, ranks);
  EXPECT_EQ(ranks[0], 3);
  EXPECT_EQ(ranks[1], 1);
  EXPECT_EQ(ranks[2], 1);
  EXPECT_EQ(ranks[3], 4);
}

}  // namespace
