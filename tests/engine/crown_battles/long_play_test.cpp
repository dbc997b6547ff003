// Rulings, Long Play: every player plays a card, then in the same order a second card; the
// trick is decided over all of them. With an odd hand size the last trick is a normal one.
// Bids range over the number of tricks.
#include <gtest/gtest.h>

#include "helpers.hpp"

namespace crown_battles_test {
namespace {

// Three players, three cards each, no trump; seat 2 deals, so seat 0 bids and leads first.
std::unique_ptr<cb::state> long_round() {
  const json deal = {
      {"first_dealer", 2},
      {"rounds",
       {{{"hands", hands_of({{"R5", "R9", "B2"}, {"R7", "G3", "R13"}, {"B4", "R2", "Y6"}})},
         {"spinner", "X"},
         {"type", "long_play"}}}}};
  return start({{"schedule", {3, 3}}, {"round_types", {"long_play"}}}, 3, deal);
}

TEST(CrownBattlesLongPlay, TwoCardsEachThenANormalLastTrick) {
  auto g = long_round();
  ASSERT_TRUE(g);
  // Three cards dealt: one trick of two cards each, then one normal trick.
  json v = g->view(0);
  EXPECT_EQ(v["round"]["tricks"], 2);
  EXPECT_EQ(v["round"]["max_bid"], 2);
  auto r = act(*g, 0, bid(3));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "bids range from 0 to 2 this round");
  MUST_ACT(*g, 0, bid(0));
  MUST_ACT(*g, 1, bid(2));
  MUST_ACT(*g, 2, bid(0));

  MUST_ACT(*g, 0, play("R5"));
  MUST_ACT(*g, 1, play("R7"));
  MUST_ACT(*g, 2, play("R2"));
  // Everyone has played once: the trick goes on, the leader plays again.
  EXPECT_EQ(g->seats_to_act(), 0b001);
  EXPECT_EQ(g->view(1)["trick"]["cards"].size(), 3u);
  MUST_ACT(*g, 0, play("R9"));  // the lead suit binds the second card too
  r = act(*g, 1, play("G3"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "you must follow red: you hold R13");
  MUST_ACT(*g, 1, play("R13"));
  v = g->view(2);
  EXPECT_EQ(v["trick"]["cards"].size(), 5u);
  EXPECT_EQ(v["trick"]["cards"][4], json({{"card", "R13"}, {"seat", 1}}));
  EXPECT_EQ(v["trick"]["winning"], 1);
  EXPECT_EQ(v["trick"]["winning_card"], 4);
  MUST_ACT(*g, 2, play("B4"));
  // Decided over all six cards: R13 wins; its player leads the last, normal trick.
  v = g->view(0);
  EXPECT_EQ(v["last_trick"]["cards"].size(), 6u);
  EXPECT_EQ(v["last_trick"]["winning"], 1);
  EXPECT_EQ(v["last_trick"]["winning_card"], 4);  // R13, seat 1's second card
  EXPECT_EQ(v["seats"][1]["tricks"], 1);
  EXPECT_TRUE(has_line(lines_read_by(*g, 0), ev("trick_won", {{"seat", 1}})));
  EXPECT_EQ(g->seats_to_act(), 0b010);
  MUST_ACT(*g, 1, play("G3"));
  MUST_ACT(*g, 2, play("Y6"));
  MUST_ACT(*g, 0, play("B2"));  // one card each: the trick and the round are over
  ASSERT_EQ(g->score_table().size(), 1u);
  const json round = g->view(-1)["rounds"][0];
  EXPECT_EQ(round["type"], "long_play");
  EXPECT_EQ(round["tricks"], json({0, 2, 0}));
  EXPECT_EQ(round["points"], json({20, 40, 20}));
  EXPECT_EQ(g->view(-1)["last_trick"]["cards"].size(), 3u);
}

TEST(CrownBattlesLongPlay, AnEvenHandIsAllLongTricks) {
  const json deal = {{"first_dealer", 1},
                     {"rounds",
                      {{{"hands", hands_of({{"R5", "R9"}, {"R7", "R13"}})},
                        {"spinner", "X"},
                        {"type", "long_play"}}}}};
  auto g = start({{"schedule", {2, 2}}, {"round_types", {"long_play"}}}, 2, deal);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->view(0)["round"]["tricks"], 1);
  EXPECT_EQ(g->view(0)["round"]["double_bids"], true);
  MUST_ACT(*g, 0, bid(0, 1));
  MUST_ACT(*g, 1, bid(1));
  for (const char* c : {"R5", "R7", "R9", "R13"}) {
    const int seat = (std::string(c) == "R5" || std::string(c) == "R9") ? 0 : 1;
    MUST_ACT(*g, seat, play(c));
  }
  const json round = g->view(-1)["rounds"][0];
  EXPECT_EQ(round["tricks"], json({0, 1}));
  EXPECT_EQ(round["points"], json({10, 30}));
  // The next deal says what a Long Play round is.
  const std::string next = "round_dealt ";
  bool said = false;
  for (const std::string& line : lines_read_by(*g, 0)) {
    if (line.rfind(next, 0) != 0) continue;
    const json deal = json::parse(line.substr(next.size()));
    said = said || (deal["round"] == 2 && deal["dealer"] == 0 && deal["hand_size"] == 2 &&
                    deal["type"] == "long_play" && deal["tricks"] == 1);
  }
  EXPECT_TRUE(said) << json(lines_read_by(*g, 0)).dump();
}

TEST(CrownBattlesLongPlay, TheJesterMovesABidWithinTheTricks) {
  // Our ruling: bids range over the tricks, so the Jester's range does too. Four cards, two
  // tricks: a bid of 2 may only go down.
  const json deal = {{"first_dealer", 2},
                     {"rounds",
                      {{{"hands", hands_of({{"JESTER", "R5", "R6", "R7"},
                                            {"B5", "B6", "B7", "B8"},
                                            {"G5", "G6", "G7", "G8"}})},
                        {"spinner", "X"},
                        {"type", "long_play"}}}}};
  auto g = start({{"schedule", {4, 4}}, {"round_types", {"long_play"}}, {"specials", {"JESTER"}}},
                 3, deal);
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, bid(2));
  MUST_ACT(*g, 1, bid(0));
  MUST_ACT(*g, 2, bid(0));
  MUST_ACT(*g, 0, play("JESTER"));
  crownhall::action_list legal;
  g->legal_actions(0, legal);
  std::vector<json> steps;
  for (crownhall::action a : legal) steps.push_back(g->action_to_json(a));
  EXPECT_EQ(json(steps), json({{{"type", "change_bid"}, {"change", -1}}, {{"type", "decline"}}}));
}

}  // namespace
}  // namespace crown_battles_test
