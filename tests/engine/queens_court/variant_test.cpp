// The Queens-wild variant: Queens in the deck, one Queen makes a zero spread, two lose.
#include "helpers.hpp"

namespace crownhall::queens_court {
namespace {

using namespace testing;

const json wild = {{"queens_wild", true}};

TEST(QueensCourtVariant, QueensAreInTheDeckOnlyWhenWild) {
  auto plain = start(3, nullptr, {}, 5);
  auto queens = start(3, nullptr, wild, 5);
  EXPECT_EQ(plain->make_view(spectator).draw_size, numbered_count - 15);
  EXPECT_EQ(queens->make_view(spectator).draw_size, numbered_count + queens_count - 15);
  EXPECT_EQ(plain->deck() & (bit(first_queen) * 31), 0u);
  EXPECT_EQ(queens->deck() & (bit(first_queen) * 31), bit(first_queen) * 31);
  json deal = {{"rounds", json::array({{{"piles", piles({{"Q1", "5a"}, nullptr, nullptr})}}})}};
  auto refused = queens_court_module().new_game({}, 3, 1, deal);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().reason.find("queens_wild"), std::string::npos);
}

TEST(QueensCourtVariant, AQueenMatchesTheOtherPileAndEarnsTheDoubleDraw) {
  json deal = {{"first_player", 0},
               {"rounds", json::array({{{"hands", {{"Q1", "3a", "4a"}, {"Q2", "6a", "7a"}}},
                                        {"piles", piles({{"1a", "9a"}, {"2b", "5b"}})},
                                        {"draw", {"8a", "8b", "8c", "8d", "7d"}}}})}};
  auto g = start(2, deal, wild);
  must_play(*g, 0, "Q1", 0, "left");
  EXPECT_EQ(spread(*g, 0), 0);
  EXPECT_EQ(hand_count(*g, 0), 4) << "a zero spread draws two";
  // Two Queens showing: the worst spread, and no double draw.
  must_play(*g, 1, "Q2", 0, "right");
  EXPECT_EQ(spread(*g, 0), double_queens);
  EXPECT_EQ(hand_count(*g, 1), 3);
  json v = g->view(spectator);
  EXPECT_TRUE(v["players"][0]["spread"].is_null());
  EXPECT_EQ(v["players"][0]["double_queens"], true);
}

TEST(QueensCourtVariant, AGloveMayCoverAQueen) {
  json deal = {
      {"first_player", 0},
      {"rounds",
       json::array({{{"piles", piles({{"Q1", "5a"}, {"2b", "5b"}})}, {"draw", json::array()}}})}};
  auto g = start(2, deal, wild);
  must_play(*g, 0, "G1", 0, "left");
  const table_view v = g->make_view(spectator);
  EXPECT_EQ(card_id(v.player[0].showing[0]), "Q1");
  EXPECT_EQ(v.player[0].spread, 0);
}

TEST(QueensCourtVariant, TwoQueensShowingLoseTheRoundOutright) {
  json deal = {{"first_player", 0},
               {"rounds", json::array({{{"hands", {{"1d", "10c", "10d"}, {"1b", "1c", "10b"}}},
                                        {"piles", piles({{"Q1", "Q2"}, {"1a", "10a"}})},
                                        {"draw", json::array()}}})}};
  auto g = start(2, deal, wild);
  must_play(*g, 0, "G1", 0, "left");
  must_play(*g, 1, "G2", 0, "right");
  must_play(*g, 0, "1d", 1, "left");
  must_play(*g, 1, "1b", 1, "left");
  must_play(*g, 0, "10c", 1, "right");
  must_play(*g, 1, "1c", 1, "left");
  must_play(*g, 0, "10d", 1, "right");
  must_play(*g, 1, "10b", 1, "right");
  ASSERT_EQ(g->rounds().size(), 1u);
  const round_result& r = g->rounds()[0];
  EXPECT_EQ(r.spread[0], double_queens);
  EXPECT_EQ(r.spread[1], 9);
  EXPECT_LT(r.pile_cards[0], r.pile_cards[1]);
  EXPECT_EQ(r.winner, 1) << "spread 9 beats two Queens";
  EXPECT_TRUE(g->outcome()["rounds"][0]["spreads"][0].is_null());
}

}  // namespace
}  // namespace crownhall::queens_court
