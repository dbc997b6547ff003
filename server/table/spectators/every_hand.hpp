// Every seat's hand, as each seat's own view shows it: what an open-hands teaching table
// shows everyone, and what delayed spectators see of the past.
#pragma once

#include <string>

#include "engine/core/game.hpp"

namespace crownhall::server {

// A JSON array, by seat, of each seat's `hand` (an empty array for a view without one).
std::string every_hand_text(const game_state& g);

}  // namespace crownhall::server
