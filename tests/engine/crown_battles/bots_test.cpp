// Bots: decide from the view alone, deterministic given their generator, and the heuristic
// plays better than chance.
#include <gtest/gtest.h>

#include "play_loop.hpp"

namespace crown_battles_test {
namespace {

using crownhall::bot_kind;

TEST(CrownBattlesBots, HeuristicBeatsRandom) {
  const int games = scaled(300);
  long heuristic_points = 0, random_points = 0;
  int heuristic_met = 0, random_met = 0;
  for (int i = 0; i < games; ++i) {
    auto g =
        start({{"round_types", {"normal", "blind"}}}, 4, nullptr, static_cast<std::uint64_t>(i));
    ASSERT_TRUE(g);
    // Seats 0 and 2 heuristic, 1 and 3 random; swapped every other game.
    const int shift = i % 2;
    auto heuristic = [shift](int seat) { return (seat + shift) % 2 == 0; };
    play_out(*g, static_cast<std::uint64_t>(i),
             [&](int seat) { return heuristic(seat) ? bot_kind::heuristic : bot_kind::random; });
    for (int s = 0; s < 4; ++s) {
      (heuristic(s) ? heuristic_points : random_points) += g->totals()[static_cast<std::size_t>(s)];
      for (const cb::round_summary& r : g->score_table())
        if (r.points[static_cast<std::size_t>(s)] > 0)
          ++(heuristic(s) ? heuristic_met : random_met);
    }
  }
  EXPECT_GT(heuristic_points, random_points + 100L * games);
  EXPECT_GT(heuristic_met, random_met * 3 / 2);
}

TEST(CrownBattlesBots, DeterministicGivenTheirGenerator) {
  for (bot_kind kind : {bot_kind::random, bot_kind::heuristic}) {
    auto a = start({{"round_types", {"blind", "normal"}}}, 5, nullptr, 4);
    auto b = start({{"round_types", {"blind", "normal"}}}, 5, nullptr, 4);
    ASSERT_TRUE(a && b);
    const auto actions_a = play_out(*a, 8, [kind](int) { return kind; });
    const auto actions_b = play_out(*b, 8, [kind](int) { return kind; });
    ASSERT_EQ(actions_a.size(), actions_b.size());
    for (std::size_t i = 0; i < actions_a.size(); ++i)
      EXPECT_EQ(actions_a[i].action, actions_b[i].action);
    EXPECT_EQ(a->state_hash(), b->state_hash());
  }
}

// Two deals that differ only in the other seats' cards: seat 0's bots choose the same.
TEST(CrownBattlesBots, DecideFromTheViewOnly) {
  auto deal = [](const json& others1, const json& others2) {
    return json{
        {"first_dealer", 2},
        {"rounds", {{{"hands", {{"B13", "GOLEM1", "R2"}, others1, others2}}, {"spinner", "B"}}}}};
  };
  for (bot_kind kind : {bot_kind::random, bot_kind::heuristic}) {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      auto a = start({{"schedule", {3}}}, 3, deal({"Y1", "Y2", "Y3"}, {"G5", "G6", "G7"}), seed);
      auto b = start({{"schedule", {3}}}, 3,
                     deal({"DRAGON1", "DRAGON2", "Y13"}, {"R13", "R12", "B12"}), seed);
      ASSERT_TRUE(a && b);
      crownhall::prng ra(seed), rb(seed);
      const auto bid_a = a->bot_action(0, kind, ra), bid_b = b->bot_action(0, kind, rb);
      EXPECT_EQ(bid_a, bid_b);
      for (auto* g : {a.get(), b.get()}) {
        ASSERT_FALSE(g->apply(0, bid_a));
        MUST_ACT(*g, 1, bid(0));
        MUST_ACT(*g, 2, bid(0));
      }
      EXPECT_EQ(a->bot_action(0, kind, ra), b->bot_action(0, kind, rb));
    }
  }
}

TEST(CrownBattlesBots, HeuristicBidsItsSureTricks) {
  const json deal = {{"first_dealer", 2},
                     {"rounds",
                      {{{"hands", hands_of({{"DRAGON1", "DRAGON2"}, {"R2", "B3"}, {"G13", "Y13"}})},
                        {"spinner", "R"}}}}};
  auto g = start({{"schedule", {2}}}, 3, deal);
  ASSERT_TRUE(g);
  crownhall::prng rng(1);
  EXPECT_EQ(g->action_to_json(g->bot_action(0, bot_kind::heuristic, rng)), bid(2));
  MUST_ACT(*g, 0, bid(2));
  EXPECT_EQ(g->action_to_json(g->bot_action(1, bot_kind::heuristic, rng)), bid(0));
}

TEST(CrownBattlesBots, HeuristicWinsCheaplyOrDucks) {
  const json deal = {
      {"first_dealer", 2},
      {"rounds",
       {{{"hands", hands_of({{"B5", "Y2"}, {"B9", "B13"}, {"B10", "B2"}})}, {"spinner", "R"}}}}};
  auto g = start({{"schedule", {2}}}, 3, deal);
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, bid(0));
  MUST_ACT(*g, 1, bid(1));
  MUST_ACT(*g, 2, bid(0));
  MUST_ACT(*g, 0, play("B5"));
  crownhall::prng rng(1);
  // Seat 1 needs a trick: the cheapest card that wins.
  EXPECT_EQ(g->action_to_json(g->bot_action(1, bot_kind::heuristic, rng)), play("B9"));
  MUST_ACT(*g, 1, play("B9"));
  // Seat 2 needs none: it keeps under the B9.
  EXPECT_EQ(g->action_to_json(g->bot_action(2, bot_kind::heuristic, rng)), play("B2"));
}

TEST(CrownBattlesBots, HeuristicDealerNamesItsStrongestSuit) {
  const json deal = {
      {"first_dealer", 0},
      {"rounds",
       {{{"hands",
          {{"G13", "G12", "G3", "B2"}, {"R1", "R2", "R3", "R4"}, {"Y1", "Y2", "Y3", "Y4"}}},
         {"spinner", "choice"}}}}};
  auto g = start({{"schedule", {4}}}, 3, deal);
  ASSERT_TRUE(g);
  crownhall::prng rng(1);
  EXPECT_EQ(g->action_to_json(g->bot_action(0, bot_kind::heuristic, rng)), choose("G"));
  EXPECT_EQ(g->bot_action(1, bot_kind::heuristic, rng), crownhall::action{});  // not its turn
}

}  // namespace
}  // namespace crown_battles_test
