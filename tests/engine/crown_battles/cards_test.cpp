// Card ids and indices (rulings, Cards), card sets, and the trick primitives.
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "engine/games/crown_battles/cards.hpp"
#include "engine/games/crown_battles/trick.hpp"

namespace cb = crownhall::crown_battles;

namespace {

TEST(CrownBattlesCards, IdsAreUniqueAndRoundTrip) {
  std::set<std::string> seen;
  for (int i = 0; i < cb::card_count; ++i) {
    const cb::card c = cb::card_at(i);
    const std::string id(cb::card_id(c));
    EXPECT_TRUE(seen.insert(id).second) << id;
    EXPECT_EQ(cb::card_from_id(id), c) << id;
  }
  EXPECT_EQ(seen.size(), 76u);
  EXPECT_FALSE(cb::card_from_id("R14"));
  EXPECT_FALSE(cb::card_from_id("r1"));
  EXPECT_FALSE(cb::card_from_id("PEASANT5"));
}

TEST(CrownBattlesCards, RulingIds) {
  EXPECT_EQ(cb::card_id(cb::numbered_card(cb::suit::yellow, 12)), "Y12");
  EXPECT_EQ(cb::card_id(cb::numbered_card(cb::suit::blue, 13)), "B13");
  EXPECT_EQ(cb::card_id(cb::numbered_card(cb::suit::red, 1)), "R1");
  EXPECT_EQ(cb::card_id(cb::numbered_card(cb::suit::green, 7)), "G7");
  EXPECT_EQ(cb::card_id(cb::golem_card(1)), "GOLEM2");
  EXPECT_EQ(cb::card_id(cb::dragon_card(0)), "DRAGON1");
  EXPECT_EQ(cb::card_id(cb::peasant_card(3)), "PEASANT4");
  EXPECT_EQ(cb::card_id(cb::special_card(cb::special::alchemist)), "ALCHEMIST");
  EXPECT_EQ(cb::card_id(cb::special_card(cb::special::golem_king)), "GOLEM_KING");
  EXPECT_EQ(cb::card_id(cb::special_card(cb::special::dragon_king)), "DRAGON_KING");
  EXPECT_EQ(cb::kind_of(*cb::card_from_id("G5")), cb::card_kind::numbered);
  EXPECT_EQ(cb::kind_of(*cb::card_from_id("GOLEM1")), cb::card_kind::golem);
  EXPECT_EQ(cb::kind_of(*cb::card_from_id("WIZARD")), cb::card_kind::special);
}

TEST(CrownBattlesCards, SetsIterateBySuitThenRankSpecialsLast) {
  cb::card_set s;
  for (const char* id : {"DRAGON_KING", "PEASANT1", "Y1", "R13", "B2", "GOLEM1", "R2"})
    s.insert(*cb::card_from_id(id));
  std::string order;
  for (cb::card c : s) order += std::string(cb::card_id(c)) + " ";
  EXPECT_EQ(order, "R2 R13 B2 Y1 GOLEM1 PEASANT1 DRAGON_KING ");
  EXPECT_EQ(s.size(), 7);
  EXPECT_EQ(cb::card_id(s.highest()), "DRAGON_KING");
  EXPECT_EQ(cb::card_id(s.lowest()), "R2");
  s.erase(*cb::card_from_id("DRAGON_KING"));
  EXPECT_EQ(cb::card_id(s.highest()), "PEASANT1");
}

TEST(CrownBattlesCards, PlayableFollowsSuitButUnsuitedAlwaysAllowed) {
  cb::card_set hand;
  for (const char* id : {"B7", "B9", "R13", "GOLEM1", "PEASANT2"})
    hand.insert(*cb::card_from_id(id));
  const cb::card_set blue = cb::playable(hand, cb::lead::blue);
  EXPECT_EQ(blue.size(), 4);
  EXPECT_FALSE(blue.contains(*cb::card_from_id("R13")));
  EXPECT_EQ(cb::playable(hand, cb::lead::yellow), hand);  // void in yellow: anything
  EXPECT_EQ(cb::playable(hand, cb::lead::open), hand);
  EXPECT_EQ(cb::playable(hand, cb::lead::none), hand);
}

}  // namespace
