// Random-legal games folded into one digest: every seat's legal actions in order, the
// state hash after every action, refusals (code and reason) of probe actions, the seats'
// JSON views and the outcome. The digests were recorded with the engine before its speed
// work (commit ce810f8): any change of behaviour, even of the order of a legal-action list
// (which random bots and records depend on), changes them. Re-recorded on purpose once,
// when the seats' knowledge moved onto engine/core/knowledge.hpp: state_hash() folds the
// new record (which seat knows which card) instead of the old per-hand table, while the
// view digest below (DwarfKingViews, recorded before the move) proved that nothing a
// player or spectator observes changed.
#include <gtest/gtest.h>

#include <bit>
#include <string>

#include "engine/games/dwarf_king/dwarf_king.hpp"
#include "engine/games/dwarf_king/state.hpp"
#include "tests/common/trace_digest.hpp"

namespace crownhall::dwarf_king {
namespace {

using test::add_text;

std::uint64_t trace(int players, int games, int games_with_views) {
  const game_module& m = dwarf_king_module();
  const json options = *m.normalize_options(json::object(), players);
  state_hasher h;
  prng rng(static_cast<std::uint64_t>(players) * 1000 + 7);
  action_list legal;
  // Every other game restarts the previous one, as the benchmark does.
  std::unique_ptr<game_state> g;
  for (int gi = 0; gi < games; ++gi) {
    const auto seed = static_cast<std::uint64_t>(gi);
    if (gi % 2 == 0)
      g = std::move(*m.new_game(options, players, seed, nullptr));
    else
      static_cast<game&>(*g).restart(seed);
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
        for (int s = spectator; s < players; ++s) add_text(h, g->view(s).dump());
      // Any seat among those to act (the Sorcerer's window has several).
      int seat = std::countr_zero(to_act);
      for (int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(std::popcount(to_act))));
           k > 0; --k)
        seat = std::countr_zero(static_cast<seat_mask>(to_act & ~((2u << seat) - 1)));
      g->legal_actions(seat, legal);
      int idle = (seat + 1) % players;
      while (has_seat(to_act, idle) && idle != seat) idle = (idle + 1) % players;
      // A refusal leaves the state untouched, so plays are probed on the game itself. The
      // other kinds might be taken (give_back lists its cards in either order), so they go
      // to a copy, whose state hash is folded in as well.
      const auto probe = [&](int s, std::uint32_t code, bool on_copy) {
        test::probe_refusal(h, *g, legal, seat, idle, to_act, s, code, on_copy);
      };
      const std::uint32_t play = 1u << 16;
      for (std::uint32_t c = 0; c < 56; ++c)
        for (int s : {seat, idle}) probe(s, play | c, false);
      probe(players, play | 3u, false);
      probe(-1, play | 3u, false);
      for (std::uint32_t kind = 0; kind <= 10; ++kind)
        for (std::uint32_t arg = 0; arg < 6; ++arg) probe(seat, kind << 16 | arg, kind != 1);
      for (int k = 0; k < 4; ++k) {
        const card_set hand = static_cast<game&>(*g).hand(seat);
        const card x = static_cast<card>(rng.below(54)), y = static_cast<card>(rng.below(54));
        probe(seat, 4u << 16 | x | static_cast<std::uint32_t>(y) << 8, true);
        if (hand) {  // two cards of the hand, higher first
          const card lo = static_cast<card>(std::countr_zero(hand));
          const card hi = static_cast<card>(63 - std::countl_zero(hand));
          probe(seat, 4u << 16 | hi | static_cast<std::uint32_t>(lo) << 8, true);
        }
        probe(seat, static_cast<std::uint32_t>(rng.next()), true);
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

// Everything a player or a spectator can observe, and nothing else: every seat's and the
// spectator's JSON view, every seat's legal actions, the refusals of cards not listed, the
// event lines with their audience, the timed step, the heuristic bot's choice and the
// outcome, over random-legal games with a view at every step. Unlike trace() it never
// folds state_hash(), so it stays put when only the state's representation changes (the
// seats' knowledge moved onto engine/core/knowledge.hpp with the same values): proof that
// what the table sees did not change.
std::uint64_t observed(int players, int games) {
  const game_module& m = dwarf_king_module();
  const json options = *m.normalize_options(json::object(), players);
  state_hasher h;
  prng rng(static_cast<std::uint64_t>(players) * 1000 + 11);
  action_list legal;
  event_lines events;
  std::uint64_t steps = 0;
  for (int gi = 0; gi < games; ++gi) {
    auto g =
        std::move(*m.new_game(options, players, static_cast<std::uint64_t>(gi) + 500, nullptr));
    while (!g->is_over()) {
      const seat_mask to_act = g->seats_to_act();
      h.add(to_act);
      add_text(h, std::string(g->phase()));
      for (int s = spectator; s < players; ++s) {
        add_text(h, g->view(s).dump());
        g->legal_actions(s, legal);
        h.add(static_cast<std::uint64_t>(legal.size()));
        for (action a : legal) h.add(a.code);
      }
      const auto timed = g->timed_step_request();
      h.add(timed.has_value());
      if (timed) h.add(static_cast<std::uint64_t>(timed->seat) << 32 | timed->act.code);
      int seat = std::countr_zero(to_act);
      for (int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(std::popcount(to_act))));
           k > 0; --k)
        seat = std::countr_zero(static_cast<seat_mask>(to_act & ~((2u << seat) - 1)));
      prng bot_rng(++steps);
      h.add(g->bot_action(seat, bot_kind::heuristic, bot_rng).code);
      g->legal_actions(seat, legal);
      // A card not listed is refused and leaves the game as it was.
      for (std::uint32_t c = 0; c < 56; ++c) {
        if (legal.contains(action{1u << 16 | c})) continue;
        const auto refused = g->apply(seat, action{1u << 16 | c});
        h.add(refused.has_value());
        if (refused) add_text(h, refused->reason);
      }
      const action a = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
      h.add(a.code);
      EXPECT_FALSE(g->apply(seat, a));
      events.clear();
      g->last_events(events);
      for (const game_event& e : events) {
        h.add(static_cast<std::uint64_t>(e.to.who) << 8 | static_cast<std::uint8_t>(e.to.seat));
        add_text(h, e.text());
      }
    }
    for (int s = spectator; s < players; ++s) add_text(h, g->view(s).dump());
    add_text(h, g->outcome().dump());
  }
  return h.value();
}

// Re-recorded on purpose (with the views below) when a hand's final trick came to stay the
// last trick, in views and state_hash(), until the next hand's first trick is complete.
TEST(DwarfKingTrace, ThreePlayersUnchanged) { EXPECT_EQ(trace(3, 80, 4), 868688485510814733u); }
TEST(DwarfKingTrace, FourPlayersUnchanged) { EXPECT_EQ(trace(4, 80, 4), 6241140608335454628u); }
TEST(DwarfKingTrace, FivePlayersUnchanged) { EXPECT_EQ(trace(5, 80, 4), 13498335483784105901u); }

// What the table sees, recorded before the seats' knowledge moved onto knowledge.hpp;
// re-recorded when the move log became data: the states, the actions and every event's
// audience were checked equal before and after (the same games on both engines), only the
// events' form changed.
TEST(DwarfKingViews, ThreePlayersUnchanged) { EXPECT_EQ(observed(3, 30), 11587939917080324860u); }
TEST(DwarfKingViews, FourPlayersUnchanged) { EXPECT_EQ(observed(4, 30), 16789774360891571355u); }
TEST(DwarfKingViews, FivePlayersUnchanged) { EXPECT_EQ(observed(5, 30), 18104065822115459922u); }

}  // namespace
}  // namespace crownhall::dwarf_king
