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

constexpr trick_result resolve_trick(const std::array<card, 4>& cards, int trump) {
  std::array<int, 2> suit{}, rank{};
  trick_result r{0, -1, no_suit};
  for (int pos = 0; pos < 4; ++pos) {
    const card c = cards[pos];
    if (is_suit(c)) {
      suit[pos % 2] = suit_of(c);
      if (r.lead_side < 0) {
        r.lead_side = pos % 2;
        r.lead_suit = suit_of(c);
      }
    } else {
      rank[pos % 2] = rank_of(c);
    }
  }
  if (suit[0] == suit[1]) {
    // Same suit: the higher rank; equal ranks go to the side that played last (position 3).
    r.winner = rank[0] > rank[1] ? 0 : 1;
  } else if (suit[0] == trump || suit[1] == trump) {
    r.winner = suit[0] == trump ? 0 : 1;
  } else {
    r.winner = r.lead_side;
  }
  return r;
}

}  // namespace crownhall::lunar
