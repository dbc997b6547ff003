// Rulings, Bidding and Blind Bidding; the spinner's dealer's choice.
#include <gtest/gtest.h>

#include "helpers.hpp"

namespace crown_battles_test {
namespace {

json legal_bids(const cb::state& g, int seat) {
  crownhall::action_list legal;
  g.legal_actions(seat, legal);
  json out = json::array();
  for (auto a : legal) out.push_back(g.action_to_json(a)["bid"]);
  return out;
}

json spinner_round(int first_dealer, const std::string& spinner,
                   const std::string& type = "normal") {
  return {{"first_dealer", first_dealer}, {"rounds", {{{"spinner", spinner}, {"type", type}}}}};
}

TEST(CrownBattlesBidding, ClockwiseFromDealersLeftDealerLast) {
  auto g = start({{"schedule", {2, 4}}}, 4, spinner_round(1, "R"));
  ASSERT_TRUE(g);
  EXPECT_EQ(g->current_phase(), cb::phase::bidding);
  for (int seat : {2, 3, 0, 1}) {
    EXPECT_EQ(g->seats_to_act(), 1u << seat);
    MUST_ACT(*g, seat, bid(0));
  }
  EXPECT_EQ(g->current_phase(), cb::phase::playing);
  EXPECT_EQ(g->seats_to_act(), 1u << 2);
}

TEST(CrownBattlesBidding, RangeIsZeroToHandSizeWithDoubles) {
  auto g = start({{"schedule", {2}}}, 3, spinner_round(2, "R"));
  ASSERT_TRUE(g);
  EXPECT_EQ(legal_bids(*g, 0), json::parse("[0, 1, 2, [0, 1], [1, 2]]"));
  auto high = act(*g, 0, bid(3));
  ASSERT_TRUE(high);
  EXPECT_EQ(high->code, crownhall::error_code::illegal_action);
  EXPECT_EQ(high->reason, "bids range from 0 to 2 this round");
  auto high_double = act(*g, 0, bid(2, 3));
  ASSERT_TRUE(high_double);
  MUST_ACT(*g, 0, bid(1, 2));
  EXPECT_EQ(g->view(2)["seats"][0]["bid"], json::parse("[1, 2]"));  // normal bids are public
}

// Found by fuzz_apply (docs/fuzzing.md): the code of a double bid from 255, whose upper number
// wraps to 0 (no JSON bid reads as it), was accepted as a bid of [255, 0].
TEST(CrownBattlesBidding, ADoubleBidCodeWhoseUpperNumberWrapsIsRefused) {
  auto g = start({{"schedule", {2}}}, 3, spinner_round(2, "R"));
  ASSERT_TRUE(g);
  const std::uint64_t before = g->state_hash();
  auto refused = g->apply(0, cb::bid_action(cb::double_bid(255)));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->code, crownhall::error_code::illegal_action);
  EXPECT_EQ(g->state_hash(), before);
  MUST_ACT(*g, 0, bid(1, 2));
}

TEST(CrownBattlesBidding, NoDoubleBidWithOneCard) {
  auto g = start({{"schedule", {1}}}, 3, spinner_round(2, "R"));
  ASSERT_TRUE(g);
  EXPECT_EQ(legal_bids(*g, 0), json::parse("[0, 1]"));
  auto refused = act(*g, 0, bid(0, 1));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->reason, "no double bid when one card is dealt");
  EXPECT_EQ(g->view(0)["round"]["double_bids"], false);
}

TEST(CrownBattlesBidding, TokenCapLimitsBidsUnlessLifted) {
  // 8 players: tokens 0–8 (rulebook, Set up 3).
  auto capped = start(json::object(), 8);
  ASSERT_TRUE(capped);
  EXPECT_EQ(capped->table().bid_cap, 8);
  auto g = start({{"schedule", {20}}, {"bid_cap", 10}}, 2, spinner_round(1, "R"));
  ASSERT_TRUE(g);
  EXPECT_EQ(legal_bids(*g, 0).size(), 11u + 10u);
  auto refused = act(*g, 0, bid(11));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->reason, "bids range from 0 to 10 this round");
  auto lifted = start({{"schedule", {20}}, {"lift_bid_cap", true}}, 2, spinner_round(1, "R"));
  ASSERT_TRUE(lifted);
  MUST_ACT(*lifted, 0, bid(19, 20));
  EXPECT_EQ(lifted->view(0)["round"]["max_bid"], 20);
}

// Variant "Screw the dealer": another seat's double bid counts as its lower number; the
// dealer's double bid is refused if either number hits the forbidden total.
TEST(CrownBattlesBidding, ScrewTheDealer) {
  auto g = start({{"schedule", {4}}, {"screw_the_dealer", true}}, 3, spinner_round(2, "R"));
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, bid(1));
  EXPECT_EQ(legal_bids(*g, 1).size(), 5u + 4u);  // nobody but the dealer is limited
  MUST_ACT(*g, 1, bid(1, 2));                    // counts as 1: the dealer may not bid 2
  EXPECT_EQ(legal_bids(*g, 2), json::parse("[0, 1, 3, 4, [0, 1], [3, 4]]"));
  auto single = act(*g, 2, bid(2));
  ASSERT_TRUE(single);
  EXPECT_EQ(single->code, crownhall::error_code::illegal_action);
  EXPECT_EQ(single->reason, "screw the dealer: the bids would add up to 4, the cards dealt");
  auto low_hits = act(*g, 2, bid(2, 3));
  ASSERT_TRUE(low_hits);
  auto high_hits = act(*g, 2, bid(1, 2));
  ASSERT_TRUE(high_hits);
  MUST_ACT(*g, 2, bid(3, 4));
  EXPECT_EQ(g->current_phase(), cb::phase::playing);
}

TEST(CrownBattlesBidding, ScrewTheDealerOffByDefault) {
  auto g = start({{"schedule", {2}}}, 3, spinner_round(2, "R"));
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, bid(1));
  MUST_ACT(*g, 1, bid(0));
  MUST_ACT(*g, 2, bid(1));  // the bids add up to the cards dealt: allowed
}

TEST(CrownBattlesBidding, DealersChoiceLetsTheDealerNameASuit) {
  auto g = start({{"schedule", {2}}}, 3, spinner_round(1, "choice"));
  ASSERT_TRUE(g);
  EXPECT_EQ(g->phase(), "choose_trump");
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
  EXPECT_EQ(g->view(crownhall::spectator)["round"]["spinner"], "choice");
  EXPECT_EQ(g->view(crownhall::spectator)["round"]["trump"], nullptr);
  crownhall::action_list legal;
  g->legal_actions(1, legal);
  EXPECT_EQ(legal.size(), 4);
  auto others = act(*g, 2, bid(0));
  ASSERT_TRUE(others);
  EXPECT_EQ(others->code, crownhall::error_code::not_your_turn);
  EXPECT_EQ(others->reason, "the dealer (seat 1) is naming the trump");
  auto no_trump = act(*g, 1, choose("X"));
  ASSERT_TRUE(no_trump);
  EXPECT_EQ(no_trump->code, crownhall::error_code::illegal_action);
  auto bid_first = act(*g, 1, bid(0));
  ASSERT_TRUE(bid_first);
  EXPECT_EQ(bid_first->code, crownhall::error_code::illegal_action);
  MUST_ACT(*g, 1, choose("G"));
  EXPECT_EQ(g->trump_suit(), cb::trump::green);
  EXPECT_EQ(g->phase(), "bidding");
  EXPECT_EQ(g->seats_to_act(), 1u << 2);
  EXPECT_EQ(g->view(0)["round"]["trump"], "G");
  EXPECT_EQ(g->outcome()["rounds"].size(), 0u);
}

TEST(CrownBattlesBidding, SpinnerFacesSetTheTrump) {
  for (auto [face, trump] : {std::pair<const char*, json>{"R", "R"},
                             {"B", "B"},
                             {"G", "G"},
                             {"Y", "Y"},
                             {"X", nullptr}}) {
    auto g = start({{"schedule", {2}}}, 3, spinner_round(0, face));
    ASSERT_TRUE(g);
    EXPECT_EQ(g->view(0)["round"]["trump"], trump) << face;
    EXPECT_EQ(g->phase(), "bidding");
  }
}

// Blind Bidding: everyone at once; only whether a seat has bid is known, until every trick
// of the round is played.
TEST(CrownBattlesBidding, BlindBidsAreSecretUntilTheRoundEnds) {
  const json deal = {
      {"first_dealer", 0},
      {"rounds", {{{"hands", {{"B13"}, {"Y2"}, {"R4"}}}, {"spinner", "B"}, {"type", "blind"}}}}};
  auto g =
      start({{"schedule", {1}}, {"round_types", {"blind"}}, {"screw_the_dealer", true}}, 3, deal);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->seats_to_act(), 0b111u);
  MUST_ACT(*g, 2, bid(1));
  EXPECT_EQ(g->seats_to_act(), 0b011u);
  EXPECT_EQ(g->view(0)["seats"][2]["bid"], json({{"placed", true}}));
  EXPECT_EQ(g->view(crownhall::spectator)["seats"][2]["bid"], json({{"placed", true}}));
  EXPECT_EQ(g->view(2)["seats"][2]["bid"], json({{"placed", true}, {"bid", 1}}));
  EXPECT_EQ(g->view(2)["seats"][0]["bid"], json({{"placed", false}}));
  auto again = act(*g, 2, bid(0));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->code, crownhall::error_code::not_your_turn);
  EXPECT_EQ(again->reason, "you have already bid this round");
  MUST_ACT(*g, 1, bid(0));
  // No screw the dealer in Blind Bidding: the dealer (seat 0) may make the total 1.
  MUST_ACT(*g, 0, bid(0));
  EXPECT_EQ(g->phase(), "playing");
  EXPECT_EQ(g->view(1)["seats"][2]["bid"], json({{"placed", true}}));
  MUST_ACT(*g, 1, play("Y2"));
  MUST_ACT(*g, 2, play("R4"));
  EXPECT_EQ(g->view(0)["seats"][2]["bid"], json({{"placed", true}}));
  MUST_ACT(*g, 0, play("B13"));
  // Seat 0 took the trick: 0 bid 0 won 1 (-10); 1 bid 0 (20); 2 bid 1 won 0 (-10).
  ASSERT_TRUE(g->is_over());
  const json v = g->view(1);
  EXPECT_EQ(v["seats"][2]["bid"], 1);
  EXPECT_EQ(v["rounds"][0]["bids"], json({0, 0, 1}));
  EXPECT_EQ(v["rounds"][0]["points"], json({-10, 20, -10}));
  EXPECT_EQ(v["rounds"][0]["type"], "blind");
}

TEST(CrownBattlesBidding, BlindBidsMayBeDouble) {
  auto g =
      start({{"schedule", {3}}, {"round_types", {"blind"}}}, 3, {{"rounds", {{{"spinner", "R"}}}}});
  ASSERT_TRUE(g);
  MUST_ACT(*g, 1, bid(0, 1));
  EXPECT_EQ(g->view(1)["seats"][1]["bid"], json({{"placed", true}, {"bid", {0, 1}}}));
}

}  // namespace
}  // namespace crown_battles_test
