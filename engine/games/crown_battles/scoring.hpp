// Points for a round and who holds the crown (rulings, Scoring).
#pragma once

#include <array>
#include <span>

#include "engine/core/types.hpp"
#include "engine/games/crown_battles/actions.hpp"
#include "engine/games/crown_battles/round.hpp"

namespace crownhall::crown_battles {

// One line of the score table, written when a round's last trick is played.
struct round_summary {
  int number = 0;  // 1-based; tie-break rounds continue the count
  int hand_size = 0;
  round_type type = round_type::normal;
  trump trump_suit = trump::none;
  spinner_face spinner = spinner_face::no_trump;
  int dealer = 0;
  std::array<bid, max_seats> bids{};
  std::array<std::uint8_t, max_seats> tricks{};
  std::array<int, max_seats> points{};
};

// Single bid met: 10 per trick + 20; missed: -10 per trick of difference. Double bid met
// (either number): 5 per trick + 10; missed: -10 per trick of distance to the nearer number.
constexpr int round_points(bid b, int tricks) {
  if (tricks >= b.lo && tricks <= b.hi) return b.is_double() ? 5 * tricks + 10 : 10 * tricks + 20;
  const int distance = tricks < b.lo ? b.lo - tricks : tricks - b.hi;
  return -10 * distance;
}

// The seat with the unique highest total, or -1 on a tie for the top (rulings: a tie crowns
// nobody; at the end, a tie means another round).
int unique_leader(std::span<const int> totals);

// Competition ranks (1 = best; equal totals share a rank, the next rank skips).
void rank_totals(std::span<const int> totals, std::span<int> ranks);

}  // namespace crownhall::crown_battles
