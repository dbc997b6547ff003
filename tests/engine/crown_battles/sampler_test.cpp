// The search's sampler: over many positions of seeded games (2–8 players, normal and blind
// rounds), every sampled world shows the seat exactly its own view, respects every suit the
// others showed void in and every card already played, and depends on nothing hidden: two
// states the seat cannot tell apart give the same worlds.
#include <gtest/gtest.h>

#include "engine/games/crown_battles/sampler.hpp"
#include "helpers.hpp"
#include "tests/common/search_checks.hpp"
#include "tests/common/test_scale.hpp"

namespace crown_battles_test {
namespace {

using crownhall::action;
using crownhall::bot_kind;
using crownhall::prng;

// Leaked Suit: the shown cards stay where they are in every world, and a seat that leaked a
// suit is dealt none of it beyond them (the view check below covers both).
// Stealth Play (3 players or more): the face-down cards are guessed too.
// Alliances (3 players or more): an ally's Secret Note stays in its hand.
// The Split: the others' first halves are guessed too.
const json sampled_type_sets[] = {json({"normal"}),      json({"blind"}),
                                  json({"leaked_suit"}), json({"blind_missions"}),
                                  json({"stealth"}),     json({"alliances", "normal"}),
                                  json({"the_split"})};

bool needs_three(const json& types) { return types[0] == "stealth" || types[0] == "alliances"; }

// Plays seeded heuristic games and calls `check(state, seat)` for every seat at every step.
template <class F>
void for_positions(int games, F check) {
  for (int players = 2; players <= 8; ++players)
    for (const json& types : sampled_type_sets)
      for (int k = 0; k < games && (players > 2 || !needs_three(types)); ++k) {
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
  for_positions(crownhall::test::scaled_games(3), [&](const cb::state& g, int seat) {
    prng rng(static_cast<std::uint64_t>(worlds) + 7);
    auto w = g.sample_world(seat, rng);
    ASSERT_TRUE(w) << "no world for seat " << seat;
    ++worlds;
    const auto& world = static_cast<const cb::state&>(*w);
    ASSERT_EQ(world.view(seat), g.view(seat));
    const cb::seat_view v = g.view_of(seat);
    const auto voids = cb::known_voids(v);
    // The Split, while the first half is played: a suit not followed is missing from the
    // first half only, and every seat holds as many first-half cards as it truly does.
    const bool first_half_play = cb::splits_hand(g.type(), g.hand_size()) &&
                                 g.half_in_play() == 0 && g.current_phase() == cb::phase::playing;
    cb::card_set all;
    for (int p = 0; p < g.seat_count(); ++p) {
      const cb::card_set h = world.hand(p);
      EXPECT_EQ(h.size(), g.hand(p).size());
      EXPECT_TRUE((h & all).empty()) << "a card dealt twice";
      all = all | h;
      EXPECT_TRUE((h & seen_this_round(v).played).empty()) << "a played card dealt again";
      if (first_half_play) {
        EXPECT_EQ(world.first_half_of(p).size(), g.first_half_of(p).size()) << "seat " << p;
      }
      const cb::card_set bound = first_half_play ? world.first_half_of(p) : h;
      for (int x = 0; x < cb::suit_count; ++x) {
        if ((voids[static_cast<std::size_t>(p)] >> x) & 1u) {
          EXPECT_TRUE((bound & cb::suit_cards(static_cast<cb::suit>(x))).empty())
              << "seat " << p << " showed void in suit " << x;
        }
      }
    }
    EXPECT_TRUE((all - g.table().deck).empty());
    crownhall::test::expect_world_plays_on(world);
  });
  EXPECT_GT(worlds, 1000);
}

// Reads nothing hidden: a world sampled from another world (same view, other hands, bids and
// future) gives, for the same generator, exactly the world sampled from the true state.
TEST(Sampler, DependsOnTheViewAlone) {
  int checked = 0, differed = 0;
  for_positions(2, [&](const cb::state& g, int seat) {
    const auto twin_seed = static_cast<std::uint64_t>(checked++) * 31 + 1;
    differed += crownhall::test::expect_same_world_from_a_twin(g, seat, twin_seed);
  });
  EXPECT_GT(checked, 500);
  EXPECT_GT(differed, checked / 2) << "the twins should hide something from the seat";
}

TEST(Search, IsDeterministicAndLegal) {
  auto g = start({}, 4, nullptr, 5);
  ASSERT_TRUE(g);
  crownhall::test::expect_search_deterministic_and_legal(*g, 40);
}

}  // namespace
}  // namespace crown_battles_test
