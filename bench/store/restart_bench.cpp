// Restart: 4,000 Crown Battles tables in progress are read back from the store and each is
// rebuilt by replaying its log through the engine, as `crownhall serve` does on start.
#include <benchmark/benchmark.h>

#include <chrono>
#include <thread>

#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_dir.hpp"
#include "engine/core/record.hpp"
#include "engine/core/registry.hpp"
#include "server/store/sqlite_store.hpp"

namespace crownhall::store {
namespace {

using clock_type = std::chrono::steady_clock;
constexpr int restart_tables = 4000;
// Distinct simulated games; tables cycle through them, each stopped at its own point.
constexpr int distinct_games = 500;

double ms_since(clock_type::time_point t0) {
  return std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
}

// CPU time of the calling thread: on a shared machine, wall time also counts the waits for
// a core, which this does not.
double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

// The data directory with 4,000 tables in progress, written once per process.
const std::filesystem::path& restart_data() {
  static bench::bench_dir dir;
  static const bool written = [] {
    const game_module* m = find_game("crown-battles");
    if (!m) std::abort();
    std::vector<game_record> games;
    for (int g = 0; g < distinct_games; ++g) {
      auto r = simulate(*m, json::object(), 4, 1000 + static_cast<std::uint64_t>(g),
                        bot_kind::heuristic);
      if (!r) std::abort();
      games.push_back(std::move(*r));
    }
    auto s = bench::open_or_die(dir.path());
    std::int64_t actions = 0;
    for (int i = 0; i < restart_tables; ++i) {
      const game_record& r = games[static_cast<std::size_t>(i % distinct_games)];
      table_config c;
      c.table_id = "t" + std::to_string(i);
      c.game = r.game;
      c.options_json = r.options.dump();
      c.seat_count = 4;
      c.clock = {600000, 5000};
      c.host_player_id = "p" + std::to_string(i * 4);
      if (!s->save_table(c)) std::abort();
      for (int seat = 0; seat < 4; ++seat)
        if (!s->save_seat(c.table_id,
                          {seat, "p" + std::to_string(i * 4 + seat), r.seats[seat],
                           secret_hash::of("token" + std::to_string(i * 4 + seat)), false}))
          std::abort();
      if (!s->start_game(c.table_id, {"g" + std::to_string(i),
                                      r.seed,
                                      "salt",
                                      sha256_hex("c"),
                                      0,
                                      {600000, 600000, 600000, 600000}}))
        std::abort();
      // Somewhere between 5% and 95% of the way through the game.
      const std::size_t played = r.actions.size() * (5 + (i * 37) % 91) / 100;
      std::vector<action_entry> log;
      for (std::size_t k = 0; k < played; ++k) {
        const auto seq = static_cast<std::int64_t>(k) + 1;
        log.push_back({seq,
                       r.actions[k].seat,
                       r.actions[k].action.dump(),
                       {600000 - seq * 900, 600000 - seq * 800, 600000 - seq * 700, 600000},
                       1700000000000 + seq * 2000});
      }
      if (!s->append_actions(c.table_id, log)) std::abort();
      actions += static_cast<std::int64_t>(played);
    }
    std::fprintf(stderr, "restart data: %d tables, %lld actions, %s\n", restart_tables,
                 static_cast<long long>(actions), dir.path().c_str());
    return true;
  }();
  (void)written;
  return dir.path();
}

// What the server does with one stored table: back into a record, then replay it.
bool rebuild(const stored_table& t) {
  game_record r;
  r.game = t.config.game;
  r.game_id = t.game->game_id;
  r.options = json::parse(t.config.options_json);
  for (const auto& s : t.seats) r.seats.push_back(s.display_name);
  r.seed = t.game->seed;
  r.actions.reserve(t.actions.size());
  for (const auto& a : t.actions) r.actions.push_back({a.seat, json::parse(a.action_json)});
  auto out = replay(r);
  return out && !out->error && out->applied == static_cast<int>(t.actions.size());
}

// What one restart measured, sent from the child process to the benchmark.
struct restart_figures {
  double open_ms = 0, load_ms = 0, replay_ms = 0, load_cpu_ms = 0, replay_cpu_ms = 0;
  double tables = 0, actions = 0;
  int failed = 0;
};

// One restart as the server does it: open, load, rebuild every table on `threads` threads.
restart_figures restart_once(const std::filesystem::path& dir, int threads) {
  restart_figures f;
  auto t0 = clock_type::now();
  auto s = bench::open_or_die(dir);
  f.open_ms = ms_since(t0);
  t0 = clock_type::now();
  const double cpu0 = thread_cpu_ms();
  auto loaded = s->load_in_progress();
  if (!loaded.ok()) {
    f.failed = 1;
    return f;
  }
  f.load_ms = ms_since(t0);
  f.load_cpu_ms = thread_cpu_ms() - cpu0;
  t0 = clock_type::now();
  std::atomic<int> failed{0};
  std::vector<double> cpu(static_cast<std::size_t>(threads));
  std::vector<std::thread> pool;
  for (int w = 0; w < threads; ++w)
    pool.emplace_back([&, w] {
      const double c0 = thread_cpu_ms();
      for (std::size_t i = static_cast<std::size_t>(w); i < loaded->size();
           i += static_cast<std::size_t>(threads))
        if (!rebuild((*loaded)[i])) ++failed;
      cpu[static_cast<std::size_t>(w)] = thread_cpu_ms() - c0;
    });
  for (auto& t : pool) t.join();
  for (double c : cpu) f.replay_cpu_ms += c;
  f.replay_ms = ms_since(t0);
  f.failed = failed;
  f.tables = static_cast<double>(loaded->size());
  for (const auto& t : *loaded) f.actions += static_cast<double>(t.actions.size());
  return f;
}

// Arg: threads that replay (the tables split between them). Each restart runs in a fresh
// child process, as a real restart does: an empty heap and an empty SQLite cache (the
// operating system's page cache stays warm, as it does across a process restart).
void BM_restart_4000_tables(benchmark::State& state) {
  const auto& dir = restart_data();
  const int threads = static_cast<int>(state.range(0));
  restart_figures sum;
  for (auto _ : state) {
    int fds[2];
    if (::pipe(fds) != 0) std::abort();
    const pid_t child = ::fork();
    if (child < 0) std::abort();
    if (child == 0) {
      ::close(fds[0]);
      const restart_figures f = restart_once(dir, threads);
      const bool sent = ::write(fds[1], &f, sizeof f) == static_cast<ssize_t>(sizeof f);
      ::_exit(sent ? 0 : 1);
    }
    ::close(fds[1]);
    restart_figures f;
    const bool got = ::read(fds[0], &f, sizeof f) == static_cast<ssize_t>(sizeof f);
    ::close(fds[0]);
    int wstatus = 0;
    ::waitpid(child, &wstatus, 0);
    if (!got || f.failed) {
      state.SkipWithError("restart failed: a table did not load or replay");
      break;
    }
    state.SetIterationTime((f.open_ms + f.load_ms + f.replay_ms) / 1e3);
    sum.open_ms += f.open_ms;
    sum.load_ms += f.load_ms;
    sum.replay_ms += f.replay_ms;
    sum.load_cpu_ms += f.load_cpu_ms;
    sum.replay_cpu_ms += f.replay_cpu_ms;
    sum.tables = f.tables;
    sum.actions = f.actions;
  }
  const auto n = static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1));
  state.counters["tables"] = sum.tables;
  state.counters["actions"] = sum.actions;
  state.counters["open_ms"] = sum.open_ms / n;
  state.counters["load_ms"] = sum.load_ms / n;
  state.counters["replay_ms"] = sum.replay_ms / n;
  state.counters["load_cpu_ms"] = sum.load_cpu_ms / n;
  state.counters["replay_cpu_ms"] = sum.replay_cpu_ms / n;
}
BENCHMARK(BM_restart_4000_tables)
    ->ArgName("replay_threads")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(3);

}  // namespace
}  // namespace crownhall::store
