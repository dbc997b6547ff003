// The result so far: every round, the wins, the coins, and the winner and ranks at the end.
#include "engine/games/queens_court/view.hpp"

namespace crownhall::queens_court {

json game::outcome() const {
  const int n = settings_.players;
  json rounds = json::array();
  for (const auto& r : history_) rounds.push_back(to_json(r, n));
  json wins = json::array();
  for (int s = 0; s < n; ++s) wins.push_back(wins_[s]);
  json j = {{"game", "queens-court"},
            {"rounds", std::move(rounds)},
            {"wins", std::move(wins)},
            {"winner", winner_ == no_seat ? json(nullptr) : json(winner_)}};
  if (settings_.opts.coins) {
    // Rules, "Coins": the stake is 2 each; a round won returns 1; the winner keeps the pot.
    int pot = coins_stake * n;
    for (int s = 0; s < n; ++s) pot -= wins_[s];
    json net = json::array();
    for (int s = 0; s < n; ++s) net.push_back(wins_[s] - coins_stake + (winner_ == s ? pot : 0));
    j["coins_net"] = std::move(net);
    j["pot"] = winner_ == no_seat ? pot : 0;
  }
  if (phase_ == phase::finished) {
    // The winner first; then by round wins, equal wins sharing a rank.
    json ranks = json::array();
    for (int s = 0; s < n; ++s) {
      int rank = 1;
      if (s != winner_) {
        rank = 2;
        for (int o = 0; o < n; ++o)
          if (o != winner_ && o != s && wins_[o] > wins_[s]) ++rank;
      }
      ranks.push_back(rank);
    }
    j["ranks"] = std::move(ranks);
  }
  return j;
}

}  // namespace crownhall::queens_court
