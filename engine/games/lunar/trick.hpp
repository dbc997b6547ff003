// Who wins a trick (rules summary, "After a Trick is completed"). Positions are in play
// order; teams alternate, so positions 0 and 2 are one side and 1 and 3 the other, and
// each side holds one suit card and one rank card.
#pragma once

#include <array>
#include <cstdint>

#include "engine/games/lunar/cards.hpp"

namespace crownhall::lunar {

struct trick_result {
  int winner;     // side: 0 for positions 0 and 2, 1 for positions 1 and 3
  int lead_side;  // the side that played the first suit card
  int lead_suit;
};

// What a card adds to its side's suit (suit + 1; a rank card adds 0) and to its side's
// rank (rank; a suit card adds 0): tables, so picking out each side's suit card and rank
// card is two additions. The compiler turns a select on a card's kind into a branch, and
// in play which card is which kind is a coin toss.
inline constexpr std::array<std::uint8_t, card_count> suit_part = [] {
  std::array<std::uint8_t, card_count> out{};
  for (int c = rank_card_count; c < card_count; ++c)
    out[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(suit_of(static_cast<card>(c)) + 1);
  return out;
}();
inline constexpr std::array<std::uint8_t, card_count> rank_part = [] {
  std::array<std::uint8_t, card_count> out{};
  for (int c = 0; c < rank_card_count; ++c)
    out[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(rank_of(static_cast<card>(c)));
  return out;
}();

// Each side holds one suit card and one rank card, so the side's suit is that of whichever
// of its two cards is a suit card, and the side that played the first suit card is side 1
// only when position 1 holds a suit card and position 0 does not.
constexpr trick_result resolve_trick(const std::array<card, 4>& cards, int trump) {
  std::array<int, 2> suit{}, rank{};
  for (int side = 0; side < 2; ++side) {
    const card a = cards[side], b = cards[side + 2];
    suit[side] = suit_part[a] + suit_part[b] - 1;
    rank[side] = rank_part[a] + rank_part[b];
  }
  const int lead_side = int{is_suit(cards[1])} & int{!is_suit(cards[0])};
  const bool same = suit[0] == suit[1];
  const bool trumped = suit[0] == trump || suit[1] == trump;
  // Same suit: the higher rank; equal ranks go to the side that played last (position 3).
  // Else trump wins; else the lead suit.
  const int by_rank = int{rank[0] <= rank[1]};
  const int by_trump = int{suit[0] != trump};
  const int winner = (int{same} & by_rank) | (int{!same && trumped} & by_trump) |
                     (int{!same && !trumped} & lead_side);
  return {winner, lead_side, suit[lead_side]};
}

}  // namespace crownhall::lunar
