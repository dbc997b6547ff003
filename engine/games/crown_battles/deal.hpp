// A stacked deal: fixed chance outcomes for tests and teaching tables.
//   {"first_dealer": 0,
//    "rounds": [{"hands": [["B13", "Y3"], ["Y12", "R5"], ...], "spinner": "Y", "type": "normal"}]}
// Every field is optional; whatever a round leaves out (or a round not listed) comes from the
// game's seeded generator as usual.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/types.hpp"
#include "engine/games/crown_battles/cards.hpp"
#include "engine/games/crown_battles/options.hpp"
#include "engine/games/crown_battles/round.hpp"

namespace crownhall::crown_battles {

struct stacked_round {
  std::optional<std::array<card_set, max_seats>> hands;
  std::optional<spinner_face> spinner;
  std::optional<round_type> type;
};

struct stacked_deal {
  std::optional<int> first_dealer;
  std::vector<stacked_round> rounds;  // round i of the game; entries past the schedule serve
                                      // tie-break rounds (dealt the last hand size)
};

// Validates against the table's settings; errors are invalid_options naming the field.
result<stacked_deal> parse_stacked_deal(const json& j, const settings& s);

}  // namespace crownhall::crown_battles
