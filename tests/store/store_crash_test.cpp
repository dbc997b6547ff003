// Crash safety: a child process appends actions from several threads and reports every
// acknowledged one over a pipe; it is killed with SIGKILL at many different points, the
// store is reopened, and no acknowledged action may be missing and every log must be an
// unbroken prefix of what was written.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <random>
#include <thread>

#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "server/store/sqlite_store.hpp"
#include "temp_dir.hpp"

namespace crownhall::store {
namespace {

constexpr int writer_threads = 4;

// What the child reports after each acknowledged write; small enough to be written
// atomically to a pipe (PIPE_BUF) by concurrent threads.
struct ack {
  std::int32_t table;  // -1: the child failed, `seq` holds the line of the failure
  std::int32_t seq;
};

std::string table_name(int i) { return "crash-" + std::to_string(i); }

// The action with number `seq` of table `table`: its content is checked after reload.
action_entry expected_action(int table, std::int64_t seq) {
  action_entry a;
  a.seq = seq;
  a.seat = static_cast<int>((seq + table) % 4);
  a.action_json = R"({"type":"play","table":)" + std::to_string(table) + R"(,"n":)" +
                  std::to_string(seq) + R"(,"pad":")" + std::string(seq % 50, 'x') + "\"}";
  a.clock_ms = {60000 - seq, 60000, 60000 - 2 * seq, 1};
  a.at_ms = 1700000000000 + seq;
  return a;
}

void send(int fd, ack a) {
  const char* p = reinterpret_cast<const char*>(&a);
  std::size_t left = sizeof a;
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) ::_exit(3);
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

// The child: open, pick up where the last run stopped, write until killed.
[[noreturn]] void run_child(const std::filesystem::path& dir, durability level, int fd) {
  const auto die = [fd](int line) {
    send(fd, {-1, line});
    ::_exit(2);
  };
  sqlite_options o;
  o.level = level;
  auto opened = sqlite_store::open(dir, o);
  if (!opened.ok()) die(__LINE__);
  auto& s = **opened;
  auto loaded = s.load_in_progress();
  if (!loaded.ok()) die(__LINE__);
  std::array<std::int64_t, writer_threads> next{};
  next.fill(1);
  for (const auto& t : *loaded)
    for (int i = 0; i < writer_threads; ++i)
      if (t.config.table_id == table_name(i))
        next[i] = static_cast<std::int64_t>(t.actions.size()) + 1;
  for (int i = 0; i < writer_threads; ++i) {
    if (next[i] > 1) continue;
    // A table that was never started (or was killed while being set up) starts over.
    table_config c;
    c.table_id = table_name(i);
    c.game = "crown-battles";
    c.options_json = "{}";
    c.seat_count = 4;
    if (!s.save_table(c)) die(__LINE__);
    bool playing = false;
    for (const auto& t : *loaded) playing |= t.config.table_id == c.table_id && t.game;
    if (!playing && !s.start_game(c.table_id, {"g-" + c.table_id, 42, "salt", "c", 0, {}}))
      die(__LINE__);
  }
  std::vector<std::thread> writers;
  for (int i = 0; i < writer_threads; ++i)
    writers.emplace_back([&, i] {
      for (std::int64_t seq = next[i];; ++seq) {
        if (seq % 7 == 0) {
          // A bot playing three moves in a row: one write for all three.
          std::vector<action_entry> batch = {expected_action(i, seq), expected_action(i, seq + 1),
                                             expected_action(i, seq + 2)};
          if (!s.append_actions(table_name(i), batch)) die(__LINE__);
          for (int k = 0; k < 3; ++k) send(fd, {i, static_cast<std::int32_t>(seq + k)});
          seq += 2;
        } else {
          if (!s.append_action(table_name(i), expected_action(i, seq))) die(__LINE__);
          send(fd, {i, static_cast<std::int32_t>(seq)});
        }
      }
    });
  for (auto& t : writers) t.join();
  ::_exit(0);
}

void sleep_micros(long us) {
  timespec ts{us / 1000000, (us % 1000000) * 1000};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

TEST(sqlite_store_crash, sigkill_at_many_points_loses_no_acknowledged_action) {
  testing::temp_dir dir;
  std::mt19937 rng(20240611);
  std::array<std::int64_t, writer_threads> acked{};  // highest acknowledged seq per table
  int kills = 0;
  // CROWNHALL_TEST_SCALE (0.1 under the sanitizers, where each fork is slow) scales it.
  const char* scale = std::getenv("CROWNHALL_TEST_SCALE");
  const int rounds = std::max(15, static_cast<int>(40 * (scale ? std::atof(scale) : 1.0)));
  for (int round = 0; round < rounds; ++round) {
    const durability level = round % 3 == 2 ? durability::power_loss : durability::process_crash;
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      ::close(fds[0]);
      run_child(dir.path(), level, fds[1]);
    }
    ::close(fds[1]);

    // Kill after a random number of acknowledgements (sometimes none: during the open),
    // plus a random delay so the kill lands anywhere inside a write.
    const int wait_for_acks = round % 10 == 0 ? 0 : static_cast<int>(rng() % 400);
    const long delay_us = static_cast<long>(rng() % 3000);
    int seen = 0;
    bool child_failed = false;
    int failed_line = 0;
    auto take = [&](const ack& a) {
      if (a.table < 0) {
        child_failed = true;
        failed_line = a.seq;
        return;
      }
      ASSERT_LT(a.table, writer_threads);
      acked[a.table] = std::max<std::int64_t>(acked[a.table], a.seq);
      ++seen;
    };
    ack a{};
    while (seen < wait_for_acks && !child_failed) {
      const ssize_t n = ::read(fds[0], &a, sizeof a);
      if (n == static_cast<ssize_t>(sizeof a)) {
        take(a);
      } else if (n < 0 && errno == EINTR) {
        continue;
      } else {
        break;  // the child ended on its own: a failure, reported below
      }
    }
    sleep_micros(delay_us);
    ::kill(child, SIGKILL);
    int wstatus = 0;
    ASSERT_EQ(::waitpid(child, &wstatus, 0), child);
    // Acknowledgements still in the pipe were sent before the kill: they count too.
    while (::read(fds[0], &a, sizeof a) == static_cast<ssize_t>(sizeof a)) take(a);
    ::close(fds[0]);
    ASSERT_FALSE(child_failed) << "child failed at store_crash_test.cpp:" << failed_line;
    ASSERT_TRUE(WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGKILL)
        << "round " << round << ": child exited by itself, status " << wstatus;
    ++kills;

    auto reopened = sqlite_store::open(dir.path());
    ASSERT_TRUE(reopened.ok()) << "round " << round << ": " << reopened.error();
    auto loaded = (*reopened)->load_in_progress();
    ASSERT_TRUE(loaded.ok()) << loaded.error();
    for (int i = 0; i < writer_threads; ++i) {
      const stored_table* t = nullptr;
      for (const auto& x : *loaded)
        if (x.config.table_id == table_name(i)) t = &x;
      if (!t) {
        ASSERT_EQ(acked[i], 0) << "round " << round << ": table " << i << " vanished";
        continue;
      }
      ASSERT_GE(static_cast<std::int64_t>(t->actions.size()), acked[i])
          << "round " << round << ": table " << i << " lost acknowledged actions";
      for (std::size_t k = 0; k < t->actions.size(); ++k)
        ASSERT_EQ(t->actions[k], expected_action(i, static_cast<std::int64_t>(k) + 1))
            << "round " << round << ": table " << i << " action " << k + 1;
      // What survived beyond the acknowledgements was written but not yet reported; the
      // next child carries on after it.
      acked[i] = static_cast<std::int64_t>(t->actions.size());
    }
  }
  EXPECT_EQ(kills, rounds);
  std::int64_t total = 0;
  for (auto n : acked) total += n;
  EXPECT_GT(total, 15 * rounds) << "too few actions written to mean anything";
}

}  // namespace
}  // namespace crownhall::store
