// Random-legal games folded into one digest: every seat's legal actions in order, the
// state hash after every action, refusals (code and reason) of probe actions, the seats'
// JSON views and the outcome. The digests were recorded with the engine before its speed
// work (commit ce810f8): any change of behaviour, even of the order of a legal-action list
// (which random bots and records depend on), changes them.
#include <gtest/gtest.h>

#include <bit>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/games/lunar/lunar.hpp"
#include "tests/common/trace_digest.hpp"

namespace crownhall {
namespace {

using test::add_text;

std::uint64_t trace(int players, int games, int games_with_views) {
  const game_module& m = lunar_module();
  const json options = *m.normalize_options({}, players);
  state_hasher h;
  prng rng(static_cast<std::uint64_t>(players) * 1000 + 7);
  action_list legal;
  for (int gi = 0; gi < games; ++gi) {
    auto g = std::move(*m.new_game(options, players, static_cast<std::uint64_t>(gi), nullptr));
    const bool views = gi < games_with_views;
    while (!g->is_over()) {
      const seat_mask to_act = g->seats_to_act();
      h.add(to_act);
      h.add(g->phase().size());
      for (int s = -1; s <= players; ++s) {  // out-of-range seats too
        g->legal_actions(s, legal);
        h.add(static_cast<std::uint64_t>(legal.size()));
        for (action a : legal) h.add(a.code);
      }
      if (views)
        for (int s = spectator; s < players; ++s) add_text(h, g->view(s).dump());
      // Pick a seat among those to act, then probe refusals: every card as a play, some
      // tiles and exchanges, by that seat and by a seat that may not act.
      int seat = std::countr_zero(to_act);
      if (std::popcount(to_act) > 1 && rng.below(2))
        seat = 31 - std::countl_zero(static_cast<std::uint32_t>(to_act));
      g->legal_actions(seat, legal);
      const int idle = (seat + 1) % players;
      // A refusal leaves the state untouched, so most probes need no copy of the game.
      // Random codes might be taken (an exchange lists its cards in any order), so they go
      // to a copy, and the copy's state hash is folded in as well.
      const auto probe = [&](int s, std::uint32_t code, bool on_copy = false) {
        test::probe_refusal(h, *g, legal, seat, idle, to_act, s, code, on_copy);
      };
      for (int c = 0; c < 50; ++c)
        for (int s : {seat, idle}) probe(s, (3u << 24) | static_cast<std::uint32_t>(c));
      for (int c = 0; c < 6; ++c) {
        probe(seat, (2u << 24) | static_cast<std::uint32_t>(c));
        probe(idle, (2u << 24) | static_cast<std::uint32_t>(c));
        probe(seat, (1u << 24) | static_cast<std::uint32_t>(rng.next() & 0xffffffu), true);
        probe(seat, static_cast<std::uint32_t>(rng.next()), true);
        probe(players, (3u << 24) | static_cast<std::uint32_t>(c));
        probe(-1, (3u << 24) | static_cast<std::uint32_t>(c));
      }
      if (!legal.empty() && (legal[0].code >> 24) == 1u) {
        // An exchange with its pairs the other way round.
        const std::uint32_t e =
            legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))].code;
        const std::uint32_t f = 63u;
        probe(seat,
              (1u << 24) | ((e >> 6) & f) | (e & f) << 6 | ((e >> 18) & f) << 12 |
                  ((e >> 12) & f) << 18,
              true);
      }
      const action a = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
      h.add(a.code);
      EXPECT_FALSE(g->apply(seat, a));
      h.add(g->state_hash());
    }
    add_text(h, g->outcome().dump());
    h.add(g->state_hash());
  }
  return h.value();
}

// Re-recorded on purpose when a round's final trick came to stay the last trick, in views
// and state_hash(), until the next round's first trick is complete.
TEST(LunarTrace, TwoPlayersUnchanged) { EXPECT_EQ(trace(2, 150, 6), 11436113634688157476u); }
TEST(LunarTrace, FourPlayersUnchanged) { EXPECT_EQ(trace(4, 150, 6), 4378147133307173615u); }

}  // namespace
}  // namespace crownhall
