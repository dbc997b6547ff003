// invariants: what must hold of any game state, whatever a stranger sent — every card in
// exactly one place (checked through each game's own state), and views, legal actions and
// hashes that agree with each other. A broken invariant traps (the fuzzer reports it).
#pragma once

#include "engine/core/game.hpp"

namespace crownhall::fuzz {

void check_invariants(const game_module& m, const game_state& g);

}  // namespace crownhall::fuzz
