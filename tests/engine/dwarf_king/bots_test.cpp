// The bots: always legal, and the heuristic one plays better than chance.
#include "scenario.hpp"

namespace crownhall::dwarf_king::testing {
namespace {

// Seat 0 heuristic, the others random; returns how many of `games` seat 0 won.
int heuristic_wins(int players, int games) {
  int wins = 0;
  for (int seed = 1; seed <= games; ++seed) {
    table t = start(players, nullptr, json::object(), static_cast<std::uint64_t>(seed));
    prng rng(static_cast<std::uint64_t>(seed) * 31);
    while (!t.state->is_over()) {
      const int seat = std::countr_zero(t.state->seats_to_act());
      const action a =
          t.state->bot_action(seat, seat == 0 ? bot_kind::heuristic : bot_kind::random, rng);
      action_list legal;
      t.state->legal_actions(seat, legal);
      EXPECT_TRUE(legal.contains(a));
      if (t.state->apply(seat, a)) return -1;
    }
    wins += t.state->outcome()["winner"] == 0;
  }
  return wins;
}

TEST(Bots, HeuristicWinsMoreOftenThanChance) {
  const int games = 300;
  for (int players = 3; players <= 5; ++players) {
    const int wins = heuristic_wins(players, games);
    std::printf("%d players: heuristic seat won %d of %d (chance %d)\n", players, wins, games,
                games / players);
    EXPECT_GT(wins, games / players * 3 / 2) << players << " players";
  }
}

}  // namespace
}  // namespace crownhall::dwarf_king::testing
