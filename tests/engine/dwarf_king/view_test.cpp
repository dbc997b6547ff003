// At every step of many games, no view holds a card its seat may not know: other hands
// (beyond what was shown, passed or stolen), cards not in play, the Thief's secret draw.
#include "engine/core/record.hpp"
#include "scenario.hpp"
#include "tests/common/test_scale.hpp"

namespace crownhall::dwarf_king::testing {
namespace {

// Every card id that appears as a quoted string anywhere in `text`.
card_set mentioned(const std::string& text) {
  card_set out = 0;
  for (std::size_t open = text.find('"'); open != std::string::npos;) {
    const std::size_t close = text.find('"', open + 1);
    if (close == std::string::npos) break;
    if (auto c = card_from_id(std::string_view(text).substr(open + 1, close - open - 1)))
      out |= bit(*c);
    open = text.find('"', close + 1);
  }
  return out;
}

void check_views(const game& g) {
  const int n = g.seat_count();
  for (int viewer = spectator; viewer < n; ++viewer) {
    const json view = g.view(viewer);
    const std::string text = view.dump();
    card_set hidden = ~g.deck() & ((card_set{1} << card_count) - 1);  // not in this hand
    for (int holder = 0; holder < n; ++holder)
      if (holder != viewer) hidden |= g.hand(holder) & ~g.known(viewer, holder);
    for_each_card(hidden & mentioned(text), [&](card c) {
      ADD_FAILURE() << "seat " << viewer << " sees " << card_id(c) << " in " << text;
    });
    if (viewer == spectator) {
      EXPECT_FALSE(view.contains("hand"));
    }
    // A seat only ever knows of cards in another hand that it saw shown, passed or stolen:
    // never more than that hand holds.
    for (int holder = 0; holder < n; ++holder)
      EXPECT_EQ(g.known(viewer, holder) & ~g.hand(holder), 0u);
  }
}

void run(int players, int games) {
  const game_module& m = dwarf_king_module();
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(games); ++seed) {
    auto record = simulate(m, json::object(), players, 5000 + seed,
                           seed % 3 ? bot_kind::random : bot_kind::heuristic);
    ASSERT_TRUE(record);
    auto started = m.new_game(record->options, players, record->seed, nullptr);
    ASSERT_TRUE(started);
    auto& g = static_cast<game&>(**started);
    check_views(g);
    for (const recorded_action& ra : record->actions) {
      ASSERT_FALSE(g.apply(ra.seat, *g.action_from_json(ra.action)).has_value());
      check_views(g);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(View, NoSeatSeesWhatItMayNotKnow) {
  for (int players = 3; players <= 5; ++players) run(players, crownhall::test::scaled_games(40));
}

TEST(View, SpectatorsSeeOnlyPublicCards) {
  table t = start(3, one_hand({{"g5"}, {"thief"}, {"k5"}}));
  const std::string before = t.view(spectator).dump();
  EXPECT_NE(before.find("\"k5\""), std::string::npos);  // shown by its holder
  ASSERT_TRUE(t.choose(2, "A"));
  EXPECT_NE(t.view(spectator).dump().find("\"thief\""), std::string::npos);  // shown
  ASSERT_TRUE(t.act(1, {{"type", "steal"}, {"seat", 0}}));
  const json v = t.view(spectator);
  EXPECT_FALSE(v["theft"].contains("stolen"));
  EXPECT_EQ(v["theft"]["victim"], 0);
  EXPECT_EQ(v["known"], json::parse(R"([[], ["thief"], ["k5"]])"));
}

TEST(View, NamesTheSpecialCardOfTheHandWithoutItsId) {
  table t = start(3, one_hand({{"g5"}, {"dragon"}, {"k5"}}));
  const std::string text = t.view(0).dump();
  EXPECT_NE(text.find("\"Dragon\""), std::string::npos);
  EXPECT_EQ(text.find("\"dragon\""), std::string::npos);
  EXPECT_NE(t.view(1).dump().find("\"dragon\""), std::string::npos);  // its holder's hand
}

}  // namespace
}  // namespace crownhall::dwarf_king::testing
