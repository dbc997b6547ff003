// Thousands of seeded games per player count: replays agree, every card is somewhere
// exactly once, scores follow the table, and the kind pairing holds in every trick.
#include <bit>

#include "engine/core/record.hpp"
#include "helpers.hpp"
#include "tests/common/test_scale.hpp"

namespace crownhall::lunar {
namespace {

using namespace testing;

const int games_per_count = crownhall::test::scaled_games(2000);

void check_conservation(const game& g) {
  const card_set parts[] = {g.hand(0), g.hand(1),       g.hand(2),      g.hand(3),
                            g.sky(),   g.trick_cards(), g.won_cards(0), g.won_cards(1)};
  card_set all = 0;
  int count = 0;
  for (card_set p : parts) {
    all |= p;
    count += std::popcount(p);
  }
  ASSERT_EQ(all, all_cards);
  ASSERT_EQ(count, card_count) << "a card is in two places";
  for (int s = 0; s < g.seat_count(); ++s) ASSERT_EQ(g.pending_exchange(s) & ~g.hand(s), 0u);
}

void check_last_trick(const game& g) {
  const table_view v = g.make_view(spectator);
  if (!v.has_last_trick) return;
  const trick_state& t = v.last_trick.trick;
  ASSERT_EQ(t.size, 4);
  // Each side paired one suit card with one rank card.
  for (int side = 0; side < 2; ++side)
    ASSERT_NE(is_rank(t.cards[side]), is_rank(t.cards[side + 2]));
  if (g.seat_count() == 2) {
    for (int side = 0; side < 2; ++side)
      ASSERT_NE((t.from_sky >> side) & 1u, (t.from_sky >> (side + 2)) & 1u);
  }
}

void check_scores(const game& g, const options& o) {
  int totals[2] = {0, 0};
  for (const round_result& r : g.rounds()) {
    ASSERT_EQ(r.tricks[0] + r.tricks[1], tricks_per_round);
    ASSERT_EQ(r.stars[0] + r.stars[1], 12);
    for (int t = 0; t < 2; ++t) {
      ASSERT_EQ(r.points[t], o.track[r.tricks[t]] + r.stars[t]);
      totals[t] += r.points[t];
      ASSERT_EQ(r.scores[t], totals[t]);
    }
  }
  ASSERT_GE(std::max(totals[0], totals[1]), o.target_score);
  ASSERT_NE(totals[0], totals[1]);
}

void play_games(int n, bot_kind kind, int count) {
  for (int seed = 0; seed < count; ++seed) {
    auto g = start(n, nullptr, {}, static_cast<std::uint64_t>(seed));
    ASSERT_TRUE(g);
    game_record rec;
    rec.game = "lunar";
    rec.options = *lunar_module().normalize_options({}, n);
    rec.seats.assign(static_cast<std::size_t>(n), "bot");
    rec.seed = static_cast<std::uint64_t>(seed);
    prng bots(static_cast<std::uint64_t>(seed) * 31u + 7u);
    action_list legal;
    int steps = 0;
    while (!g->is_over()) {
      ASSERT_LT(++steps, 100000) << "seed " << seed;
      const seat_mask who = g->seats_to_act();
      // Simultaneous choices: any seat may go first; take the highest to vary the order.
      const int seat = (seed % 2) ? 15 - std::countl_zero(static_cast<std::uint16_t>(who))
                                  : std::countr_zero(who);
      const action a = g->bot_action(seat, kind, bots);
      g->legal_actions(seat, legal);
      ASSERT_TRUE(legal.contains(a));
      rec.actions.push_back({seat, g->action_to_json(a)});
      ASSERT_FALSE(g->apply(seat, a));
      check_conservation(*g);
      check_last_trick(*g);
    }
    check_scores(*g, options{});
    auto replayed = replay(rec);
    ASSERT_TRUE(replayed) << replayed.error().reason;
    ASSERT_FALSE(replayed->error) << replayed->error->reason;
    ASSERT_EQ(replayed->state->state_hash(), g->state_hash()) << "seed " << seed;
  }
}

TEST(LunarProperties, RandomGamesFourPlayers) { play_games(4, bot_kind::random, games_per_count); }
TEST(LunarProperties, RandomGamesTwoPlayers) { play_games(2, bot_kind::random, games_per_count); }
TEST(LunarProperties, HeuristicGames) {
  play_games(4, bot_kind::heuristic, 300);
  play_games(2, bot_kind::heuristic, 300);
}

TEST(LunarProperties, SimulateAndReplayAgree) {
  for (int n : {2, 4}) {
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
      auto rec = simulate(lunar_module(), {}, n, seed, bot_kind::heuristic);
      ASSERT_TRUE(rec) << rec.error().reason;
      auto a = replay(*rec);
      auto b = replay(*rec);
      ASSERT_TRUE(a && b);
      EXPECT_TRUE(a->state->is_over());
      EXPECT_EQ(a->state->state_hash(), b->state->state_hash());
    }
  }
}

// A team of heuristic bots against a team of random bots.
TEST(LunarBots, HeuristicTeamBeatsRandomTeam) {
  for (int n : {4, 2}) {
    int wins = 0;
    const int games = 200;
    for (int seed = 0; seed < games; ++seed) {
      auto g = start(n, nullptr, {}, static_cast<std::uint64_t>(seed));
      prng bots(static_cast<std::uint64_t>(seed));
      while (!g->is_over()) {
        const int seat = std::countr_zero(g->seats_to_act());
        const bot_kind k = g->team_of(seat) == 0 ? bot_kind::heuristic : bot_kind::random;
        ASSERT_FALSE(g->apply(seat, g->bot_action(seat, k, bots)));
      }
      wins += g->outcome()["winning_team"] == 0;
    }
    EXPECT_GT(wins, games * 6 / 10)
        << n << " players: heuristic team won " << wins << " of " << games;
  }
}

}  // namespace
}  // namespace crownhall::lunar
