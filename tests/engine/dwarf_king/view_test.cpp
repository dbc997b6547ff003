// At every step of many games, no view holds a card its seat may not know: other hands
// (beyond what was shown, passed or stolen), cards not in play, the Thief's secret draw.
#include <utility>

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

// `last_trick`: the cards of the last trick completed, from the test's own count of the cards
// played face up (the previous hand's final trick until the new hand's first is complete).
// The view's last trick may name those, even once they are dealt again into other hands.
void check_views(const game& g, card_set last_trick) {
  const int n = g.seat_count();
  for (int viewer = spectator; viewer < n; ++viewer) {
    json view = g.view(viewer);
    const std::string shown_last = view.contains("last_trick") ? view["last_trick"].dump() : "";
    view.erase("last_trick");
    const std::string text = view.dump();
    card_set hidden = ~g.deck() & ((card_set{1} << card_count) - 1);  // not in this hand
    for (int holder = 0; holder < n; ++holder)
      if (holder != viewer) hidden |= g.hand(holder) & ~g.known(viewer, holder);
    for_each_card(hidden & mentioned(text), [&](card c) {
      ADD_FAILURE() << "seat " << viewer << " sees " << card_id(c) << " in " << text;
    });
    for_each_card(hidden & mentioned(shown_last) & ~last_trick, [&](card c) {
      ADD_FAILURE() << "seat " << viewer << " sees " << card_id(c)
                    << " in a last trick it was not played in: " << shown_last;
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
    card_set on_table = 0, last_trick = 0;  // the cards played face up, by trick
    int plays = 0;
    check_views(g, last_trick);
    for (const recorded_action& ra : record->actions) {
      ASSERT_FALSE(g.apply(ra.seat, *g.action_from_json(ra.action)).has_value());
      if (ra.action["type"] == "play") {
        on_table |= bit(*card_from_id(ra.action["card"].get<std::string>()));
        if (++plays % players == 0) last_trick = std::exchange(on_table, 0);
      }
      check_views(g, last_trick);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(View, NoSeatSeesWhatItMayNotKnow) {
  for (int players = 3; players <= 5; ++players) run(players, crownhall::test::scaled_games(40));
}

// A hand's final trick was played face up to everyone; it stays the view's last
// trick (all its cards, its winner) through the next deal, for every seat and the spectator,
// until the new hand's first trick is complete and replaces it.
TEST(View, FinalTrickOfAHandStaysTheLastTrickUntilTheNextTrick) {
  table t = start(3, nullptr, {{"hands", 2}});
  const int n = t.state->seat_count();
  json held;  // the first hand's final trick, once played
  const auto every_viewer_sees = [&](const json& last, const std::string& when) {
    for (int viewer = spectator; viewer < n; ++viewer)
      EXPECT_EQ(t.view(viewer)["last_trick"], last) << when << ", viewer " << viewer;
  };
  for (int step = 0; step < 2000 && !t.state->is_over(); ++step) {
    int seat = 0;
    while (!has_seat(t.state->seats_to_act(), seat)) ++seat;
    action_list out;
    t.state->legal_actions(seat, out);
    ASSERT_FALSE(out.empty());
    const json before = t.view(spectator);
    const json move = t.state->action_to_json(out[0]);
    ASSERT_FALSE(t.state->apply(seat, out[0]).has_value());
    const json now = t.view(spectator);
    const bool completes = move["type"] == "play" && before["trick"]["plays"].size() + 1 == 3u;
    if (!completes) {
      if (!held.is_null()) every_viewer_sees(held, "before the new hand's first trick is complete");
      continue;
    }
    // The trick just completed: the cards on the table before and this one, in order.
    const json& last = now["last_trick"];
    ASSERT_EQ(last["plays"].size(), 3u) << last;
    for (std::size_t i = 0; i < 2; ++i) EXPECT_EQ(last["plays"][i], before["trick"]["plays"][i]);
    EXPECT_EQ(last["plays"][2]["card"], move["card"]);
    EXPECT_EQ(last["plays"][2]["seat"], seat);
    every_viewer_sees(last, "after a trick");
    if (now["hand_number"] != before["hand_number"]) {
      // The final card of the first hand: the new hand is dealt, its table empty, and the
      // trick's winner is the seat whose tricks went up in the hand's result.
      ASSERT_EQ(now["hand_number"], 2);
      EXPECT_EQ(now["trick"]["plays"], json::array());
      EXPECT_EQ(now["trick_number"], 1);
      const json& tricks = now["results"].back()["tricks"];
      int winner = -1;
      for (int s = 0; s < n; ++s)
        if (tricks[s].get<int>() == before["tricks"][s].get<int>() + 1) winner = s;
      EXPECT_EQ(last["winner"], winner);
      held = last;
      continue;
    }
    if (!held.is_null()) {
      // The new hand's first trick is complete: it replaced the old one.
      EXPECT_NE(last, held);
      EXPECT_EQ(last["winner"], now["trick_winners"][0]);
      return;
    }
  }
  FAIL() << "the second hand's first trick was never complete";
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
