// The search's sampler: over many positions of seeded games (two and four players), every
// sampled world shows the seat exactly its own view, keeps every card in one place, gives
// each seat the rank and suit cards it must still hold and none of a suit it showed it lacks,
// leaves the partner the cards the seat passed it, and plays on; and the worlds depend on
// nothing hidden: two states the seat cannot tell apart give the same worlds.
#include "engine/games/lunar/sampler.hpp"
#include "helpers.hpp"
#include "tests/common/search_checks.hpp"

namespace crownhall::lunar {
namespace {

using namespace testing;

card_set suits_of(std::uint8_t voids) {
  card_set s = 0;
  for (int x = 0; x < suit_count; ++x)
    if ((voids >> x) & 1u) s |= cards_of_suit(x);
  return s;
}

// Plays seeded heuristic games and calls `check(game, seat)` for every seat at every step.
template <class F>
void for_positions(int games, F check) {
  for (const int players : {2, 4})
    for (int k = 0; k < games; ++k) {
      auto g = start(players, json(), {{"target_score", 12}},
                     static_cast<std::uint64_t>(100 * players + k));
      ASSERT_TRUE(g);
      prng bots(static_cast<std::uint64_t>(k));
      while (!g->is_over()) {
        for (int s = 0; s < players; ++s) check(*g, s);
        const int s = std::countr_zero(g->seats_to_act());
        ASSERT_FALSE(g->apply(s, g->bot_action(s, bot_kind::heuristic, bots)));
      }
    }
}

TEST(LunarSampler, WorldsShowTheSeatItsViewAndKeepEveryRuleOfTheDeal) {
  int worlds = 0, voids_seen = 0, passed_kept = 0, choices_hidden = 0;
  for_positions(6, [&](const game& g, int seat) {
    prng rng(static_cast<std::uint64_t>(worlds) + 7);
    auto w = g.sample_world(seat, rng);
    ASSERT_TRUE(w) << "no world for seat " << seat;
    ++worlds;
    const auto& world = static_cast<const game&>(*w);
    ASSERT_EQ(world.view(seat), g.view(seat));
    const table_view v = g.make_view(seat);
    const seen_in_round seen = seen_this_round(v);
    const std::array<card_set, max_players>& played = seen.played;
    const std::array<std::uint8_t, max_players>& voids = seen.voids;
    card_set all = world.sky() | world.trick_cards() | world.won_cards(0) | world.won_cards(1);
    int count = std::popcount(all);
    for (int p = 0; p < g.seat_count(); ++p) {
      const card_set h = world.hand(p);
      all |= h;
      count += std::popcount(h);
      EXPECT_EQ(std::popcount(h & rank_cards), std::popcount(g.hand(p) & rank_cards));
      EXPECT_EQ(h & suits_of(voids[p]), 0u) << "seat " << p << " showed it lacks a suit";
      voids_seen += voids[p] != 0 && p != seat;
      EXPECT_EQ(world.pending_exchange(p) & ~h, 0u) << "a choice of cards not held";
      EXPECT_EQ(world.pending_exchange(p) != 0, g.pending_exchange(p) != 0);
      choices_hidden += p != seat && g.pending_exchange(p) != 0;
      // Who passed what to whom fits the hands: the cards received were held since.
      if (g.seat_count() == 4 && g.phase() != "exchange") {
        EXPECT_EQ(world.received(p) & ~(h | played[p]), 0u);
        EXPECT_EQ(world.received(p), world.passed((p + 2) % 4));
      }
    }
    EXPECT_EQ(all, all_cards);
    EXPECT_EQ(count, card_count) << "a card in two places";
    if (g.seat_count() == 4 && g.phase() != "exchange") {
      const card_set still_there = g.passed(seat) & g.hand((seat + 2) % 4);
      EXPECT_EQ(world.hand((seat + 2) % 4) & still_there, still_there);
      passed_kept += still_there != 0;
    }
    crownhall::test::expect_world_plays_on(world);
  });
  EXPECT_GT(worlds, 3000);
  EXPECT_GT(voids_seen, 100);
  EXPECT_GT(passed_kept, 100);
  EXPECT_GT(choices_hidden, 10);
}

// Reads nothing hidden: a world sampled from another world (same view, other hands, choices
// and future) gives, for the same generator, exactly the world sampled from the true state.
TEST(LunarSampler, DependsOnTheViewAlone) {
  int checked = 0, differed = 0;
  for_positions(3, [&](const game& g, int seat) {
    const auto twin_seed = static_cast<std::uint64_t>(checked++) * 31 + 1;
    differed += crownhall::test::expect_same_world_from_a_twin(g, seat, twin_seed);
  });
  EXPECT_GT(checked, 1000);
  EXPECT_GT(differed, checked / 2) << "the twins should hide something from the seat";
}

TEST(LunarSearch, IsDeterministicAndLegal) {
  for (const int players : {2, 4}) {
    auto g = start(players, json(), {}, static_cast<std::uint64_t>(players));
    ASSERT_TRUE(g);
    crownhall::test::expect_search_deterministic_and_legal(*g, 30);
  }
}

}  // namespace
}  // namespace crownhall::lunar
