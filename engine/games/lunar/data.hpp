// The game data the rules summary leaves open, in one table: the team track's points and
// the starred cards. These are our rulings (docs/rules/lunar.md); the real values can
// replace them here, and the track_points option swaps the track per table.
#pragma once

#include <array>
#include <cstdint>

#include "engine/games/lunar/cards.hpp"

namespace crownhall::lunar {

inline constexpr int tricks_per_round = 12;
inline constexpr int default_target_score = 30;

struct scoring_table {
  // Points for a team's position on the track: index = tricks won in the round.
  std::array<std::uint8_t, tricks_per_round + 1> track;
  // Starred cards; each one a team retains scores star_points.
  card_set starred;
  int star_points;
};

// The first copy of every rank 1-8 and of every animal carries a star: 12 starred cards.
constexpr card_set first_copies() {
  card_set s = 0;
  for (int r = 1; r <= max_rank; ++r) s |= bit(rank_card(r, 0));
  for (int u = 0; u < suit_count; ++u) s |= bit(suit_card(u, 0));
  return s;
}

inline constexpr scoring_table ruling_table = {
    {0, 4, 3, 2, 0, 0, 0, 2, 3, 0, 0, 0, 0},
    first_copies(),
    1,
};

}  // namespace crownhall::lunar
