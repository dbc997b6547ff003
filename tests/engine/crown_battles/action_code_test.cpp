// engine/core/action_code.hpp and knowledge.hpp, as Crown Battles uses them.
#include <gtest/gtest.h>

#include "engine/core/action_code.hpp"
#include "engine/core/knowledge.hpp"
#include "engine/games/crown_battles/actions.hpp"

namespace crownhall {
namespace {

TEST(ActionCode, PacksAndUnpacksEveryField) {
  const action_code c{7, 3, 12, 75, 30};
  const action a = c.pack();
  EXPECT_EQ(action_code::unpack(a), c);
  EXPECT_TRUE(action_code::is_step(a));
  EXPECT_EQ(a.code, (7u << 24) | (3u << 20) | (12u << 16) | (75u << 8) | 30u);
}

TEST(ActionCode, UnusedFieldsHoldNone) {
  const action_code c = action_code::unpack(step_action(2, 4));
  EXPECT_EQ(c.seat, 4);
  EXPECT_EQ(c.seat2, action_code::no_seat);
  EXPECT_EQ(c.card, action_code::no_card);
  EXPECT_EQ(c.amount, 0);
}

TEST(ActionCode, NeverCollidesWithCrownBattlesCompactCodes) {
  using namespace crown_battles;
  EXPECT_FALSE(action_code::is_step(play_action(card_at(75))));
  EXPECT_FALSE(action_code::is_step(bid_action(double_bid(37))));
  EXPECT_EQ(kind_of(step_action(1, 0)), action_kind::none);
}

TEST(Knowledge, LearnsForgetsPerViewer) {
  knowledge<76> k;
  k.learn(2, 40);
  EXPECT_TRUE(k.knows(2, 40));
  EXPECT_FALSE(k.knows(1, 40));
  EXPECT_FALSE(k.knows(spectator, 40));
  k.learn(1, 40);
  k.forget_all_but(1, 40);
  EXPECT_TRUE(k.knows(1, 40));
  EXPECT_FALSE(k.knows(2, 40));
  k.forget(40);
  EXPECT_FALSE(k.knows(1, 40));
}

// The Dwarf King's uses: a 5 shown to the table, then the Thief's exchange, which only the
// Thief and its victim see.
TEST(Knowledge, RevealsToTheTableAndForgetsAllButTwo) {
  knowledge<76> k;
  k.reveal(knowledge<76>::card_bits{1u << 5});
  EXPECT_TRUE(k.knows(spectator, 5));
  EXPECT_TRUE(k.knows(3, 5));
  EXPECT_TRUE(k.known_by(spectator).test(5));
  k.learn(1, 6);
  k.forget_all_but(1, 2, knowledge<76>::card_bits{1u << 5 | 1u << 6});
  EXPECT_TRUE(k.knows(1, 5));
  EXPECT_TRUE(k.knows(2, 5));
  EXPECT_FALSE(k.knows(0, 5));
  EXPECT_FALSE(k.knows(spectator, 5));
  EXPECT_TRUE(k.knows(1, 6));
  EXPECT_FALSE(k.knows(2, 6));
  k.forget_all_but(2, 5);
  EXPECT_FALSE(k.knows(1, 5));
  EXPECT_TRUE(k.knows(2, 5));
}

}  // namespace
}  // namespace crownhall
