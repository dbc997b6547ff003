// The search's sampler: over many positions of seeded games (3–5 players, every special
// card in turn), every sampled world shows the seat exactly its own view, keeps every card in
// one place and every card the seat knows in another hand where it is, and plays on; and the
// worlds depend on nothing hidden: two states the seat cannot tell apart give the same worlds.
#include "engine/games/dwarf_king/sampler.hpp"
#include "engine/core/search.hpp"
#include "scenario.hpp"

namespace crownhall::dwarf_king::testing {
namespace {

std::unique_ptr<game> new_game(int players, std::uint64_t seed) {
  const game_module& m = dwarf_king_module();
  auto options = m.normalize_options(json::object(), players);
  auto g = m.new_game(*options, players, seed, json());
  EXPECT_TRUE(g);
  return std::unique_ptr<game>(static_cast<game*>(g->release()));
}

// Plays seeded heuristic games and calls `check(game, seat)` for every seat at every step.
template <class F>
void for_positions(int games, F check) {
  for (int players = 3; players <= max_players; ++players)
    for (int k = 0; k < games; ++k) {
      auto g = new_game(players, static_cast<std::uint64_t>(100 * players + k));
      ASSERT_TRUE(g);
      prng bots(static_cast<std::uint64_t>(k));
      while (!g->is_over()) {
        for (int s = 0; s < players; ++s) check(*g, s);
        const int s = std::countr_zero(g->seats_to_act());
        ASSERT_FALSE(g->apply(s, g->bot_action(s, bot_kind::heuristic, bots)));
      }
    }
}

TEST(DwarfKingSampler, WorldsShowTheSeatExactlyItsViewAndKeepWhatItKnows) {
  int worlds = 0, known_elsewhere = 0, hidden_moves = 0;
  for_positions(2, [&](const game& g, int seat) {
    prng rng(static_cast<std::uint64_t>(worlds) + 7);
    auto w = g.sample_world(seat, rng);
    ASSERT_TRUE(w) << "no world for seat " << seat;
    ++worlds;
    const auto& world = static_cast<const game&>(*w);
    ASSERT_EQ(world.view(seat), g.view(seat));
    ASSERT_TRUE(conserved(world));
    for (int p = 0; p < g.seat_count(); ++p) {
      EXPECT_EQ(size_of(world.hand(p)), size_of(g.hand(p)));
      const card_set known = g.known(seat, p);
      EXPECT_EQ(world.hand(p) & known, known) << "a card seat " << seat << " knows moved";
      known_elsewhere += p != seat && known != 0;
      hidden_moves += p != seat && world.hand(p) != g.hand(p);
    }
    if (!world.is_over()) {  // the world plays on: the bots' next action there is accepted
      auto next = world.clone();
      const int s = std::countr_zero(next->seats_to_act());
      prng bot(3);
      EXPECT_FALSE(next->apply(s, next->bot_action(s, bot_kind::heuristic, bot)));
    }
  });
  EXPECT_GT(worlds, 3000);
  EXPECT_GT(known_elsewhere, 500);
  EXPECT_GT(hidden_moves, 1000);
}

// Reads nothing hidden: a world sampled from another world (same view, other hands, other
// seats' knowledge, piles to draw and future) gives, for the same generator, exactly the world
// sampled from the true state.
TEST(DwarfKingSampler, DependsOnTheViewAlone) {
  int checked = 0, differed = 0;
  for_positions(1, [&](const game& g, int seat) {
    prng other(static_cast<std::uint64_t>(checked) * 31 + 1);
    auto twin = g.sample_world(seat, other);
    ASSERT_TRUE(twin);
    differed += twin->state_hash() != g.state_hash();
    prng a(99), b(99);
    auto from_truth = g.sample_world(seat, a);
    auto from_twin = twin->sample_world(seat, b);
    ASSERT_TRUE(from_truth && from_twin);
    EXPECT_EQ(from_truth->state_hash(), from_twin->state_hash());
    ++checked;
  });
  EXPECT_GT(checked, 1000);
  EXPECT_GT(differed, checked / 2) << "the twins should hide something from the seat";
}

// The search decides the same for the same generator and budget, and only among legal moves.
TEST(DwarfKingSearch, IsDeterministicAndLegal) {
  for (int players = 3; players <= max_players; ++players) {
    auto g = new_game(players, static_cast<std::uint64_t>(players));
    ASSERT_TRUE(g);
    for (int step = 0; step < 30 && !g->is_over(); ++step) {
      const int s = std::countr_zero(g->seats_to_act());
      prng r1(static_cast<std::uint64_t>(step)), r2(static_cast<std::uint64_t>(step));
      const search_report report = search_evaluate(*g, s, r1, {.playouts = 60});
      EXPECT_EQ(search_action(*g, s, r2, {.playouts = 60}), report.best);
      EXPECT_TRUE(report.sampled);
      action_list legal;
      g->legal_actions(s, legal);
      EXPECT_TRUE(legal.contains(report.best));
      ASSERT_FALSE(g->apply(s, report.best));
    }
  }
}

}  // namespace
}  // namespace crownhall::dwarf_king::testing
