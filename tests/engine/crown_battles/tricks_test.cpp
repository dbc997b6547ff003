// Rulings, Tricks and the book's Special Cases, each a stacked deal played through apply().
#include <gtest/gtest.h>

#include "helpers.hpp"

namespace crown_battles_test {
namespace {

// One round with fixed hands and spinner; seat numbers increase clockwise.
json one_round(int first_dealer, const std::vector<std::vector<std::string>>& hands,
               const std::string& spinner) {
  return {{"first_dealer", first_dealer},
          {"rounds", {{{"hands", hands_of(hands)}, {"spinner", spinner}}}}};
}

json trick_view(const cb::state& g) { return g.view(crownhall::spectator)["trick"]; }

// Bids 0 for everyone, in order from the dealer's left, except `bidder` who bids `n`.
void bid_all(cb::state& g, int bidder = -1, int n = 0) {
  const int players = g.seat_count();
  for (int k = 1; k <= players; ++k) {
    const int seat = (g.dealer() + k) % players;
    MUST_ACT(g, seat, bid(seat == bidder ? n : 0));
  }
}

// Rulebook example: trump Yellow; Blue 13 led, Yellow 12 beats it, the Golem beats the trump,
// the Dragon beats the Golem, and the second Dragon loses to the first.
TEST(CrownBattlesTricks, BookExample) {
  auto g = start({{"schedule", {1}}}, 5,
                 one_round(4, {{"B13"}, {"Y12"}, {"GOLEM1"}, {"DRAGON1"}, {"DRAGON2"}}, "Y"));
  ASSERT_TRUE(g);
  EXPECT_EQ(g->trump_suit(), cb::trump::yellow);
  bid_all(*g, 3, 1);
  ASSERT_EQ(g->current_phase(), cb::phase::playing);
  EXPECT_EQ(g->seats_to_act(), 1u);  // the dealer's left leads
  const int expected_winning[] = {0, 1, 2, 3, 3};
  const char* cards[] = {"B13", "Y12", "GOLEM1", "DRAGON1", "DRAGON2"};
  for (int seat = 0; seat < 4; ++seat) {
    MUST_ACT(*g, seat, play(cards[seat]));
    EXPECT_EQ(trick_view(*g)["winning"], expected_winning[seat]) << cards[seat];
  }
  EXPECT_EQ(trick_view(*g)["lead"], "B");
  MUST_ACT(*g, 4, play("DRAGON2"));
  const json out = g->outcome();
  EXPECT_EQ(out["rounds"][0]["tricks"], json({0, 0, 0, 1, 0}));
  EXPECT_EQ(out["rounds"][0]["points"], json({20, 20, 20, 30, 20}));
  EXPECT_TRUE(g->is_over());
  EXPECT_EQ(out["winner"], 3);
  EXPECT_EQ(g->view(0)["last_trick"]["winning"], 3);
}

// Special Cases, 1st bullet: a Peasant led leaves the lead suit to the next card.
TEST(CrownBattlesTricks, PeasantLedNextCardSetsTheSuit) {
  auto g = start({{"schedule", {2}}}, 3,
                 one_round(2, {{"PEASANT1", "R2"}, {"B5", "R3"}, {"B9", "R13"}}, "X"));
  ASSERT_TRUE(g);
  bid_all(*g, 2, 2);
  MUST_ACT(*g, 0, play("PEASANT1"));
  EXPECT_EQ(trick_view(*g)["lead"], "open");
  MUST_ACT(*g, 1, play("B5"));
  EXPECT_EQ(trick_view(*g)["lead"], "B");
  EXPECT_EQ(trick_view(*g)["winning"], 1);
  auto refused = act(*g, 2, play("R13"));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->code, crownhall::error_code::illegal_action);
  EXPECT_EQ(refused->reason, "you must follow blue: you hold B9");
  MUST_ACT(*g, 2, play("B9"));
  // The winner leads the next trick.
  EXPECT_EQ(g->seats_to_act(), 1u << 2);
  MUST_ACT(*g, 2, play("R13"));
  MUST_ACT(*g, 0, play("R2"));
  MUST_ACT(*g, 1, play("R3"));
  EXPECT_EQ(g->outcome()["rounds"][0]["tricks"], json({0, 0, 2}));
}

// Special Cases, 2nd bullet: a Golem or Dragon led — anyone plays anything.
TEST(CrownBattlesTricks, GolemLedMeansNoLeadSuit) {
  auto g = start({{"schedule", {2}}}, 3,
                 one_round(2, {{"GOLEM1", "B2"}, {"B5", "R3"}, {"B9", "PEASANT1"}}, "B"));
  ASSERT_TRUE(g);
  bid_all(*g);
  MUST_ACT(*g, 0, play("GOLEM1"));
  EXPECT_EQ(trick_view(*g)["lead"], "none");
  MUST_ACT(*g, 1, play("R3"));  // holds B5, may still play red
  MUST_ACT(*g, 2, play("B9"));  // a trump does not beat the Golem
  EXPECT_EQ(g->view(0)["last_trick"]["winning"], 0);
}

TEST(CrownBattlesTricks, DragonAfterPeasantMeansNoLeadSuit) {
  auto g = start({{"schedule", {2}}}, 3,
                 one_round(2, {{"PEASANT1", "B2"}, {"DRAGON1", "R3"}, {"B9", "R4"}}, "X"));
  ASSERT_TRUE(g);
  bid_all(*g);
  MUST_ACT(*g, 0, play("PEASANT1"));
  MUST_ACT(*g, 1, play("DRAGON1"));
  EXPECT_EQ(trick_view(*g)["lead"], "none");
  MUST_ACT(*g, 2, play("R4"));
  EXPECT_EQ(g->view(0)["last_trick"]["winning"], 1);
}

// Special Cases, 3rd bullet: when all play a Peasant, the first one wins.
TEST(CrownBattlesTricks, AllPeasantsFirstWins) {
  auto g = start({{"schedule", {1}}}, 4,
                 one_round(1, {{"PEASANT1"}, {"PEASANT2"}, {"PEASANT3"}, {"PEASANT4"}}, "R"));
  ASSERT_TRUE(g);
  bid_all(*g, 2, 1);
  for (int k = 0; k < 4; ++k) {
    const int seat = (2 + k) % 4;
    MUST_ACT(*g, seat, play("PEASANT" + std::to_string(seat + 1)));
  }
  EXPECT_EQ(g->outcome()["rounds"][0]["tricks"], json({0, 0, 1, 0}));
}

// Special Cases, 4th bullet: of several Golems the first wins.
TEST(CrownBattlesTricks, FirstGolemWins) {
  auto g = start({{"schedule", {1}}}, 3, one_round(0, {{"GOLEM2"}, {"GOLEM1"}, {"Y13"}}, "Y"));
  ASSERT_TRUE(g);
  bid_all(*g);
  MUST_ACT(*g, 1, play("GOLEM1"));
  MUST_ACT(*g, 2, play("Y13"));
  MUST_ACT(*g, 0, play("GOLEM2"));
  EXPECT_EQ(g->outcome()["rounds"][0]["tricks"], json({0, 1, 0}));
}

TEST(CrownBattlesTricks, GolemDragonPeasantAlwaysPlayable) {
  auto g = start(
      {{"schedule", {3}}}, 3,
      one_round(2, {{"B2", "R5", "R6"}, {"B9", "GOLEM1", "PEASANT1"}, {"B3", "DRAGON1", "R7"}},
                "X"));
  ASSERT_TRUE(g);
  bid_all(*g);
  MUST_ACT(*g, 0, play("B2"));
  crownhall::action_list legal;
  g->legal_actions(1, legal);
  EXPECT_EQ(legal.size(), 3);  // B9, GOLEM1, PEASANT1: all three
  MUST_ACT(*g, 1, play("PEASANT1"));
  g->legal_actions(2, legal);
  EXPECT_EQ(legal.size(), 2);  // B3 or DRAGON1, not R7
  auto refused = act(*g, 2, play("R7"));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->reason, "you must follow blue: you hold B3");
  MUST_ACT(*g, 2, play("DRAGON1"));
}

TEST(CrownBattlesTricks, TrumpBeatsLeadSuitAndOffSuitLoses) {
  auto g = start({{"schedule", {2}}}, 3,
                 one_round(2, {{"B13", "G2"}, {"R2", "Y13"}, {"R5", "B6"}}, "R"));
  ASSERT_TRUE(g);
  bid_all(*g);
  MUST_ACT(*g, 0, play("B13"));
  MUST_ACT(*g, 1, play("R2"));  // void in blue: trumps
  EXPECT_EQ(trick_view(*g)["winning"], 1);
  MUST_ACT(*g, 2, play("B6"));  // must follow blue
  EXPECT_EQ(g->view(0)["last_trick"]["winning"], 1);
  MUST_ACT(*g, 1, play("Y13"));  // off-suit 13 led; G2 cannot follow yellow
  MUST_ACT(*g, 2, play("R5"));   // trumps it
  MUST_ACT(*g, 0, play("G2"));
  EXPECT_EQ(g->outcome()["rounds"][0]["tricks"], json({0, 1, 1}));
}

TEST(CrownBattlesTricks, HigherOffSuitCardLosesWithoutTrump) {
  auto g = start({{"schedule", {1}}}, 3, one_round(2, {{"B5"}, {"Y13"}, {"B6"}}, "X"));
  ASSERT_TRUE(g);
  bid_all(*g);
  MUST_ACT(*g, 0, play("B5"));
  MUST_ACT(*g, 1, play("Y13"));
  MUST_ACT(*g, 2, play("B6"));
  EXPECT_EQ(g->outcome()["rounds"][0]["tricks"], json({0, 0, 1}));
}

TEST(CrownBattlesTricks, PlayErrors) {
  auto g = start({{"schedule", {1}}}, 3, one_round(2, {{"B5"}, {"Y13"}, {"B6"}}, "X"));
  ASSERT_TRUE(g);
  auto early = act(*g, 0, play("B5"));
  ASSERT_TRUE(early);
  EXPECT_EQ(early->code, crownhall::error_code::illegal_action);
  bid_all(*g, 2, 1);
  auto wrong_seat = act(*g, 1, play("Y13"));
  ASSERT_TRUE(wrong_seat);
  EXPECT_EQ(wrong_seat->code, crownhall::error_code::not_your_turn);
  EXPECT_EQ(wrong_seat->reason, "it is seat 0's turn");
  auto not_held = act(*g, 0, play("Y13"));
  ASSERT_TRUE(not_held);
  EXPECT_EQ(not_held->reason, "you do not hold Y13");
  auto special = act(*g, 0, play("ALCHEMIST"));
  ASSERT_TRUE(special);
  EXPECT_EQ(special->reason, "you do not hold ALCHEMIST");
  auto bid_now = act(*g, 0, bid(1));
  ASSERT_TRUE(bid_now);
  EXPECT_EQ(bid_now->code, crownhall::error_code::illegal_action);
  const auto before = g->state_hash();
  auto no_seat = act(*g, 7, play("B5"));
  ASSERT_TRUE(no_seat);
  EXPECT_EQ(no_seat->code, crownhall::error_code::not_your_turn);
  EXPECT_EQ(g->state_hash(), before);  // refusals change nothing
  MUST_ACT(*g, 0, play("B5"));
  MUST_ACT(*g, 1, play("Y13"));
  MUST_ACT(*g, 2, play("B6"));
  ASSERT_TRUE(g->is_over());
  auto over = act(*g, 0, play("B5"));
  ASSERT_TRUE(over);
  EXPECT_EQ(over->code, crownhall::error_code::game_over);
}

}  // namespace
}  // namespace crown_battles_test
