// Spectator mode "delayed open hands", without sockets, on every game: spectators
// see every hand, a number of tricks behind the table, and nothing newer (neither the view
// nor a move-log line); the players' messages are what a public-mode table sends them.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/core/registry.hpp"
#include "protocol/server_messages.hpp"
#include "server/table/table.hpp"
#include "table_people.hpp"
#include "tests/common/test_scale.hpp"
#include "watched_table.hpp"

namespace crownhall::server {
namespace {

using namespace testing;

// A watched table that can replay its own record, as far as a delay allows.
struct replayed_table : watched_table {
  using watched_table::watched_table;

  // The game as a spectator `delay` tricks behind should see it, replayed here on its own
  // from the table's seed and record; `lines` counts the move-log lines its moves made.
  // (The delayed copy only ever moves forward, so this one does too.)
  struct expected {
    std::unique_ptr<game_state> state;
    std::size_t moves = 0;
    std::uint64_t lines = 0;
  };
  expected dealt() const {
    return {std::move(*module->new_game(options, t->seat_count(), t->game_seed(), json()))};
  }
  // Moves `e` on as far as the table's record and the delay allow.
  void replay(expected& e, int delay) const {
    const game_state& live = *t->game();
    for (; e.moves < t->actions_applied(); ++e.moves) {
      auto next = e.state->clone();
      auto a = next->action_from_json(t->action_json(e.moves));
      EXPECT_TRUE(a);
      EXPECT_FALSE(next->apply(t->action_seat(e.moves), *a));
      if (!live.is_over() && next->tricks_finished() > live.tricks_finished() - delay) break;
      event_lines made;
      next->last_events(made);
      e.lines += made.size();
      e.state = std::move(next);
    }
  }

  // Moves `e` on to the first `k` moves of the table's record.
  void replay_to(expected& e, std::size_t k) const {
    for (; e.moves < k; ++e.moves) {
      auto a = e.state->action_from_json(t->action_json(e.moves));
      ASSERT_TRUE(a);
      ASSERT_FALSE(e.state->apply(t->action_seat(e.moves), *a));
      event_lines made;
      e.state->last_events(made);
      e.lines += made.size();
    }
  }
};

json hand_of(const game_state& g, int seat) {
  const json v = g.view(seat);
  return v.contains("hand") ? v["hand"] : json::array();
}

class EveryGameDelayedOpen : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryGameDelayedOpen, SpectatorsSeeEveryHandTheDelayBehindAndNothingNewer) {
  int messages = 0, behind = 0, others_hands = 0;
  // 25 games in Release; a tenth under the sanitizers (tests/common/test_scale.hpp).
  const int games = test::scaled_games(25);
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(games); ++seed) {
    const int delay = 1 + static_cast<int>(seed % 2);
    replayed_table delayed(GetParam(), seed, protocol::spectator_mode::delayed_open, delay);
    replayed_table plain(GetParam(), seed, protocol::spectator_mode::public_view, delay);
    person cy{"Cy", 5};  // comes in the middle of the game
    auto e = delayed.dealt();
    for (int i = 0; i < 5000 && delayed.playing(); ++i) {
      const std::string where = "seed " + std::to_string(seed) + " step " + std::to_string(i);
      ASSERT_EQ(delayed.ann.table()["game"], plain.ann.table()["game"]) << where;
      delayed.replay(e, delay);
      const json dan = delayed.dan.table()["game"];
      ASSERT_EQ(dan["view"], e.state->view(spectator)) << where;
      ASSERT_TRUE(dan["legal"].empty());
      for (int s = 0; s < delayed.t->seat_count(); ++s) {
        ASSERT_EQ(dan["hands"][s], hand_of(*e.state, s)) << where << " seat " << s;
        others_hands += s > 0 && !dan["hands"][s].empty();
      }
      ASSERT_EQ(dan["delayed"]["tricks"], delay);
      ASSERT_EQ(dan["delayed"]["moves_behind"], delayed.t->actions_applied() - e.moves) << where;
      behind += delayed.t->actions_applied() > e.moves;
      if (i == 30) {
        ok(delayed.t->join(cy.who, protocol::join_role::spectator, std::nullopt, false,
                           at(delayed.now)));
        delayed.t->publish(at(delayed.now));
      }
      ++messages;
      // Move-log lines (every few steps: gathering them reads every message so far): those
      // of the replayed moves, exactly as the public table wrote them.
      if (i % 8 != 0 && i != 31) {
        delayed.step();
        plain.step();
        continue;
      }
      auto expected_lines = plain.dan.link->lines();
      std::erase_if(expected_lines, [&](const auto& l) { return l.first > e.lines; });
      ASSERT_EQ(delayed.dan.link->lines(), expected_lines) << where;
      const json last = delayed.dan.table()["last_event"];
      ASSERT_TRUE(last.is_null() || last["kind"] != "action") << where << ": " << last;
      if (i > 30) {
        ASSERT_EQ(cy.table()["game"], delayed.dan.table()["game"]) << where;
        for (const auto& [n, text] : cy.link->lines())
          ASSERT_EQ(expected_lines.count(n), 1u) << where << " line " << n << ": " << text;
      }
      delayed.step();
      plain.step();
    }
    ASSERT_FALSE(delayed.playing()) << "seed " << seed;
    // The game over, spectators see how it ended, and every line.
    EXPECT_EQ(delayed.dan.table()["game"]["view"], plain.dan.table()["game"]["view"]);
    EXPECT_EQ(delayed.dan.table()["game"]["outcome"], plain.dan.table()["game"]["outcome"]);
    EXPECT_EQ(delayed.dan.link->lines(), plain.dan.link->lines());
    EXPECT_EQ(delayed.ann.link->lines(), plain.ann.link->lines());
  }
  EXPECT_GT(messages, games * 10);
  EXPECT_GT(behind, messages / 4) << "the spectators were behind the table for most of it";
  EXPECT_GT(others_hands, messages / 4) << "the bots' hands were on show";
}

// Spectator mode "after the trick": every finished trick is on show, no card of the trick in
// progress ever is, the view is the table's own at an earlier move of its record, and each
// seat's cards played this round are listed.
class EveryGameAfterTheTrick : public ::testing::TestWithParam<std::string> {};

// The cards of the trick in progress, where each game's view lists them (Queen's Court has
// no tricks: one card from each player counts as one, and its piles are always public).
json trick_cards(const std::string& game, const json& view) {
  if (game == "dwarf-king") return view["trick"]["plays"];
  if (game == "queens-court") return json::array();
  return view["trick"]["cards"];
}

TEST_P(EveryGameAfterTheTrick, EachTrickShowsOnceOverAndNoCardBefore) {
  const std::string game = GetParam();
  int messages = 0, behind = 0, played_shown = 0;
  const int games = test::scaled_games(25);
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(games); ++seed) {
    replayed_table after(game, seed, protocol::spectator_mode::after_trick, 1);
    replayed_table plain(game, seed, protocol::spectator_mode::public_view, 1);
    auto e = after.dealt();
    int round = 0, tricks_at_round_start = 0;
    for (int i = 0; i < 5000 && after.playing(); ++i) {
      const std::string where = "seed " + std::to_string(seed) + " step " + std::to_string(i);
      ASSERT_EQ(after.ann.table()["game"], plain.ann.table()["game"]) << where;
      const json dan = after.dan.table()["game"];
      const std::size_t n = after.t->actions_applied();
      const auto held = dan["after_trick"]["moves_behind"].get<std::size_t>();
      ASSERT_LE(held, n) << where;
      after.replay_to(e, n - held);
      ASSERT_EQ(dan["view"], e.state->view(spectator)) << where;
      ASSERT_TRUE(dan["legal"].empty());
      ASSERT_FALSE(dan.contains("hands")) << "no hand is ever shown whole";
      ASSERT_EQ(e.state->tricks_finished(), after.t->game()->tricks_finished())
          << where << ": every finished trick is on show";
      ASSERT_TRUE(trick_cards(game, dan["view"]).empty())
          << where << ": a card of the trick in progress: " << dan["view"]["trick"];
      behind += held > 0;
      if (e.state->rounds_finished() != round) {
        round = e.state->rounds_finished();
        tricks_at_round_start = e.state->tricks_finished();
      }
      // Each card played this round, by the seat that played it, gone from its hand (but in
      // The Dwarf King, where the Sorcerer's holder may take a card of the trick just played
      // back into their hand); in the trick games without a sky, one card a seat a trick.
      std::size_t cards = 0;
      for (int s = 0; s < after.t->seat_count(); ++s) {
        const json hand = hand_of(*e.state, s);
        for (const json& c : dan["played"][s]) {
          if (game != "dwarf-king") {
            ASSERT_EQ(std::count(hand.begin(), hand.end(), c), 0) << where << " " << c;
          }
          ++cards;
        }
      }
      played_shown += cards > 0;
      if (game == "crown-battles" || game == "dwarf-king") {
        ASSERT_EQ(cards,
                  static_cast<std::size_t>(e.state->tricks_finished() - tricks_at_round_start) *
                      static_cast<std::size_t>(after.t->seat_count()))
            << where << " played " << dan["played"];
      }
      ++messages;
      if (i % 8 == 0) {
        auto expected_lines = plain.dan.link->lines();
        std::erase_if(expected_lines, [&](const auto& l) { return l.first > e.lines; });
        ASSERT_EQ(after.dan.link->lines(), expected_lines) << where;
      }
      after.step();
      plain.step();
    }
    ASSERT_FALSE(after.playing()) << "seed " << seed;
    EXPECT_EQ(after.dan.table()["game"]["view"], plain.dan.table()["game"]["view"]);
    EXPECT_EQ(after.dan.link->lines(), plain.dan.link->lines());
  }
  EXPECT_GT(messages, games * 10);
  if (game == "queens-court") {
    // No tricks: its piles are public as cards land, so nothing is held back or listed.
    EXPECT_EQ(behind, 0);
    EXPECT_EQ(played_shown, 0);
  } else {
    EXPECT_GT(behind, messages / 10) << "moves were held back until their trick was over";
    EXPECT_GT(played_shown, messages / 4) << "played cards were on show";
  }
}

INSTANTIATE_TEST_SUITE_P(Games, EveryGameAfterTheTrick, every_game(), game_test_name);

INSTANTIATE_TEST_SUITE_P(Games, EveryGameDelayedOpen, every_game(), game_test_name);

}  // namespace
}  // namespace crownhall::server
