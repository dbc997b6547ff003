// Queen's Court throughput: random-legal complete games per second and nanoseconds per
// applied action (legal_actions + a random pick + apply; no JSON), per player count.
#include <benchmark/benchmark.h>

#include <vector>

#include "engine/games/queens_court/queens_court.hpp"
#include "engine/games/queens_court/state.hpp"

namespace {

using namespace crownhall;

// Options are normalized once per benchmark: the timed loops never touch JSON.
json options_for(int players) { return *queens_court_module().normalize_options({}, players); }

std::unique_ptr<game_state> new_game(int players, std::uint64_t seed, const json& options) {
  return std::move(*queens_court_module().new_game(options, players, seed, nullptr));
}

// Plays one game to the end; returns the number of actions applied.
std::int64_t play_out(game_state& g, prng& rng, action_list& legal) {
  std::int64_t actions = 0;
  while (!g.is_over()) {
    const int seat = std::countr_zero(g.seats_to_act());
    g.legal_actions(seat, legal);
    g.apply(seat, legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
    ++actions;
  }
  return actions;
}

void complete_games(benchmark::State& state) {
  const int players = static_cast<int>(state.range(0));
  const json options = options_for(players);
  prng rng(1);
  action_list legal;
  std::uint64_t seed = 0;
  std::int64_t games = 0, actions = 0;
  for (auto _ : state) {
    auto g = new_game(players, seed++, options);
    actions += play_out(*g, rng, legal);
    ++games;
  }
  state.counters["games_per_s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  state.counters["actions_per_game"] = static_cast<double>(actions) / static_cast<double>(games);
  state.counters["state_bytes"] = sizeof(queens_court::game);
}

// Only the actions are timed: games are dealt in batches with the timer paused.
void per_action(benchmark::State& state) {
  const int players = static_cast<int>(state.range(0));
  const json options = options_for(players);
  constexpr int batch = 64;
  prng rng(2);
  action_list legal;
  std::uint64_t seed = 1000;
  std::vector<std::unique_ptr<game_state>> games;
  int current = batch;
  std::int64_t actions = 0;
  for (auto _ : state) {
    while (current == batch || games[current]->is_over()) {
      if (current == batch || ++current == batch) {
        state.PauseTiming();
        games.clear();
        for (int i = 0; i < batch; ++i) games.push_back(new_game(players, seed++, options));
        current = 0;
        state.ResumeTiming();
      }
    }
    game_state& g = *games[current];
    const int seat = std::countr_zero(g.seats_to_act());
    g.legal_actions(seat, legal);
    g.apply(seat, legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
    ++actions;
  }
  state.counters["ns_per_action"] = benchmark::Counter(
      static_cast<double>(actions), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["state_bytes"] = sizeof(queens_court::game);
}

BENCHMARK(complete_games)->Arg(2)->Arg(3)->Arg(4)->Arg(5);
BENCHMARK(per_action)->Arg(2)->Arg(3)->Arg(4)->Arg(5);

}  // namespace

BENCHMARK_MAIN();
