// The Dwarf King (Bruno Faidutti): a trick-taking game of seven hands, each scored by a
// different quest. Rules and rulings: docs/rules/dwarf-king.md.
#pragma once

#include "engine/core/game.hpp"

namespace crownhall {

const game_module& dwarf_king_module();

}  // namespace crownhall
