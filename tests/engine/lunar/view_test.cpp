// Views carry exactly what a seat may know: its own hand, what it passed, the public Sky,
// tiles and tricks; never another hand or another seat's pending exchange.
#include <bit>
#include <string>
#include <utility>

#include "helpers.hpp"
#include "tests/common/test_scale.hpp"

namespace crownhall::lunar {
namespace {

using namespace testing;

card_set ids_in(const std::string& text) {
  card_set found = 0;
  std::size_t i = 0;
  while ((i = text.find('"', i)) != std::string::npos) {
    const std::size_t end = text.find('"', i + 1);
    if (end == std::string::npos) break;
    const card c = card_from_id(std::string_view(text).substr(i + 1, end - i - 1));
    if (c != no_card) found |= bit(c);
    i = end + 1;
  }
  return found;
}

// `last_trick`: the cards of the last trick completed, from the test's own count of the cards
// played face up (the previous round's final trick until the new round's first is complete).
// The view's last trick may name those, even once they are dealt again into other hands.
void check_views(const game& g, card_set last_trick = 0) {
  const int n = g.seat_count();
  card_set hands = 0;
  for (int s = 0; s < n; ++s) hands |= g.hand(s);
  for (int s = -1; s < n; ++s) {
    const table_view v = g.make_view(s);
    const card_set own = s >= 0 ? g.hand(s) : 0;
    // A seat knows the cards it passed to its partner.
    const card_set hidden = hands & ~own & ~v.passed;
    json view = g.view(s);
    const card_set shown_last = ids_in(view["last_trick"].dump());
    view.erase("last_trick");
    const card_set seen = ids_in(view.dump()) | (shown_last & ~hidden);
    ASSERT_EQ(seen & hidden, 0u) << "seat " << s << " in phase " << g.phase();
    ASSERT_EQ(shown_last & hidden & ~last_trick, 0u)
        << "seat " << s << ": a last trick with cards not played in it";
    ASSERT_EQ(seen & own, own);
    ASSERT_EQ(seen & g.sky(), g.sky()) << "the Sky is public";
    ASSERT_EQ(seen & g.trick_cards(), g.trick_cards());
    if (s >= 0) {
      ASSERT_EQ(v.hand, own);
    } else {
      ASSERT_EQ(v.passed | v.received | v.my_choice | v.hand, 0u);
    }
  }
}

TEST(LunarViews, NoSeatSeesAnotherHandOrAPendingExchange) {
  const auto games = static_cast<std::uint64_t>(crownhall::test::scaled_games(60));
  for (int n : {4, 2}) {
    for (std::uint64_t seed = 0; seed < games; ++seed) {
      auto g = start(n, nullptr, {{"target_score", 15}}, seed);
      prng bots(seed);
      check_views(*g);
      card_set on_table = 0, last_trick = 0;  // the cards played face up, by trick
      int plays = 0;
      while (!g->is_over()) {
        const int seat = std::countr_zero(g->seats_to_act());
        const action a = g->bot_action(seat, bot_kind::random, bots);
        const json move = g->action_to_json(a);
        ASSERT_FALSE(g->apply(seat, a));
        if (move["type"] == "play") {
          on_table |= bit(card_from_id(move["card"].get<std::string>()));
          if (++plays % 4 == 0) last_trick = std::exchange(on_table, 0);
        }
        check_views(*g, last_trick);
      }
    }
  }
}

// A round's final trick was played face up to everyone; it stays the view's last
// trick (all four cards, the winning team) through the next deal, for every seat and the
// spectator, until the new round's first trick is complete and replaces it.
TEST(LunarViews, FinalTrickOfARoundStaysTheLastTrickUntilTheNextTrick) {
  for (int n : {4, 2}) {
    auto g = start(n, nullptr, {}, 3);
    ASSERT_TRUE(g);
    json held;  // the first round's final trick, once played
    const auto every_viewer_sees = [&](const json& last, const std::string& when) {
      for (int viewer = spectator; viewer < n; ++viewer)
        EXPECT_EQ(g->view(viewer)["last_trick"], last) << when << ", viewer " << viewer;
    };
    bool replaced = false;
    for (int step = 0; step < 2000 && !g->is_over() && !replaced; ++step) {
      const int seat = std::countr_zero(g->seats_to_act());
      action_list out;
      g->legal_actions(seat, out);
      ASSERT_FALSE(out.empty());
      const json before = g->view(spectator);
      const json move = g->action_to_json(out[0]);
      ASSERT_FALSE(g->apply(seat, out[0]));
      const json now = g->view(spectator);
      if (!(move["type"] == "play" && before["trick"]["cards"].size() == 3u)) {
        if (!held.is_null()) every_viewer_sees(held, "before the new round's first trick");
        continue;
      }
      // The trick just completed: the cards on the table before and this one, in order.
      const json last = now["last_trick"];
      ASSERT_TRUE(last.is_object()) << n << " players, after " << move << ": " << now;
      ASSERT_EQ(last["cards"].size(), 4u) << last;
      for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(last["cards"][i], before["trick"]["cards"][i]);
      EXPECT_EQ(last["cards"][3]["card"], move["card"]);
      EXPECT_EQ(last["cards"][3]["seat"], seat);
      every_viewer_sees(last, "after a trick");
      if (now["round"] != before["round"]) {
        // The final card of the round: a new deal, and the winning team is the one whose
        // tricks went up in the round's result.
        ASSERT_EQ(now["round"], 2);
        EXPECT_EQ(now["trick"]["cards"], json::array());
        const json& tricks = now["last_round"]["tricks"];
        for (int team = 0; team < 2; ++team) {
          if (tricks[team].get<int>() == before["tricks_won"][team].get<int>() + 1) {
            EXPECT_EQ(last["winner_team"], team);
          }
        }
        held = last;
      } else if (!held.is_null()) {
        EXPECT_NE(last, held);  // the new round's first trick replaced it
        replaced = true;
      }
    }
    EXPECT_TRUE(replaced) << n << " players: the second round's first trick was never complete";
  }
}

TEST(LunarViews, SeatViewFields) {
  auto g = start(4, four_player_deal());
  const json v = g->view(3);
  EXPECT_EQ(v["game"], "lunar");
  EXPECT_EQ(v["seat"], 3);
  EXPECT_EQ(v["team"], 1);
  EXPECT_EQ(v["phase"], "exchange");
  EXPECT_EQ(v["to_act"], json({0, 1, 2, 3}));
  EXPECT_EQ(v["teams"], json({{0, 2}, {1, 3}}));
  EXPECT_EQ(v["hand"].size(), 12u);
  EXPECT_EQ(v["hand_sizes"], json({12, 12, 12, 12}));
  EXPECT_EQ(v["tiles"]["face_up"], json({"wolf", "owl", "lynx", "bat"}));
  EXPECT_TRUE(v["trump"].is_null());
  EXPECT_TRUE(v["last_trick"].is_null());
  EXPECT_FALSE(v.contains("sky"));
  const json spectator_view = g->view(spectator);
  EXPECT_FALSE(spectator_view.contains("hand"));
  EXPECT_TRUE(spectator_view["seat"].is_null());
  EXPECT_FALSE(spectator_view["exchange"].contains("chosen"));
}

}  // namespace
}  // namespace crownhall::lunar
