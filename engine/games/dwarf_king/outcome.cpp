// The outcome: every hand's details, the totals, and once over the winner and ranks.
#include "engine/games/dwarf_king/state.hpp"
#include "engine/games/dwarf_king/view.hpp"

namespace crownhall::dwarf_king {

json game::outcome() const {
  const int n = settings_.players;
  json hands = json::array();
  for (const hand_result& hr : results_) {
    json r = to_json(hr, n);
    r["hand"] = hands.size() + 1;
    hands.push_back(std::move(r));
  }
  json totals = json::array();
  for (int s = 0; s < n; ++s) totals.push_back(totals_[static_cast<std::size_t>(s)]);
  json out = {{"hands", std::move(hands)}, {"totals", std::move(totals)}, {"finished", is_over()}};
  if (!is_over()) {
    out["winner"] = nullptr;
    return out;
  }
  // Rank 1 is the highest total (the game ends only when it is one player's); equal totals
  // below share a rank.
  json ranks = json::array();
  int leaders = 0, leader = -1;
  for (int s = 0; s < n; ++s) {
    int rank = 1;
    for (int o = 0; o < n; ++o)
      rank += totals_[static_cast<std::size_t>(o)] > totals_[static_cast<std::size_t>(s)];
    ranks.push_back(rank);
    if (rank == 1) {
      ++leaders;
      leader = s;
    }
  }
  out["winner"] = leaders == 1 ? json(leader) : json();
  out["ranks"] = std::move(ranks);
  return out;
}

}  // namespace crownhall::dwarf_king
