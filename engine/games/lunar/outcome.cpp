// The result so far: every round, the scores, and the winning team and ranks at the end.
#include "engine/games/lunar/view.hpp"

namespace crownhall::lunar {

json game::outcome() const {
  const int n = settings_.players;
  json rounds = json::array();
  for (const auto& r : history_) rounds.push_back(to_json(r));
  json j = {{"game", "lunar"},
            {"teams", n == 4 ? json::array({json::array({0, 2}), json::array({1, 3})})
                             : json::array({json::array({0}), json::array({1})})},
            {"rounds", std::move(rounds)},
            {"scores", scores_},
            {"winning_team", winner_team_ == 0xff ? json(nullptr) : json(winner_team_)}};
  if (phase_ != phase::finished) {
    j["winner"] = nullptr;
    return j;
  }
  // A team wins: "winners" lists its seats; "winner" is its first seat, so a reader that
  // expects one seat still finds the winning side.
  json winners = json::array(), ranks = json::array();
  for (int s = 0; s < n; ++s) {
    const bool won = team_of(s) == winner_team_;
    if (won) winners.push_back(s);
    ranks.push_back(won ? 1 : 2);
  }
  j["winner"] = winners[0];
  j["winners"] = std::move(winners);
  j["ranks"] = std::move(ranks);
  return j;
}

}  // namespace crownhall::lunar
