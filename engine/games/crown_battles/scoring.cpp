#include "engine/games/crown_battles/scoring.hpp"

namespace crownhall::crown_battles {

int unique_leader(std::span<const int> totals) {
  int best = -1;
  bool tied = false;
  for (int s = 0; s < static_cast<int>(totals.size()); ++s) {
    if (best < 0 || totals[s] > totals[best]) {
      best = s;
      tied = false;
    } else if (totals[s] == totals[best]) {
      tied = true;
    }
  }
  return tied ? -1 : best;
}

void rank_totals(std::span<const int> totals, std::span<int> ranks) {
  for (std::size_t s = 0; s < totals.size(); ++s) {
    int better = 0;
    for (int t : totals) better += t > totals[s];
    ranks[s] = better + 1;
  }
}

}  // namespace crownhall::crown_battles
