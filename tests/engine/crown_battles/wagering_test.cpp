// Rulings, Wagering (the expansion's round types): everyone pays 20 into the pot, those who
// meet their bid share it (each share rounded down to 5, the rest to the bank), nobody
// meeting carries the pot to the next Wagering round; no double bids; no other points.
#include <gtest/gtest.h>

#include "helpers.hpp"

namespace crown_battles_test {
namespace {

json round(const std::vector<std::vector<std::string>>& hands) {
  return {{"hands", hands_of(hands)}, {"spinner", "X"}};
}

// Five players, one card each, three Wagering rounds; the first dealer is seat 4, so seat 0
// bids first and leads, and the dealer moves one seat on each round.
std::unique_ptr<cb::state> five_wagering_rounds() {
  const json deal = {{"first_dealer", 4},
                     {"rounds",
                      {round({{"R13"}, {"R2"}, {"R3"}, {"R4"}, {"R5"}}),
                       round({{"R5"}, {"R13"}, {"R2"}, {"R3"}, {"R4"}}),
                       round({{"R4"}, {"R5"}, {"R13"}, {"R2"}, {"R3"}})}}};
  return start({{"schedule", {1, 1, 1}}, {"round_types", {"wagering"}}}, 5, deal);
}

// Each seat's bid, then the round's one trick, each in turn order.
void bid_and_play(cb::state& g, std::initializer_list<std::pair<int, int>> bids,
                  std::initializer_list<std::pair<int, const char*>> plays) {
  for (auto [seat, n] : bids) MUST_ACT(g, seat, bid(n));
  for (auto [seat, card] : plays) MUST_ACT(g, seat, play(card));
}

// The rulebook's example: three of five players meet their bid and share the pot of 100,
// 30 each (33 rounded down to 5); the other 10 go to the bank.
TEST(CrownBattlesWagering, TheBooksExampleThreeOfFiveShareAHundred) {
  auto g = five_wagering_rounds();
  ASSERT_TRUE(g);
  EXPECT_EQ(g->view(0)["round"]["type"], "wagering");
  EXPECT_EQ(g->view(0)["round"]["pot"], 100);
  // Seat 0 leads R13 and takes the trick: bids 1, 0, 0 are met; seats 3 and 4 miss.
  bid_and_play(*g, {{0, 1}, {1, 0}, {2, 0}, {3, 1}, {4, 1}},
               {{0, "R13"}, {1, "R2"}, {2, "R3"}, {3, "R4"}, {4, "R5"}});
  const json first = g->view(0)["rounds"][0];
  EXPECT_EQ(first["pot"], 100);
  // A share of 30 less the stake of 20; a miss loses the stake, and nothing else is scored.
  EXPECT_EQ(first["points"], json({10, 10, 10, -20, -20}));
  EXPECT_EQ(g->carried_pot(), 0);
  const auto lines = lines_read_by(*g, 0);
  EXPECT_NE(std::find(lines.begin(), lines.end(),
                      ev("pot_shared",
                         {{"pot", 100}, {"winners", {0, 1, 2}}, {"share", 30}, {"bank", 10}})),
            lines.end());
}

// Nobody meets: everyone loses the stake and the pot carries to the next Wagering round,
// which plays for it and its own stakes.
TEST(CrownBattlesWagering, APotNobodyWonCarriesToTheNextWageringRound) {
  auto g = five_wagering_rounds();
  ASSERT_TRUE(g);
  bid_and_play(*g, {{0, 1}, {1, 0}, {2, 0}, {3, 1}, {4, 1}},
               {{0, "R13"}, {1, "R2"}, {2, "R3"}, {3, "R4"}, {4, "R5"}});
  // Round 2: seat 1 takes the trick with a bid of 0; everyone else bid 1.
  bid_and_play(*g, {{1, 0}, {2, 1}, {3, 1}, {4, 1}, {0, 1}},
               {{1, "R13"}, {2, "R2"}, {3, "R3"}, {4, "R4"}, {0, "R5"}});
  EXPECT_EQ(g->view(3)["rounds"][1]["points"], json({-20, -20, -20, -20, -20}));
  EXPECT_EQ(g->carried_pot(), 100);
  EXPECT_EQ(g->view(3)["round"]["pot"], 200);  // carried 100 and this round's stakes
  const auto lines = lines_read_by(*g, 3);
  EXPECT_NE(std::find(lines.begin(), lines.end(),
                      ev("pot_shared",
                         {{"pot", 100}, {"winners", json::array()}, {"share", 0}, {"bank", 0}})),
            lines.end());
  // Round 3: seat 2 takes the trick with its bid of 1, seats 3 and 4 meet 0: 200 / 3 is 66,
  // 65 each; 5 to the bank.
  bid_and_play(*g, {{2, 1}, {3, 0}, {4, 0}, {0, 1}, {1, 1}},
               {{2, "R13"}, {3, "R2"}, {4, "R3"}, {0, "R4"}, {1, "R5"}});
  const json third = g->view(3)["rounds"][2];
  EXPECT_EQ(third["pot"], 200);
  EXPECT_EQ(third["points"], json({-20, -20, 45, 45, 45}));
  EXPECT_EQ(g->carried_pot(), 0);
  EXPECT_TRUE(g->is_over());
  EXPECT_EQ(g->outcome()["totals"], json({-30, -30, 35, 5, 5}));
  EXPECT_EQ(g->outcome()["winner"], 2);
}

// Rulebook, Wagering: "Double-bidding is not allowed in this round."
TEST(CrownBattlesWagering, NoDoubleBids) {
  const json deal = {{"first_dealer", 2},
                     {"rounds", {round({{"R13", "B2"}, {"R2", "B3"}, {"R3", "B4"}})}}};
  auto g = start({{"schedule", {2}}, {"round_types", {"wagering"}}}, 3, deal);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->view(0)["round"]["double_bids"], false);
  crownhall::action_list legal;
  g->legal_actions(0, legal);
  for (crownhall::action a : legal) EXPECT_FALSE(g->action_to_json(a)["bid"].is_array());
  EXPECT_EQ(legal.size(), 3u);  // 0, 1, 2
  const auto refused = act(*g, 0, bid(1, 2));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->reason, "no double bid in a Wagering round");
}

// A table that mixes types shows the pot carried so far in its other rounds, and a round
// of another type scores as usual.
TEST(CrownBattlesWagering, OtherRoundsScoreAsUsualAndShowThePotCarried) {
  json normal_round = round({{"R13"}, {"R2"}, {"R3"}});
  normal_round["type"] = "normal";
  json wagering_round = round({{"R2"}, {"R13"}, {"R3"}});
  wagering_round["type"] = "wagering";
  const json deal = {{"first_dealer", 2}, {"rounds", {wagering_round, normal_round}}};
  auto g = start({{"schedule", {1, 1}}, {"round_types", {"normal", "wagering"}}}, 3, deal);
  ASSERT_TRUE(g);
  // Round 1: seat 1 takes the trick with a bid of 0; nobody meets: 60 carries.
  for (auto [seat, n] : {std::pair{0, 1}, {1, 0}, {2, 1}}) MUST_ACT(*g, seat, bid(n));
  for (auto [seat, card] : {std::pair{0, "R2"}, {1, "R13"}, {2, "R3"}})
    MUST_ACT(*g, seat, play(card));
  EXPECT_EQ(g->view(0)["round"]["type"], "normal");
  EXPECT_EQ(g->view(0)["round"]["pot"], 60);
  EXPECT_EQ(g->view(0)["rounds"][0]["points"], json({-20, -20, -20}));
  // Round 2 (Normal): the base game's points; the carried pot is not touched.
  for (auto [seat, n] : {std::pair{1, 1}, {2, 0}, {0, 0}}) MUST_ACT(*g, seat, bid(n));
  for (auto [seat, card] : {std::pair{1, "R2"}, {2, "R3"}, {0, "R13"}})
    MUST_ACT(*g, seat, play(card));
  const json second = g->view(0)["rounds"][1];
  EXPECT_EQ(second["points"], json({-10, -10, 20}));
  EXPECT_FALSE(second.contains("pot"));
  EXPECT_EQ(g->carried_pot(), 60);
}

// A table without Wagering writes no pot: its views are as they were.
TEST(CrownBattlesWagering, TablesWithoutWageringShowNoPot) {
  auto g = start({{"round_types", {"normal", "blind"}}}, 4);
  ASSERT_TRUE(g);
  EXPECT_FALSE(g->view(0)["round"].contains("pot"));
}

// The option: right after their bid each player wagers 0, 10 or 20 extra; met, it comes
// back with as much again from the bank; missed, it is lost.
TEST(CrownBattlesWagering, AnExtraWagerFollowsEachBidAndDoublesOrIsLost) {
  const json deal = {{"first_dealer", 2}, {"rounds", {round({{"R13"}, {"R2"}, {"R3"}})}}};
  auto g =
      start({{"schedule", {1}}, {"round_types", {"wagering"}}, {"extra_wager", true}}, 3, deal);
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, bid(1));
  EXPECT_TRUE(g->wager_due());
  EXPECT_EQ(g->view(1)["seats_to_act"], json({0}));  // still seat 0's turn
  crownhall::action_list legal;
  g->legal_actions(0, legal);
  ASSERT_EQ(legal.size(), 3u);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(g->action_to_json(legal[i]), json({{"type", "wager"}, {"extra", 10 * i}}));
  const auto early = act(*g, 0, bid(0));
  ASSERT_TRUE(early);
  EXPECT_EQ(early->reason, "you have bid: now your extra wager (0, 10 or 20)");
  const auto too_much = act(*g, 0, {{"type", "wager"}, {"extra", 30}});
  ASSERT_TRUE(too_much);
  EXPECT_EQ(too_much->reason, "an extra wager is 0, 10 or 20 points");
  MUST_ACT(*g, 0, json({{"type", "wager"}, {"extra", 20}}));
  EXPECT_EQ(lines_read_by(*g, 2),
            std::vector<std::string>{ev("wagered", {{"seat", 0}, {"extra", 20}})});
  MUST_ACT(*g, 1, bid(0));
  MUST_ACT(*g, 1, json({{"type", "wager"}, {"extra", 10}}));
  MUST_ACT(*g, 2, bid(1));
  EXPECT_EQ(g->view(0)["round"]["wagers"], json({20, 10, 0}));
  EXPECT_EQ(g->view(0)["round"]["wager_due"], true);
  MUST_ACT(*g, 2, json({{"type", "wager"}, {"extra", 10}}));
  for (auto [seat, card] : {std::pair{0, "R13"}, {1, "R2"}, {2, "R3"}})
    MUST_ACT(*g, seat, play(card));
  // Seats 0 and 1 meet: 60 / 2 = 30 each, less the stake, plus the extra wager won; seat 2
  // loses its stake and its extra 10.
  const json r = g->outcome()["rounds"][0];
  EXPECT_EQ(r["points"], json({30, 20, -30}));
  EXPECT_EQ(r["wagers"], json({20, 10, 10}));
}

TEST(CrownBattlesWagering, TheExtraWagerNeedsWageringRounds) {
  auto refused = module().normalize_options({{"extra_wager", true}}, 4);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().reason,
            "extra_wager: the extra wager is Wagering's; add \"wagering\" to round_types");
  auto on = module().normalize_options(
      {{"extra_wager", true}, {"round_types", {"normal", "wagering"}}}, 4);
  ASSERT_TRUE(on);
  EXPECT_EQ((*on)["extra_wager"], true);
  // Off, it is left out: records kept before the option read as they did.
  auto off = module().normalize_options({{"round_types", {"wagering"}}}, 4);
  ASSERT_TRUE(off);
  EXPECT_FALSE(off->contains("extra_wager"));
}

}  // namespace
}  // namespace crown_battles_test
