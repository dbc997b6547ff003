// Rulings, Duel Fights (the expansion's round types): the dealer pairs the players (a group
// of three with an odd count); every penalty is lost as in Normal Bidding and the duel decides
// who receives it. Not played by 2 or 3 players.
#include <algorithm>

#include <gtest/gtest.h>

#include "engine/games/crown_battles/duels.hpp"
#include "helpers.hpp"

namespace crown_battles_test {
namespace {

using cb::double_bid;
using cb::single_bid;

// Points of one group (seats 0.., all in group 0) for its bids and tricks.
std::vector<int> duel(std::vector<cb::bid> bids, std::vector<std::uint8_t> tricks) {
  cb::duel_groups groups;
  groups.fill(cb::no_group);
  for (std::size_t s = 0; s < bids.size(); ++s) groups[s] = 0;
  const auto p = cb::duel_points(bids, tricks, groups);
  return {p.begin(), p.begin() + static_cast<std::ptrdiff_t>(bids.size())};
}

using v = std::vector<int>;

TEST(CrownBattlesDuels, APairBothMetOneMetNoneMet) {
  // Both met: 10 per trick, no bonus (a double bid, half: 5 per trick).
  EXPECT_EQ(duel({single_bid(2), single_bid(1)}, {2, 1}), (v{20, 10}));
  EXPECT_EQ(duel({double_bid(1), single_bid(0)}, {2, 0}), (v{10, 0}));
  // One met: its normal points (2 tricks: 40) plus the loser's whole penalty (−20).
  EXPECT_EQ(duel({single_bid(2), single_bid(3)}, {2, 1}), (v{60, -20}));
  // None met: the smaller miss (1) receives 10 × (3 − 1) out of the other's penalty.
  EXPECT_EQ(duel({single_bid(3), single_bid(4)}, {2, 1}), (v{10, -30}));
  // Equal misses: every penalty to the bank.
  EXPECT_EQ(duel({single_bid(3), single_bid(0)}, {1, 2}), (v{-20, -20}));
}

TEST(CrownBattlesDuels, AGroupOfThreeInEveryCase) {
  // All met: 10 per trick, no bonus.
  EXPECT_EQ(duel({single_bid(1), single_bid(0), single_bid(2)}, {1, 0, 2}), (v{10, 0, 20}));
  // One met: its normal points (30) and both penalties (10 + 20).
  EXPECT_EQ(duel({single_bid(1), single_bid(2), single_bid(3)}, {1, 1, 1}), (v{60, -10, -20}));
  // Two met: they share the penalty of 30, 15 each.
  EXPECT_EQ(duel({single_bid(1), single_bid(0), single_bid(3)}, {1, 0, 0}), (v{45, 35, -30}));
  // None met (misses 1, 2, 4): the smallest receives 10 × 1 and 10 × 3.
  EXPECT_EQ(duel({single_bid(2), single_bid(3), single_bid(5)}, {1, 1, 1}), (v{30, -20, -40}));
  // Two tie for the smallest miss (1, 1, 3): they share the 20, 10 each.
  EXPECT_EQ(duel({single_bid(2), single_bid(0), single_bid(4)}, {1, 1, 1}), (v{0, 0, -30}));
  // All tied: everything to the bank.
  EXPECT_EQ(duel({single_bid(3), single_bid(3), single_bid(3)}, {1, 1, 1}), (v{-20, -20, -20}));
}

TEST(CrownBattlesDuels, TheLastTwoOrThreeFormTheLastGroup) {
  cb::duel_groups g;
  g.fill(cb::no_group);
  EXPECT_EQ(cb::next_to_pair(g, 5, 4), 0);  // the dealer's left first
  cb::pair_seats(g, 5, 0, 3);
  EXPECT_TRUE(cb::all_paired(g, 5)) << "three left: one group of three";
  EXPECT_EQ(g[0], g[3]);
  EXPECT_EQ(g[1], g[2]);
  EXPECT_EQ(g[2], g[4]);
  EXPECT_NE(g[0], g[1]);
  g.fill(cb::no_group);
  cb::pair_seats(g, 6, 2, 5);
  EXPECT_FALSE(cb::all_paired(g, 6)) << "four left: the dealer pairs again";
  EXPECT_EQ(cb::next_to_pair(g, 6, 1), 3);
}

// Four players, one card each; the first dealer is seat 3, who pairs seat 0 (the dealer's
// left) with seat 2, so seats 1 and 3 form the other pair. Seat 0 takes the trick.
std::unique_ptr<cb::state> duel_round(const json& extra = json::object()) {
  const json deal = {
      {"first_dealer", 3},
      {"rounds", {{{"hands", hands_of({{"R13"}, {"R2"}, {"R3"}, {"R4"}})}, {"spinner", "X"}}}}};
  json options = {{"schedule", {1}}, {"round_types", {"duel_fights"}}};
  options.update(extra);
  return start(options, 4, deal);
}

json pair(int seat) { return {{"type", "pair"}, {"seat", seat}}; }

TEST(CrownBattlesDuels, TheDealerPairsThenTheDuelsAreScored) {
  auto g = duel_round();
  ASSERT_TRUE(g);
  const json round = g->view(1)["round"];
  EXPECT_EQ(g->view(1)["phase"], "pairing");
  EXPECT_EQ(round["type"], "duel_fights");
  EXPECT_EQ(round["pairing"], 0);
  EXPECT_EQ(round["groups"], json({nullptr, nullptr, nullptr, nullptr}));
  EXPECT_EQ(g->seats_to_act(), 0b1000);
  crownhall::action_list legal;
  g->legal_actions(3, legal);
  EXPECT_EQ(legal.size(), 3);  // seat 0 with 1, 2 or 3
  auto r = act(*g, 0, bid(1));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "the dealer (seat 3) is pairing the players");
  r = act(*g, 3, bid(1));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason,
            "Duel Fights: the dealer pairs the players first (pair seat 0 with another)");
  r = act(*g, 3, pair(0));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "seat 0 pairs with a seat that has no duel yet, not seat 0");

  MUST_ACT(*g, 3, pair(2));
  EXPECT_EQ(g->view(0)["phase"], "bidding");
  EXPECT_EQ(g->view(0)["round"]["groups"], json({0, 1, 0, 1}));
  EXPECT_TRUE(g->view(0)["round"]["pairing"].is_null());
  const auto lines = lines_read_by(*g, 1);
  EXPECT_NE(std::find(lines.begin(), lines.end(),
                      ev("paired", {{"seat", 3}, {"first", 0}, {"partner", 2}})),
            lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(),
                      ev("groups", {{"type", "duel_fights"}, {"groups", {{0, 2}, {1, 3}}}})),
            lines.end());

  // Seat 0 meets 1 and takes seat 2's penalty; seats 1 and 3 miss by 1 each: to the bank.
  for (int s = 0; s < 4; ++s) MUST_ACT(*g, s, bid(1));
  for (auto [s, c] : {std::pair{0, "R13"}, {1, "R2"}, {2, "R3"}, {3, "R4"}})
    MUST_ACT(*g, s, play(c));
  const json first = g->view(0)["rounds"][0];
  EXPECT_EQ(first["groups"], json({0, 1, 0, 1}));
  EXPECT_EQ(first["points"], json({40, -10, -10, -10}));
}

TEST(CrownBattlesDuels, RandomPairsNeedNoDealer) {
  auto g = duel_round({{"duel_pairing", "random"}});
  ASSERT_TRUE(g);
  EXPECT_EQ(g->view(0)["phase"], "bidding");
  const json groups = g->view(0)["round"]["groups"];
  std::vector<int> sizes(2, 0);
  for (const json& x : groups) {
    ASSERT_TRUE(x.is_number_integer());
    ++sizes[static_cast<std::size_t>(x.get<int>())];
  }
  EXPECT_EQ(sizes, (std::vector<int>{2, 2}));
}

// The Round Tracker leaves Duel Fights out with 2 or 3 players: the form does not offer it
// (the schema's "players"), and the options refuse it.
TEST(CrownBattlesDuels, NotPlayedByTwoOrThreePlayers) {
  for (int players : {2, 3}) {
    auto r = module().normalize_options({{"round_types", {"normal", "duel_fights"}}}, players);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().reason,
              "round_types: Duel Fights needs 4 or more players (the Round Tracker leaves it out)");
  }
  EXPECT_TRUE(module().normalize_options({{"round_types", {"duel_fights"}}}, 4));
  for (const json& o : module().option_schema()["options"])
    if (o["name"] == "round_types")
      for (const json& value : o["values"])
        if (value["value"] == "duel_fights") {
          EXPECT_EQ(value["players"], json({4, 5, 6, 7, 8}));
        }
  EXPECT_FALSE(module().normalize_options({{"duel_pairing", "chosen"}}, 4));
}

// Bots pair, bid and play Duel Fights rounds to the end, with 4 to 8 players.
TEST(CrownBattlesDuels, BotsPlayDuelFightsRounds) {
  for (int players = 4; players <= 8; ++players)
    for (const auto kind : {crownhall::bot_kind::random, crownhall::bot_kind::heuristic}) {
      auto g = start({{"round_types", {"duel_fights"}}}, players, nullptr, 7);
      ASSERT_TRUE(g);
      crownhall::prng rng(static_cast<std::uint64_t>(players));
      while (!g->is_over()) {
        const int seat = std::countr_zero(g->seats_to_act());
        const crownhall::action a = g->bot_action(seat, kind, rng);
        ASSERT_FALSE(g->apply(seat, a)) << g->action_to_json(a).dump();
      }
      for (const cb::round_summary& r : g->score_table()) {
        std::vector<int> sizes(crownhall::max_seats, 0);
        for (int s = 0; s < players; ++s) ++sizes[r.groups[static_cast<std::size_t>(s)]];
        const int threes = static_cast<int>(std::count(sizes.begin(), sizes.end(), 3));
        EXPECT_EQ(threes, players % 2) << "a group of three only with an odd count";
        EXPECT_EQ(std::count(sizes.begin(), sizes.end(), 2), (players - 3 * threes) / 2);
      }
    }
}

}  // namespace
}  // namespace crown_battles_test
