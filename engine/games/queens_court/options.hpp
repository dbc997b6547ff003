// Queen's Court's table options: the Queens-wild variant and the coin stakes.
#pragma once

#include <nlohmann/json.hpp>

#include "engine/core/types.hpp"

namespace crownhall::queens_court {

using json = nlohmann::json;

inline constexpr int min_players = 2;
inline constexpr int coins_stake = 2;  // rules, "Coins": every player wagers 2 coins

struct options {
  bool queens_wild = false;  // the five Queens are shuffled in as wild cards
  bool coins = false;        // each player stakes 2 coins; round wins return one
};

json option_schema();
// Checks table options for `players` seats; fills every default.
result<json> normalize_options(const json& given, int players);
// The same checks, to the struct a game keeps: a new game need not build the JSON form.
result<options> check_options(const json& given, int players);
json to_json(const options& o);
// Reads normalized options (never fails on the output of normalize_options).
options options_from_json(const json& normalized);

}  // namespace crownhall::queens_court
