// The first half of a round: dealing, spreads, plays, draws and the zero-spread double draw.
#include "helpers.hpp"

namespace crownhall::queens_court {
namespace {

using namespace testing;

// Two players; seat 0 starts. Seat 0's piles 1|9 (spread 8), seat 1's 2|5 (spread 3).
json two_player_deal(const json& draw) {
  return {{"first_player", 0},
          {"rounds", json::array({{{"hands", {{"9b", "3a", "4a"}, {"2a", "6a", "7a"}}},
                                   {"piles", piles({{"1a", "9a"}, {"2b", "5b"}})},
                                   {"draw", draw}}})}};
}

TEST(QueensCourtCards, DeckHasTheRulebookCounts) {
  std::array<int, 11> per_value{};
  for (int c = 0; c < numbered_count; ++c) ++per_value[value_of(static_cast<card>(c))];
  EXPECT_EQ(per_value, copies_of_value);
  EXPECT_EQ(card_id(0), "1a");
  EXPECT_EQ(card_id(43), "10f");
  EXPECT_EQ(card_id(first_glove), "G1");
  EXPECT_EQ(card_id(first_queen + 4), "Q5");
  for (int c = 0; c < card_count; ++c)
    EXPECT_EQ(card_from_id(card_id(static_cast<card>(c))), c) << card_id(static_cast<card>(c));
  EXPECT_EQ(card_from_id("11a"), no_card);
}

TEST(QueensCourtSpread, IsTheDifferenceOfTheTwoShowingCards) {
  EXPECT_EQ(spread_of(id("2a"), id("5a")), 3);
  EXPECT_EQ(spread_of(id("5a"), id("2a")), 3);
  EXPECT_EQ(spread_of(id("9a"), id("9b")), 0);
  EXPECT_EQ(spread_of(id("1a"), id("10a")), 9);
}

// Rules, "Round End": "the left pile shows 2 and the right pile shows 5, the spread is 3.
// Or, if both cards show 9 and 9, the spread is 0."
TEST(QueensCourtSpread, WorkedExamplesFromTheRules) {
  json deal = {{"rounds", json::array({{{"piles", piles({{"2a", "5a"}, {"9a", "9b"}})}}})}};
  auto g = start(2, deal);
  ASSERT_TRUE(g);
  json v = g->view(spectator);
  EXPECT_EQ(v["players"][0]["spread"], 3);
  EXPECT_EQ(v["players"][1]["spread"], 0);
  EXPECT_EQ(v["players"][0]["piles"][0]["showing"], "2a");
  EXPECT_EQ(v["players"][0]["piles"][1]["showing"], "5a");
}

TEST(QueensCourtDeal, DealsThreeCardsAndTwoPilesEach) {
  for (int n = 2; n <= 5; ++n) {
    auto g = start(n, nullptr, {}, 7);
    ASSERT_TRUE(g);
    const table_view v = g->make_view(spectator);
    for (int s = 0; s < n; ++s) {
      EXPECT_EQ(v.player[s].hand_size, 3);
      EXPECT_EQ(v.player[s].pile_size[0], 1);
      EXPECT_EQ(v.player[s].pile_size[1], 1);
    }
    EXPECT_EQ(v.draw_size, numbered_count - 5 * n);
    EXPECT_EQ(v.phase, phase::first_half);
    EXPECT_EQ(g->cards_in_hands() & ~(bit(first_glove) - 1), 0u) << "no Gloves in first half";
  }
}

TEST(QueensCourtDeal, FirstPlayerIsRandomAndThenRotates) {
  std::array<int, 4> seen{};
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    auto g = start(4, nullptr, {}, seed);
    ++seen[g->make_view(spectator).first_player];
  }
  for (int s = 0; s < 4; ++s) EXPECT_GT(seen[s], 20) << s;
}

TEST(QueensCourtFirstHalf, PlayThenDrawOne) {
  auto g = start(2, two_player_deal({"8a", "8b", "8c", "8d"}));
  ASSERT_TRUE(g);
  EXPECT_EQ(g->seats_to_act(), 1u);
  must_play(*g, 0, "3a", 1, "left");  // seat 1: 3|5, spread 2 (not zero): draw one
  EXPECT_EQ(hand_count(*g, 0), 3);
  EXPECT_TRUE(holds(*g, 0, "8a"));
  EXPECT_EQ(spread(*g, 1), 2);
  EXPECT_EQ(g->make_view(spectator).draw_size, 3);
  EXPECT_EQ(g->seats_to_act(), 2u);
}

TEST(QueensCourtFirstHalf, ZeroSpreadOnOwnPileDrawsTwo) {
  auto g = start(2, two_player_deal({"8a", "8b", "8c", "8d"}));
  must_play(*g, 0, "9b", 0, "left");  // 9|9
  EXPECT_EQ(spread(*g, 0), 0);
  EXPECT_EQ(hand_count(*g, 0), 4);
  EXPECT_TRUE(holds(*g, 0, "8a"));
  EXPECT_TRUE(holds(*g, 0, "8b"));
  EXPECT_EQ(g->make_view(spectator).draw_size, 2);
}

TEST(QueensCourtFirstHalf, ZeroSpreadOnAnotherPlayersPileDrawsTwoForThePlayer) {
  json deal = {{"first_player", 0},
               {"rounds", json::array({{{"hands", {{"5c", "3a", "4a"}, {"2a", "6a", "7a"}}},
                                        {"piles", piles({{"1a", "9a"}, {"2b", "5b"}})},
                                        {"draw", {"8a", "8b", "8c", "8d"}}}})}};
  auto g = start(2, deal);
  must_play(*g, 0, "5c", 1, "left");  // seat 1: 5|5, zero: seat 0, the player, draws two
  EXPECT_EQ(spread(*g, 1), 0);
  EXPECT_EQ(hand_count(*g, 0), 4);
  EXPECT_EQ(hand_count(*g, 1), 3);
  must_play(*g, 1, "6a", 0, "left");  // seat 0: 6|9, not zero: draw one
  EXPECT_EQ(hand_count(*g, 1), 3);
}

// Decision: "resulting in a zero sum spread" counts a play that keeps a zero spread zero.
TEST(QueensCourtFirstHalf, KeepingAZeroSpreadAlsoDrawsTwo) {
  json deal = {{"first_player", 0},
               {"rounds", json::array({{{"hands", {{"9b", "3a", "4a"}, {"2a", "6a", "7a"}}},
                                        {"piles", piles({{"9c", "9a"}, {"2b", "5b"}})},
                                        {"draw", {"8a", "8b", "8c"}}}})}};
  auto g = start(2, deal);
  must_play(*g, 0, "9b", 0, "right");
  EXPECT_EQ(hand_count(*g, 0), 4);
}

TEST(QueensCourtFirstHalf, DoubleDrawTakesWhatIsLeftAndEndsTheHalf) {
  auto g = start(2, two_player_deal({"8a"}));
  must_play(*g, 0, "9b", 0, "left");
  EXPECT_EQ(hand_count(*g, 0), 3 + 1);  // 2 left + 8a + Glove
  EXPECT_TRUE(holds(*g, 0, "G1"));
  EXPECT_EQ(g->make_view(spectator).phase, phase::second_half);
  EXPECT_EQ(g->seats_to_act(), 2u) << "play continues clockwise";
}

TEST(QueensCourtFirstHalf, HalfEndsWhenTheDrawPileIsEmpty) {
  auto g = start(2, two_player_deal({"8a", "8b"}));
  must_play(*g, 0, "3a", 1, "left");
  EXPECT_EQ(g->phase(), "first_half");
  must_play(*g, 1, "2a", 0, "left");
  EXPECT_EQ(g->phase(), "second_half");
  EXPECT_EQ(g->make_view(spectator).draw_size, 0);
  EXPECT_TRUE(holds(*g, 0, "G1"));
  EXPECT_TRUE(holds(*g, 1, "G2"));
  EXPECT_EQ(hand_count(*g, 0), 4);
  EXPECT_EQ(hand_count(*g, 1), 4);
  EXPECT_EQ(g->seats_to_act(), 1u);
}

TEST(QueensCourtFirstHalf, AnyHandCardOnAnyPile) {
  auto g = start(3, nullptr, {}, 3);
  const int s = std::countr_zero(g->seats_to_act());
  action_list legal;
  g->legal_actions(s, legal);
  EXPECT_EQ(legal.size(), 3 * 6);
  g->legal_actions((s + 1) % 3, legal);
  EXPECT_TRUE(legal.empty());
}

TEST(QueensCourtFirstHalf, RefusalsLeaveTheStateUnchanged) {
  auto g = start(2, two_player_deal({"8a", "8b"}));
  const std::uint64_t h = g->state_hash();
  auto r = try_play(*g, 1, "2a", 0, "left");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::not_your_turn);
  r = try_play(*g, 0, "2a", 0, "left");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::illegal_action);
  EXPECT_NE(r->reason.find("not in your hand"), std::string::npos);
  r = try_play(*g, 0, "G1", 0, "left");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::illegal_action);
  EXPECT_EQ(g->state_hash(), h);
}

TEST(QueensCourtActions, MalformedActionsAreRefusedWithAReason) {
  auto g = start(2, nullptr);
  for (const char* text :
       {R"([])", R"({"card": "7c"})", R"({"type": "bid"})", R"({"type": "play"})",
        R"({"type": "play", "card": "7z", "owner": 0, "side": "left"})",
        R"({"type": "play", "card": "7c", "owner": 2, "side": "left"})",
        R"({"type": "play", "card": "7c", "owner": 0, "side": "middle"})",
        R"({"type": "play", "card": "7c", "side": "left"})"}) {
    auto a = g->action_from_json(json::parse(text));
    ASSERT_FALSE(a) << text;
    EXPECT_EQ(a.error().code, error_code::malformed_action);
    EXPECT_FALSE(a.error().reason.empty());
  }
  auto a = g->action_from_json(play_json("10f", 1, "right"));
  ASSERT_TRUE(a);
  EXPECT_EQ(g->action_to_json(*a), play_json("10f", 1, "right"));
}

}  // namespace
}  // namespace crownhall::queens_court
