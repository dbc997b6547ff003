// Bots: they see a seat_view, never the state.
#pragma once

#include "engine/core/game.hpp"
#include "engine/core/prng.hpp"
#include "engine/games/crown_battles/view.hpp"

namespace crownhall::crown_battles {

// random: uniform over the legal actions. heuristic: bids the tricks its hand should take
// and plays to meet the bid. Both are deterministic given `rng`. Returns action{} (code 0)
// when the viewer may not act.
action bot_choice(const seat_view& v, bot_kind kind, prng& rng);

// The heuristic's estimate of the tricks `hand` takes with `t` as trump (for tests and tools).
double expected_tricks(const seat_view& v, card_set hand, trump t);
// The heuristic's mission for the viewer's hand, of those offered, and its Leaked Suit choice
// (the sampler guesses another seat's secret choice with them).
action pick_mission(const seat_view& v);
action pick_leak(const seat_view& v);
// The Split: the first half the heuristic chooses from `hand`, its `size` strongest cards
// (one half to bid high on, one to bid low: both bids surer than two mixed halves).
card_set heuristic_first_half(card_set hand, trump t, int size);

}  // namespace crownhall::crown_battles
