// The stacked deal: what it fixes, and every way it can be wrong.
#include <string>

#include <gtest/gtest.h>

#include "helpers.hpp"

namespace crown_battles_test {
namespace {

std::string refusal(const json& deal, const json& options = {{"schedule", {2, 4}}},
                    int players = 3) {
  auto o = module().normalize_options(options, players);
  EXPECT_TRUE(o);
  auto g = module().new_game(*o, players, 1, deal);
  EXPECT_FALSE(g) << deal.dump();
  if (g) return "";
  EXPECT_EQ(g.error().code, crownhall::error_code::invalid_options);
  return g.error().reason;
}

json hands(const std::vector<std::vector<std::string>>& h) {
  return {{"rounds", {{{"hands", hands_of(h)}}}}};
}

TEST(CrownBattlesDeal, FixesDealerHandsSpinnerAndType) {
  const json deal = {{"first_dealer", 1},
                     {"rounds",
                      {{{"hands", hands_of({{"R1", "R2"}, {"B1", "B2"}, {"GOLEM1", "PEASANT4"}})},
                        {"spinner", "choice"},
                        {"type", "blind"}}}}};
  auto g = start({{"schedule", {2, 4}}, {"round_types", {"normal", "blind"}}}, 3, deal, 99);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->dealer(), 1);
  EXPECT_EQ(g->type(), cb::round_type::blind);
  EXPECT_EQ(g->phase(), "choose_trump");
  EXPECT_EQ(g->view(2)["hand"], json({"GOLEM1", "PEASANT4"}));
  EXPECT_EQ(g->view(0)["hand"], json({"R1", "R2"}));
}

TEST(CrownBattlesDeal, PartialRoundsFallBackToTheSeed) {
  const json deal = {{"rounds", {{{"spinner", "X"}}}}};
  auto a = start({{"schedule", {2, 4}}}, 3, deal, 5);
  auto b = start({{"schedule", {2, 4}}}, 3, nullptr, 5);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->trump_suit(), cb::trump::none);
  EXPECT_EQ(a->dealer(), b->dealer());
  for (int s = 0; s < 3; ++s) EXPECT_EQ(a->hand(s), b->hand(s));  // the deal precedes the spin
}

TEST(CrownBattlesDeal, Errors) {
  EXPECT_EQ(refusal(json::array()),
            "deal: a stacked deal is an object with \"first_dealer\" and \"rounds\"");
  EXPECT_EQ(refusal({{"dealer", 1}}), "deal: unknown field \"dealer\" (first_dealer, rounds)");
  EXPECT_EQ(refusal({{"first_dealer", 3}}), "deal: first_dealer: must be a seat from 0 to 2");
  EXPECT_EQ(refusal({{"rounds", 1}}), "deal: rounds: must be a list of rounds");
  EXPECT_EQ(refusal({{"rounds", {{{"trump", "R"}}}}}),
            "deal: rounds[0]: unknown field \"trump\" (hands, spinner, type)");
  EXPECT_EQ(refusal(hands({{"R1", "R2"}, {"B1", "B2"}})),
            "deal: rounds[0].hands: must list one hand per seat (3)");
  EXPECT_EQ(refusal(hands({{"R1", "R2"}, {"B1", "B2"}, {"G1"}})),
            "deal: rounds[0].hands[2]: holds 1 card, but this round deals 2");
  EXPECT_EQ(refusal(hands({{"R1", "R2"}, {"B1", "R2"}, {"G1", "G2"}})),
            "deal: rounds[0].hands[1]: R2 is dealt twice");
  EXPECT_EQ(refusal(hands({{"R1", "R2"}, {"B1", "B2"}, {"G1", "G14"}})),
            "deal: rounds[0].hands[2]: \"G14\" is not a card id");
  EXPECT_EQ(refusal(hands({{"R1", "R2"}, {"B1", "B2"}, {"G1", "ALCHEMIST"}})),
            "deal: rounds[0].hands[2]: ALCHEMIST is not in this table's deck");
  // Two players play numbers 5-13 only.
  EXPECT_EQ(refusal(hands({{"R1", "R5"}, {"B5", "B6"}}), {{"schedule", {2}}}, 2),
            "deal: rounds[0].hands[0]: R1 is not in this table's deck");
  EXPECT_EQ(refusal({{"rounds", {{{"spinner", "purple"}}}}}),
            "deal: rounds[0].spinner: one of \"R\", \"B\", \"G\", \"Y\", \"X\", \"choice\"");
  EXPECT_EQ(refusal({{"rounds", {{{"type", "grand_slam"}}}}}),
            "deal: rounds[0].type: one of \"normal\", \"blind\"");
  EXPECT_EQ(refusal({{"rounds", {{{"type", "blind"}}}}}),
            "deal: rounds[0].type: \"blind\" is not among the table's round_types");
  // A later round is checked against its own hand size.
  EXPECT_EQ(
      refusal({{"rounds", {json::object(), {{"hands", hands_of({{"R1"}, {"R2"}, {"R3"}})}}}}}),
      "deal: rounds[1].hands[0]: holds 1 card, but this round deals 4");
}

}  // namespace
}  // namespace crown_battles_test
