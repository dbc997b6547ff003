// Round scoring (track points by tricks won plus stars) and the end of the game.
#include "helpers.hpp"

namespace crownhall::lunar {
namespace {

using namespace testing;

TEST(LunarScoring, TheRulingTable) {
  const std::array<std::uint8_t, 13> track = {0, 4, 3, 2, 0, 0, 0, 2, 3, 0, 0, 0, 0};
  EXPECT_EQ(ruling_table.track, track);
  EXPECT_EQ(ruling_table.star_points, 1);
  EXPECT_EQ(options{}.track, track);
  EXPECT_EQ(options{}.target_score, 30);
}

void check_round_points(const game& g, const std::array<std::uint8_t, 13>& track) {
  int totals[2] = {0, 0};
  for (const round_result& r : g.rounds()) {
    EXPECT_EQ(r.tricks[0] + r.tricks[1], tricks_per_round);
    EXPECT_EQ(r.stars[0] + r.stars[1], 12) << "every starred card is retained by someone";
    for (int t = 0; t < 2; ++t) {
      EXPECT_EQ(r.track_points[t], track[r.tricks[t]]);
      EXPECT_EQ(r.points[t], r.track_points[t] + r.stars[t]);
      totals[t] += r.points[t];
      EXPECT_EQ(r.scores[t], totals[t]);
    }
  }
  EXPECT_EQ(g.score(0), totals[0]);
  EXPECT_EQ(g.score(1), totals[1]);
}

TEST(LunarScoring, ScriptedRoundScoresTrackAndStars) {
  auto g = start(4, four_player_deal());
  exchange_and_trump(*g);
  action_list legal;
  while (g->rounds().empty()) {
    const int seat = std::countr_zero(g->seats_to_act());
    g->legal_actions(seat, legal);
    ASSERT_FALSE(g->apply(seat, legal[0]));
  }
  const round_result& r = g->rounds()[0];
  EXPECT_EQ(r.round, 1);
  EXPECT_EQ(r.trump, 3);
  check_round_points(*g, ruling_table.track);
  const json o = g->outcome();
  EXPECT_EQ(o["rounds"][0]["trump"], "bat");
  EXPECT_EQ(o["rounds"][0]["tricks"][0].get<int>() + o["rounds"][0]["tricks"][1].get<int>(), 12);
  EXPECT_EQ(g->make_view(0).start_player, 1) << "the next round starts one seat clockwise";
  EXPECT_EQ(g->phase(), "exchange");
}

TEST(LunarScoring, TheTrackOptionSwapsTheTable) {
  const std::array<std::uint8_t, 13> track = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
  json list = json::array();
  for (auto p : track) list.push_back(p);
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    auto g = start(4, nullptr, {{"track_points", list}}, seed);
    play_out(*g);
    check_round_points(*g, track);
  }
}

// The game ends after a round where a team has reached the target and leads; a tie plays on.
TEST(LunarScoring, GameEndsWhenATeamReachesTheTargetAndLeads) {
  int ties_played_on = 0;
  for (int players : {2, 4}) {
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
      const int target = 1 + static_cast<int>(seed % 3) * 7;
      auto g = start(players, nullptr, {{"target_score", target}}, seed);
      prng bots(seed);
      while (!g->is_over()) {
        const int seat = std::countr_zero(g->seats_to_act());
        ASSERT_FALSE(g->apply(seat, g->bot_action(seat, bot_kind::random, bots)));
      }
      const auto& rounds = g->rounds();
      for (std::size_t i = 0; i < rounds.size(); ++i) {
        const auto& s = rounds[i].scores;
        const bool ends = std::max(s[0], s[1]) >= target && s[0] != s[1];
        EXPECT_EQ(ends, i + 1 == rounds.size()) << "seed " << seed << " round " << i + 1;
        if (std::max(s[0], s[1]) >= target && s[0] == s[1]) ++ties_played_on;
      }
      const json o = g->outcome();
      const int winner = o["winning_team"];
      EXPECT_GT(g->score(winner), g->score(1 - winner));
      EXPECT_EQ(o["ranks"].size(), static_cast<std::size_t>(players));
      if (players == 4) {
        EXPECT_EQ(o["winners"], json({winner, winner + 2}));
        EXPECT_EQ(o["ranks"][winner], 1);
        EXPECT_EQ(o["ranks"][1 - winner], 2);
      } else {
        EXPECT_EQ(o["winner"], winner);
      }
    }
  }
  EXPECT_GT(ties_played_on, 0) << "some games must have tied at the target and played on";
}

TEST(LunarScoring, NothingHappensAfterTheEnd) {
  auto g = start(4, nullptr, {{"target_score", 1}}, 5);
  play_out(*g);
  ASSERT_TRUE(g->is_over());
  EXPECT_EQ(g->phase(), "finished");
  EXPECT_EQ(g->seats_to_act(), 0);
  action_list legal;
  g->legal_actions(0, legal);
  EXPECT_TRUE(legal.empty());
  auto r = try_act(*g, 0, play("1a"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::game_over);
  EXPECT_FALSE(g->view(0)["winner_team"].is_null());
}

}  // namespace
}  // namespace crownhall::lunar
