// Store write latency: append_action under the server's 250-table load (each table at 10
// actions/s, 2,500 appends/s from concurrent writer threads), reported as percentiles; and
// the unpaced cost of one append.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <optional>
#include <thread>

#include "bench_dir.hpp"
#include "server/store/postgres_store.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/common/postgres_scratch.hpp"

namespace crownhall::store {
namespace {

using clock_type = std::chrono::steady_clock;
using bench::bench_dir;
using bench::open_or_die;

void create_tables(table_store& s, int count) {
  for (int i = 0; i < count; ++i) {
    table_config c;
    c.table_id = "t" + std::to_string(i);
    c.game = "crown-battles";
    c.options_json = R"({"rounds":10,"trumps":"rotating"})";
    c.seat_count = 4;
    c.clock = {600000, 5000};
    if (!s.save_table(c)) std::abort();
    for (int seat = 0; seat < 4; ++seat)
      if (!s.save_seat(c.table_id, {seat, "p" + std::to_string(i * 4 + seat), "Player",
                                    secret_hash::of(c.table_id + std::to_string(seat)), false}))
        std::abort();
    if (!s.start_game(c.table_id, {"g" + std::to_string(i),
                                   static_cast<std::uint64_t>(i),
                                   "salt",
                                   sha256_hex("x"),
                                   0,
                                   {600000, 600000, 600000, 600000}}))
      std::abort();
  }
}

// An action as Crown Battles writes it, with each seat's clock after it.
action_entry next_action(std::int64_t seq) {
  action_entry a;
  a.seq = seq;
  a.seat = static_cast<int>(seq % 4);
  a.action_json = seq % 13 == 1 ? R"({"type":"bid","bid":2})"
                                : R"({"type":"play","card":")" + std::to_string(seq % 52) + "\"}";
  a.clock_ms = {600000 - seq * 300, 598000 - seq * 250, 590000, 601000 - seq * 100};
  a.at_ms = 1700000000000 + seq * 100;
  return a;
}

double percentile(std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  const auto i = static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1) + 0.5);
  return sorted[std::min(i, sorted.size() - 1)];
}

// 250 tables, each receiving an action every 100 ms, the tables shared among `writers`
// threads; each writer appends on a fixed schedule (open loop) and times every call. `open`
// gives a fresh, empty store.
void append_under_load(benchmark::State& state, int writers,
                       const std::function<std::unique_ptr<table_store>()>& open) {
  constexpr int tables = 250;
  constexpr double rate_per_s = 2500;
  const double seconds = std::getenv("CROWNHALL_BENCH_SECONDS")
                             ? std::atof(std::getenv("CROWNHALL_BENCH_SECONDS"))
                             : 4.0;
  for (auto _ : state) {
    state.PauseTiming();
    auto store = open();
    create_tables(*store, tables);
    std::vector<std::vector<double>> latencies(static_cast<std::size_t>(writers));
    std::atomic<int> failures{0};
    const auto start = clock_type::now() + std::chrono::milliseconds(20);
    const auto total = static_cast<std::int64_t>(rate_per_s * seconds);
    state.ResumeTiming();

    std::vector<std::thread> threads;
    for (int w = 0; w < writers; ++w)
      threads.emplace_back([&, w] {
        auto& lat = latencies[static_cast<std::size_t>(w)];
        lat.reserve(static_cast<std::size_t>(total / writers + tables));
        std::vector<std::int64_t> next_seq(tables, 1);
        // Append k (of all writers) is due at start + k / rate and goes to table
        // k % tables. Each table belongs to one writer, as it belongs to one strand in the
        // server, so its actions arrive in order.
        for (std::int64_t k = 0; k < total; ++k) {
          if ((k % tables) % writers != w) continue;
          const auto due = start + std::chrono::nanoseconds(static_cast<std::int64_t>(
                                       static_cast<double>(k) * 1e9 / rate_per_s));
          std::this_thread::sleep_until(due);
          const int t = static_cast<int>(k % tables);
          const action_entry a = next_action(next_seq[static_cast<std::size_t>(t)]++);
          const std::string id = "t" + std::to_string(t);
          const auto t0 = clock_type::now();
          if (!store->append_action(id, a)) ++failures;
          const auto t1 = clock_type::now();
          lat.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
        }
      });
    for (auto& t : threads) t.join();

    state.PauseTiming();
    std::vector<double> all;
    for (auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
    std::sort(all.begin(), all.end());
    double sum = 0;
    for (double x : all) sum += x;
    state.counters["appends"] = static_cast<double>(all.size());
    state.counters["failures"] = failures.load();
    state.counters["mean_us"] = all.empty() ? 0 : sum / static_cast<double>(all.size());
    state.counters["p50_us"] = percentile(all, 0.50);
    state.counters["p99_us"] = percentile(all, 0.99);
    state.counters["p999_us"] = percentile(all, 0.999);
    state.counters["max_us"] = all.empty() ? 0 : all.back();
    store.reset();
    state.ResumeTiming();
  }
}
// Args: durability (0 process_crash, 1 power_loss), writer threads, background checkpoint.
void BM_append_under_load(benchmark::State& state) {
  std::optional<bench_dir> dir;
  append_under_load(state, static_cast<int>(state.range(1)), [&] {
    dir.emplace();
    sqlite_options o;
    o.level = state.range(0) ? durability::power_loss : durability::process_crash;
    o.background_checkpoint = state.range(2) != 0;
    return open_or_die(dir->path(), o);
  });
}
BENCHMARK(BM_append_under_load)
    ->ArgNames({"full_sync", "writers", "bg_ckpt"})
    ->Args({0, 2, 1})
    ->Args({0, 8, 1})
    ->Args({0, 2, 0})
    ->Args({1, 2, 1})
    ->Args({1, 8, 1})
    ->Iterations(1)
    ->Unit(benchmark::kSecond)
    ->UseRealTime();

// One thread appending as fast as it can: the cost of one durable append.
void BM_append_unpaced(benchmark::State& state) {
  bench_dir dir;
  sqlite_options o;
  o.level = state.range(0) ? durability::power_loss : durability::process_crash;
  auto store = open_or_die(dir.path(), o);
  create_tables(*store, 250);
  std::vector<std::int64_t> next_seq(250, 1);
  std::vector<std::string> ids;
  for (int t = 0; t < 250; ++t) ids.push_back("t" + std::to_string(t));
  std::int64_t k = 0;
  for (auto _ : state) {
    const auto t = static_cast<std::size_t>(k++ % 250);
    if (!store->append_action(ids[t], next_action(next_seq[t]++))) state.SkipWithError("append");
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_append_unpaced)->ArgName("full_sync")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// The same load on PostgreSQL, when CROWNHALL_BENCH_POSTGRES names a server (a
// key=value libpq address, as `scripts/test-postgres.sh start DIR` writes to DIR/conninfo):
// each run on a fresh database of that server. Args: durability (0 process_crash, 1
// power_loss), writer threads, node (1: the store is one node of several, and every append
// carries its lease's fence: docs/storage.md, "Several nodes").
void BM_append_under_load_postgres(benchmark::State& state) {
  std::optional<testing::scratch_database> db;
  append_under_load(state, static_cast<int>(state.range(1)), [&] {
    db.reset();
    db.emplace(std::getenv("CROWNHALL_BENCH_POSTGRES"));
    if (!db->ok()) {
      std::fprintf(stderr, "scratch database: %s\n", db->error().c_str());
      std::abort();
    }
    postgres_options o;
    o.level = state.range(0) ? durability::power_loss : durability::process_crash;
    if (state.range(2)) o.node = "bench";
    auto s = postgres_store::open(db->conninfo(), o);
    if (!s.ok()) {
      std::fprintf(stderr, "open: %s\n", s.error().c_str());
      std::abort();
    }
    return std::unique_ptr<table_store>(std::move(*s));
  });
}
[[maybe_unused]] const bool postgres_registered = [] {
  if (!std::getenv("CROWNHALL_BENCH_POSTGRES")) return false;
  benchmark::RegisterBenchmark("BM_append_under_load_postgres", BM_append_under_load_postgres)
      ->ArgNames({"full_sync", "writers", "node"})
      ->Args({0, 2, 0})
      ->Args({0, 8, 0})
      ->Args({0, 2, 1})
      ->Args({0, 8, 1})
      ->Args({1, 2, 0})
      ->Args({1, 8, 0})
      ->Iterations(1)
      ->Unit(benchmark::kSecond)
      ->UseRealTime();
  return true;
}();

}  // namespace
}  // namespace crownhall::store
