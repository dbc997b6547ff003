// Fixed work for instruction counts (docs/performance.md, "How to tell noise from a
// regression"): N random-legal base games of 4 players, seeds 1..N, the loop of
// BM_RandomGame/4. The same binary and N always execute the same instructions, whatever the
// load, so callgrind's count of N games less that of 0 games, over the actions printed, is
// a per-action figure two builds can be compared by on a busy host.
//
//   crown_battles_fixed_games [games]      (default 200)
#include <cstdio>
#include <cstdlib>

#include "bench/random_game.hpp"
#include "engine/games/crown_battles/crown_battles.hpp"
#include "engine/games/crown_battles/state.hpp"

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 200;
  const auto& m = crownhall::crown_battles_module();
  auto o = m.normalize_options(crownhall::json::object(), 4);
  auto g = m.new_game(*o, 4, 1, nullptr);
  auto& s = static_cast<crownhall::crown_battles::state&>(**g);
  crownhall::prng rng(42);
  crownhall::action_list legal;
  long long actions = 0, points = 0;  // the points: a check that two builds played alike
  for (int i = 1; i <= games; ++i) {
    s.restart(static_cast<std::uint64_t>(i));
    actions += crownhall::bench::play_random<crownhall::game_state>(s, rng, legal);
    for (int seat = 0; seat < 4; ++seat) points += s.points_of(seat);
  }
  std::printf("games %d actions %lld points %lld\n", games, actions, points);
}
