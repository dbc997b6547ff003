// Queen's Court (id "queens-court"): 2-5 players race to two rounds won by the lowest
// spread between their two piles. Rules and rulings: docs/rules/queens-court.md.
#pragma once

#include "engine/core/game.hpp"

namespace crownhall {

const game_module& queens_court_module();

}  // namespace crownhall
