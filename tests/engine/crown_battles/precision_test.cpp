// Rulings, Suit Precision and Suit Precision-Alliances: a bid for each suit, every trick won
// placed under a suit (by the card that won it), the book's scoring examples, the Thief's
// stolen trick keeping its suit.
#include <gtest/gtest.h>

#include "engine/games/crown_battles/precision.hpp"
#include "specials_helpers.hpp"

namespace crown_battles_test {
namespace {

using cb::double_bid;
using cb::single_bid;

cb::suit_bids bids(cb::bid r, cb::bid b, cb::bid g, cb::bid y) { return {r, b, g, y}; }
json place(const std::string& suit) { return {{"type", "place"}, {"suit", suit}}; }
json pick_suit(const std::string& suit) { return {{"type", "pick_suit"}, {"suit", suit}}; }

// A seat's four bids, R, B, G, Y, each a single bid.
void bid_suits(cb::state& g, int seat, std::vector<int> per_suit) {
  for (int n : per_suit) MUST_ACT(g, seat, bid(n));
}

TEST(CrownBattlesPrecision, TheBooksScoringExamples) {
  // "Bid 1 blue, 1 green and 1 red and win all 3: 60 points, 30 for tricks and 30 as bonus."
  EXPECT_EQ(cb::precision_points(bids(single_bid(1), single_bid(1), single_bid(1), single_bid(0)),
                                 {1, 1, 1, 0}),
            60);
  // "Predict 0 tricks in all suits: you still earn 10 bonus points."
  EXPECT_EQ(cb::precision_points({}, {0, 0, 0, 0}), 10);
  // One extra Yellow trick: −10 for Yellow, the met suits keep 10 per trick, no bonus.
  EXPECT_EQ(cb::precision_points(bids(single_bid(2), single_bid(1), single_bid(0), single_bid(0)),
                                 {2, 1, 0, 1}),
            20);
  // Double bids met: 5 per trick and 5 bonus for the double-bid suit, 10 and 10 for the other.
  EXPECT_EQ(cb::precision_points(bids(double_bid(1), single_bid(1), single_bid(0), single_bid(0)),
                                 {2, 1, 0, 0}),
            35);
  // Missed: the met double-bid suit 5 per trick, each missed suit −10 per trick off, no bonus.
  EXPECT_EQ(cb::precision_points(bids(double_bid(1), single_bid(1), single_bid(0), single_bid(0)),
                                 {2, 0, 1, 0}),
            -10);
}

TEST(CrownBattlesPrecision, AlliancesScoreTheTeamsTotals) {
  cb::duel_groups g;
  g.fill(cb::no_group);
  g[0] = 0, g[1] = 1, g[2] = 0, g[3] = 1, g[4] = 2;  // seat 4 alone
  // The book: 2 red + 1 green and 2 blue + 1 green make 2 red, 2 green, 2 blue; all won, 90
  // each. Its other team: 1 red and 2 red bid, 4 red won together: −10 each for red.
  std::array<cb::suit_bids, 5> b{};
  b[0] = bids(single_bid(2), single_bid(0), single_bid(1), single_bid(0));
  b[2] = bids(single_bid(0), single_bid(2), single_bid(1), single_bid(0));
  b[1] = bids(single_bid(1), single_bid(0), single_bid(0), single_bid(0));
  b[3] = bids(single_bid(2), single_bid(0), single_bid(0), single_bid(0));
  b[4] = bids(single_bid(1), single_bid(0), single_bid(0), single_bid(0));
  std::array<cb::suit_counts, 5> t{};
  t[0] = {2, 1, 0, 0};
  t[2] = {0, 1, 2, 0};  // who won which does not matter
  t[1] = {3, 0, 0, 0};
  t[3] = {1, 0, 0, 0};
  t[4] = {1, 0, 0, 0};
  const auto p = cb::precision_alliance_points(b, t, g);
  EXPECT_EQ(p[0], 90);
  EXPECT_EQ(p[2], 90);
  EXPECT_EQ(p[1], -10);
  EXPECT_EQ(p[3], -10);
  // The solo player (our ruling, as in Alliances): 20 per trick, the bonus as Suit Precision.
  EXPECT_EQ(p[4], 30);
}

TEST(CrownBattlesPrecision, TheWinningCardSaysWhereTheTrickMayGo) {
  const cb::trump blue = cb::trump::blue;
  const auto r = [](const char* id) { return *cb::card_from_id(id); };
  EXPECT_EQ(cb::placement_suits(r("R9"), cb::lead::red, blue), 0b0001);   // the lead suit
  EXPECT_EQ(cb::placement_suits(r("B2"), cb::lead::red, blue), 0b0011);   // lead or trump
  EXPECT_EQ(cb::placement_suits(r("B2"), cb::lead::blue, blue), 0b0010);  // trump led
  EXPECT_EQ(cb::placement_suits(r("GOLEM1"), cb::lead::none, blue), 0b1111);
  // Our rulings (only under a Wizard): a trump winning a trick with no lead suit goes under
  // the trump suit; a card that neither follows nor trumps, anywhere.
  EXPECT_EQ(cb::placement_suits(r("B2"), cb::lead::none, blue), 0b0010);
  EXPECT_EQ(cb::placement_suits(r("G5"), cb::lead::red, blue), 0b1111);
  EXPECT_EQ(cb::placement_suits(r("DRAGON1"), cb::lead::red, blue), 0b1111);
  EXPECT_EQ(cb::placement_suits(r("PEASANT1"), cb::lead::open, blue), 0b1111);  // all Peasants
  EXPECT_EQ(cb::suits_text(0b0011), "red or blue");
}

// Four players, three cards each, blue trumps; seat 3 deals, so seat 0 bids and leads first.
std::unique_ptr<cb::state> precision_round(const std::string& type, json schedule = {3, 3},
                                           const std::string& spinner = "B") {
  json deal = three_card_deal();
  deal["rounds"][0]["spinner"] = spinner;
  return start({{"schedule", schedule}, {"round_types", {type}}}, 4, deal);
}

TEST(CrownBattlesPrecision, EachBidsEverySuitThenWinnersPlaceTheirTricks) {
  auto g = precision_round("suit_precision");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->view(1)["round"]["bidding_suit"], "R");
  MUST_ACT(*g, 0, bid(0));
  // The same seat bids on: blue next; the others see every suit bid as it is placed.
  EXPECT_EQ(g->seats_to_act(), 0b0001);
  EXPECT_EQ(g->view(1)["round"]["bidding_suit"], "B");
  EXPECT_EQ(g->view(1)["seats"][0]["suit_bids"], json({0, nullptr, nullptr, nullptr}));
  EXPECT_EQ(g->view(1)["seats"][0]["bid"], nullptr);
  EXPECT_TRUE(has_line(lines_read_by(*g, 2), ev("bid", {{"seat", 0}, {"bid", 0}, {"suit", "R"}})));
  MUST_ACT(*g, 0, bid(1));
  MUST_ACT(*g, 0, bid(0));
  MUST_ACT(*g, 0, bid(0));
  EXPECT_TRUE(has_line(lines_read_by(*g, 2), ev("bid", {{"seat", 0}, {"bid", 0}, {"suit", "Y"}})));
  EXPECT_EQ(g->view(2)["seats"][0]["suit_bids"], json({0, 1, 0, 0}));
  EXPECT_EQ(g->view(2)["seats"][0]["bid"], 1);  // the sum
  bid_suits(*g, 1, {1, 0, 0, 0});
  bid_suits(*g, 2, {0, 0, 0, 0});
  MUST_ACT(*g, 3, bid(0));
  MUST_ACT(*g, 3, bid(0));
  MUST_ACT(*g, 3, bid(0));
  MUST_ACT(*g, 3, bid(0, 1));  // a double bid for one suit
  EXPECT_EQ(g->view(0)["phase"], "playing");

  // Red led, trumped by blue: seat 1 places it under red or blue.
  MUST_ACT(*g, 0, play("R13"));
  MUST_ACT(*g, 1, play("B7"));
  MUST_ACT(*g, 2, play("G3"));
  MUST_ACT(*g, 3, play("R3"));
  json v = g->view(0);
  EXPECT_EQ(v["phase"], "place");
  EXPECT_EQ(v["round"]["place_options"], json({"R", "B"}));
  EXPECT_EQ(g->seats_to_act(), 0b0010);
  auto r = act(*g, 0, play("R2"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, crownhall::error_code::not_your_turn);
  r = act(*g, 1, place("G"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "this trick may go under red or blue");
  MUST_ACT(*g, 1, place("R"));
  EXPECT_TRUE(has_line(lines_read_by(*g, 0), ev("trick_placed", {{"seat", 1}, {"suit", "R"}})));
  EXPECT_EQ(g->view(0)["seats"][1]["suit_tricks"], json({1, 0, 0, 0}));
  EXPECT_EQ(g->view(0)["phase"], "playing");

  // A Golem led, a Dragon wins: any suit.
  MUST_ACT(*g, 1, play("GOLEM1"));
  MUST_ACT(*g, 2, play("G4"));
  MUST_ACT(*g, 3, play("DRAGON1"));
  MUST_ACT(*g, 0, play("R2"));
  EXPECT_EQ(g->view(3)["round"]["place_options"], json({"R", "B", "G", "Y"}));
  MUST_ACT(*g, 3, place("Y"));

  // Yellow led, blue trumps it on the round's last trick: placed, then the round is scored.
  MUST_ACT(*g, 3, play("Y2"));
  MUST_ACT(*g, 0, play("B5"));
  MUST_ACT(*g, 1, play("PEASANT1"));
  MUST_ACT(*g, 2, play("Y9"));
  EXPECT_EQ(g->view(0)["phase"], "place");
  EXPECT_EQ(g->score_table().size(), 0u);
  MUST_ACT(*g, 0, place("B"));
  ASSERT_EQ(g->score_table().size(), 1u);
  const auto lines = lines_read_by(*g, 1);
  EXPECT_TRUE(has_line(lines, ev("trick_placed", {{"seat", 0}, {"suit", "B"}})));
  EXPECT_TRUE(has_line(lines, ev("round_scored", {{"round", 1},
                                                  {"seat", 3},
                                                  {"bid", {0, 0, 0, {0, 1}}},
                                                  {"tricks", {0, 0, 0, 1}},
                                                  {"points", 10},
                                                  {"total", 10}})))
      << json(lines).dump();
  const json round = g->view(-1)["rounds"][0];
  EXPECT_EQ(round["type"], "suit_precision");
  EXPECT_EQ(round["suit_tricks"], json({{0, 1, 0, 0}, {1, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 1}}));
  EXPECT_EQ(round["suit_bids"][3], json({0, 0, 0, json({0, 1})}));
  EXPECT_EQ(round["tricks"], json({1, 1, 0, 1}));
  // Seat 0 and 1 met one suit: 10 + 10. Seat 2 bid 0 everywhere and met it: 10. Seat 3 met a
  // double bid with one trick: 5 + 5.
  EXPECT_EQ(round["points"], json({20, 20, 10, 10}));
}

TEST(CrownBattlesPrecision, AllPeasantsTheFirstPlaysAndPlacesAnywhere) {
  // Rulings: if all play Peasants, the first player wins and places the trick where they like.
  const json deal = {{"first_dealer", 1},
                     {"rounds",
                      {{{"hands", hands_of({{"PEASANT1"}, {"PEASANT2"}})},
                        {"spinner", "X"},
                        {"type", "suit_precision"}}}}};
  auto g = start({{"schedule", {1, 1}}, {"round_types", {"suit_precision"}}}, 2, deal);
  ASSERT_TRUE(g);
  bid_suits(*g, 0, {0, 0, 1, 0});
  bid_suits(*g, 1, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("PEASANT1"));
  MUST_ACT(*g, 1, play("PEASANT2"));
  EXPECT_EQ(g->view(0)["round"]["place_options"], json({"R", "B", "G", "Y"}));
  MUST_ACT(*g, 0, place("G"));
  EXPECT_EQ(g->view(-1)["rounds"][0]["points"], json({20, 10}));
}

TEST(CrownBattlesPrecision, OneDoubleBidPerSuitPerTeam) {
  auto g = precision_round("suit_precision_alliances");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->view(0)["phase"], "pairing");
  MUST_ACT(*g, 3, json({{"type", "pair"}, {"seat", 2}}));  // {0, 2} and {1, 3}
  MUST_ACT(*g, 0, bid(0, 1));                              // red, doubled
  bid_suits(*g, 0, {0, 0, 0});
  bid_suits(*g, 1, {0, 0, 0, 0});
  auto r = act(*g, 2, bid(0, 1));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "your ally has double-bid this suit: one double bid per suit per team");
  MUST_ACT(*g, 2, bid(0));
  MUST_ACT(*g, 2, bid(0, 1));  // blue: its ally's blue bid is single
  EXPECT_EQ(g->view(0)["seats"][2]["suit_bids"], json({0, json({0, 1}), nullptr, nullptr}));
}

TEST(CrownBattlesPrecision, TheSuitAlwaysPlacedAtOnceIsSaid) {
  auto g = precision_round("suit_precision", {3, 3}, "X");
  ASSERT_TRUE(g);
  for (int s = 0; s < 4; ++s) bid_suits(*g, s, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("R13"));
  MUST_ACT(*g, 1, play("B7"));
  MUST_ACT(*g, 2, play("G3"));
  MUST_ACT(*g, 3, play("R3"));  // no trump: red's R13 wins, under red at once
  EXPECT_TRUE(has_line(lines_read_by(*g, 1), ev("trick_goes_under", {{"suit", "R"}})));
  EXPECT_EQ(g->view(0)["phase"], "playing");
  EXPECT_EQ(g->view(0)["seats"][0]["suit_tricks"], json({1, 0, 0, 0}));
}

// With Special Power cards: four players, all sixteen in the deck, no trump.
std::unique_ptr<cb::state> with_specials(const std::vector<std::vector<std::string>>& hands) {
  const json options = {{"specials", all_specials()},
                        {"peasants", 4},
                        {"schedule", {3, 3}},
                        {"round_types", {"suit_precision"}}};
  const json deal = {{"first_dealer", 3},
                     {"rounds", {{{"hands", hands_of(hands)}, {"spinner", "X"}}}}};
  return start(options, 4, deal);
}

TEST(CrownBattlesPrecision, AThiefsStolenTrickKeepsItsSuit) {
  auto g = with_specials(
      {{"R9", "GOLEM1", "R1"}, {"B1", "B2", "THIEF"}, {"G1", "G2", "G3"}, {"R3", "Y1", "Y2"}});
  ASSERT_TRUE(g);
  for (int s = 0; s < 4; ++s) bid_suits(*g, s, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("R9"));  // red's: under red at once
  MUST_ACT(*g, 1, play("B1"));
  MUST_ACT(*g, 2, play("G1"));
  MUST_ACT(*g, 3, play("R3"));
  MUST_ACT(*g, 0, play("GOLEM1"));  // a Golem's: seat 0 places it under green
  MUST_ACT(*g, 1, play("B2"));
  MUST_ACT(*g, 2, play("G2"));
  MUST_ACT(*g, 3, play("Y1"));
  MUST_ACT(*g, 0, place("G"));
  MUST_ACT(*g, 0, play("R1"));
  MUST_ACT(*g, 1, play("THIEF"));
  MUST_ACT(*g, 2, play("G3"));
  MUST_ACT(*g, 3, play("Y2"));
  // Seat 0's third trick goes under red first; then the Thief takes one of seat 0's tricks,
  // choosing which by its suit.
  EXPECT_EQ(g->current_phase(), cb::phase::special);
  MUST_ACT(*g, 1, pick_seat(0));
  crownhall::action_list legal;
  g->legal_actions(1, legal);
  ASSERT_EQ(legal.size(), 3u);  // red, green, or decline
  EXPECT_EQ(g->action_to_json(legal[1]), pick_suit("G"));
  MUST_ACT(*g, 1, pick_suit("G"));
  EXPECT_TRUE(has_line(lines_read_by(*g, 2),
                       ev("trick_stolen", {{"seat", 1}, {"from", 0}, {"suit", "G"}})));
  const json round = g->view(-1)["rounds"][0];
  EXPECT_EQ(round["suit_tricks"][0], json({2, 0, 0, 0}));
  EXPECT_EQ(round["suit_tricks"][1], json({0, 0, 1, 0}));
}

TEST(CrownBattlesPrecision, TheSmugglerDrawsOnlyBeforeTheFirstSuitBid) {
  // Our ruling: a seat's four bids are one turn; the draw before bidding comes before them.
  auto g = with_specials(
      {{"SMUGGLER", "R2", "R1"}, {"B3", "B2", "B1"}, {"G1", "G2", "G3"}, {"R3", "Y1", "Y2"}});
  ASSERT_TRUE(g);
  const json smuggle = {{"type", "smuggle"}};
  EXPECT_TRUE(offers(*g, 0, smuggle));
  MUST_ACT(*g, 0, bid(0));
  EXPECT_FALSE(offers(*g, 0, smuggle));
  EXPECT_TRUE(act(*g, 0, smuggle));
}

TEST(CrownBattlesPrecision, TheJesterChangesOneSuitsBid) {
  auto g = with_specials(
      {{"R9", "R2", "R1"}, {"JESTER", "B2", "B1"}, {"G1", "G2", "G3"}, {"R3", "Y1", "Y2"}});
  ASSERT_TRUE(g);
  for (int s = 0; s < 4; ++s) bid_suits(*g, s, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("R9"));
  MUST_ACT(*g, 1, play("JESTER"));
  // Our ruling: first the suit, then the change of one.
  EXPECT_EQ(g->view(1)["specials"]["pending"]["step"], 0);
  MUST_ACT(*g, 1, pick_suit("B"));
  EXPECT_EQ(g->view(0)["specials"]["pending"]["chosen_suit"], "B");
  MUST_ACT(*g, 1, json({{"type", "change_bid"}, {"change", 1}}));
  EXPECT_TRUE(has_line(lines_read_by(*g, 0),
                       ev("jester_changed", {{"seat", 1}, {"change", 1}, {"suit", "B"}})));
  EXPECT_EQ(g->view(0)["seats"][1]["suit_bids"], json({0, 1, 0, 0}));
  EXPECT_EQ(g->view(0)["seats"][1]["bid"], 1);
}

}  // namespace
}  // namespace crown_battles_test
