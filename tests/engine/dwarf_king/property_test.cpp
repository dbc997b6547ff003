// Thousands of seeded games per player count: a record replays to the same state, every
// card is in exactly one place at every step, and the scores add up as the rules say.
#include <algorithm>

#include "engine/core/record.hpp"
#include "engine/games/dwarf_king/specials.hpp"
#include "scenario.hpp"
#include "tests/common/test_scale.hpp"

namespace crownhall::dwarf_king::testing {
namespace {

// 2,000 in Release; a tenth under the sanitizers (CROWNHALL_TEST_SCALE=0.1).
const int games_per_count = crownhall::test::scaled_games(2000);

// The game's legal actions (cached while playing) are those a seat's view gives its bot.
::testing::AssertionResult same_legal_actions(const game& g) {
  for (int s = 0; s < g.seat_count(); ++s) {
    action_list from_game, from_view;
    g.legal_actions(s, from_game);
    legal_actions(g.make_view(s).turn_of(), from_view);
    if (from_game.size() != from_view.size() ||
        !std::equal(from_game.begin(), from_game.end(), from_view.begin()))
      return ::testing::AssertionFailure() << "seat " << s << " legal actions differ";
  }
  return ::testing::AssertionSuccess();
}

// Rulebook, "Scoring points", and the special cards' points (rulings).
void check_hand(const hand_result& r, const std::array<std::int16_t, max_players>& before,
                int players) {
  int tricks = 0;
  const effect e = special_rules[static_cast<std::size_t>(r.special - basic_count)].kind;
  const bool scores = e == effect::last_trick_bonus || e == effect::faces_in_trick ||
                      e == effect::taker_bonus || e == effect::next_trick_bonus;
  EXPECT_EQ(r.enchanted != no_seat, e == effect::double_score);
  for (int s = 0; s < players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    tricks += r.tricks[i];
    if (!scores) {
      EXPECT_EQ(r.bonus[i], 0);
    }
    EXPECT_EQ(r.points[i], (r.quest_points[i] + r.bonus[i]) * (r.enchanted == s ? 2 : 1));
    EXPECT_EQ(r.totals[i], before[i] + r.points[i]);
  }
  EXPECT_EQ(tricks, hand_size(players));
}

void run(int players) {
  const game_module& m = dwarf_king_module();
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(games_per_count); ++seed) {
    const bot_kind bots = seed % 5 == 0 ? bot_kind::heuristic : bot_kind::random;
    auto record = simulate(m, json::object(), players, seed, bots);
    ASSERT_TRUE(record) << record.error().reason;
    auto replayed = replay(*record);
    ASSERT_TRUE(replayed);
    ASSERT_FALSE(replayed->error) << replayed->error->reason;
    ASSERT_TRUE(replayed->state->is_over());

    // Step by step, from the record's JSON again.
    auto started = m.new_game(record->options, players, seed, nullptr);
    ASSERT_TRUE(started);
    auto& g = static_cast<game&>(**started);
    std::array<std::int16_t, max_players> totals{};
    std::size_t hands_seen = 0;
    ASSERT_TRUE(conserved(g));
    for (const recorded_action& ra : record->actions) {
      auto a = g.action_from_json(ra.action);
      ASSERT_TRUE(a);
      ASSERT_FALSE(g.apply(ra.seat, *a).has_value());
      ASSERT_TRUE(conserved(g)) << "seed " << seed << " after " << ra.action.dump();
      ASSERT_TRUE(same_legal_actions(g)) << "seed " << seed << " after " << ra.action.dump();
      if (g.results().size() != hands_seen) {
        check_hand(g.results().back(), totals, players);
        totals = g.results().back().totals;
        hands_seen = g.results().size();
      }
    }
    ASSERT_EQ(g.state_hash(), replayed->state->state_hash()) << "seed " << seed;
    ASSERT_EQ(g.outcome(), replayed->state->outcome());

    // The game ends after the planned hands, with one leader.
    const json out = g.outcome();
    EXPECT_GE(out["hands"].size(), 7u);
    const int winner = out["winner"].get<int>();
    for (int s = 0; s < players; ++s) {
      EXPECT_EQ(out["totals"][s], totals[static_cast<std::size_t>(s)]);
      if (s != winner) {
        EXPECT_LT(totals[static_cast<std::size_t>(s)], totals[static_cast<std::size_t>(winner)]);
      }
    }
    EXPECT_EQ(out["ranks"][winner], 1);
  }
}

TEST(Property, ThreePlayers) { run(3); }
TEST(Property, FourPlayers) { run(4); }
TEST(Property, FivePlayers) { run(5); }

TEST(Property, CloneAndHashCoverTheState) {
  table t = start(4, nullptr);
  auto copy = t.state->clone();
  EXPECT_EQ(copy->state_hash(), t.state->state_hash());
  action_list legal;
  t.state->legal_actions(static_cast<int>(std::countr_zero(t.state->seats_to_act())), legal);
  ASSERT_FALSE(t.state->apply(std::countr_zero(t.state->seats_to_act()), legal[0]).has_value());
  EXPECT_NE(copy->state_hash(), t.state->state_hash());
  // restart() is a new game: the same state as one made fresh with that seed.
  t.g().restart(7);
  EXPECT_EQ(t.state->state_hash(), start(4, nullptr, json::object(), 7).state->state_hash());
}

}  // namespace
}  // namespace crownhall::dwarf_king::testing
