// Which deal a game plays: a duplicate repeats a finished game's, a teaching table's first
// game a prepared one.
#include <algorithm>
#include <limits>
#include <utility>

#include "server/table/seats.hpp"
#include "server/table/table.hpp"

namespace crownhall::server {

using protocol::error;
using protocol::refusal;

// The table's first game is to come or in play: the one a duplicate or a prepared deal deals.
bool table::first_game_ahead() const {
  return games_started_ == 0 || (games_started_ == 1 && state_ != table_state::finished);
}

bool table::repeats_deal() const { return !settings_.deal_of.empty() && first_game_ahead(); }

json table::known_deal() const {
  if (repeats_deal()) return "repeated";
  if (settings_.prepared_deal && first_game_ahead()) return "prepared";
  return nullptr;
}

std::string table::duplicate_of() const {
  return games_started_ == 1 ? settings_.deal_of : std::string();
}

bool table::prepared_game() const { return settings_.prepared_deal && games_started_ == 1; }

// The stacked deal of the game dealt from `seed`: a teaching table's prepared one for its
// first game's seed, else none.
json table::deal_for(std::uint64_t seed) const {
  return settings_.prepared_deal && seed == settings_.deal_seed ? settings_.deal_stack : json();
}

}  // namespace crownhall::server
