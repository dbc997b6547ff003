// Lunar's table options: the target score and the team track's points.
#pragma once

#include <array>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "engine/core/types.hpp"
#include "engine/games/lunar/data.hpp"

namespace crownhall::lunar {

using json = nlohmann::json;

inline constexpr int max_target_score = 500;
inline constexpr int max_track_points = 50;

struct options {
  int target_score = default_target_score;
  std::array<std::uint8_t, tricks_per_round + 1> track = ruling_table.track;
};

json option_schema();
// Checks options for `players` seats (4: two teams; 2: the Sky variant); fills defaults.
result<json> normalize_options(const json& given, int players);
options options_from_json(const json& normalized);
// The same checks as normalize_options, straight to the typed options: a new game needs no
// JSON built (what options_from_json(*normalize_options(given, players)) would give).
result<options> read_options(const json& given, int players);

}  // namespace crownhall::lunar
