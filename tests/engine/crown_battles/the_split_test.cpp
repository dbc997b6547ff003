// Rulings, The Split: each player secretly splits the hand into a first half (half the cards,
// rounded down) and a second half, bids for each half (clockwise, no double bids), plays the
// first half out, then the second, the player left of the dealer leading each.
#include <gtest/gtest.h>

#include "helpers.hpp"
#include "specials_helpers.hpp"

namespace crown_battles_test {
namespace {

json split(const std::string& card) { return {{"type", "split"}, {"card", card}}; }

// Three players, four cards each, no trump; seat 2 deals, so seat 0 bids and leads first.
// Then a round of one card.
std::unique_ptr<cb::state> split_round() {
  const json deal = {{"first_dealer", 2},
                     {"rounds",
                      {{{"hands", hands_of({{"R5", "R9", "B2", "G8"},
                                            {"R7", "G3", "R13", "B10"},
                                            {"B4", "R2", "Y6", "Y11"}})},
                        {"spinner", "X"},
                        {"type", "the_split"}}}}};
  return start({{"schedule", {4, 1}}, {"round_types", {"the_split"}}}, 3, deal);
}

TEST(CrownBattlesSplit, TheBooksScoring) {
  // The book: bids 2 and 1, both met: 30 for the tricks and 20 bonus.
  EXPECT_EQ(cb::split_points({2, 1}, {2, 1}), 50);
  // Both bids 0 and met: 10 in all.
  EXPECT_EQ(cb::split_points({0, 0}, {0, 0}), 10);
  EXPECT_EQ(cb::split_points({0, 2}, {0, 2}), 40);
  // A missed half: the met half 10 per trick, the missed one -10 per trick off, no bonus.
  EXPECT_EQ(cb::split_points({2, 1}, {2, 0}), 10);
  EXPECT_EQ(cb::split_points({1, 1}, {1, 2}), 0);
  EXPECT_EQ(cb::split_points({0, 0}, {1, 0}), -10);
  EXPECT_EQ(cb::split_points({3, 0}, {1, 2}), -40);
  // The larger part of an odd hand is the second half.
  EXPECT_EQ(cb::first_half_size(5), 2);
  EXPECT_EQ(cb::half_size(5, 1), 3);
}

TEST(CrownBattlesSplit, EachSplitsInSecretThenBidsPerHalf) {
  auto g = split_round();
  ASSERT_TRUE(g);
  json v = g->view(0);
  EXPECT_EQ(v["phase"], "split");
  EXPECT_EQ(v["round"]["halves"], json({2, 2}));
  EXPECT_EQ(g->seats_to_act(), 0b111);  // all at once
  auto r = act(*g, 0, bid(1));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "The Split: first choose the 2 cards of your first half, one at a time");
  r = act(*g, 0, split("Y6"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "you do not hold Y6");
  MUST_ACT(*g, 0, split("R9"));
  r = act(*g, 0, split("R9"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "R9 is in your first half");
  EXPECT_EQ(g->view(0)["first_half"], json({"R9"}));
  MUST_ACT(*g, 0, split("B2"));
  EXPECT_EQ(g->seats_to_act(), 0b110);
  r = act(*g, 0, split("G8"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, crownhall::error_code::not_your_turn);
  EXPECT_EQ(r->reason, "you have split your hand; the others are splitting theirs");
  // The others learn that seat 0 has split, never which cards it chose.
  EXPECT_TRUE(has_line(lines_read_by(*g, 1), ev("hand_split", {{"seat", 0}})));
  EXPECT_TRUE(
      has_line(lines_read_by(*g, 0), ev("own_first_half", {{"seat", 0}, {"cards", {"R9", "B2"}}})));
  v = g->view(1);
  EXPECT_EQ(v["seats"][0]["split"], true);
  EXPECT_EQ(v["seats"][1]["split"], false);
  EXPECT_EQ(v["first_half"], json::array());
  EXPECT_EQ(v.dump().find("R9"), std::string::npos);
  MUST_ACT(*g, 1, split("G3"));
  MUST_ACT(*g, 2, split("R2"));
  MUST_ACT(*g, 1, split("B10"));
  MUST_ACT(*g, 2, split("Y11"));
  EXPECT_TRUE(has_line(lines_read_by(*g, 0), ev("all_split", {{"halves", {2, 2}}})));

  // Two bids each in turn, the first half's first; each within its half's tricks, single.
  v = g->view(0);
  EXPECT_EQ(v["phase"], "bidding");
  EXPECT_EQ(v["round"]["half"], 1);
  EXPECT_EQ(v["round"]["max_bid"], 2);
  EXPECT_EQ(v["round"]["double_bids"], false);
  r = act(*g, 0, bid(3));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "bids range from 0 to 2 this round");
  r = act(*g, 0, bid(0, 1));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "no double bid in The Split");
  MUST_ACT(*g, 0, bid(1));
  v = g->view(1);
  EXPECT_EQ(v["round"]["half"], 2);
  EXPECT_EQ(v["seats"][0]["half_bids"], json({1, nullptr}));
  EXPECT_EQ(g->seats_to_act(), 0b001);  // the same seat bids its second half
  MUST_ACT(*g, 0, bid(0));
  EXPECT_TRUE(has_line(lines_read_by(*g, 2), ev("bid", {{"seat", 0}, {"bid", 0}, {"half", 2}})));
  EXPECT_EQ(g->view(2)["seats"][0]["bid"], 1);
  MUST_ACT(*g, 1, bid(1));
  MUST_ACT(*g, 1, bid(1));
  MUST_ACT(*g, 2, bid(0));
  MUST_ACT(*g, 2, bid(0));
  EXPECT_EQ(g->view(0)["phase"], "playing");
}

TEST(CrownBattlesSplit, TheFirstHalfIsPlayedFirstThenTheDealersLeftLeadsTheSecond) {
  auto g = split_round();
  ASSERT_TRUE(g);
  for (const auto& [seat, card] : std::vector<std::pair<int, std::string>>{
           {0, "R9"}, {0, "B2"}, {1, "G3"}, {1, "B10"}, {2, "R2"}, {2, "Y11"}})
    MUST_ACT(*g, seat, split(card));
  for (int b : {1, 0, 1, 1, 0, 0}) MUST_ACT(*g, g->view(-1)["seats_to_act"][0].get<int>(), bid(b));

  // First half: only its cards, and follow suit from them alone.
  MUST_ACT(*g, 0, play("R9"));
  auto r = act(*g, 1, play("R7"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "R7 is in your second half: play the first half first");
  MUST_ACT(*g, 1, play("G3"));  // no red in its first half: free to play off-suit
  r = act(*g, 2, play("Y11"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "you must follow red: you hold R2");
  MUST_ACT(*g, 2, play("R2"));
  EXPECT_EQ(g->view(0)["first_half"], json({"B2"}));
  MUST_ACT(*g, 0, play("B2"));
  MUST_ACT(*g, 1, play("B10"));
  MUST_ACT(*g, 2, play("Y11"));
  // Seat 1 took the first half's last trick, but seat 0, left of the dealer, leads the second.
  EXPECT_EQ(g->seats_to_act(), 0b001);
  EXPECT_TRUE(has_line(lines_read_by(*g, 2), ev("half_over", {{"seat", 0}})));
  json v = g->view(0);
  EXPECT_EQ(v["round"]["half"], 2);
  EXPECT_EQ(v["first_half"], json::array());
  EXPECT_EQ(v["seats"][1]["half_tricks"], json({1, 0}));

  MUST_ACT(*g, 0, play("R5"));
  MUST_ACT(*g, 1, play("R13"));
  MUST_ACT(*g, 2, play("B4"));
  MUST_ACT(*g, 1, play("R7"));
  MUST_ACT(*g, 2, play("Y6"));
  MUST_ACT(*g, 0, play("G8"));
  // Seat 0 met both (1 + 0): 10 + 20. Seat 1 met the first, missed the second by one: 10 - 10.
  // Seat 2 bid 0 twice and met both: 10.
  const json round = g->view(-1)["rounds"][0];
  EXPECT_EQ(round["half_bids"], json({{1, 0}, {1, 1}, {0, 0}}));
  EXPECT_EQ(round["half_tricks"], json({{1, 0}, {1, 2}, {0, 0}}));
  EXPECT_EQ(round["points"], json({30, 0, 10}));
  EXPECT_TRUE(has_line(lines_read_by(*g, 2), ev("round_scored", {{"round", 1},
                                                                 {"seat", 0},
                                                                 {"bid", {1, 0}},
                                                                 {"tricks", {1, 0}},
                                                                 {"points", 30},
                                                                 {"total", 30}})));

  // Our ruling: one card dealt, nothing to split: the round is played as Normal Bidding.
  v = g->view(0);
  EXPECT_EQ(v["round"]["type"], "the_split");
  EXPECT_EQ(v["phase"], "bidding");
  EXPECT_FALSE(v["round"].contains("halves"));
  EXPECT_FALSE(v.contains("first_half"));
  // The next deal names The Split and no halves: the client words it as one card, nothing
  // to split.
  bool dealt = false;
  for (const std::string& line : lines_read_by(*g, 0)) {
    if (line.rfind("round_dealt ", 0) != 0) continue;
    const json deal = json::parse(line.substr(12));
    dealt = deal["round"] == 2 && deal["dealer"] == 0 && deal["hand_size"] == 1 &&
            deal["type"] == "the_split" && !deal.contains("halves") &&
            deal["trump"] == v["round"]["trump"];
  }
  EXPECT_TRUE(dealt) << json(lines_read_by(*g, 0)).dump();
  // One bid each, then the one card (the round's only trick: no half to keep it back).
  const auto first_to_act = [&] { return g->view(-1)["seats_to_act"][0].get<int>(); };
  for (int k = 0; k < 3 && g->current_phase() == cb::phase::bidding; ++k)
    MUST_ACT(*g, first_to_act(), bid(0));
  for (int k = 0; k < 3; ++k) {
    const int s = first_to_act();
    MUST_ACT(*g, s, play(std::string(cb::card_id(g->hand(s).lowest()))));
  }
  EXPECT_EQ(g->view(-1)["rounds"].size(), 2u);
  EXPECT_FALSE(g->view(-1)["rounds"][1].contains("half_bids"));
}

// Four players, four cards each, every special in the deck; seat 3 deals, seat 0 leads. Each
// seat puts the first two cards listed into its first half and bids `bids` (first, second).
std::unique_ptr<cb::state> split_with_specials(const std::vector<std::vector<std::string>>& hands,
                                               const std::vector<std::pair<int, int>>& bids) {
  const json options = {{"specials", all_specials()},
                        {"peasants", 4},
                        {"schedule", {4, 4}},
                        {"round_types", {"the_split"}}};
  const json deal = {{"first_dealer", 3},
                     {"rounds", {{{"hands", hands_of(hands)}, {"spinner", "X"}}}}};
  auto g = start(options, 4, deal);
  if (!g) return g;
  for (int s = 0; s < 4; ++s)
    for (int k = 0; k < 2; ++k)
      EXPECT_FALSE(
          act(*g, s, split(hands[static_cast<std::size_t>(s)][static_cast<std::size_t>(k)])));
  for (int s = 0; s < 4; ++s) {
    EXPECT_FALSE(act(*g, s, bid(bids[static_cast<std::size_t>(s)].first)));
    EXPECT_FALSE(act(*g, s, bid(bids[static_cast<std::size_t>(s)].second)));
  }
  return g;
}

TEST(CrownBattlesSplit, TheJesterChangesTheBidOfTheHalfInPlay) {
  auto g = split_with_specials({{"R9", "R8", "B3", "B4"},
                                {"JESTER", "R3", "G3", "G4"},
                                {"R4", "R5", "Y3", "Y4"},
                                {"R6", "R7", "Y5", "Y6"}},
                               {{1, 0}, {0, 2}, {0, 0}, {0, 0}});
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, play("R9"));
  MUST_ACT(*g, 1, play("JESTER"));
  // Our ruling: the Jester moves the bid of the half in play, within that half's 2 tricks.
  MUST_ACT(*g, 1, json({{"type", "change_bid"}, {"change", 1}}));
  EXPECT_TRUE(has_line(lines_read_by(*g, 0),
                       ev("jester_changed", {{"seat", 1}, {"change", 1}, {"half", 1}})));
  const json v = g->view(0);
  EXPECT_EQ(v["seats"][1]["half_bids"], json({1, 2}));
  EXPECT_EQ(v["seats"][1]["bid"], 3);
}

TEST(CrownBattlesSplit, TheThiefTakesATrickOfTheHalfInPlay) {
  auto g = split_with_specials({{"R9", "R8", "B10", "B11"},
                                {"R3", "R4", "THIEF", "G3"},
                                {"R5", "R6", "Y3", "Y4"},
                                {"G5", "G6", "Y5", "Y6"}},
                               {{1, 1}, {0, 1}, {0, 0}, {0, 0}});
  ASSERT_TRUE(g);
  for (const auto& [seat, card] : std::vector<std::pair<int, std::string>>{
           {0, "R9"}, {1, "R3"}, {2, "R5"}, {3, "G5"}, {0, "R8"}, {1, "R4"}, {2, "R6"}, {3, "G6"}})
    MUST_ACT(*g, seat, play(card));
  // Seat 0 took both tricks of the first half, and leads the second (left of the dealer).
  EXPECT_EQ(g->view(0)["seats"][0]["half_tricks"], json({2, 0}));
  MUST_ACT(*g, 0, play("B10"));
  MUST_ACT(*g, 1, play("THIEF"));
  MUST_ACT(*g, 2, play("Y3"));
  MUST_ACT(*g, 3, play("Y5"));
  // Seat 0 won the trick (B10; the Thief has a Peasant's power). Our ruling: the Thief takes
  // a trick of the half in play, so the trick moves in the second half's counts.
  EXPECT_EQ(g->current_phase(), cb::phase::special);
  MUST_ACT(*g, 1, pick_seat(0));
  const json v = g->view(1);
  EXPECT_EQ(v["seats"][0]["half_tricks"], json({2, 0}));
  EXPECT_EQ(v["seats"][1]["half_tricks"], json({0, 1}));
}

TEST(CrownBattlesSplit, ABombOnTheFirstHalfsLastTrickGivesNoLead) {
  auto g = split_with_specials({{"R9", "R8", "B10", "B11"},
                                {"R3", "BOMB", "G3", "G4"},
                                {"R4", "R5", "Y3", "Y4"},
                                {"R6", "R7", "Y5", "Y6"}},
                               {{1, 1}, {0, 0}, {0, 0}, {0, 0}});
  ASSERT_TRUE(g);
  for (const auto& [seat, card] : std::vector<std::pair<int, std::string>>{
           {0, "R9"}, {1, "R3"}, {2, "R4"}, {3, "R6"}, {0, "R8"}, {1, "BOMB"}, {2, "R5"}})
    MUST_ACT(*g, seat, play(card));
  MUST_ACT(*g, 3, play("R7"));
  // Our ruling: the first half's last trick has no next trick in its half; the Bomb's player
  // is asked nothing and the dealer's left (seat 0) leads the second half.
  EXPECT_EQ(g->current_phase(), cb::phase::playing);
  EXPECT_EQ(g->seats_to_act(), 0b0001);
  EXPECT_EQ(g->view(0)["seats"][0]["half_tricks"], json({1, 0}));  // the Bomb's trick: nobody's
  EXPECT_TRUE(has_line(lines_read_by(*g, 1), ev("half_over", {{"seat", 0}})));
}

TEST(CrownBattlesSplit, TheSmugglerDrawsOnlyBeforeTheFirstHalfsBid) {
  // As in Suit Precision: a seat's two bids are one turn; the draw before bidding comes first.
  const json options = {{"specials", all_specials()},
                        {"peasants", 4},
                        {"schedule", {4, 4}},
                        {"round_types", {"the_split"}}};
  const json deal = {{"first_dealer", 3},
                     {"rounds",
                      {{{"hands", hands_of({{"SMUGGLER", "R9", "R8", "B10"},
                                            {"R3", "R2", "G3", "G4"},
                                            {"R4", "R5", "Y3", "Y4"},
                                            {"R6", "R7", "Y5", "Y6"}})},
                        {"spinner", "X"}}}}};
  auto g = start(options, 4, deal);
  ASSERT_TRUE(g);
  const json hands[] = {json({"SMUGGLER", "R9"}), json({"R3", "R2"}), json({"R4", "R5"}),
                        json({"R6", "R7"})};
  for (int s = 0; s < 4; ++s)
    for (const auto& c : hands[s]) MUST_ACT(*g, s, split(c.get<std::string>()));
  const json smuggle = {{"type", "smuggle"}};
  EXPECT_TRUE(offers(*g, 0, smuggle));
  MUST_ACT(*g, 0, bid(1));
  EXPECT_FALSE(offers(*g, 0, smuggle));
  EXPECT_TRUE(act(*g, 0, smuggle));
}

TEST(CrownBattlesSplit, ATradedCardTakesTheHalfOfTheCardItReplaces) {
  auto g = split_with_specials({{"R9", "B11", "R8", "B10"},
                                {"MERCHANT", "G4", "G3", "G5"},
                                {"R4", "R5", "Y3", "Y4"},
                                {"R6", "R7", "Y5", "Y6"}},
                               {{1, 1}, {0, 0}, {0, 0}, {0, 0}});
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, play("R9"));
  MUST_ACT(*g, 1, play("MERCHANT"));
  // Seat 1 takes a random card of seat 0's and gives G3, a second-half card, in return.
  MUST_ACT(*g, 1, pick_seat(0));
  MUST_ACT(*g, 1, pick_card("G3"));
  // Each still holds one first-half card; G3 lies in the half of the card it replaced.
  EXPECT_EQ(g->first_half_of(0).size(), 1);
  EXPECT_EQ(g->first_half_of(1).size(), 1);
  EXPECT_TRUE(g->first_half_of(1).contains(*cb::card_from_id("G4")));
  const bool g3_first = g->first_half_of(0).contains(*cb::card_from_id("G3"));
  const bool b11_taken = g->hand(1).contains(*cb::card_from_id("B11"));
  EXPECT_EQ(g3_first, b11_taken) << "G3 takes the half of the card it replaced";
}

}  // namespace
}  // namespace crown_battles_test
