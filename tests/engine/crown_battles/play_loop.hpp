// Plays whole games with bots, calling back before every action: the shared driver of the
// property, view and bot tests.
#pragma once

#include <functional>
#include <vector>

#include "engine/core/record.hpp"

#include "helpers.hpp"

namespace crown_battles_test {

// Before each action `before(g, seat)` runs; the bots' generator is separate from the game's.
// `kind_of_seat` picks each seat's bot. Returns the actions applied, as a record would hold them.
inline std::vector<crownhall::recorded_action> play_out(
    cb::state& g, std::uint64_t bot_seed,
    const std::function<crownhall::bot_kind(int)>& kind_of_seat,
    const std::function<void(const cb::state&, int)>& before = {}) {
  std::vector<crownhall::recorded_action> actions;
  crownhall::prng bot_rng(bot_seed);
  while (!g.is_over()) {
    const int seat = std::countr_zero(g.seats_to_act());
    if (before) before(g, seat);
    const crownhall::action a = g.bot_action(seat, kind_of_seat(seat), bot_rng);
    actions.push_back({seat, g.action_to_json(a)});
    auto refused = g.apply(seat, a);
    EXPECT_FALSE(refused) << refused->reason;
    if (refused || actions.size() > 100000) break;
  }
  return actions;
}

}  // namespace crown_battles_test
