// The Dwarf King engine speed (docs/performance.md, "The Dwarf King engine"): whole games
// and nanoseconds per applied action with random-legal bots (legal_actions, a pick from the
// bots' generator, apply — through the game_state interface, no JSON), and state size.
#include <benchmark/benchmark.h>

#include "bench/random_game.hpp"

#include "engine/games/dwarf_king/dwarf_king.hpp"
#include "engine/games/dwarf_king/state.hpp"
#include "engine/games/dwarf_king/view.hpp"

namespace {

namespace dk = crownhall::dwarf_king;

std::unique_ptr<dk::game> new_game(int players) {
  const auto& m = crownhall::dwarf_king_module();
  auto o = m.normalize_options(crownhall::json::object(), players);
  auto g = m.new_game(*o, players, 1, nullptr);
  return std::unique_ptr<dk::game>(static_cast<dk::game*>(g->release()));
}

// Complete games per second (items_per_second) and ns per applied action.
void BM_RandomGame(benchmark::State& st) {
  auto g = new_game(static_cast<int>(st.range(0)));
  crownhall::prng rng(42);
  crownhall::action_list legal;
  std::uint64_t seed = 0;
  std::int64_t actions = 0, games = 0;
  for (auto _ : st) {
    g->restart(++seed);
    actions += crownhall::bench::play_random<crownhall::game_state>(*g, rng, legal);
    ++games;
  }
  st.SetItemsProcessed(games);
  st.counters["actions_per_game"] = static_cast<double>(actions) / static_cast<double>(games);
  st.counters["ns_per_action"] =
      benchmark::Counter(static_cast<double>(actions) * 1e-9,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_RandomGame)->Arg(3)->Arg(4)->Arg(5)->Unit(benchmark::kMicrosecond);

// Heuristic bots: each decision builds the seat's view (no JSON) and decides from it.
void BM_HeuristicGame(benchmark::State& st) {
  auto g = new_game(static_cast<int>(st.range(0)));
  crownhall::prng rng(42);
  std::uint64_t seed = 0;
  std::int64_t actions = 0, games = 0;
  for (auto _ : st) {
    g->restart(++seed);
    while (!g->is_over()) {
      const int seat = std::countr_zero(g->seats_to_act());
      if (g->apply(seat, g->bot_action(seat, crownhall::bot_kind::heuristic, rng))) std::abort();
      ++actions;
    }
    ++games;
  }
  st.SetItemsProcessed(games);
  st.counters["ns_per_action"] =
      benchmark::Counter(static_cast<double>(actions) * 1e-9,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_HeuristicGame)->Arg(4)->Unit(benchmark::kMicrosecond);

// A seat's JSON view: what a table sends after every action.
void BM_ViewJson(benchmark::State& st) {
  auto g = new_game(4);
  crownhall::prng rng(7);
  crownhall::action_list legal;
  for (int i = 0; i < 20; ++i) {  // into the first trick
    const int seat = std::countr_zero(g->seats_to_act());
    g->legal_actions(seat, legal);
    if (g->apply(seat,
                 legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]))
      std::abort();
  }
  for (auto _ : st) benchmark::DoNotOptimize(g->view(0).dump());
}
BENCHMARK(BM_ViewJson)->Unit(benchmark::kMicrosecond);

// A fresh game from options (normalize, parse, allocate): what a table pays once.
void BM_NewGame(benchmark::State& st) {
  const auto& m = crownhall::dwarf_king_module();
  const crownhall::json options = crownhall::json::object();
  std::uint64_t seed = 0;
  for (auto _ : st) {
    auto o = m.normalize_options(options, 4);
    auto g = m.new_game(*o, 4, ++seed, nullptr);
    benchmark::DoNotOptimize(g);
  }
}
BENCHMARK(BM_NewGame)->Unit(benchmark::kMicrosecond);

void BM_Clone(benchmark::State& st) {
  auto g = new_game(4);
  for (auto _ : st) benchmark::DoNotOptimize(g->clone());
}
BENCHMARK(BM_Clone);

// Bytes per game state: the object plus its table of hand results (planned hands + 8).
void BM_StateBytes(benchmark::State& st) {
  auto g = new_game(static_cast<int>(st.range(0)));
  for (auto _ : st) benchmark::DoNotOptimize(g->state_hash());
  st.counters["sizeof_state"] = static_cast<double>(sizeof(dk::game));
  st.counters["results_bytes"] =
      static_cast<double>(g->results().capacity() * sizeof(dk::hand_result));
  st.counters["sizeof_table_view"] = static_cast<double>(sizeof(dk::table_view));
}
BENCHMARK(BM_StateBytes)->Arg(4);

}  // namespace

BENCHMARK_MAIN();
