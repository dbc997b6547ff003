// Lunar (id "lunar"): a team trick-taking game in which one partner plays the suit and the
// other the rank; 4 players in two teams, or 2 players with the shared Sky.
// Rules and rulings: docs/rules/lunar.md.
#pragma once

#include "engine/core/game.hpp"

namespace crownhall {

const game_module& lunar_module();

}  // namespace crownhall
