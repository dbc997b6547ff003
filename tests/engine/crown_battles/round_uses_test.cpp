// What a round's type adds to the base game's steps (round_uses.hpp), decided at its deal: a
// base game's round adds nothing, and a round type's own state is as a fresh deal leaves it
// in every round after one that kept some.
#include <gtest/gtest.h>

#include "engine/core/prng.hpp"
#include "engine/games/crown_battles/round_uses.hpp"
#include "helpers.hpp"

namespace crown_battles_test {
namespace {

cb::settings table_with(bool screw_the_dealer, bool extra_wager) {
  cb::settings s;
  s.screw_the_dealer = screw_the_dealer;
  s.extra_wager = extra_wager;
  return s;
}

TEST(CrownBattlesRoundUses, TheBaseGamesRoundsAddNothing) {
  const cb::settings plain = table_with(false, false);
  for (int cards = 1; cards <= 12; ++cards) {
    EXPECT_EQ(cb::uses_of(cb::round_type::normal, cards, plain), 0u) << cards;
    EXPECT_EQ(cb::uses_of(cb::round_type::blind, cards, plain), 0u) << cards;
  }
  // Screw the dealer limits the dealer's bid in Normal Bidding only.
  const cb::settings screw = table_with(true, false);
  EXPECT_EQ(cb::uses_of(cb::round_type::normal, 5, screw), cb::use_bid_limits);
  EXPECT_EQ(cb::uses_of(cb::round_type::blind, 5, screw), 0u);
}

TEST(CrownBattlesRoundUses, TheOptionsAndTheCardsDealtChangeWhatARoundAdds) {
  const cb::settings plain = table_with(false, false);
  // The extra wager follows each bid of a Wagering round.
  EXPECT_FALSE(cb::uses_of(cb::round_type::wagering, 5, plain) & cb::use_bid_parts);
  EXPECT_TRUE(cb::uses_of(cb::round_type::wagering, 5, table_with(false, true)) &
              cb::use_bid_parts);
  // The Split with one card dealt is played as Normal Bidding, but keeps its state (its trick
  // counts for a half) and is scored as The Split.
  const cb::round_uses one = cb::uses_of(cb::round_type::the_split, 1, plain);
  EXPECT_EQ(one, cb::use_own_state | cb::use_half_tricks);
  const cb::round_uses four = cb::uses_of(cb::round_type::the_split, 4, plain);
  EXPECT_TRUE(four & cb::use_first_half);
  EXPECT_TRUE(four & cb::use_bid_limits);
  EXPECT_TRUE(four & cb::use_bid_parts);
  EXPECT_TRUE(cb::uses_of(cb::round_type::missions, 3, plain) & cb::use_trick_record);
  EXPECT_TRUE(cb::uses_of(cb::round_type::suit_precision, 3, plain) & cb::use_placement);
  EXPECT_TRUE(cb::uses_of(cb::round_type::long_play, 3, plain) & cb::use_long_tricks);
  EXPECT_TRUE(cb::uses_of(cb::round_type::alliances, 3, plain) & cb::use_secret_notes);
}

// Every round type's own state (missions, groups, notes, leaks, suit bids, halves) is as a
// fresh deal leaves it when a Normal Bidding round is dealt after a round of that type, and
// again after that Normal round (which kept none and cleared none).
TEST(CrownBattlesRoundUses, ARoundTypesOwnStateIsGoneAtTheNextDeals) {
  for (const char* type : {"missions", "duel_fights", "leaked_suit", "alliances",
                           "suit_precision_alliances", "the_split", "wagering"}) {
    SCOPED_TRACE(type);
    const std::string t = type;
    auto g = start({{"schedule", {4, 4, 4}},
                    {"round_types", {t, "normal"}},
                    {"round_sequence", {t, "normal", "normal"}},
                    {"extra_wager", t == "wagering"}},
                   4);
    ASSERT_TRUE(g);
    crownhall::prng rng(7);
    crownhall::action_list legal;
    for (int round = 1; round <= 2; ++round) {
      while (g->rounds_finished() < round) {
        const int seat = std::countr_zero(g->seats_to_act());
        g->legal_actions(seat, legal);
        ASSERT_GT(legal.size(), 0);
        ASSERT_FALSE(g->apply(
            seat, legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]));
      }
      ASSERT_EQ(g->type(), cb::round_type::normal);
      EXPECT_EQ(g->missions_chosen(), 0);
      EXPECT_EQ(g->noted(), 0);
      EXPECT_EQ(g->split_chosen(), 0);
      EXPECT_EQ(g->half_in_play(), 0);
      EXPECT_FALSE(g->wager_due());
      for (int s = 0; s < 4; ++s) {
        const auto i = static_cast<std::size_t>(s);
        EXPECT_EQ(g->missions()[i], cb::no_mission);
        EXPECT_EQ(g->groups()[i], cb::no_group);
        EXPECT_EQ(g->leaks()[i], cb::no_leak);
        EXPECT_TRUE(g->leaked_in_hand(s).empty());
        EXPECT_TRUE(g->first_half_of(s).empty());
        EXPECT_EQ(g->half_bids_of(s), (cb::half_counts{0, 0}));
        EXPECT_EQ(g->half_tricks_of(s), (cb::half_counts{0, 0}));
        EXPECT_EQ(g->suit_bids_of(s), cb::suit_bids{});
        EXPECT_EQ(g->suit_tricks_of(s), cb::suit_counts{});
      }
    }
  }
}

}  // namespace
}  // namespace crown_battles_test
