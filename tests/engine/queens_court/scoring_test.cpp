// Who wins a round: every tie-break step, and a whole game through ties to a clean win.
#include "helpers.hpp"

namespace crownhall::queens_court {
namespace {

using namespace testing;
using row = std::array<std::uint8_t, max_players>;

TEST(QueensCourtTieBreak, LowestSpreadWins) {
  const round_result r = resolve_round(3, row{3, 1, 2}, row{2, 9, 2}, row{});
  EXPECT_EQ(r.winner, 1);
  EXPECT_EQ(r.tied, 0);
  EXPECT_EQ(r.tie_wins, 0);
}

TEST(QueensCourtTieBreak, EqualSpreadsGoToFewestPileCards) {
  const round_result r = resolve_round(3, row{1, 1, 2}, row{4, 3, 2}, row{});
  EXPECT_EQ(r.winner, 1) << "seat 2 has fewer cards but a worse spread";
}

TEST(QueensCourtTieBreak, FullTieGivesAWinToEachTiedPlayerWithoutOne) {
  const round_result r = resolve_round(4, row{1, 1, 1, 0}, row{3, 3, 3, 5}, row{});
  EXPECT_EQ(r.winner, 3);
  const round_result t = resolve_round(4, row{1, 1, 1, 2}, row{3, 3, 4, 2}, row{0, 1, 0, 0});
  EXPECT_EQ(t.winner, no_seat);
  EXPECT_EQ(t.tied, 0b0011);
  EXPECT_EQ(t.tie_wins, 0b0001) << "seat 1 has won a round already: no second win by a tie";
}

TEST(QueensCourtTieBreak, TwoQueensNeverWin) {
  const round_result r = resolve_round(2, row{double_queens, 9}, row{2, 9}, row{});
  EXPECT_EQ(r.winner, 1);
  const round_result none = resolve_round(2, row{double_queens, double_queens}, row{2, 2}, row{});
  EXPECT_EQ(none.winner, no_seat);
  EXPECT_EQ(none.tied, 0);
  EXPECT_EQ(none.tie_wins, 0);
}

// Round 1 and 2 tie (seats mirror each other), round 3 is a clean win for seat 1.
json tie_tie_win_deal() {
  auto mirror = [](json h0, json h1, json p0, json p1) {
    return json{{"hands", {h0, h1}}, {"piles", piles({p0, p1})}, {"draw", json::array()}};
  };
  return {
      {"first_player", 0},
      {"rounds",
       json::array({mirror({"3a", "4a", "6a"}, {"3b", "4b", "6b"}, {"1a", "2a"}, {"1b", "2b"}),
                    mirror({"3c", "4c", "6c"}, {"3d", "4d", "6d"}, {"1c", "2c"}, {"1d", "2d"}),
                    mirror({"3a", "4a", "6a"}, {"2c", "5a", "7a"}, {"1a", "9a"}, {"2a", "5b"})})}};
}

void play_mirror_round(game& g, int first, const char* suffix0, const char* suffix1) {
  const char* values[] = {"3", "4", "6"};
  const char* sides[] = {"left", "right", "left", "right"};
  for (int i = 0; i < 4; ++i) {
    for (int k = 0; k < 2; ++k) {
      const int s = (first + k) % 2;
      const std::string c = i < 3 ? std::string(values[i]) + (s == 0 ? suffix0 : suffix1)
                                  : std::string(s == 0 ? "G1" : "G2");
      must_play(g, s, c, s, sides[i]);
    }
  }
}

TEST(QueensCourtGame, TiesGiveOneWinAtMostAndOnlyACleanWinEndsTheGame) {
  auto g = start(2, tie_tie_win_deal(), {{"coins", true}});
  play_mirror_round(*g, 0, "a", "b");
  ASSERT_EQ(g->rounds().size(), 1u);
  EXPECT_EQ(g->rounds()[0].tied, 0b11);
  EXPECT_EQ(g->rounds()[0].tie_wins, 0b11);
  EXPECT_EQ(g->wins(0), 1);
  EXPECT_EQ(g->wins(1), 1);
  EXPECT_FALSE(g->is_over());
  EXPECT_EQ(g->seats_to_act(), 2u) << "round 2 starts one seat clockwise";

  play_mirror_round(*g, 1, "c", "d");
  ASSERT_EQ(g->rounds().size(), 2u);
  EXPECT_EQ(g->rounds()[1].tied, 0b11);
  EXPECT_EQ(g->rounds()[1].tie_wins, 0);
  EXPECT_EQ(g->wins(0), 1);
  EXPECT_EQ(g->wins(1), 1);
  EXPECT_FALSE(g->is_over());

  must_play(*g, 0, "3a", 0, "left");
  must_play(*g, 1, "5a", 1, "left");  // 5|5
  must_play(*g, 0, "4a", 0, "left");
  must_play(*g, 1, "G2", 1, "left");
  must_play(*g, 0, "6a", 0, "left");
  must_play(*g, 1, "2c", 0, "right");  // seat 0: 6|2
  must_play(*g, 0, "G1", 1, "right");  // seat 0 locks; seat 1 holds 7a but both piles gloved
  ASSERT_TRUE(g->is_over());
  const json o = g->outcome();
  EXPECT_EQ(o["winner"], 1);
  EXPECT_EQ(o["wins"], json({1, 2}));
  EXPECT_EQ(o["ranks"], json({2, 1}));
  EXPECT_EQ(o["rounds"].size(), 3u);
  EXPECT_EQ(o["rounds"][2]["spreads"], json({4, 0}));
  EXPECT_EQ(o["rounds"][0]["tie_wins"], json({0, 1}));
  // Coins: stakes 2 + 2; three round wins returned 3; the winner keeps the last coin.
  EXPECT_EQ(o["coins_net"], json({-1, 1}));
  EXPECT_EQ(o["pot"], 0);

  EXPECT_EQ(g->seats_to_act(), 0u);
  action_list legal;
  g->legal_actions(1, legal);
  EXPECT_TRUE(legal.empty());
  auto r = try_play(*g, 1, "7a", 1, "left");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::game_over);
  EXPECT_EQ(g->phase(), "finished");
  EXPECT_EQ(g->view(0)["winner"], 1);
}

}  // namespace
}  // namespace crownhall::queens_court
