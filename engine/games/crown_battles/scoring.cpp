#include "engine/games/crown_battles/scoring.hpp"

namespace crownhall::crown_battles {

wagering_outcome wagering_points(std::span<const bid> bids, std::span<const std::uint8_t> tricks,
                                 std::span<const std::uint8_t> extra, int carried_in) {
  const auto n = bids.size();
  const int pot = wagering_pot(carried_in, static_cast<int>(n));
  int met = 0;
  for (std::size_t s = 0; s < n; ++s) met += tricks[s] == bids[s].lo;
  wagering_outcome o;
  o.share = met ? pot / met / 5 * 5 : 0;
  o.carried = met ? 0 : pot;
  for (std::size_t s = 0; s < n; ++s) {
    const bool made = tricks[s] == bids[s].lo;
    o.points[s] = (made ? o.share : 0) - wagering_stake + (made ? extra[s] : -extra[s]);
  }
  return o;
}

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
