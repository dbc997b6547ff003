// The deck the all-specials figures are read with (docs/performance.md): all sixteen Special
// Power cards, Bubble Shields on (their default with specials), four Peasants kept. One
// definition for crown_battles_bench and crown_battles_action_costs, so both read one game.
#pragma once

#include "engine/core/game.hpp"
#include "engine/games/crown_battles/cards.hpp"
#include "engine/games/crown_battles/specials.hpp"

namespace crownhall::crown_battles {

inline json all_specials_options() {
  json specials = json::array();
  for (int i = 0; i < special_count; ++i)
    specials.push_back(card_id(special_card(static_cast<special>(i))));
  return {{"specials", specials}, {"peasants", 4}};
}

}  // namespace crownhall::crown_battles
