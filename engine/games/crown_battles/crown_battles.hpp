// Crown Battles (base game and Blind Bidding rounds), registered as "crown-battles".
// Rules and rulings: docs/rules/crown-battles.md.
#pragma once

#include "engine/core/game.hpp"

namespace crownhall {

const game_module& crown_battles_module();

}  // namespace crownhall
