// invariants: what must hold of any game state, whatever a stranger sent — every card in
// exactly one place (checked through each game's own state), and views, legal actions and
// hashes that agree with each other. A broken invariant traps (the fuzzer reports it).
#pragma once

#include <cstdint>

#include "engine/core/game.hpp"

namespace crownhall::fuzz {

// Returns the state's hash (computed for the check), for a caller that compares states.
std::uint64_t check_invariants(const game_module& m, const game_state& g);

// Options beyond the defaults, read off the game's own option schema so that every option a
// game adds is fuzzed too: 0 the defaults; 1 every `set` option at all its values (Crown
// Battles with all sixteen Special Power cards) and every `list` option at each value once;
// 2 every `set` option at every other value (all of them if a turned bool needs it) and every
// `bool` option turned from its default; in 1 and 2 every `int` option stated at its default;
// 3 every `enum` option at its last value (a large preset). Normalized for `seats`; the
// defaults where the preset is for another player count (variants 1 and 2 must always be
// playable: a game that refuses them fails the check).
json options_variant(const game_module& m, int seats, int variant);

}  // namespace crownhall::fuzz
