// Actions' JSON forms: every legal action round-trips; malformed JSON is refused with a reason.
#include <string>

#include <gtest/gtest.h>

#include "helpers.hpp"

namespace crown_battles_test {
namespace {

std::string malformed(const json& j) {
  auto a = cb::action_from_json(j);
  EXPECT_FALSE(a) << j.dump();
  if (a) return "";
  EXPECT_EQ(a.error().code, crownhall::error_code::malformed_action);
  return a.error().reason;
}

TEST(CrownBattlesActions, Forms) {
  EXPECT_EQ(cb::action_to_json(*cb::action_from_json(bid(3))), bid(3));
  EXPECT_EQ(cb::action_to_json(*cb::action_from_json(bid(2, 3))), bid(2, 3));
  EXPECT_EQ(cb::action_to_json(*cb::action_from_json(choose("Y"))), choose("Y"));
  EXPECT_EQ(cb::action_to_json(*cb::action_from_json(play("Y12"))), play("Y12"));
  EXPECT_EQ(cb::action_to_json(*cb::action_from_json(play("DRAGON2"))), play("DRAGON2"));
  const json mission = {{"type", "mission"}, {"mission", "zero_or_one"}};
  EXPECT_EQ(cb::action_to_json(*cb::action_from_json(mission)), mission);
  const json split = {{"type", "split"}, {"card", "B7"}};
  EXPECT_EQ(cb::action_to_json(*cb::action_from_json(split)), split);
  EXPECT_EQ(malformed({{"type", "split"}}),
            "split needs \"card\": a card id such as \"Y12\" or \"GOLEM1\"");
}

TEST(CrownBattlesActions, EveryLegalActionRoundTrips) {
  for (int players = 2; players <= 8; ++players) {
    auto g =
        start({{"round_types", {"normal", "blind", "missions", "the_split"}}}, players, nullptr, 3);
    ASSERT_TRUE(g);
    crownhall::prng rng(players);
    crownhall::action_list legal;
    while (!g->is_over()) {
      int seat = 0;
      while (!crownhall::has_seat(g->seats_to_act(), seat)) ++seat;
      g->legal_actions(seat, legal);
      ASSERT_FALSE(legal.empty());
      for (auto a : legal) {
        auto back = g->action_from_json(g->action_to_json(a));
        ASSERT_TRUE(back);
        EXPECT_EQ(*back, a);
      }
      ASSERT_FALSE(g->apply(
          seat, legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]));
    }
  }
}

TEST(CrownBattlesActions, Malformed) {
  EXPECT_EQ(malformed(3),
            "an action is an object with a \"type\": \"bid\", \"choose_trump\" or \"play\"");
  EXPECT_EQ(malformed({{"bid", 3}}),
            "an action is an object with a \"type\": \"bid\", \"choose_trump\" or \"play\"");
  EXPECT_EQ(malformed({{"type", "pass"}}),
            "unknown action type \"pass\" (bid, choose_trump, play, wager, mission, pair, leak, "
            "solo, note, place, split, or a Special "
            "Power "
            "card's step: "
            "decline, pick_seat, pick_card, pick_trump, change_bid, take_points, direction, "
            "done_looking, buy_shield, play_golem, smuggle, pick_suit)");
  EXPECT_EQ(malformed({{"type", "bid"}}),
            "a bid action needs \"bid\": a number, or two consecutive numbers [lo, hi]");
  EXPECT_EQ(malformed({{"type", "wager"}}), "wager needs \"extra\": 0, 10 or 20 points");
  EXPECT_EQ(malformed({{"type", "mission"}, {"mission", 2}}),
            "mission needs \"mission\": a mission id such as \"zero_or_one\"");
  EXPECT_EQ(malformed({{"type", "wager"}, {"extra", 15}}),
            "wager needs \"extra\": 0, 10 or 20 points");
  EXPECT_EQ(malformed({{"type", "bid"}, {"bid", -1}}),
            "\"bid\" must be a number of tricks (0 or more) or two consecutive numbers [lo, hi]");
  EXPECT_EQ(malformed({{"type", "bid"}, {"bid", 2.5}}),
            "\"bid\" must be a number of tricks (0 or more) or two consecutive numbers [lo, hi]");
  EXPECT_EQ(malformed({{"type", "bid"}, {"bid", "3"}}),
            "\"bid\" must be a number of tricks (0 or more) or two consecutive numbers [lo, hi]");
  EXPECT_EQ(malformed(bid(2, 4)),
            "a double bid is two consecutive numbers, lower first, e.g. [2, 3]");
  EXPECT_EQ(malformed(bid(3, 2)),
            "a double bid is two consecutive numbers, lower first, e.g. [2, 3]");
  EXPECT_EQ(malformed({{"type", "bid"}, {"bid", {1, 2, 3}}}),
            "\"bid\" must be a number of tricks (0 or more) or two consecutive numbers [lo, hi]");
  EXPECT_EQ(malformed({{"type", "choose_trump"}}),
            "choose_trump needs \"suit\": one of \"R\", \"B\", \"G\", \"Y\"");
  EXPECT_EQ(malformed(choose("red")), "unknown suit \"red\" (one of \"R\", \"B\", \"G\", \"Y\")");
  EXPECT_EQ(malformed({{"type", "play"}, {"card", 12}}),
            "play needs \"card\": a card id such as \"Y12\" or \"GOLEM1\"");
  EXPECT_EQ(malformed(play("Y14")), "unknown card \"Y14\"");
}

TEST(CrownBattlesActions, UnknownCodesAreRefusedNotCrashing) {
  auto g = start({}, 4);
  ASSERT_TRUE(g);
  const int seat = std::countr_zero(g->seats_to_act());
  for (std::uint32_t code : {0u, 0xffffffffu, 0x4ffu, 0x3ffu, 0x1ffu}) {
    auto refused = g->apply(seat, crownhall::action{code});
    EXPECT_TRUE(refused) << code;
  }
}

}  // namespace
}  // namespace crown_battles_test
