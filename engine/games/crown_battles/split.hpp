// Rulings, The Split: each player secretly splits the hand into a first half (half the cards,
// rounded down) and a second half, bids for each half, and plays the first half out before
// the second, each half led from the dealer's left.
#pragma once

#include <array>
#include <cstdint>

#include "engine/games/crown_battles/round.hpp"

namespace crownhall::crown_battles {

// Our ruling: with one card dealt there is nothing to split (the first half would hold no
// card): the round is played as Normal Bidding.
constexpr bool splits_hand(round_type t, int hand_size) {
  return t == round_type::the_split && hand_size >= 2;
}
// Rulings: the larger part of an odd hand is played in the second half.
constexpr int first_half_size(int hand_size) { return hand_size / 2; }
// The tricks of half `h` (0: first, 1: second) of a hand.
constexpr int half_size(int hand_size, int h) {
  return h == 0 ? first_half_size(hand_size) : hand_size - first_half_size(hand_size);
}

using half_counts = std::array<std::uint8_t, 2>;  // first half, second half

// Rulings: both bids met, 10 per trick + 10 per half (both bids 0 and met: 10 in all).
// Otherwise a met half scores 10 per trick, a missed half −10 per trick of difference, and
// there is no bonus. (The book: bids 2 and 1, both met: 30 for tricks + 20 bonus = 50.)
constexpr int split_points(const half_counts& bids, const half_counts& tricks) {
  const bool first_met = bids[0] == tricks[0], second_met = bids[1] == tricks[1];
  if (first_met && second_met)
    return bids[0] == 0 && bids[1] == 0 ? 10 : 10 * (tricks[0] + tricks[1]) + 20;
  int points = 0;
  for (int h = 0; h < 2; ++h) {
    const int b = bids[static_cast<std::size_t>(h)], t = tricks[static_cast<std::size_t>(h)];
    points += b == t ? 10 * t : -10 * (b > t ? b - t : t - b);
  }
  return points;
}

}  // namespace crownhall::crown_battles
