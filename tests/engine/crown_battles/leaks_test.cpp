// Rulings, Leaked Suit (the expansion's round types): before bidding every player reveals
// all the cards they hold of one suit (Golems, Dragons and their Kings count as one), which
// stay face up while in hand; the table's variation says who picks and how.
#include <algorithm>

#include <gtest/gtest.h>

#include "engine/games/crown_battles/leaks.hpp"
#include "helpers.hpp"

namespace crown_battles_test {
namespace {

json leak(const std::string& suit) { return {{"type", "leak"}, {"suit", suit}}; }

// Four players, three cards each, no trump; the first dealer is seat 3, so seat 0 bids and
// leads first.
std::unique_ptr<cb::state> leak_round(const std::string& variation = "secret") {
  const json deal = three_card_deal();
  json options = {{"schedule", {3}}, {"round_types", {"leaked_suit"}}};
  if (variation != "secret") options["leak_variation"] = variation;
  return start(options, 4, deal);
}

TEST(CrownBattlesLeaks, EveryoneLeaksInSecretThenAllRevealTogether) {
  auto g = leak_round();
  ASSERT_TRUE(g);
  EXPECT_EQ(g->view(0)["phase"], "leak");
  EXPECT_EQ(g->seats_to_act(), 0b1111);
  auto r = act(*g, 0, bid(1));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "Leaked Suit: first the suit to reveal (R, B, G, Y or the monsters)");
  MUST_ACT(*g, 0, leak("R"));
  // Only seat 0 knows its choice; nobody sees a card yet.
  EXPECT_EQ(g->view(0)["round"]["leaks"][0], json({{"chosen", true}, {"suit", "R"}}));
  EXPECT_EQ(g->view(1)["round"]["leaks"][0], json({{"chosen", true}}));
  EXPECT_EQ(g->view(-1)["round"]["leaks"][0], json({{"chosen", true}}));
  EXPECT_TRUE(has_line(lines_read_by(*g, 1), ev("leak_chosen", {{"seat", 0}})));
  EXPECT_TRUE(has_line(lines_read_by(*g, 0), ev("own_leak", {{"seat", 0}, {"leak", "R"}})));
  r = act(*g, 0, leak("B"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, crownhall::error_code::not_your_turn);
  MUST_ACT(*g, 1, leak("monsters"));
  MUST_ACT(*g, 2, leak("Y"));
  MUST_ACT(*g, 3, leak("B"));
  EXPECT_EQ(g->view(0)["phase"], "bidding");
  // Everyone, a spectator too, sees every seat's leaked cards.
  const json leaks = g->view(-1)["round"]["leaks"];
  EXPECT_EQ(leaks[0], json({{"cards", {"R2", "R13"}}, {"chosen", true}, {"suit", "R"}}));
  EXPECT_EQ(leaks[1], json({{"cards", {"GOLEM1"}}, {"chosen", true}, {"suit", "monsters"}}));
  EXPECT_EQ(leaks[2], json({{"cards", {"Y9"}}, {"chosen", true}, {"suit", "Y"}}));
  EXPECT_EQ(leaks[3], json({{"cards", json::array()}, {"chosen", true}, {"suit", "B"}}));
  const auto lines = lines_read_by(*g, 2);
  EXPECT_TRUE(
      has_line(lines, ev("leaked", {{"seat", 0}, {"leak", "R"}, {"cards", {"R2", "R13"}}})));
  EXPECT_TRUE(
      has_line(lines, ev("leaked", {{"seat", 1}, {"leak", "monsters"}, {"cards", {"GOLEM1"}}})));
  EXPECT_TRUE(
      has_line(lines, ev("leaked", {{"seat", 3}, {"leak", "B"}, {"cards", json::array()}})));
  // A shown card leaves the list once played; the score table keeps each choice.
  for (int s = 0; s < 4; ++s) MUST_ACT(*g, s, bid(1));
  MUST_ACT(*g, 0, play("R13"));
  EXPECT_EQ(g->view(2)["round"]["leaks"][0]["cards"], json({"R2"}));
  MUST_ACT(*g, 1, play("GOLEM1"));
  MUST_ACT(*g, 2, play("G3"));
  MUST_ACT(*g, 3, play("R3"));
  EXPECT_EQ(g->view(2)["round"]["leaks"][1]["cards"], json::array());
}

TEST(CrownBattlesLeaks, ClockwiseEachIsShownAtOnce) {
  auto g = leak_round("clockwise");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->seats_to_act(), 0b0001);  // the dealer's left first
  MUST_ACT(*g, 0, leak("R"));
  EXPECT_EQ(g->view(1)["round"]["leaks"][0]["cards"], json({"R2", "R13"}));
  EXPECT_TRUE(has_line(lines_read_by(*g, 1),
                       ev("leaked", {{"seat", 0}, {"leak", "R"}, {"cards", {"R2", "R13"}}})));
  auto r = act(*g, 2, leak("G"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, crownhall::error_code::not_your_turn);
  MUST_ACT(*g, 1, leak("B"));
  MUST_ACT(*g, 2, leak("G"));
  EXPECT_EQ(g->view(0)["phase"], "leak");
  MUST_ACT(*g, 3, leak("Y"));  // the dealer last
  EXPECT_EQ(g->view(0)["phase"], "bidding");
  EXPECT_EQ(g->view(0)["round"]["leaks"][2]["cards"], json({"G3", "G4"}));
}

TEST(CrownBattlesLeaks, TheDealerPicksOneSuitForEveryone) {
  auto g = leak_round("dealer");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->seats_to_act(), 0b1000);
  MUST_ACT(*g, 3, leak("R"));
  const json leaks = g->view(1)["round"]["leaks"];
  EXPECT_EQ(leaks[0]["cards"], json({"R2", "R13"}));
  EXPECT_EQ(leaks[1]["cards"], json::array());
  EXPECT_EQ(leaks[3]["cards"], json({"R3"}));
  for (int s = 0; s < 4; ++s) EXPECT_EQ(leaks[static_cast<std::size_t>(s)]["suit"], "R");
  EXPECT_TRUE(has_line(lines_read_by(*g, 1), ev("leak_named", {{"seat", 3}, {"leak", "R"}})));
}

// Without a choice: the spinner names one suit for all; or a random card of each hand names
// its suit (never a Peasant or a special card other than the Kings).
TEST(CrownBattlesLeaks, TheSpinnerOrTheNeighbourDrawsTheSuit) {
  auto g = leak_round("spinner");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->view(0)["phase"], "bidding");
  const json spun = g->view(0)["round"]["leaks"];
  for (int s = 1; s < 4; ++s) EXPECT_EQ(spun[static_cast<std::size_t>(s)]["suit"], spun[0]["suit"]);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const json deal = {
        {"rounds",
         {{{"hands",
            hands_of({{"PEASANT1", "PEASANT2"}, {"GOLEM1", "B7"}, {"G3", "G4"}, {"R3", "Y2"}})},
           {"spinner", "R"}}}}};
    auto h = start(
        {{"schedule", {2}}, {"round_types", {"leaked_suit"}}, {"leak_variation", "neighbour"}}, 4,
        deal, seed);
    ASSERT_TRUE(h);
    const json leaks = h->view(-1)["round"]["leaks"];
    EXPECT_EQ(leaks[0], json({{"chosen", false}})) << "Peasants name no suit";
    EXPECT_TRUE(leaks[1]["suit"] == "monsters" || leaks[1]["suit"] == "B");
    EXPECT_EQ(leaks[2]["cards"], json({"G3", "G4"}));
    EXPECT_EQ(leaks[3]["cards"].size(), 1u);
  }
}

TEST(CrownBattlesLeaks, BotsPlayEveryVariationToTheEnd) {
  for (const char* variation : {"secret", "clockwise", "dealer", "spinner", "neighbour"})
    for (int players = 2; players <= 8; players += 3)
      for (const auto kind : {crownhall::bot_kind::random, crownhall::bot_kind::heuristic}) {
        auto g = start({{"round_types", {"leaked_suit"}}, {"leak_variation", variation}}, players,
                       nullptr, 5);
        ASSERT_TRUE(g);
        crownhall::prng rng(9);
        while (!g->is_over()) {
          const int seat = std::countr_zero(g->seats_to_act());
          const crownhall::action a = g->bot_action(seat, kind, rng);
          ASSERT_FALSE(g->apply(seat, a)) << variation << " " << g->action_to_json(a).dump();
        }
        EXPECT_EQ(g->view(0)["rounds"][0]["leaks"].size(), static_cast<std::size_t>(players));
      }
}

// Our ruling: the cards shown are those held at the reveal. A Magician's pass moves a shown
// card to another hand (no longer shown) and brings a card of the leaked suit to a hand that
// leaked it (not shown either).
TEST(CrownBattlesLeaks, ACardArrivingAfterTheRevealIsNotShown) {
  const json deal = {{"first_dealer", 3},
                     {"rounds",
                      {{{"hands", hands_of({{"MAGICIAN", "R1", "R2"},
                                            {"B7", "B1", "B2"},
                                            {"G7", "G1", "G2"},
                                            {"Y7", "Y1", "B5"}})},
                        {"spinner", "X"}}}}};
  auto g = start({{"specials", {"MAGICIAN"}},
                  {"schedule", {3}},
                  {"round_types", {"leaked_suit"}},
                  {"leak_variation", "dealer"}},
                 4, deal);
  ASSERT_TRUE(g);
  MUST_ACT(*g, 3, leak("B"));  // the dealer names blue for everyone
  EXPECT_EQ(g->view(-1)["round"]["leaks"][1]["cards"], json({"B1", "B2", "B7"}));
  EXPECT_EQ(g->view(-1)["round"]["leaks"][3]["cards"], json({"B5"}));
  for (int s = 0; s < 4; ++s) MUST_ACT(*g, s, bid(0));
  MUST_ACT(*g, 0, play("MAGICIAN"));
  MUST_ACT(*g, 0, json({{"type", "direction"}, {"direction", "left"}}));
  MUST_ACT(*g, 1, json({{"type", "pick_card"}, {"card", "B1"}}));  // to seat 2
  MUST_ACT(*g, 2, json({{"type", "pick_card"}, {"card", "G1"}}));
  MUST_ACT(*g, 3, json({{"type", "pick_card"}, {"card", "B5"}}));  // to seat 0
  MUST_ACT(*g, 0, json({{"type", "pick_card"}, {"card", "R1"}}));
  ASSERT_TRUE(g->hand(2).contains(*cb::card_from_id("B1")));
  const json leaks = g->view(-1)["round"]["leaks"];
  EXPECT_EQ(leaks[1]["cards"], json({"B2", "B7"}));
  EXPECT_EQ(leaks[2]["cards"], json::array()) << "B1 arrived after the reveal";
  EXPECT_EQ(leaks[3]["cards"], json::array());
  EXPECT_EQ(leaks[0]["cards"], json::array()) << "B5 was shown in another hand";
}

}  // namespace
}  // namespace crown_battles_test
