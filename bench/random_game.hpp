// One whole game with random-legal bots, as every engine benchmark plays it: the lowest seat
// that may act (several may, in simultaneous choices) lists its legal actions, the bots'
// generator picks one, and it is applied, until the end. No JSON.
#pragma once

#include <bit>
#include <cstdint>
#include <cstdlib>

#include "engine/core/game.hpp"
#include "engine/core/prng.hpp"

namespace crownhall::bench {

// Returns the actions applied. `Game` is the game_state interface or a concrete game (no
// virtual calls).
template <class Game>
std::int64_t play_random(Game& g, prng& rng, action_list& legal) {
  std::int64_t actions = 0;
  while (!g.is_over()) {
    const int seat = std::countr_zero(g.seats_to_act());
    g.legal_actions(seat, legal);
    const auto a = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
    if (g.apply(seat, a)) std::abort();
    ++actions;
  }
  return actions;
}

}  // namespace crownhall::bench
