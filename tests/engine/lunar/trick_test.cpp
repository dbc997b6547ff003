// The trick rules as pure functions: who wins, and which cards may be played.
#include "engine/games/lunar/trick.hpp"
#include "engine/games/lunar/play_rules.hpp"
#include "helpers.hpp"

namespace crownhall::lunar {
namespace {

using namespace testing;

constexpr int wolf = 0, owl = 1, lynx = 2, bat = 3;

std::array<card, 4> cards(const char* a, const char* b, const char* c, const char* d) {
  return {id(a), id(b), id(c), id(d)};
}

TEST(LunarTrickResolution, SameSuitHigherRank) {
  EXPECT_EQ(resolve_trick(cards("Wa", "3a", "5b", "Wb"), bat).winner, 0);
  EXPECT_EQ(resolve_trick(cards("Wa", "8a", "5b", "Wb"), bat).winner, 1);
  // Same suit decides by rank even when it is trump.
  EXPECT_EQ(resolve_trick(cards("2a", "Ba", "Bb", "1b"), bat).winner, 0);
}

TEST(LunarTrickResolution, SameSuitTieGoesToTheTeamThatPlayedLast) {
  EXPECT_EQ(resolve_trick(cards("Wa", "5c", "5b", "Wb"), bat).winner, 1);
  EXPECT_EQ(resolve_trick(cards("5a", "Oa", "Ob", "5b"), owl).winner, 1);
}

TEST(LunarTrickResolution, TrumpWinsOverDifferentSuits) {
  const trick_result r = resolve_trick(cards("Wa", "1a", "1b", "Ba"), bat);
  EXPECT_EQ(r.lead_side, 0);
  EXPECT_EQ(r.lead_suit, wolf);
  EXPECT_EQ(r.winner, 1) << "trump beats the lead suit, whatever the ranks";
  EXPECT_EQ(resolve_trick(cards("Lb", "8a", "1b", "Wa"), lynx).winner, 0);
}

TEST(LunarTrickResolution, NoTrumpTheLeadSuitTeamWins) {
  EXPECT_EQ(resolve_trick(cards("Wa", "8a", "1b", "Oa"), bat).winner, 0);
  // Rules example: team A's first player plays a rank, team B's first a suit: B set the
  // lead suit.
  const trick_result r = resolve_trick(cards("8a", "Oa", "Wa", "1b"), bat);
  EXPECT_EQ(r.lead_side, 1);
  EXPECT_EQ(r.winner, 1);
}

trick_state trick_of(std::initializer_list<const char*> played, int leader = 0) {
  trick_state t;
  t.leader = static_cast<std::uint8_t>(leader);
  for (const char* c : played) {
    const card x = id(c);
    if (is_suit(x) && t.lead_suit == no_suit) {
      t.lead_suit = static_cast<std::uint8_t>(suit_of(x));
      t.lead_team = static_cast<std::uint8_t>(t.size % 2);
    }
    t.cards[t.size++] = x;
  }
  return t;
}

TEST(LunarPlayRules, TheFirstTwoPlayersChooseTheKindFreely) {
  const card_set hand = set_of({"1a", "2a", "Wa", "Ob"});
  EXPECT_EQ(playable_cards(hand, 0, trick_of({}), false), hand);
  EXPECT_EQ(playable_cards(hand, 0, trick_of({"3a"}), false), hand);
}

TEST(LunarPlayRules, KindPairing) {
  const card_set hand = set_of({"1a", "2a", "Wa", "Ob"});
  EXPECT_EQ(playable_cards(hand, 0, trick_of({"3a", "4a"}), false), set_of({"Wa", "Ob"}));
  EXPECT_EQ(playable_cards(hand, 0, trick_of({"Lc", "4a"}), false), set_of({"1a", "2a"}));
}

TEST(LunarPlayRules, FollowSuitOnlyConstrainsSuitCards) {
  const card_set hand = set_of({"1a", "2a", "Wa", "Ob", "Oc"});
  EXPECT_EQ(playable_cards(hand, 0, trick_of({"Od"}), false), set_of({"1a", "2a", "Ob", "Oc"}));
  EXPECT_EQ(playable_cards(hand, 0, trick_of({"1b", "Od"}), false), set_of({"Ob", "Oc"}));
  // No Lynx: any suit.
  EXPECT_EQ(playable_cards(hand, 0, trick_of({"1b", "Ld"}), false), set_of({"Wa", "Ob", "Oc"}));
}

TEST(LunarPlayRules, SkySecondTurnIsTheOtherKindFromTheOtherPlace) {
  const card_set hand = set_of({"1a", "2a", "Wa", "Ob"});
  const card_set sky = set_of({"3a", "4a", "Lc", "Ld"});
  trick_state t = trick_of({"1a", "3b"});
  EXPECT_EQ(playable_cards(hand & ~set_of({"1a"}), sky, t, true), set_of({"Lc", "Ld"}));
  t.from_sky = 1;  // the first card came from the Sky: the second is a hand suit
  EXPECT_EQ(playable_cards(hand, sky, t, true), set_of({"Wa", "Ob"}));
}

TEST(LunarPlayRules, SkyFollowSuitLooksOnlyAtThePlacePlayedFrom) {
  const card_set hand = set_of({"1a", "Wa", "Ob"});
  const card_set sky = set_of({"3a", "Lc", "Od"});
  // Lead Lynx: the hand has none (any hand suit); the Sky has one (only Lc from the Sky).
  EXPECT_EQ(playable_cards(hand, sky, trick_of({"Ld"}), true),
            set_of({"1a", "Wa", "Ob", "3a", "Lc"}));
}

TEST(LunarPlayRules, SkyFirstTurnKeepsTheSecondTurnPossible) {
  const card_set sky = set_of({"3a", "Lc"});
  // Only rank cards in hand: a Sky rank would need a hand suit later.
  EXPECT_EQ(playable_cards(set_of({"1a", "2a"}), sky, trick_of({}), true),
            set_of({"1a", "2a", "Lc"}));
  EXPECT_EQ(playable_cards(set_of({"Wa"}), sky, trick_of({}), true), set_of({"Wa", "3a"}));
}

}  // namespace
}  // namespace crownhall::lunar
