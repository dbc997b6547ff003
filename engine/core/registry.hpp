// Every game the platform knows, by id.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"

namespace crownhall {

// All registered games, in a stable order.
std::span<const game_module* const> all_games();
// The game with this id, or nullptr.
const game_module* find_game(std::string_view id);
// The player counts in [min_seats, max_seats] that the game plays with its default options:
// not every count in the range is playable (Lunar: 2 or 4, never 3).
std::vector<int> playable_seat_counts(const game_module& game);

}  // namespace crownhall
