// Views: at every step of many games, no view holds another seat's card, an undealt card or
// an unrevealed blind bid; the spectator's view holds no hand card at all; the view's one
// writer (view_text.cpp) writes its members in sorted order, as a json tree would.
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "play_loop.hpp"

namespace crown_battles_test {
namespace {

// Every quoted string of a JSON text that is a card id: exactly what a search for a card's
// quoted id would find.
cb::card_set quoted_cards(std::string_view text) {
  cb::card_set found;
  for (std::size_t i = text.find('"'); i != std::string_view::npos;) {
    const std::size_t end = text.find('"', i + 1);
    if (end == std::string_view::npos) break;
    if (auto c = cb::card_from_id(text.substr(i + 1, end - i - 1))) found.insert(*c);
    i = text.find('"', end + 1);
  }
  return found;
}

struct round_tracker {
  std::size_t rounds_done = static_cast<std::size_t>(-1);
  cb::card_set dealt;           // every hand at the round's start
  cb::card_set trick_start;     // every hand when the current trick began
  cb::card_set previous_final;  // the previous round's final trick, played face up
};

void check_views(const cb::state& g, round_tracker& t) {
  const int n = g.seat_count();
  cb::card_set in_hands;
  for (int s = 0; s < n; ++s) in_hands = in_hands | g.hand(s);
  // A new round has been dealt (at the end, the last round's tricks stay public). The cards
  // left in the hands when the round's final trick began were that trick.
  if (t.rounds_done != g.score_table().size() && !g.is_over()) {
    t.rounds_done = g.score_table().size();
    t.previous_final = t.trick_start;
    t.dealt = in_hands;
  }
  const cb::card_set played = t.dealt - in_hands;  // this round's tricks: public
  if (played.size() % n == 0) t.trick_start = in_hands;
  const bool secret_bids = g.type() == cb::round_type::blind && !g.is_over();
  for (int viewer = crownhall::spectator; viewer < n; ++viewer) {
    const json v = g.view(viewer);
    const std::string text = v.dump();
    // The server's text is the view, members sorted (view() parses it; dump() sorts).
    std::string written;
    g.write_view(viewer, written);
    ASSERT_EQ(written, text);
    if (viewer >= 0) {
      crownhall::action_list legal;
      g.legal_actions(viewer, legal);
      for (const crownhall::action a : legal) {
        std::string action_text;
        g.write_action(a, action_text);
        ASSERT_EQ(action_text, g.action_to_json(a).dump());
      }
    }
    const cb::card_set own = viewer >= 0 ? g.hand(viewer) : cb::card_set();
    json rest = v;
    rest.erase("last_trick");
    const cb::card_set leaked = quoted_cards(rest.dump()) - own - played;
    ASSERT_TRUE(leaked.empty()) << "view of " << viewer << " holds " << cb::card_id(leaked.lowest())
                                << ": " << text;
    // The last trick: this round's, or until its first trick is complete the previous
    // round's final trick, which everyone saw played face up.
    const cb::card_set last = quoted_cards(v["last_trick"].dump()) - played - t.previous_final;
    ASSERT_TRUE(last.empty()) << "view of " << viewer << " shows " << cb::card_id(last.lowest())
                              << " in a last trick it was not played in: " << text;
    if (viewer < 0) {
      ASSERT_TRUE(v["hand"].empty());
    }
    ASSERT_EQ(v["hand"].size(), static_cast<std::size_t>(own.size()));
    if (secret_bids) {
      // The current round is not in the score table, and other seats' bids are only "placed".
      ASSERT_EQ(v["rounds"].size(), g.score_table().size());
      for (int s = 0; s < n; ++s) {
        const json& b = v["seats"][static_cast<std::size_t>(s)]["bid"];
        ASSERT_TRUE(b.is_object());
        ASSERT_TRUE(b["placed"].is_boolean());
        ASSERT_EQ(b.size(), s == viewer && b["placed"] == true ? 2u : 1u) << text;
      }
    }
  }
}

class CrownBattlesViews : public ::testing::TestWithParam<int> {};

TEST_P(CrownBattlesViews, HoldNothingTheViewerMayNotKnow) {
  const int players = GetParam();
  const int games = scaled(12);
  for (int i = 0; i < games; ++i) {
    const json types = i % 2 ? json({"blind"}) : json({"normal", "blind"});
    auto g = start({{"round_types", types}, {"screw_the_dealer", i % 3 == 0}}, players, nullptr,
                   static_cast<std::uint64_t>(1000 + i));
    ASSERT_TRUE(g);
    round_tracker t;
    play_out(
        *g, static_cast<std::uint64_t>(i),
        [i](int seat) {
          return (seat + i) % 2 ? crownhall::bot_kind::heuristic : crownhall::bot_kind::random;
        },
        [&](const cb::state& s, int) { check_views(s, t); });
    check_views(*g, t);
    if (HasFatalFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(Players, CrownBattlesViews, ::testing::Range(2, 9));

TEST(CrownBattlesView, FieldsAndSortedHand) {
  const json deal = {{"first_dealer", 0},
                     {"rounds",
                      {{{"hands",
                         {{"PEASANT1", "Y1", "R13", "GOLEM2"},
                          {"B1", "B2", "B3", "B4"},
                          {"G1", "G2", "G3", "G4"}}},
                        {"spinner", "Y"}}}}};
  auto g = start({{"schedule", {4}}}, 3, deal);
  ASSERT_TRUE(g);
  const json v = g->view(0);
  EXPECT_EQ(v["seat"], 0);
  EXPECT_EQ(v["phase"], "bidding");
  EXPECT_EQ(v["players"], 3);
  EXPECT_EQ(v["hand"], json({"R13", "Y1", "GOLEM2", "PEASANT1"}));
  EXPECT_EQ(v["round"], json({{"number", 1},
                              {"rounds", 1},
                              {"tie_break", false},
                              {"hand_size", 4},
                              {"type", "normal"},
                              {"spinner", "Y"},
                              {"trump", "Y"},
                              {"dealer", 0},
                              {"max_bid", 4},
                              {"double_bids", true},
                              {"screw_the_dealer", false}}));
  EXPECT_EQ(v["seats"][1],
            json({{"seat", 1}, {"bid", nullptr}, {"tricks", 0}, {"score", 0}, {"cards", 4}}));
  EXPECT_EQ(
      v["trick"],
      json({{"leader", 0}, {"lead", "open"}, {"cards", json::array()}, {"winning", nullptr}}));
  EXPECT_EQ(v["last_trick"], nullptr);
  EXPECT_EQ(v["crown"], nullptr);
  EXPECT_EQ(v["rounds"], json::array());
  EXPECT_EQ(v["seats_to_act"], json({1}));
  EXPECT_EQ(v["result"], nullptr);
  const json spectator = g->view(crownhall::spectator);
  EXPECT_EQ(spectator["seat"], nullptr);
  EXPECT_EQ(spectator["hand"], json::array());
  EXPECT_EQ(g->view(17), spectator);  // no such seat: public view only
}

}  // namespace
}  // namespace crown_battles_test
