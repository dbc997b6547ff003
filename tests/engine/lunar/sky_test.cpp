// Two players with the Sky: no exchange, the Sky is public, each player plays one rank and
// one suit per trick, one from the hand and one from the Sky.
#include "helpers.hpp"

namespace crownhall::lunar {
namespace {

using namespace testing;

json sky_deal() {
  return {
      {"start_player", 0},
      {"rounds", json::array({{{"hands", json::array({hand({"1a", "2a", "3a", "4a", "5a", "6a",
                                                            "Wa", "Wb", "Wc", "Oa", "Ob", "Oc"}),
                                                      hand({"1b", "2b", "3b", "4b", "5b", "6b",
                                                            "La", "Lb", "Lc", "Ba", "Bb", "Bc"})})},
                               {"sky", hand({"7a", "8a", "7b", "8b", "1c", "2c", "3c", "4c",
                                             "5c", "6c", "7c", "8c", "Wd", "We", "Wf", "Od",
                                             "Oe", "Of", "Ld", "Le", "Lf", "Bd", "Be", "Bf"})}}})}};
}

TEST(LunarSky, DealAndNoExchange) {
  auto g = start(2, nullptr, {}, 3);
  EXPECT_EQ(g->phase(), "trump");
  EXPECT_EQ(std::popcount(g->sky() & rank_cards), 12);
  EXPECT_EQ(std::popcount(g->sky() & suit_cards), 12);
  for (int s = 0; s < 2; ++s) {
    EXPECT_EQ(std::popcount(g->hand(s) & rank_cards), 6);
    EXPECT_EQ(std::popcount(g->hand(s) & suit_cards), 6);
  }
  const json v = g->view(spectator);
  EXPECT_EQ(v["sky"].size(), 24u) << "the Sky is public";
  EXPECT_FALSE(v.contains("exchange"));
  EXPECT_EQ(v["teams"], json({{0}, {1}}));
}

TEST(LunarSky, ATrickIsTwoTurnsEach) {
  auto g = start(2, sky_deal());
  must_act(*g, 0, discard("wolf"));
  must_act(*g, 1, discard("owl"));
  EXPECT_EQ(g->seats_to_act(), 1u) << "three tiles: the start player turns the third";
  must_act(*g, 0, discard("lynx"));
  ASSERT_EQ(suit_names[g->trump()], "bat");

  must_act(*g, 0, play("Wa"));  // from the hand: sets the lead suit
  action_list legal;
  g->legal_actions(1, legal);
  card_set options = 0;
  for (action a : legal) options |= bit(played_card(a));
  // Hand: no Wolf, so any suit; Sky: Wolves only among its suits.
  EXPECT_EQ(options & g->sky() & suit_cards, set_of({"Wd", "We", "Wf"}));
  EXPECT_EQ(options & g->hand(1) & suit_cards, g->hand(1) & suit_cards);
  auto r = try_act(*g, 1, play("Bd"));
  ASSERT_TRUE(r);
  EXPECT_NE(r->reason.find("follow"), std::string::npos) << r->reason;
  must_act(*g, 1, play("Ba"));  // from the hand, the trump

  EXPECT_EQ(g->seats_to_act(), 1u);
  g->legal_actions(0, legal);
  for (action a : legal) {
    EXPECT_TRUE(is_rank(played_card(a)));
    EXPECT_TRUE(g->sky() & bit(played_card(a))) << "the second turn comes from the Sky";
  }
  r = try_act(*g, 0, play("2a"));
  ASSERT_TRUE(r);
  EXPECT_NE(r->reason.find("Sky"), std::string::npos) << r->reason;
  must_act(*g, 0, play("8a"));
  must_act(*g, 1, play("7a"));
  const table_view v = g->make_view(1);
  EXPECT_EQ(v.last_trick.winner_team, 1) << "trump";
  EXPECT_EQ(v.last_trick.trick.from_sky, 0b1100);
  EXPECT_EQ(v.trick.leader, 1);
  EXPECT_EQ(v.stars_won[1], set_of({"Wa", "Ba", "8a", "7a"}));
  EXPECT_EQ(std::popcount(g->sky()), 22);
  EXPECT_EQ(std::popcount(g->hand(0)), 11);
  const json j = g->view(0);
  EXPECT_EQ(j["last_trick"]["cards"][2]["from"], "sky");
  EXPECT_EQ(j["last_trick"]["cards"][2]["seat"], 0);
}

TEST(LunarSky, WholeRoundsKeepTheHandSkyBalance) {
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    auto g = start(2, nullptr, {}, seed);
    prng bots(seed);
    while (!g->is_over() && g->rounds().empty()) {
      const int seat = std::countr_zero(g->seats_to_act());
      ASSERT_FALSE(g->apply(seat, g->bot_action(seat, bot_kind::random, bots)));
      if (g->phase() == "playing" && g->make_view(0).trick.size == 0) {
        ASSERT_EQ(std::popcount(g->hand(0)), std::popcount(g->hand(1)));
        ASSERT_EQ(std::popcount(g->sky()), 2 * std::popcount(g->hand(0)));
      }
    }
  }
}

}  // namespace
}  // namespace crownhall::lunar
