// Who wins a trick (rules summary, "After a Trick is completed"). Positions are in play
// order; teams alternate, so positions 0 and 2 are one side and 1 and 3 the other, and
// each side holds one suit card and one rank card.
#pragma once

#include <array>

#include "engine/games/lunar/cards.hpp"

namespace crownhall::lunar {

struct trick_result {
  int winner;     // side: 0 for positions 0 and 2, 1 for positions 1 and 3
  int lead_side;  // the side that played the first suit card
  int lead_suit;
};

// Each side holds one suit card and one rank card, so the side's suit is that of whichever
// of its two cards is a suit card, and the side that played the first suit card is side 1
// only when position 1 holds a suit card and position 0 does not. Worked out with selects
// rather than a branch per card: in play which card is which kind is a coin toss.
constexpr trick_result resolve_trick(const std::array<card, 4>& cards, int trump) {
  std::array<int, 2> suit{}, rank{};
  for (int side = 0; side < 2; ++side) {
    const card a = cards[side], b = cards[side + 2];
    const bool a_suit = is_suit(a);
    const card s = a_suit ? a : b, r = a_suit ? b : a;
    suit[side] = suit_of(s);
    rank[side] = rank_of(r);
  }
  const int lead_side = int{is_suit(cards[1]) && !is_suit(cards[0])};
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
