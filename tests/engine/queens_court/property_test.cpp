// Thousands of seeded games per player count: replays agree, every card is somewhere
// exactly once, and the recorded results follow the rules.
#include <bit>

#include "engine/core/record.hpp"
#include "helpers.hpp"
#include "tests/common/test_scale.hpp"

namespace crownhall::queens_court {
namespace {

using namespace testing;

const int games_per_count = crownhall::test::scaled_games(2000);

void check_turn_rules(const game& g) {
  const table_view v = g.make_view(spectator);
  for (int s = 0; s < v.players; ++s) {
    if (v.phase == phase::first_half) {
      ASSERT_GE(v.player[s].hand_size, 3);
      ASSERT_FALSE(v.player[s].locked);
    }
    if (v.phase == phase::second_half) {
      ASSERT_EQ(v.player[s].locked, v.player[s].hand_size == 0);
    }
  }
  if (v.phase != phase::finished) {
    ASSERT_FALSE(v.player[v.to_act].locked);
    ASSERT_NE(v.open_piles, 0);
  }
}

// Re-derives each round's result from its spreads and pile counts, and the wins from the
// rounds.
void check_results(const game& g, int n) {
  std::array<int, max_players> wins{};
  const auto& rounds = g.rounds();
  ASSERT_FALSE(rounds.empty());
  for (std::size_t i = 0; i < rounds.size(); ++i) {
    const round_result& r = rounds[i];
    int best = double_queens;
    for (int s = 0; s < n; ++s) best = std::min<int>(best, r.spread[s]);
    if (r.winner != no_seat) {
      ASSERT_EQ(r.spread[r.winner], best);
      ASSERT_NE(best, double_queens);
      for (int s = 0; s < n; ++s)
        if (s != r.winner && r.spread[s] == best) {
          ASSERT_LT(r.pile_cards[r.winner], r.pile_cards[s]);
        }
      ++wins[r.winner];
    }
    for (int s = 0; s < n; ++s) {
      if ((r.tie_wins >> s) & 1u) {
        ASSERT_EQ(wins[s], 0);
        ++wins[s];
      }
      if ((r.tied >> s) & 1u) {
        ASSERT_EQ(r.spread[s], best);
      }
    }
    ASSERT_EQ(r.first_player, (rounds[0].first_player + i) % n);
    const bool last = i + 1 == rounds.size();
    if (!last && r.winner != no_seat) {
      ASSERT_LT(wins[r.winner], 2);
    }
  }
  const int winner = rounds.back().winner;
  ASSERT_NE(winner, no_seat);
  ASSERT_EQ(wins[winner], 2);
  for (int s = 0; s < n; ++s) {
    ASSERT_EQ(g.wins(s), wins[s]);
    if (s != winner) {
      ASSERT_LE(wins[s], 1);
    }
  }
  ASSERT_EQ(g.outcome()["winner"], winner);
}

void play_games(int n, bot_kind kind, const json& options, int count) {
  for (int seed = 0; seed < count; ++seed) {
    auto g = start(n, nullptr, options, static_cast<std::uint64_t>(seed));
    ASSERT_TRUE(g);
    game_record rec;
    rec.game = "queens-court";
    rec.options = *queens_court_module().normalize_options(options, n);
    rec.seats.assign(static_cast<std::size_t>(n), "bot");
    rec.seed = static_cast<std::uint64_t>(seed);
    prng bots(static_cast<std::uint64_t>(seed) * 7919u);
    action_list legal;
    int steps = 0;
    while (!g->is_over()) {
      ASSERT_LT(++steps, 20000) << "seed " << seed;
      const int seat = std::countr_zero(g->seats_to_act());
      const action a = g->bot_action(seat, kind, bots);
      g->legal_actions(seat, legal);
      ASSERT_TRUE(legal.contains(a));
      rec.actions.push_back({seat, g->action_to_json(a)});
      ASSERT_FALSE(g->apply(seat, a));
      check_conservation(*g);
      check_turn_rules(*g);
    }
    check_results(*g, n);
    auto replayed = replay(rec);
    ASSERT_TRUE(replayed) << replayed.error().reason;
    ASSERT_FALSE(replayed->error) << replayed->error->reason;
    ASSERT_EQ(replayed->state->state_hash(), g->state_hash()) << "seed " << seed;
  }
}

TEST(QueensCourtProperties, RandomGamesTwoPlayers) {
  play_games(2, bot_kind::random, {}, games_per_count);
}
TEST(QueensCourtProperties, RandomGamesThreePlayers) {
  play_games(3, bot_kind::random, {}, games_per_count);
}
TEST(QueensCourtProperties, RandomGamesFourPlayers) {
  play_games(4, bot_kind::random, {}, games_per_count);
}
TEST(QueensCourtProperties, RandomGamesFivePlayers) {
  play_games(5, bot_kind::random, {}, games_per_count);
}

TEST(QueensCourtProperties, QueensWildGames) {
  for (int n = 2; n <= 5; ++n) play_games(n, bot_kind::random, {{"queens_wild", true}}, 500);
}

TEST(QueensCourtProperties, HeuristicGames) {
  for (int n = 2; n <= 5; ++n) {
    play_games(n, bot_kind::heuristic, {}, 300);
    play_games(n, bot_kind::heuristic, {{"queens_wild", true}, {"coins", true}}, 100);
  }
}

TEST(QueensCourtProperties, SimulateAndReplayAgree) {
  for (int n = 2; n <= 5; ++n) {
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
      auto rec = simulate(queens_court_module(), {}, n, seed, bot_kind::heuristic);
      ASSERT_TRUE(rec) << rec.error().reason;
      auto a = replay(*rec);
      auto b = replay(*rec);
      ASSERT_TRUE(a && b);
      EXPECT_TRUE(a->state->is_over());
      EXPECT_EQ(a->state->state_hash(), b->state->state_hash());
      EXPECT_EQ(a->applied, static_cast<int>(rec->actions.size()));
    }
  }
}

// The heuristic bot should beat random bots clearly.
TEST(QueensCourtBots, HeuristicBeatsRandom) {
  int wins = 0;
  const int games = 300;
  for (int seed = 0; seed < games; ++seed) {
    auto g = start(3, nullptr, {}, static_cast<std::uint64_t>(seed));
    prng bots(static_cast<std::uint64_t>(seed));
    while (!g->is_over()) {
      const int seat = std::countr_zero(g->seats_to_act());
      const action a =
          g->bot_action(seat, seat == 0 ? bot_kind::heuristic : bot_kind::random, bots);
      ASSERT_FALSE(g->apply(seat, a));
    }
    wins += g->outcome()["winner"] == 0;
  }
  EXPECT_GT(wins, games / 2) << "heuristic seat won " << wins << " of " << games;
}

}  // namespace
}  // namespace crownhall::queens_court
