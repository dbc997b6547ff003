// Table options: their schema and their validation.
#pragma once

#include <nlohmann/json.hpp>

#include "engine/core/types.hpp"

namespace crownhall::dwarf_king {

using json = nlohmann::json;

inline constexpr int default_hands = 7;  // rulebook, "Goal of the game"
inline constexpr int max_planned_hands = 20;

struct options {
  int hands = default_hands;  // hands before a tie is broken by extra hands
};

json option_schema();
// Checks options for a table of `players`, fills every default; errors name the field.
result<json> normalize_options(const json& given, int players);
// Reads options that normalize_options returned.
options options_from_json(const json& normalized);

}  // namespace crownhall::dwarf_king
