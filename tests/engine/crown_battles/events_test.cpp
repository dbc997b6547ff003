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
  EXPECT_EQ(last[0], "{3} played R3");
  EXPECT_EQ(last[1], "{2} won the trick");
  EXPECT_EQ(last[2].rfind("Round 1: {0} bid 0, took 0: +", 0), 0u) << last[2];
  EXPECT_EQ(last[4].rfind("Round 1: {2} bid 1, took 1: +", 0), 0u) << last[4];
  EXPECT_EQ(last[6],
            "Round 2: {0} deals 1 card each, bids are secret (Blind Bidding); the spinner shows "
            "dealer's choice");
}

TEST(CrownBattlesEvents, BidsCardsTricksAndTheRoundInTheGamesWords) {
  auto g = two_rounds();
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, bid(0));
  EXPECT_EQ(lines_read_by(*g, crownhall::spectator), lines{"{0} bid 0"});
  MUST_ACT(*g, 1, bid(0));
  MUST_ACT(*g, 2, bid(1));
  MUST_ACT(*g, 3, bid(0));
  EXPECT_EQ(lines_read_by(*g, 1), lines{"{3} bid 0"});
  MUST_ACT(*g, 0, play("R5"));
  EXPECT_EQ(lines_read_by(*g, 2), lines{"{0} played R5"});
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
  EXPECT_EQ(lines_read_by(*g, 3),
            lines{"{0} named the trump: " + std::string(cb::suit_name(cb::suit::green))});
  const int bidder = std::countr_zero(g->seats_to_act());
  MUST_ACT(*g, bidder, bid(1));
  EXPECT_EQ(lines_read_by(*g, bidder), lines{"you bid 1 (secret)"});
  for (int viewer : {(bidder + 1) % 4, (bidder + 2) % 4, crownhall::spectator})
    EXPECT_EQ(lines_read_by(*g, viewer),
              lines{"{" + std::to_string(bidder) + "} placed a secret bid"});
}

}  // namespace
}  // namespace crown_battles_test
