// The partner exchange: simultaneous, secret until all four have chosen, then at once.
#include "helpers.hpp"

namespace crownhall::lunar {
namespace {

using namespace testing;

bool mentions(const json& view, const char* card) {
  return view.dump().find(std::string("\"") + card + "\"") != std::string::npos;
}

TEST(LunarExchange, AllFourChooseAtOnce) {
  auto g = start(4, four_player_deal());
  EXPECT_EQ(g->seats_to_act(), 0b1111);
  action_list legal;
  g->legal_actions(1, legal);
  EXPECT_EQ(legal.size(), 15 * 15);
  must_act(*g, 2, pass({"7b", "8b", "Le", "Lf"}));
  EXPECT_EQ(g->seats_to_act(), 0b1011);
  g->legal_actions(2, legal);
  EXPECT_TRUE(legal.empty());
  auto r = try_act(*g, 2, pass({"5b", "6b", "Le", "Lf"}));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::not_your_turn) << "one choice each";
  EXPECT_EQ(g->hand(2) & set_of({"7b", "8b", "Le", "Lf"}), set_of({"7b", "8b", "Le", "Lf"}))
      << "nothing moves before everyone has chosen";
}

TEST(LunarExchange, ChoicesMustBeTwoRanksAndTwoSuitsFromTheHand) {
  auto g = start(4, four_player_deal());
  auto r = try_act(*g, 0, pass({"5a", "6a", "Ob", "Lc"}));  // Lc is seat 1's
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::illegal_action);
  r = try_act(*g, 0, pass({"5a", "6a", "4a", "Oc"}));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::malformed_action);
  r = try_act(*g, 0, play("5a"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::illegal_action);
}

TEST(LunarExchange, ChoicesStaySecretUntilReceived) {
  auto g = start(4, four_player_deal());
  must_act(*g, 0, pass({"5a", "6a", "Ob", "Oc"}));
  const json own = g->view(0);
  EXPECT_EQ(own["exchange"]["chosen"], json({"5a", "6a", "Ob", "Oc"}));
  EXPECT_EQ(own["exchange"]["waiting"], json({1, 2, 3}));
  for (int s : {spectator, 1, 2, 3}) {
    const json v = g->view(s);
    for (const char* c : {"5a", "6a", "Ob", "Oc"}) EXPECT_FALSE(mentions(v, c)) << s << " " << c;
    EXPECT_EQ(v["exchange"]["waiting"], json({1, 2, 3}));
  }
  EXPECT_TRUE(g->view(2)["exchange"]["chosen"].is_null());
  must_act(*g, 1, pass({"3b", "4b", "Lc", "Ld"}));
  must_act(*g, 2, pass({"7b", "8b", "Le", "Lf"}));
  must_act(*g, 3, pass({"7c", "8c", "Be", "Bf"}));
  EXPECT_EQ(g->phase(), "trump");
  // The partner now holds them and sees them; the opponents never do.
  const json partner = g->view(2);
  EXPECT_EQ(partner["exchange"]["received"], json({"5a", "6a", "Ob", "Oc"}));
  EXPECT_EQ(partner["exchange"]["passed"], json({"7b", "8b", "Le", "Lf"}));
  for (const char* c : {"5a", "6a", "Ob", "Oc"}) {
    EXPECT_TRUE(g->hand(2) & bit(id(c)));
    EXPECT_FALSE(mentions(g->view(1), c));
    EXPECT_FALSE(mentions(g->view(3), c));
    EXPECT_FALSE(mentions(g->view(spectator), c));
  }
  EXPECT_EQ(g->view(0)["exchange"]["received"], json({"7b", "8b", "Le", "Lf"}));
  EXPECT_FALSE(g->view(spectator)["exchange"].contains("received"));
  for (int s = 0; s < 4; ++s) {
    EXPECT_EQ(std::popcount(g->hand(s) & rank_cards), 6);
    EXPECT_EQ(std::popcount(g->hand(s) & suit_cards), 6);
  }
}

}  // namespace
}  // namespace crownhall::lunar
