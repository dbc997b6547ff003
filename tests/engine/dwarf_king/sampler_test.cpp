// The search's sampler: over many positions of seeded games (3–5 players, every special
// card in turn), every sampled world shows the seat exactly its own view, keeps every card in
// one place and every card the seat knows in another hand where it is, and plays on; and the
// worlds depend on nothing hidden: two states the seat cannot tell apart give the same worlds.
#include "engine/games/dwarf_king/sampler.hpp"
#include "scenario.hpp"
#include "tests/common/search_checks.hpp"

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
    crownhall::test::expect_world_plays_on(world);
  });
  EXPECT_GT(worlds, 3000);
  EXPECT_GT(known_elsewhere, 500);
  EXPECT_GT(hidden_moves, 1000);
}

card_set cards_of_suits(std::uint8_t voids) {
  card_set out = 0;
  for (int x = 0; x < suit_count; ++x)
    if ((voids >> x) & 1u) out |= suit_cards(static_cast<suit>(x));
  return out;
}

// The suits a hand showed it lacks are facts: the true hand holds no card of them that the
// seat cannot see (after the Druid's swaps and the Standard Bearer's passes too), and no
// sampled world puts one there.
TEST(DwarfKingSampler, SuitsAHandShowedItLacksHoldInTheTruthAndInEveryWorld) {
  int voids = 0, after_a_move = 0, worlds = 0;
  for_positions(3, [&](const game& g, int seat) {
    const table_view v = g.make_view(seat);
    const std::array<std::uint8_t, max_players> shown = shown_voids(v);
    prng rng(static_cast<std::uint64_t>(worlds++) + 11);
    auto w = g.sample_world(seat, rng);
    ASSERT_TRUE(w);
    const auto& world = static_cast<const game&>(*w);
    for (int p = 0; p < g.seat_count(); ++p) {
      if (p == seat || shown[static_cast<std::size_t>(p)] == 0) continue;
      const card_set lacking =
          cards_of_suits(shown[static_cast<std::size_t>(p)]) & ~g.known(seat, p);
      EXPECT_EQ(g.hand(p) & lacking, 0u) << "seat " << p << " holds a suit it showed it lacks";
      EXPECT_EQ(world.hand(p) & lacking, 0u) << "a world gave seat " << p << " a suit it lacks";
      ++voids;
      after_a_move += v.moved.after_tricks != 0xff;
    }
  });
  EXPECT_GT(voids, 5000);
  EXPECT_GT(after_a_move, 200) << "the Druid and the Standard Bearer should move some voids";
}

// Reads nothing hidden: a world sampled from another world (same view, other hands, other
// seats' knowledge, piles to draw and future) gives, for the same generator, exactly the world
// sampled from the true state.
TEST(DwarfKingSampler, DependsOnTheViewAlone) {
  int checked = 0, differed = 0;
  for_positions(1, [&](const game& g, int seat) {
    const auto twin_seed = static_cast<std::uint64_t>(checked++) * 31 + 1;
    differed += crownhall::test::expect_same_world_from_a_twin(g, seat, twin_seed);
  });
  EXPECT_GT(checked, 1000);
  EXPECT_GT(differed, checked / 2) << "the twins should hide something from the seat";
}

TEST(DwarfKingSearch, IsDeterministicAndLegal) {
  for (int players = 3; players <= max_players; ++players) {
    auto g = new_game(players, static_cast<std::uint64_t>(players));
    ASSERT_TRUE(g);
    crownhall::test::expect_search_deterministic_and_legal(*g, 30);
  }
}

}  // namespace
}  // namespace crownhall::dwarf_king::testing
