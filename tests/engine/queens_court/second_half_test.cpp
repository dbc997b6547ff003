// The second half: Gloves, locking, skipping locked players, the last player holding
// cards, and the end of a round when nobody can play.
#include "helpers.hpp"

namespace crownhall::queens_court {
namespace {

using namespace testing;

// Two players, no draw pile: the round starts in its second half.
json gloves_deal() {
  return {{"first_player", 0},
          {"rounds", json::array({{{"hands", {{"3a", "5a", "7a"}, {"2a", "4a", "6a"}}},
                                   {"piles", piles({{"1a", "9a"}, {"2b", "5b"}})},
                                   {"draw", json::array()}}})}};
}

// Three players. Seat 0 opens with a zero spread and draws the last two cards; seat 1
// does the same when `second_double` so hands are 5, 5, 4 in the second half.
json three_player_deal(bool second_double) {
  json draw = second_double ? json{"1b", "1c", "1d", "1e"} : json{"1b", "1c"};
  return {
      {"first_player", 0},
      {"rounds",
       json::array(
           {{{"hands",
              {{"9b", "3a", "4a"}, {second_double ? "8b" : "2a", "6a", "7a"}, {"2c", "6b", "7b"}}},
             {"piles", piles({{"1a", "9a"}, {"5a", "8a"}, {"10a", "3b"}})},
             {"draw", draw}}})}};
}

TEST(QueensCourtSecondHalf, AnEmptyStackedDrawPileStartsTheSecondHalf) {
  auto g = start(2, gloves_deal());
  EXPECT_EQ(g->phase(), "second_half");
  EXPECT_TRUE(holds(*g, 0, "G1"));
  EXPECT_TRUE(holds(*g, 1, "G2"));
  EXPECT_EQ(g->seats_to_act(), 1u);
}

TEST(QueensCourtGloves, AGloveClosesThePileAndTheCardBelowCounts) {
  auto g = start(2, gloves_deal());
  must_play(*g, 0, "G1", 1, "right");
  const table_view v = g->make_view(spectator);
  EXPECT_EQ(card_id(v.player[1].top[1]), "G1");
  EXPECT_EQ(card_id(v.player[1].showing[1]), "5b");
  EXPECT_EQ(v.player[1].spread, 3);
  json j = g->view(1);
  EXPECT_EQ(j["players"][1]["piles"][1]["gloved"], true);
  EXPECT_EQ(j["players"][1]["piles"][1]["cards"], json({"5b", "G1"}));
  auto r = try_play(*g, 1, "2a", 1, "right");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::illegal_action);
  EXPECT_NE(r->reason.find("Glove"), std::string::npos);
  action_list legal;
  g->legal_actions(1, legal);
  EXPECT_EQ(legal.size(), 4 * 3) << "four cards, three open piles";
  for (action a : legal) {
    const json j = g->action_to_json(a);
    EXPECT_FALSE(j["side"] == "right" && j["owner"] == 1) << j;
  }
}

TEST(QueensCourtGloves, BothOfAPlayersPilesMayBeGloved) {
  auto g = start(2, gloves_deal());
  must_play(*g, 0, "G1", 1, "right");
  must_play(*g, 1, "G2", 1, "left");
  const table_view v = g->make_view(spectator);
  EXPECT_EQ(v.open_piles, 0b0011);
  EXPECT_EQ(v.player[1].spread, 3);
}

TEST(QueensCourtGloves, AGloveMayCoverOnesOwnPile) {
  auto g = start(2, gloves_deal());
  must_play(*g, 0, "G1", 0, "left");
  EXPECT_EQ(g->make_view(spectator).open_piles, 0b1110);
}

TEST(QueensCourtLocking, TheLastCardLocksAndLockedPlayersAreSkipped) {
  auto g = start(3, three_player_deal(true));
  must_play(*g, 0, "9b", 0, "left");  // zero: draws 1b 1c
  must_play(*g, 1, "8b", 1, "left");  // zero: draws 1d 1e, the draw pile is empty
  ASSERT_EQ(g->phase(), "second_half");
  EXPECT_EQ(hand_count(*g, 0), 5);
  EXPECT_EQ(hand_count(*g, 1), 5);
  EXPECT_EQ(hand_count(*g, 2), 4);
  EXPECT_EQ(g->seats_to_act(), 1u << 2);
  must_play(*g, 2, "2c", 2, "left");
  must_play(*g, 0, "3a", 0, "right");
  must_play(*g, 1, "6a", 1, "right");
  must_play(*g, 2, "6b", 2, "right");
  must_play(*g, 0, "4a", 0, "right");
  must_play(*g, 1, "7a", 1, "right");
  must_play(*g, 2, "7b", 2, "left");
  must_play(*g, 0, "1b", 0, "right");
  must_play(*g, 1, "1d", 1, "right");
  must_play(*g, 2, "G3", 2, "right");  // seat 2's last card: locked at 7|6
  table_view v = g->make_view(spectator);
  EXPECT_TRUE(v.player[2].locked);
  EXPECT_EQ(v.player[2].spread, 1);
  EXPECT_EQ(v.open_piles & 0b110000, 0) << "no one may play on a locked player's piles";
  EXPECT_EQ(g->seats_to_act(), 1u << 0);
  auto r = try_play(*g, 0, "1c", 2, "left");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::illegal_action);
  EXPECT_NE(r->reason.find("locked"), std::string::npos);
  must_play(*g, 0, "1c", 0, "right");
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
  must_play(*g, 1, "1e", 1, "right");
  EXPECT_EQ(g->seats_to_act(), 1u << 0) << "seat 2 is skipped";
  must_play(*g, 0, "G1", 0, "left");  // locked at 9|1
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
  must_play(*g, 1, "G2", 1, "left");  // locked at 8|1: everyone is locked, the round ends
  ASSERT_EQ(g->rounds().size(), 1u);
  const round_result& result = g->rounds()[0];
  EXPECT_EQ(result.spread[0], 8);
  EXPECT_EQ(result.spread[1], 7);
  EXPECT_EQ(result.spread[2], 1);
  EXPECT_EQ(result.winner, 2);
  EXPECT_EQ(g->wins(2), 1);
  EXPECT_EQ(g->make_view(spectator).first_player, 1) << "next round: one seat clockwise";
  EXPECT_EQ(g->make_view(spectator).round, 2);
}

TEST(QueensCourtLocking, TheLastPlayerHoldingCardsPlaysOnOwnPiles) {
  auto g = start(3, three_player_deal(false));
  must_play(*g, 0, "9b", 0, "left");
  ASSERT_EQ(g->phase(), "second_half");
  EXPECT_EQ(hand_count(*g, 0), 5);
  const char* s1[] = {"2a", "6a", "7a", "G2"};
  const char* s1_side[] = {"left", "right", "left", "right"};
  const char* s2[] = {"2c", "6b", "7b", "G3"};
  const char* s2_side[] = {"left", "right", "left", "right"};
  const char* s0[] = {"3a", "4a", "1b"};
  const int s0_owner[] = {1, 2, 1};
  for (int i = 0; i < 4; ++i) {
    must_play(*g, 1, s1[i], 1, s1_side[i]);
    must_play(*g, 2, s2[i], 2, s2_side[i]);
    if (i < 3) must_play(*g, 0, s0[i], s0_owner[i], "left");
  }
  // Seats 1 and 2 are locked; seat 0 holds 1c and G1.
  EXPECT_EQ(g->seats_to_act(), 1u);
  action_list legal;
  g->legal_actions(0, legal);
  EXPECT_EQ(legal.size(), 4);
  for (action a : legal) EXPECT_EQ(g->action_to_json(a)["owner"], 0);
  must_play(*g, 0, "1c", 0, "right");
  EXPECT_EQ(g->seats_to_act(), 1u) << "the only player left plays again";
  must_play(*g, 0, "G1", 0, "left");
  ASSERT_EQ(g->rounds().size(), 1u);
  const round_result& r = g->rounds()[0];
  EXPECT_EQ(r.spread[0], 8);  // 9 under the Glove, 1
  EXPECT_EQ(r.spread[1], 5);  // 1 on the left, 6 under the Glove
  EXPECT_EQ(r.spread[2], 1);  // 7, 6 under the Glove
  EXPECT_EQ(r.winner, 2);
}

// Rulings: a player with cards but no legal play passes; when nobody can play the round
// ends. Any open pile is open to all, so this happens only when every player still
// holding cards has both piles gloved: the round ends at once, cards still in hand.
TEST(QueensCourtPasses, RoundEndsWhenTheLastHolderHasBothPilesGloved) {
  auto g = start(3, three_player_deal(false));
  must_play(*g, 0, "9b", 0, "left");
  must_play(*g, 1, "G2", 0, "left");
  must_play(*g, 2, "G3", 0, "right");
  action_list legal;
  g->legal_actions(0, legal);
  for (action a : legal) EXPECT_NE(g->action_to_json(a)["owner"], 0);
  must_play(*g, 0, "3a", 1, "left");
  must_play(*g, 1, "2a", 1, "left");
  must_play(*g, 2, "2c", 2, "left");
  must_play(*g, 0, "4a", 2, "left");
  must_play(*g, 1, "6a", 1, "right");
  must_play(*g, 2, "6b", 2, "right");
  must_play(*g, 0, "1b", 1, "right");
  must_play(*g, 1, "7a", 1, "left");  // seat 1 locked
  EXPECT_EQ(hand_count(*g, 0), 2);
  EXPECT_EQ(g->seats_to_act(), 1u << 2);
  must_play(*g, 2, "7b", 2, "left");  // seat 2 locked; seat 0 holds 1c and G1, no open pile
  ASSERT_EQ(g->rounds().size(), 1u);
  const round_result& r = g->rounds()[0];
  EXPECT_EQ(r.spread[0], 0);  // 9 | 9, both under Gloves
  EXPECT_EQ(r.pile_cards[0], 5);
  EXPECT_EQ(r.winner, 0);
  EXPECT_EQ(g->phase(), "first_half") << "the next round is dealt";
}

}  // namespace
}  // namespace crownhall::queens_court
