// The search's sampler: over many positions of seeded games (2–8 players, normal and blind
// rounds), every sampled world shows the seat exactly its own view, respects every suit the
// others showed void in and every card already played, and depends on nothing hidden: two
// states the seat cannot tell apart give the same worlds.
#include <gtest/gtest.h>

#include "engine/core/search.hpp"
#include "engine/games/crown_battles/sampler.hpp"
#include "helpers.hpp"

namespace crown_battles_test {
namespace {

using crownhall::action;
using crownhall::bot_kind;
using crownhall::prng;

const json type_sets[] = {json({"normal"}), json({"blind"})};

// Plays seeded heuristic games and calls `check(state, seat)` for every seat at every step.
template <class F>
void for_positions(int games, F check) {
  for (int players = 2; players <= 8; ++players)
    for (const json& types : type_sets)
      for (int k = 0; k < games; ++k) {
        auto g = start({{"round_types", types}}, players, nullptr,
                       static_cast<std::uint64_t>(1000 * players + k));
        ASSERT_TRUE(g);
        prng bots(static_cast<std::uint64_t>(k));
        for (int step = 0; !g->is_over(); ++step) {
          if (step % 3 == 0)
            for (int s = 0; s < players; ++s) check(*g, s);
          const auto m = g->seats_to_act();
          int s = 0;
          while (!crownhall::has_seat(m, s)) ++s;
          ASSERT_FALSE(g->apply(s, g->bot_action(s, bot_kind::heuristic, bots)));
        }
      }
}

TEST(Sampler, WorldsShowTheSeatExactlyItsViewAndKeepEveryVoid) {
  int worlds = 0;
  for_positions(3, [&](const cb::state& g, int seat) {
    prng rng(static_cast<std::uint64_t>(worlds) + 7);
    auto w = g.sample_world(seat, rng);
    ASSERT_TRUE(w) << "no world for seat " << seat;
    ++worlds;
    const auto& world = static_cast<const cb::state&>(*w);
    ASSERT_EQ(world.view(seat), g.view(seat));
    const cb::seat_view v = g.view_of(seat);
    const auto voids = cb::known_voids(v);
    cb::card_set all;
    for (int p = 0; p < g.seat_count(); ++p) {
      const cb::card_set h = world.hand(p);
      EXPECT_EQ(h.size(), g.hand(p).size());
      EXPECT_TRUE((h & all).empty()) << "a card dealt twice";
      all = all | h;
      EXPECT_TRUE((h & v.played).empty()) << "a played card dealt again";
      for (int x = 0; x < cb::suit_count; ++x) {
        if ((voids[static_cast<std::size_t>(p)] >> x) & 1u) {
          EXPECT_TRUE((h & cb::suit_cards(static_cast<cb::suit>(x))).empty())
              << "seat " << p << " showed void in suit " << x;
        }
      }
    }
    EXPECT_TRUE((all - g.table().deck).empty());
  });
  EXPECT_GT(worlds, 1000);
}

// Reads nothing hidden: a world sampled from another world (same view, other hands, bids and
// future) gives, for the same generator, exactly the world sampled from the true state.
TEST(Sampler, DependsOnTheViewAlone) {
  int checked = 0;
  for_positions(2, [&](const cb::state& g, int seat) {
    prng other(static_cast<std::uint64_t>(checked) * 31 + 1);
    auto twin = g.sample_world(seat, other);
    ASSERT_TRUE(twin);
    prng a(99), b(99);
    auto from_truth = g.sample_world(seat, a);
    auto from_twin = twin->sample_world(seat, b);
    ASSERT_TRUE(from_truth && from_twin);
    EXPECT_EQ(from_truth->state_hash(), from_twin->state_hash());
    ++checked;
  });
  EXPECT_GT(checked, 500);
}

// The search decides the same for the same generator and budget, and only among legal
// actions.
TEST(Search, IsDeterministicAndLegal) {
  auto g = start({}, 4, nullptr, 5);
  ASSERT_TRUE(g);
  prng bots(3);
  for (int step = 0; step < 40 && !g->is_over(); ++step) {
    const auto m = g->seats_to_act();
    int s = 0;
    while (!crownhall::has_seat(m, s)) ++s;
    prng r1(step), r2(step);
    const action a = crownhall::search_action(*g, s, r1, {.playouts = 60});
    const action b = crownhall::search_action(*g, s, r2, {.playouts = 60});
    EXPECT_EQ(a, b);
    crownhall::action_list legal;
    g->legal_actions(s, legal);
    EXPECT_TRUE(legal.contains(a));
    ASSERT_FALSE(g->apply(s, a));
  }
}

}  // namespace
}  // namespace crown_battles_test
