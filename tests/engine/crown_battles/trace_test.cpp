// Base-game games folded into one digest: every seat's legal actions in order, the state
// hash after every action, refusals (code and reason) of probe actions, the seats' JSON
// views and the outcome. Recorded before the Special Power cards were added: a
// game without specials in its deck must behave exactly as it did, down to the order of a
// legal-action list (which random bots and records depend on). The all-specials digests
// below fold the move-log lines too.
#include <gtest/gtest.h>

#include <bit>
#include <string>

#include "engine/games/crown_battles/crown_battles.hpp"
#include "engine/games/crown_battles/state.hpp"
#include "tests/common/trace_digest.hpp"

namespace crownhall::crown_battles {
namespace {

using test::add_text;

// `heuristic_every`: every that many actions the heuristic bot picks instead of a random
// legal action (0: never).
std::uint64_t trace(int players, const json& given, int games, int games_with_views,
                    int heuristic_every, bool with_events = false) {
  const game_module& m = crown_battles_module();
  const json options = *m.normalize_options(given, players);
  state_hasher h;
  prng rng(static_cast<std::uint64_t>(players) * 1000 + 7);
  prng bot_rng(static_cast<std::uint64_t>(players) * 77 + 1);
  action_list legal;
  // Every other game restarts the previous one, as the benchmark does.
  std::unique_ptr<game_state> g;
  int step = 0;
  for (int gi = 0; gi < games; ++gi) {
    const auto seed = static_cast<std::uint64_t>(gi);
    if (gi % 2 == 0)
      g = std::move(*m.new_game(options, players, seed, nullptr));
    else
      static_cast<state&>(*g).restart(seed);
    const bool views = gi < games_with_views;
    while (!g->is_over()) {
      const seat_mask to_act = g->seats_to_act();
      h.add(to_act);
      add_text(h, std::string(g->phase()));
      for (int s = -1; s <= players; ++s) {  // out-of-range seats too
        g->legal_actions(s, legal);
        h.add(static_cast<std::uint64_t>(legal.size()));
        for (action a : legal) h.add(a.code);
      }
      if (views)
        for (int s = spectator; s < players; ++s) {
          add_text(h, g->view(s).dump());
          std::string text;
          g->write_view(s, text);
          add_text(h, text);
        }
      int seat = std::countr_zero(to_act);
      for (int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(std::popcount(to_act))));
           k > 0; --k)
        seat = std::countr_zero(static_cast<seat_mask>(to_act & ~((2u << seat) - 1)));
      g->legal_actions(seat, legal);
      int idle = (seat + 1) % players;
      while (has_seat(to_act, idle) && idle != seat) idle = (idle + 1) % players;
      const auto probe = [&](int s, std::uint32_t code, bool on_copy) {
        test::probe_refusal(h, *g, legal, seat, idle, to_act, s, code, on_copy);
      };
      // Plays of every card id (and a few past the last), bids, trump choices, other kinds.
      for (std::uint32_t c = 0; c < 80; c += (c < 76 ? 1 : 3)) {
        probe(seat, (4u << 8) | c, false);
        probe(idle, (4u << 8) | c, false);
      }
      for (std::uint32_t k = 1; k <= 3; ++k)
        for (std::uint32_t arg : {0u, 1u, 4u, 5u, 40u}) probe(seat, (k << 8) | arg, true);
      probe(players, (4u << 8) | 3u, false);
      probe(-1, (1u << 8) | 1u, false);
      probe(seat, 0u, true);
      const action a =
          heuristic_every > 0 && ++step % heuristic_every == 0
              ? g->bot_action(seat, bot_kind::heuristic, bot_rng)
              : legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
      h.add(a.code);
      add_text(h, g->action_to_json(a).dump());
      std::string text;
      g->write_action(a, text);
      add_text(h, text);
      EXPECT_FALSE(g->apply(seat, a));
      h.add(g->state_hash());
      if (with_events) {
        event_lines lines;
        g->last_events(lines);
        for (const game_event& e : lines) {
          h.add(static_cast<std::uint64_t>(e.to.who) << 8 | static_cast<std::uint8_t>(e.to.seat));
          add_text(h, e.text());
        }
      }
    }
    add_text(h, g->outcome().dump());
    h.add(g->state_hash());
  }
  return h.value();
}

// All re-recorded on purpose when a round's final trick stayed the view's last trick
// (and so in state_hash()) until the next round's first trick is complete.
TEST(CrownBattlesTrace, TwoPlayersUnchanged) {
  EXPECT_EQ(trace(2, json::object(), 30, 3, 0), 8016774828050843156u);
}
TEST(CrownBattlesTrace, FourPlayersBlindAndNormalUnchanged) {
  EXPECT_EQ(trace(4, {{"round_types", {"normal", "blind"}}}, 30, 3, 3), 4193304520080011155u);
}
TEST(CrownBattlesTrace, FivePlayersScrewTheDealerUnchanged) {
  EXPECT_EQ(trace(5, {{"screw_the_dealer", true}}, 20, 2, 2), 4767220973095822582u);
}
TEST(CrownBattlesTrace, EightPlayersHeuristicUnchanged) {
  EXPECT_EQ(trace(8, {{"round_types", {"blind"}}}, 20, 2, 1), 7996384804397677823u);
}
// Every Special Power card and the shields, move-log lines included: recorded when the
// specials' rules were complete (2026-11-25, with the Bomb, Bishop and blind Jester fixes),
// so that making them faster changes nothing; re-recorded on purpose twice: when a game with
// specials got the base game's round-result and next-deal lines, and when what a seat knows
// of other hands came to follow only what it saw (sight.cpp). That second time the digests
// with `known` left out of the views and the state hash (and the Bishop's look, which
// depends on it) were checked equal before and after: nothing else changed. Re-recorded a
// third time when the move log became data (a kind and arguments, not words): the same
// games on the engine before and after gave equal states, actions and event audiences and
// counts; only the events' form changed.
json all_specials(int peasants) {
  json ids = json::array();
  for (int i = 0; i < special_count; ++i) ids.push_back(card_id(special_card(special(i))));
  return {{"specials", ids}, {"peasants", peasants}, {"bubble_shields", true}};
}
TEST(CrownBattlesTrace, FourPlayersAllSpecialsUnchanged) {
  EXPECT_EQ(trace(4, all_specials(4), 20, 3, 3, true), 16477861089504044857u);
}
TEST(CrownBattlesTrace, SixPlayersAllSpecialsBlindUnchanged) {
  json o = all_specials(2);
  o["round_types"] = {"normal", "blind"};
  EXPECT_EQ(trace(6, o, 12, 2, 2, true), 43315027702055604u);
}
TEST(CrownBattlesTrace, ThreePlayersPresetUnchanged) {
  EXPECT_EQ(trace(3, {{"preset", "3p-mid"}}, 20, 2, 4), 3334170612633734555u);
}

}  // namespace
}  // namespace crownhall::crown_battles
