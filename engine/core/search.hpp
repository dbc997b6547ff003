// The search bot, shared by every game: determinized Monte Carlo (perfect-information Monte
// Carlo, "PIMC"). For each sampled world consistent with the seat's knowledge
// (game_state::sample_world), every legal action is tried and the round is played out with
// the heuristic bots; the action with the best average result for the seat wins. Why this and
// not information-set MCTS: docs/bots.md.
//
// Deterministic: the decision depends on the state the seat sees, the generator and the
// budget in playouts, never on time. Thread-free: callers run it where they like.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/core/game.hpp"

namespace crownhall {

struct search_options {
  // Playouts per decision, over all actions (each sampled world plays every action once).
  int playouts = 1000;
  bot_kind rollout = bot_kind::heuristic;  // who plays the playouts, every seat
};

// What a search found: the legal actions, each one's mean result for the seat (its points
// gained in the playouts minus the others' mean gain), and the chosen action.
struct search_report {
  action best{};
  std::vector<action> actions;
  std::vector<double> mean;  // per action, in the order of `actions`
  int worlds = 0;            // sampled worlds (each played every action once)
  int playouts = 0;
  bool sampled = true;  // false: the game has no sampler (best is the heuristic's)

  double value_of(action a) const {
    for (std::size_t i = 0; i < actions.size(); ++i)
      if (actions[i] == a) return mean[i];
    return 0;
  }
  double best_value() const { return value_of(best); }
};

// The seat's points gained from `before` to `after` minus the others' mean gain: a
// relative result, so that a playout in which everyone scores well is not mistaken for a good
// action.
inline double relative_gain(const game_state& before, const game_state& after, int seat) {
  const int n = after.seat_count();
  double mine = 0, others = 0;
  for (int s = 0; s < n; ++s) {
    const double gain = after.points_of(s) - before.points_of(s);
    if (s == seat)
      mine = gain;
    else
      others += gain;
  }
  return n > 1 ? mine - others / (n - 1) : mine;
}

// Plays `g` with `policy` bots at every seat until the round in progress is over (or the game).
inline void play_out_round(game_state& g, bot_kind policy, prng& rng) {
  const int round = g.rounds_finished();
  while (!g.is_over() && g.rounds_finished() == round) {
    const seat_mask m = g.seats_to_act();
    if (m == 0) return;
    int s = 0;
    while (!has_seat(m, s)) ++s;
    const action a = g.bot_action(s, policy, rng);
    if (g.apply(s, a)) return;  // a bot's refused action: stop rather than loop
  }
}

inline search_report search_evaluate(const game_state& state, int seat, prng& rng,
                                     const search_options& opt) {
  search_report r;
  action_list legal;
  state.legal_actions(seat, legal);
  for (action a : legal) r.actions.push_back(a);
  r.mean.assign(r.actions.size(), 0.0);
  if (legal.empty()) return r;
  r.best = legal[0];
  if (legal.size() == 1) return r;

  const int k = legal.size();
  const int worlds = opt.playouts / k > 0 ? opt.playouts / k : 1;
  std::vector<double> sum(static_cast<std::size_t>(k), 0.0);
  for (int w = 0; w < worlds; ++w) {
    const std::unique_ptr<game_state> world = state.sample_world(seat, rng);
    if (!world) {
      r.sampled = false;
      prng own(rng.next());
      r.best = state.bot_action(seat, bot_kind::heuristic, own);
      return r;
    }
    // Common random numbers: every action of this world is played out by the same bots with
    // the same generator, so the comparison measures the action, not the dice.
    const std::uint64_t rollout_seed = rng.next();
    for (int i = 0; i < k; ++i) {
      const std::unique_ptr<game_state> g = world->clone();
      if (g->apply(seat, legal[i])) continue;  // cannot happen: legal in the seat's view
      prng rollout_rng(rollout_seed);
      play_out_round(*g, opt.rollout, rollout_rng);
      sum[static_cast<std::size_t>(i)] += relative_gain(*world, *g, seat);
      ++r.playouts;
    }
    ++r.worlds;
  }
  int best = 0;
  for (int i = 0; i < k; ++i) {
    r.mean[static_cast<std::size_t>(i)] = sum[static_cast<std::size_t>(i)] / r.worlds;
    if (r.mean[static_cast<std::size_t>(i)] > r.mean[static_cast<std::size_t>(best)]) best = i;
  }
  r.best = legal[best];
  return r;
}

inline action search_action(const game_state& state, int seat, prng& rng,
                            const search_options& opt) {
  return search_evaluate(state, seat, rng, opt).best;
}

// The default budget, in playouts, for about `ms` milliseconds of one core at the rate a
// game measured (bench/search_bench, docs/bots.md). A rate, not a clock: the same budget
// always gives the same playouts, so a game with search bots is still its record.
constexpr int playouts_for_ms(int playouts_per_second, int ms) {
  const long long p = static_cast<long long>(playouts_per_second) * ms / 1000;
  return p < 1 ? 1 : static_cast<int>(p);
}

}  // namespace crownhall
