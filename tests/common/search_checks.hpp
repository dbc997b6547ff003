// Checks every game's search sampler must pass (tests/engine/<game>/sampler_test.cpp): the
// game-specific tests walk positions and check what their sampler keeps; these are the parts
// that read only the game_state interface.
#pragma once

#include <bit>
#include <cstdint>
#include <memory>

#include <gtest/gtest.h>

#include "engine/core/game.hpp"
#include "engine/core/search.hpp"

namespace crownhall::test {

// Reads nothing hidden: a world sampled from a "twin" (another world the seat cannot tell
// from the truth: same view, other hidden cards, choices and future) gives, for the same
// generator, exactly the world sampled from the true state. Returns whether the twin differs
// from the truth at all, so a caller can check that its twins hide something.
inline bool expect_same_world_from_a_twin(const game_state& g, int seat, std::uint64_t twin_seed) {
  prng other(twin_seed);
  const std::unique_ptr<game_state> twin = g.sample_world(seat, other);
  EXPECT_TRUE(twin) << "no world for seat " << seat;
  if (!twin) return false;
  prng a(99), b(99);
  const std::unique_ptr<game_state> from_truth = g.sample_world(seat, a);
  const std::unique_ptr<game_state> from_twin = twin->sample_world(seat, b);
  EXPECT_TRUE(from_truth && from_twin);
  if (from_truth && from_twin) {
    EXPECT_EQ(from_truth->state_hash(), from_twin->state_hash());
  }
  return twin->state_hash() != g.state_hash();
}

// A sampled world plays on: the heuristic bot's next action there is accepted.
inline void expect_world_plays_on(const game_state& world) {
  if (world.is_over()) return;
  const std::unique_ptr<game_state> next = world.clone();
  const int s = std::countr_zero(next->seats_to_act());
  prng bot(3);
  EXPECT_FALSE(next->apply(s, next->bot_action(s, bot_kind::heuristic, bot)));
}

// The search decides the same for the same generator and budget, only among legal actions,
// and from sampled worlds: `steps` decisions of `g`, each applied.
inline void expect_search_deterministic_and_legal(game_state& g, int steps) {
  for (int step = 0; step < steps && !g.is_over(); ++step) {
    const int s = std::countr_zero(g.seats_to_act());
    prng r1(static_cast<std::uint64_t>(step)), r2(static_cast<std::uint64_t>(step));
    const search_report report = search_evaluate(g, s, r1, {.playouts = 60});
    EXPECT_EQ(search_action(g, s, r2, {.playouts = 60}), report.best);
    EXPECT_TRUE(report.sampled);
    action_list legal;
    g.legal_actions(s, legal);
    EXPECT_TRUE(legal.contains(report.best));
    ASSERT_FALSE(g.apply(s, report.best));
  }
}

}  // namespace crownhall::test
