// What a round's type adds to the base game's steps, decided once at the round's deal: the
// card, trick and bid paths ask this set one question where they would ask the type several,
// and a round of the base game (Normal or Blind Bidding) adds nothing to them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/games/crown_battles/missions.hpp"
#include "engine/games/crown_battles/options.hpp"
#include "engine/games/crown_battles/precision.hpp"
#include "engine/games/crown_battles/round.hpp"
#include "engine/games/crown_battles/split.hpp"

namespace crownhall::crown_battles {

using round_uses = std::uint32_t;  // bit set of round_use

enum round_use : round_uses {
  // Missions: a won trick is noted (the winner's first, and whether a trump won it).
  use_trick_record = 1u << 0,
  // Suit Precision: a won trick goes under a suit.
  use_placement = 1u << 1,
  // Long Play: every player plays two cards to a trick.
  use_long_tricks = 1u << 2,
  // The Split, two cards dealt or more: the first half is played as if it were the whole hand.
  use_first_half = 1u << 3,
  // Alliances: a Secret Note may be shown on one's turn.
  use_secret_notes = 1u << 4,
  // A bid's limits change as the round goes: over the half bid for (The Split), an ally's
  // double bid (Alliances), the dealer's bid (screw the dealer, Normal Bidding only).
  use_bid_limits = 1u << 5,
  // A seat's bid is more than one number placed: a bid per suit (Suit Precision), per half
  // (The Split), or an extra wager after it (Wagering with the option).
  use_bid_parts = 1u << 6,
  // A round with state of its own (wagers, missions, groups, leaks, notes, suit bids, halves),
  // scored by its own rules, not one bid against the tricks won; its state is cleared at the
  // next deal (a base game's round leaves it as it was dealt).
  use_own_state = 1u << 7,
  // The Split, however many cards are dealt: a won trick counts for the half in play.
  use_half_tricks = 1u << 8,
};

// What each type adds with two cards dealt or more and whatever the table's options.
inline constexpr std::array<round_uses, round_type_count> type_uses = [] {
  std::array<round_uses, round_type_count> all{};
  for (int i = 0; i < round_type_count; ++i) {
    const auto t = static_cast<round_type>(i);
    const bool halves = splits_hand(t, 2);
    const bool alliance = is_alliance_type(t);
    const bool precision = is_precision_type(t);
    round_uses u = 0;
    if (is_missions_round(t)) u |= use_trick_record;
    if (precision) u |= use_placement;
    if (t == round_type::long_play) u |= use_long_tricks;
    if (halves) u |= use_first_half;
    if (t == round_type::the_split) u |= use_half_tricks;
    if (alliance) u |= use_secret_notes;
    if (halves || alliance) u |= use_bid_limits;
    if (precision || halves) u |= use_bid_parts;
    if (t != round_type::normal && t != round_type::blind && t != round_type::long_play &&
        t != round_type::stealth)
      u |= use_own_state;
    all[static_cast<std::size_t>(i)] = u;
  }
  return all;
}();

// A round of type `t` dealt `hand_size` cards at this table. A look-up and three tests: it is
// worked out at every deal.
constexpr round_uses uses_of(round_type t, int hand_size, const settings& table) {
  round_uses u = type_uses[static_cast<std::size_t>(t)];
  // The Split with one card dealt is played as Normal Bidding (its trick still counts for a
  // half, and it is scored as The Split: the state it keeps stays).
  if (t == round_type::the_split && !splits_hand(t, hand_size))
    u &= ~(use_first_half | use_bid_limits | use_bid_parts);
  if (t == round_type::normal && table.screw_the_dealer) u |= use_bid_limits;
  if (t == round_type::wagering && table.extra_wager) u |= use_bid_parts;
  return u;
}

}  // namespace crownhall::crown_battles
