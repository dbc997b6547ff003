// The search's sampler: over many positions of seeded games (2–5 players, Queens wild or
// not, a stacked round with cards set aside), every sampled world shows the seat exactly its
// own view and keeps every card in one place, a Glove still held stays with its owner, and the
// worlds depend on nothing hidden: two states the seat cannot tell apart give the same worlds.
#include "engine/games/queens_court/sampler.hpp"
#include "helpers.hpp"
#include "tests/common/search_checks.hpp"

namespace crownhall::queens_court {
namespace {

using namespace testing;

// With an explicit draw pile the cards named nowhere sit the round out (unseen by anyone).
const json short_draw = {{"rounds", json::array({{{"draw", {"5a", "6a", "7a", "8a"}}}})}};

// Plays seeded heuristic games and calls `check(game, seat)` for every seat at every step.
template <class F>
void for_positions(int games, F check) {
  for (int players = min_players; players <= max_players; ++players)
    for (const bool wild : {false, true})
      for (int k = 0; k < games; ++k) {
        const json deal = k == 0 ? short_draw : json();
        auto g = start(players, deal, {{"queens_wild", wild}},
                       static_cast<std::uint64_t>(100 * players + k));
        ASSERT_TRUE(g);
        prng bots(static_cast<std::uint64_t>(k));
        for (int step = 0; !g->is_over(); ++step) {
          for (int s = 0; s < players; ++s) check(*g, s);
          const int s = std::countr_zero(g->seats_to_act());
          ASSERT_FALSE(g->apply(s, g->bot_action(s, bot_kind::heuristic, bots)));
        }
      }
}

TEST(QueensCourtSampler, WorldsShowTheSeatExactlyItsViewAndKeepEveryCardInOnePlace) {
  int worlds = 0, with_set_aside = 0, gloves_held = 0;
  for_positions(4, [&](const game& g, int seat) {
    prng rng(static_cast<std::uint64_t>(worlds) + 7);
    auto w = g.sample_world(seat, rng);
    ASSERT_TRUE(w) << "no world for seat " << seat;
    ++worlds;
    const auto& world = static_cast<const game&>(*w);
    ASSERT_EQ(world.view(seat), g.view(seat));
    check_conservation(world);
    EXPECT_EQ(world.cards_on_piles(), g.cards_on_piles());
    EXPECT_EQ(std::popcount(world.cards_set_aside()), std::popcount(g.cards_set_aside()));
    with_set_aside += g.cards_set_aside() != 0;
    for (int p = 0; p < g.seat_count(); ++p) {
      EXPECT_EQ(std::popcount(world.make_view(p).hand), std::popcount(g.make_view(p).hand));
      const bool glove = (g.make_view(p).hand & bit(glove_of(p))) != 0;
      EXPECT_EQ((world.make_view(p).hand & bit(glove_of(p))) != 0, glove)
          << "seat " << p << "'s own Glove moved";
      gloves_held += glove && p != seat;
    }
    crownhall::test::expect_world_plays_on(world);
  });
  EXPECT_GT(worlds, 5000);
  EXPECT_GT(with_set_aside, 50);
  EXPECT_GT(gloves_held, 500);
}

// Reads nothing hidden: a world sampled from another world (same view, other hands, draw pile
// and future) gives, for the same generator, exactly the world sampled from the true state.
TEST(QueensCourtSampler, DependsOnTheViewAlone) {
  int checked = 0, differed = 0;
  for_positions(2, [&](const game& g, int seat) {
    const auto twin_seed = static_cast<std::uint64_t>(checked++) * 31 + 1;
    differed += crownhall::test::expect_same_world_from_a_twin(g, seat, twin_seed);
  });
  EXPECT_GT(checked, 2000);
  EXPECT_GT(differed, checked / 2) << "the twins should hide something from the seat";
}

TEST(QueensCourtSearch, IsDeterministicAndLegal) {
  for (int players = min_players; players <= max_players; ++players) {
    auto g = start(players, json(), {}, static_cast<std::uint64_t>(players));
    ASSERT_TRUE(g);
    crownhall::test::expect_search_deterministic_and_legal(*g, 30);
  }
}

}  // namespace
}  // namespace crownhall::queens_court
