// Rulings, Rounds and Scoring across rounds: the crown, ties at the end, the dealer, and the
// chance steps drawn from the seed.
#include <array>

#include <gtest/gtest.h>

#include "helpers.hpp"

namespace crown_battles_test {
namespace {

json round(const std::vector<std::vector<std::string>>& hands, const std::string& spinner = "X") {
  return {{"hands", hands_of(hands)}, {"spinner", spinner}};
}

TEST(CrownBattlesRounds, CrownTieMeansNobodyThenTheLeader) {
  const json deal = {
      {"first_dealer", 2},
      {"rounds", {round({{"B13"}, {"B2"}, {"B3"}}), round({{"R5"}, {"R13"}, {"R2"}})}}};
  auto g = start({{"schedule", {1, 1}}}, 3, deal);
  ASSERT_TRUE(g);
  for (int seat : {0, 1, 2}) MUST_ACT(*g, seat, bid(0));
  for (auto [seat, card] : {std::pair{0, "B13"}, {1, "B2"}, {2, "B3"}})
    MUST_ACT(*g, seat, play(card));
  // -10, 20, 20: seats 1 and 2 share the top, so nobody holds the crown.
  EXPECT_EQ(g->outcome()["totals"], json({-10, 20, 20}));
  EXPECT_EQ(g->outcome()["crown"], nullptr);
  EXPECT_EQ(g->view(0)["crown"], nullptr);
  EXPECT_EQ(g->dealer(), 0);  // the dealer passes clockwise
  // The new round's view still shows the previous round's last trick.
  EXPECT_EQ(g->view(0)["last_trick"]["winning"], 0);
  EXPECT_EQ(g->view(0)["rounds"][0]["tricks"], json({1, 0, 0}));
  MUST_ACT(*g, 1, bid(1));
  MUST_ACT(*g, 2, bid(0));
  MUST_ACT(*g, 0, bid(0));
  for (auto [seat, card] : {std::pair{1, "R13"}, {2, "R2"}, {0, "R5"}})
    MUST_ACT(*g, seat, play(card));
  EXPECT_EQ(g->outcome()["totals"], json({10, 50, 40}));
  EXPECT_EQ(g->outcome()["crown"], 1);
  EXPECT_TRUE(g->is_over());
  EXPECT_EQ(g->outcome()["winner"], 1);
  EXPECT_EQ(g->outcome()["ranks"], json({3, 1, 2}));
}

// The round's final trick was played face up to everyone; it stays the view's
// last trick through the new deal and bidding, whole and with its winner, for every seat
// and the spectator, until the new round's first trick is complete and replaces it.
TEST(CrownBattlesRounds, FinalTrickOfARoundStaysTheLastTrickUntilTheNextTrick) {
  const json deal = {
      {"first_dealer", 2},
      {"rounds",
       {round({{"B13"}, {"B2"}, {"B3"}}), round({{"R5", "G7"}, {"R13", "G5"}, {"R2", "G6"}})}}};
  auto g = start({{"schedule", {1, 2}}}, 3, deal);
  ASSERT_TRUE(g);
  for (int seat : {0, 1, 2}) MUST_ACT(*g, seat, bid(0));
  for (auto [seat, card] : {std::pair{0, "B13"}, {1, "B2"}, {2, "B3"}})
    MUST_ACT(*g, seat, play(card));
  const json final_trick = {{"cards",
                             {{{"card", "B13"}, {"seat", 0}},
                              {{"card", "B2"}, {"seat", 1}},
                              {{"card", "B3"}, {"seat", 2}}}},
                            {"lead", "B"},
                            {"leader", 0},
                            {"winning", 0}};
  const auto every_viewer_sees = [&](const json& last, const char* when) {
    for (int viewer : {0, 1, 2, crownhall::spectator}) {
      const json v = g->view(viewer);
      EXPECT_EQ(v["last_trick"], last) << when << ", viewer " << viewer;
    }
  };
  ASSERT_EQ(g->view(0)["round"]["number"], 2);
  EXPECT_EQ(g->view(0)["phase"], "bidding");
  EXPECT_EQ(g->view(0)["trick"]["cards"], json::array());
  every_viewer_sees(final_trick, "after the deal");
  MUST_ACT(*g, 1, bid(1));
  MUST_ACT(*g, 2, bid(0));
  MUST_ACT(*g, 0, bid(0));
  every_viewer_sees(final_trick, "after the bids");
  MUST_ACT(*g, 1, play("R13"));
  MUST_ACT(*g, 2, play("R2"));
  every_viewer_sees(final_trick, "during the new round's first trick");
  MUST_ACT(*g, 0, play("R5"));
  every_viewer_sees({{"cards",
                      {{{"card", "R13"}, {"seat", 1}},
                       {{"card", "R2"}, {"seat", 2}},
                       {{"card", "R5"}, {"seat", 0}}}},
                     {"lead", "R"},
                     {"leader", 1},
                     {"winning", 1}},
                    "after the new round's first trick");
  // A new game on the same state (restart, as the benchmarks do) has no last trick.
  g->restart(1);
  EXPECT_EQ(g->view(0)["last_trick"], nullptr);
}

// Rulings, Scoring: a tie for the top at the end means one more round with the last hand
// size, until exactly one player leads.
TEST(CrownBattlesRounds, TieAtTheEndPlaysAnotherRoundWithTheLastHandSize) {
  const json deal = {{"first_dealer", 2},
                     {"rounds",
                      {round({{"B13", "G13"}, {"B2", "G2"}, {"B3", "G3"}}),
                       round({{"Y1", "R1"}, {"Y13", "R2"}, {"Y5", "R3"}}),
                       round({{"Y1", "R1"}, {"Y13", "R2"}, {"Y5", "R3"}})}}};
  auto g = start({{"schedule", {2}}}, 3, deal);
  ASSERT_TRUE(g);
  for (int seat : {0, 1, 2}) MUST_ACT(*g, seat, bid(0));
  for (auto [seat, card] :
       {std::pair{0, "B13"}, {1, "B2"}, {2, "B3"}, {0, "G13"}, {1, "G2"}, {2, "G3"}})
    MUST_ACT(*g, seat, play(card));
  // Seat 0 took both tricks: -20, 20, 20.
  EXPECT_FALSE(g->is_over());
  const json v = g->view(crownhall::spectator);
  EXPECT_EQ(v["round"]["number"], 2);
  EXPECT_EQ(v["round"]["tie_break"], true);
  EXPECT_EQ(v["round"]["hand_size"], 2);
  EXPECT_EQ(v["round"]["dealer"], 0);
  EXPECT_EQ(v["result"], nullptr);
  // Seat 1 bids 1 and takes 1; seat 2 bids 0 but takes 1; seat 0 takes none.
  MUST_ACT(*g, 1, bid(1));
  MUST_ACT(*g, 2, bid(0));
  MUST_ACT(*g, 0, bid(0));
  for (auto [seat, card] :
       {std::pair{1, "Y13"}, {2, "Y5"}, {0, "Y1"}, {1, "R2"}, {2, "R3"}, {0, "R1"}})
    MUST_ACT(*g, seat, play(card));
  EXPECT_EQ(g->outcome()["totals"], json({0, 50, 10}));
  ASSERT_TRUE(g->is_over());
  EXPECT_EQ(g->outcome()["winner"], 1);
  EXPECT_EQ(g->outcome()["rounds"].size(), 2u);
  EXPECT_EQ(g->outcome()["rounds"][1]["number"], 2);
  EXPECT_EQ(g->outcome()["rounds"][1]["hand_size"], 2);
  const json done = g->view(2);
  EXPECT_EQ(done["phase"], "finished");
  EXPECT_EQ(done["result"]["winner"], 1);
  EXPECT_EQ(done["result"]["ranks"], json({3, 1, 2}));
}

TEST(CrownBattlesRounds, TieBreakRoundsWithoutAStackedDealAreShuffled) {
  const json deal = {{"first_dealer", 2}, {"rounds", {round({{"B13"}, {"B2"}, {"B3"}})}}};
  auto g = start({{"schedule", {1}}}, 3, deal);
  ASSERT_TRUE(g);
  for (int seat : {0, 1, 2}) MUST_ACT(*g, seat, bid(0));
  for (auto [seat, card] : {std::pair{0, "B13"}, {1, "B2"}, {2, "B3"}})
    MUST_ACT(*g, seat, play(card));
  ASSERT_FALSE(g->is_over());
  for (int seat = 0; seat < 3; ++seat) EXPECT_EQ(g->hand(seat).size(), 1);
}

TEST(CrownBattlesRounds, FirstDealerSpinnerAndTypeAreDrawnFromTheSeed) {
  auto g = start({{"round_types", {"normal", "blind"}}}, 4);
  ASSERT_TRUE(g);
  std::array<int, 4> dealers{};
  std::array<int, 6> faces{};
  std::array<int, 2> types{};
  const int n = 6000;
  for (int seed = 0; seed < n; ++seed) {
    g->restart(static_cast<std::uint64_t>(seed));
    ++dealers[static_cast<std::size_t>(g->dealer())];
    ++faces[static_cast<std::size_t>(g->view(0)["round"]["spinner"] == "choice" ? 5
                                     : g->trump_suit() == cb::trump::none
                                         ? 4
                                         : static_cast<int>(g->trump_suit()))];
    ++types[static_cast<std::size_t>(g->type())];
  }
  for (int d : dealers) EXPECT_NEAR(d, n / 4, n / 4 / 5);
  for (int f : faces) EXPECT_NEAR(f, n / 6, n / 6 / 5);
  for (int t : types) EXPECT_NEAR(t, n / 2, n / 2 / 5);
  // The same seed gives the same game.
  g->restart(77);
  const auto h = g->state_hash();
  g->restart(78);
  EXPECT_NE(g->state_hash(), h);
  g->restart(77);
  EXPECT_EQ(g->state_hash(), h);
}

TEST(CrownBattlesRounds, OneTypeMeansEveryRoundIsThatType) {
  auto g = start({{"round_types", {"blind"}}}, 5);
  ASSERT_TRUE(g);
  for (int seed = 0; seed < 100; ++seed) {
    g->restart(static_cast<std::uint64_t>(seed));
    EXPECT_EQ(g->type(), cb::round_type::blind);
  }
}

}  // namespace
}  // namespace crown_battles_test
