// Every game the platform knows, by id.
#pragma once

#include <span>
#include <string_view>

#include "engine/core/game.hpp"

namespace crownhall {

// All registered games, in a stable order.
std::span<const game_module* const> all_games();
// The game with this id, or nullptr.
const game_module* find_game(std::string_view id);

}  // namespace crownhall
