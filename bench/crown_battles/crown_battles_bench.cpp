// Crown Battles engine speed (docs/performance.md, "Crown Battles engine"): whole games and
// nanoseconds per applied action with random-legal bots (legal_actions, a pick from the bots'
// generator, apply — through the game_state interface, no JSON), and the size of a state.
#include <benchmark/benchmark.h>

#include "bench/crown_battles/all_specials.hpp"
#include "bench/random_game.hpp"
#include "engine/games/crown_battles/bots.hpp"
#include "engine/games/crown_battles/crown_battles.hpp"
#include "engine/games/crown_battles/state.hpp"
#include "engine/games/crown_battles/view.hpp"

namespace {

namespace cb = crownhall::crown_battles;

std::unique_ptr<cb::state> new_state(int players,
                                     const crownhall::json& options = crownhall::json::object()) {
  const auto& m = crownhall::crown_battles_module();
  auto o = m.normalize_options(options, players);
  auto g = m.new_game(*o, players, 1, nullptr);
  return std::unique_ptr<cb::state>(static_cast<cb::state*>(g->release()));
}

template <class Game>
void run_random_games(benchmark::State& st, const crownhall::json& options) {
  const int players = static_cast<int>(st.range(0));
  auto g = new_state(players, options);
  crownhall::prng rng(42);
  crownhall::action_list legal;
  std::uint64_t seed = 0;
  std::int64_t actions = 0, games = 0;
  for (auto _ : st) {
    g->restart(++seed);
    actions += crownhall::bench::play_random(static_cast<Game&>(*g), rng, legal);
    ++games;
  }
  st.SetItemsProcessed(games);
  st.counters["actions_per_game"] = static_cast<double>(actions) / static_cast<double>(games);
  st.counters["ns_per_action"] = benchmark::Counter(
      static_cast<double>(actions), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

// Complete games per second (items_per_second), random-legal bots, default options.
void BM_RandomGame(benchmark::State& st) {
  run_random_games<crownhall::game_state>(st, crownhall::json::object());
}
BENCHMARK(BM_RandomGame)->Arg(3)->Arg(4)->Arg(5)->Unit(benchmark::kMicrosecond);

// The same through the concrete type (no virtual calls).
void BM_RandomGameConcrete(benchmark::State& st) {
  run_random_games<cb::state>(st, crownhall::json::object());
}
BENCHMARK(BM_RandomGameConcrete)->Arg(3)->Arg(4)->Arg(5)->Unit(benchmark::kMicrosecond);

// The same with Blind Bidding rounds and screw the dealer: the other bidding paths.
void BM_RandomGameBlindAndScrew(benchmark::State& st) {
  run_random_games<crownhall::game_state>(
      st, {{"round_types", {"normal", "blind"}}, {"screw_the_dealer", true}});
}
BENCHMARK(BM_RandomGameBlindAndScrew)->Arg(4)->Unit(benchmark::kMicrosecond);

// Every round type, drawn round by round: Normal, Blind Bidding, Wagering with the
// extra wager, Missions, Blind Missions, Duel Fights, Leaked Suit, Stealth Play, Alliances,
// Missions-Alliances, Suit Precision, Suit Precision-Alliances, Long Play and The Split.
void BM_RandomGameAllRoundTypes(benchmark::State& st) {
  run_random_games<crownhall::game_state>(
      st, {{"round_types",
            {"normal", "blind", "wagering", "missions", "blind_missions", "duel_fights",
             "leaked_suit", "stealth", "alliances", "missions_alliances", "suit_precision",
             "suit_precision_alliances", "long_play", "the_split"}},
           {"extra_wager", true}});
}
BENCHMARK(BM_RandomGameAllRoundTypes)->Arg(4)->Unit(benchmark::kMicrosecond);

// All sixteen Special Power cards in the deck and Bubble Shields on (the Peasants stay): every
// step of every card through the special-rules path, random-legal choices. Goal < 40 ns/action.
void BM_RandomGameAllSpecials(benchmark::State& st) {
  run_random_games<crownhall::game_state>(st, cb::all_specials_options());
}
BENCHMARK(BM_RandomGameAllSpecials)->Arg(3)->Arg(4)->Arg(5)->Unit(benchmark::kMicrosecond);

// Heuristic bots: each decision builds the seat's view (no JSON) and decides from it.
void BM_HeuristicGame(benchmark::State& st) {
  const int players = static_cast<int>(st.range(0));
  auto g = new_state(players);
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
  st.counters["ns_per_action"] = benchmark::Counter(
      static_cast<double>(actions), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_HeuristicGame)->Arg(4)->Unit(benchmark::kMicrosecond);

// A fresh game from options (normalize, parse, allocate): what a table pays once.
void BM_NewGame(benchmark::State& st) {
  const auto& m = crownhall::crown_battles_module();
  const crownhall::json options = crownhall::json::object();
  std::uint64_t seed = 0;
  for (auto _ : st) {
    auto o = m.normalize_options(options, 4);
    auto g = m.new_game(*o, 4, ++seed, nullptr);
    benchmark::DoNotOptimize(g);
  }
}
BENCHMARK(BM_NewGame)->Unit(benchmark::kMicrosecond);

// Copying a state (search, snapshots): one allocation for the score table.
void BM_Clone(benchmark::State& st) {
  auto g = new_state(4);
  for (auto _ : st) benchmark::DoNotOptimize(g->clone());
}
BENCHMARK(BM_Clone);

// Bytes per game state: the object plus its score table (reserved for the schedule + 8).
void BM_StateBytes(benchmark::State& st) {
  auto g = new_state(static_cast<int>(st.range(0)));
  for (auto _ : st) benchmark::DoNotOptimize(g->state_hash());
  st.counters["sizeof_state"] = static_cast<double>(sizeof(cb::state));
  st.counters["score_table_bytes"] =
      static_cast<double>(g->score_table().capacity() * sizeof(cb::round_summary));
  st.counters["sizeof_seat_view"] = static_cast<double>(sizeof(cb::seat_view));
}
BENCHMARK(BM_StateBytes)->Arg(4);

}  // namespace

BENCHMARK_MAIN();
