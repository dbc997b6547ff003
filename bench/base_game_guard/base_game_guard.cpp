// Crown Battles' base game against a game whose code does not change with it (docs/performance.md,
// "The base game's guard"): BM_RandomGame/4 of each, Crown Battles then The Dwarf King, in
// alternating slices of CPU time in one process, and the base game's time per action as a ratio
// to The Dwarf King's. On a shared host a busy spell slows both games alike, so the ratio holds
// where a reading of either alone does not; a change to Crown Battles' card path moves it.
//
//   base_game_guard [slices] [seconds per slice]      (default 10 slices of 0.3 s each)
//
// One line per slice pair, then the minimum and median of each game and of the ratio.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <vector>

#include "bench/random_game.hpp"
#include "engine/games/crown_battles/crown_battles.hpp"
#include "engine/games/crown_battles/state.hpp"
#include "engine/games/dwarf_king/dwarf_king.hpp"
#include "engine/games/dwarf_king/state.hpp"

namespace {

// The process's CPU time, as Google Benchmark measures BM_RandomGame.
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// One game's BM_RandomGame/4 loop, resumable slice by slice: the same generator, seeds and
// interface (game_state, virtual calls) as the benchmark.
template <class Game>
class random_games {
 public:
  explicit random_games(const crownhall::game_module& m) {
    auto o = m.normalize_options(crownhall::json::object(), 4);
    auto g = m.new_game(*o, 4, 1, nullptr);
    game_.reset(static_cast<Game*>(g->release()));
  }
  // Plays whole games for at least `seconds` of CPU time; returns ns per action.
  double run_for(double seconds) {
    std::int64_t actions = 0;
    const double start = cpu_seconds();
    double now = start;
    while (now - start < seconds) {
      for (int i = 0; i < 16; ++i) {  // a clock read per 16 games: ~0.2 % of the time
        game_->restart(++seed_);
        actions += crownhall::bench::play_random<crownhall::game_state>(*game_, rng_, legal_);
      }
      now = cpu_seconds();
    }
    return (now - start) * 1e9 / static_cast<double>(actions);
  }

 private:
  std::unique_ptr<Game> game_;
  crownhall::prng rng_{42};
  crownhall::action_list legal_;
  std::uint64_t seed_ = 0;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
  const int slices = argc > 1 ? std::atoi(argv[1]) : 10;
  const double seconds = argc > 2 ? std::atof(argv[2]) : 0.3;
  if (slices < 1 || !(seconds > 0)) {
    std::fprintf(stderr, "usage: base_game_guard [slices] [seconds per slice]\n");
    return 2;
  }
  random_games<crownhall::crown_battles::state> crown_battles(crownhall::crown_battles_module());
  random_games<crownhall::dwarf_king::game> dwarf_king(crownhall::dwarf_king_module());
  std::vector<double> cb, dk, ratio;
  std::printf("%5s %22s %22s %7s\n", "slice", "Crown Battles ns/act", "Dwarf King ns/act", "ratio");
  for (int i = 0; i < slices; ++i) {
    cb.push_back(crown_battles.run_for(seconds));
    dk.push_back(dwarf_king.run_for(seconds));
    ratio.push_back(cb.back() / dk.back());
    std::printf("%5d %22.1f %22.1f %7.3f\n", i + 1, cb.back(), dk.back(), ratio.back());
  }
  const double cb_min = *std::min_element(cb.begin(), cb.end());
  const double dk_min = *std::min_element(dk.begin(), dk.end());
  std::printf("minimum: Crown Battles %.1f ns, The Dwarf King %.1f ns, ratio of minima %.3f\n",
              cb_min, dk_min, cb_min / dk_min);
  std::printf("median:  Crown Battles %.1f ns, The Dwarf King %.1f ns, median ratio %.3f\n",
              median(cb), median(dk), median(ratio));
}
