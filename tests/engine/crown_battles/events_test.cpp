// The base game's move-log lines (engine/games/crown_battles/events.cpp): what each audience
// reads after a bid, a card, a trick and a round, and a blind bid kept to its bidder.
#include <gtest/gtest.h>

#include <bit>

#include "helpers.hpp"

namespace crown_battles_test {
namespace {

// Two one-card rounds, dealer seat 3: a normal round with red trump, then a blind round
// whose spinner shows dealer's choice.
std::unique_ptr<cb::state> two_rounds(const json& more_options = json::object()) {
  json options = {
      {"schedule", {1, 1}}, {"round_types", {"normal", "blind"}}, {"screw_the_dealer", false}};
  options.update(more_options);
  const json deal = {{"first_dealer", 3},
                     {"rounds",
                      {{{"hands", hands_of({{"R5"}, {"B7"}, {"R13"}, {"R3"}})},
                        {"spinner", "R"},
                        {"type", "normal"}},
                       {{"hands", hands_of({{"B1"}, {"B2"}, {"B3"}, {"B4"}})},
                        {"spinner", "choice"},
                        {"type", "blind"}}}}};
  return start(options, 4, deal);
}

using lines = std::vector<std::string>;

// The lines of round 1's last card in two_rounds(): the card, the trick, each seat's round,
// then the next deal.
void expect_round_one_end(const lines& last) {
  ASSERT_EQ(last.size(), 7u) << ::testing::PrintToString(last);
  EXPECT_EQ(last[0], ev("played", {{"seat", 3}, {"card", "R3"}}));
  EXPECT_EQ(last[1], ev("trick_won", {{"seat", 2}}));
  const auto scored = [&](std::size_t i) { return json::parse(last[i].substr(last[i].find(' '))); };
  EXPECT_EQ(last[2].rfind("round_scored ", 0), 0u) << last[2];
  EXPECT_EQ(scored(2)["seat"], 0);
  EXPECT_EQ(scored(2)["bid"], 0);
  EXPECT_EQ(scored(2)["tricks"], 0);
  EXPECT_EQ(scored(4)["seat"], 2);
  EXPECT_EQ(scored(4)["bid"], 1);
  EXPECT_EQ(scored(4)["tricks"], 1);
  EXPECT_EQ(last[6], ev("round_dealt", {{"round", 2},
                                        {"dealer", 0},
                                        {"hand_size", 1},
                                        {"type", "blind"},
                                        {"trump", nullptr},
                                        {"spinner", "choice"}}));
}

TEST(CrownBattlesEvents, BidsCardsTricksAndTheRoundInTheGamesWords) {
  auto g = two_rounds();
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, bid(0));
  EXPECT_EQ(lines_read_by(*g, crownhall::spectator), lines{ev("bid", {{"seat", 0}, {"bid", 0}})});
  MUST_ACT(*g, 1, bid(0));
  MUST_ACT(*g, 2, bid(1));
  MUST_ACT(*g, 3, bid(0));
  EXPECT_EQ(lines_read_by(*g, 1), lines{ev("bid", {{"seat", 3}, {"bid", 0}})});
  MUST_ACT(*g, 0, play("R5"));
  EXPECT_EQ(lines_read_by(*g, 2), lines{ev("played", {{"seat", 0}, {"card", "R5"}})});
  MUST_ACT(*g, 1, play("B7"));
  MUST_ACT(*g, 2, play("R13"));
  MUST_ACT(*g, 3, play("R3"));
  const lines last = lines_read_by(*g, crownhall::spectator);
  expect_round_one_end(last);
  EXPECT_EQ(lines_read_by(*g, 0), last);  // nothing in a round's end is anyone's secret
}

// A game with Special Power cards in the deck tells its rounds' ends as the base game does:
// each seat's result, then the next deal (which also tells the table a Blind round began).
TEST(CrownBattlesEvents, AGameWithSpecialsTellsTheRoundsEndAndTheNextDeal) {
  auto g = two_rounds({{"specials", {"WITCH"}}});
  ASSERT_TRUE(g);
  for (int s = 0; s < 4; ++s) MUST_ACT(*g, s, bid(s == 2 ? 1 : 0));
  for (auto [s, c] :
       std::vector<std::pair<int, std::string>>{{0, "R5"}, {1, "B7"}, {2, "R13"}, {3, "R3"}})
    MUST_ACT(*g, s, play(c));
  expect_round_one_end(lines_read_by(*g, crownhall::spectator));
}

TEST(CrownBattlesEvents, ABlindBidIsReadByItsBidderAlone) {
  auto g = two_rounds();
  ASSERT_TRUE(g);
  for (int s = 0; s < 4; ++s) MUST_ACT(*g, s, bid(s == 2 ? 1 : 0));
  for (auto [s, c] :
       std::vector<std::pair<int, std::string>>{{0, "R5"}, {1, "B7"}, {2, "R13"}, {3, "R3"}})
    MUST_ACT(*g, s, play(c));
  // Round 2, dealer seat 0, who names the trump first (dealer's choice).
  ASSERT_EQ(g->seats_to_act(), 1u << 0);
  MUST_ACT(*g, 0, choose("G"));
  EXPECT_EQ(lines_read_by(*g, 3), lines{ev("trump_named", {{"seat", 0}, {"trump", "G"}})});
  const int bidder = std::countr_zero(g->seats_to_act());
  MUST_ACT(*g, bidder, bid(1));
  EXPECT_EQ(lines_read_by(*g, bidder), lines{ev("own_secret_bid", {{"seat", bidder}, {"bid", 1}})});
  for (int viewer : {(bidder + 1) % 4, (bidder + 2) % 4, crownhall::spectator})
    EXPECT_EQ(lines_read_by(*g, viewer), lines{ev("secret_bid", {{"seat", bidder}})});
}

}  // namespace
}  // namespace crown_battles_test
