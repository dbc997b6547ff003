// Rulings, Suit Precision: every player bids a number of tricks for each of the four suits,
// and every trick won is placed under one suit. Suit Precision-Alliances: the same bids
// summed per team (alliances.hpp), scored on the team's totals.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "engine/core/types.hpp"
#include "engine/games/crown_battles/actions.hpp"
#include "engine/games/crown_battles/cards.hpp"
#include "engine/games/crown_battles/duels.hpp"
#include "engine/games/crown_battles/trick.hpp"

namespace crownhall::crown_battles {

constexpr bool is_precision_type(round_type t) {
  return t == round_type::suit_precision || t == round_type::suit_precision_alliances;
}

using suit_bids = std::array<bid, suit_count>;             // R, B, G, Y
using suit_counts = std::array<std::uint8_t, suit_count>;  // tricks placed under each suit
using suit_mask = std::uint8_t;                            // bit s: suit s

// The suits a trick may be placed under, by the card that won it (rulings): won on the lead
// suit, that suit; won with a trump, the lead suit or the trump suit (the trump alone when
// the trick has no lead suit); won by a card with no suit (a Golem, Dragon, King, Peasant or
// other special card, a Summoner included), any suit.
suit_mask placement_suits(card winning, lead lead_suit, trump t);
// "red", "red or yellow", "red, blue, green or yellow": the suits of `m`.
std::string suits_text(suit_mask m);

// The bids of one seat (or a team's sum) as one bid: the sum of the suits' lower and upper
// numbers, for what the score table shows as the seat's bid.
bid total_of(const suit_bids& b);
// A team's bids, suit by suit (a double bid stays one when one member double-bid the suit).
suit_bids sum_of(const suit_bids& a, const suit_bids& b);
suit_counts sum_of(const suit_counts& a, const suit_counts& b);

// Points for one seat's (or a team's) bids and tricks (rulings): every suit met, 10 per
// trick + 10 per suit with a trick (a double-bid suit: 5 and 5); every bid 0 and met, 10.
// Otherwise each met suit 10 per trick (double: 5), each missed suit −10 per trick of
// difference, no bonus. `per_trick`: 10, or 20 for Alliances' solo player (our ruling).
int precision_points(const suit_bids& bids, const suit_counts& tricks, int per_trick = 10);

// Suit Precision-Alliances: each member scores its team's points; the solo player scores its
// own bids with tricks worth double, as in Alliances (our ruling).
std::array<int, max_seats> precision_alliance_points(std::span<const suit_bids> bids,
                                                     std::span<const suit_counts> tricks,
                                                     const duel_groups& groups);

inline void append_places(suit_mask options, action_list& out) {
  for (int s = 0; s < suit_count; ++s)
    if ((options >> s) & 1u) out.push_back(place_action(s));
}

}  // namespace crownhall::crown_battles
