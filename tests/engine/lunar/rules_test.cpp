// Cards, the deal, and a scripted round of tricks through apply(): every way a trick is
// won, the kind-pairing rule, following suit and who leads next.
#include "helpers.hpp"

namespace crownhall::lunar {
namespace {

using namespace testing;

TEST(LunarCards, DeckAndStars) {
  EXPECT_EQ(std::popcount(all_cards), 48);
  EXPECT_EQ(std::popcount(rank_cards), 24);
  for (int s = 0; s < suit_count; ++s) EXPECT_EQ(std::popcount(cards_of_suit(s)), 6);
  EXPECT_EQ(card_id(rank_card(1, 0)), "1a");
  EXPECT_EQ(card_id(rank_card(8, 2)), "8c");
  EXPECT_EQ(card_id(suit_card(1, 3)), "Od");
  EXPECT_EQ(card_id(suit_card(3, 5)), "Bf");
  for (int c = 0; c < card_count; ++c) EXPECT_EQ(card_from_id(card_id(static_cast<card>(c))), c);
  // Rulings: one starred copy of every rank and every animal.
  EXPECT_EQ(std::popcount(ruling_table.starred), 12);
  EXPECT_EQ(ruling_table.starred & rank_cards,
            set_of({"1a", "2a", "3a", "4a", "5a", "6a", "7a", "8a"}));
  EXPECT_EQ(ruling_table.starred & suit_cards, set_of({"Wa", "Oa", "La", "Ba"}));
}

TEST(LunarDeal, SixRankAndSixSuitCardsEach) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    auto g = start(4, nullptr, {}, seed);
    card_set all = 0;
    for (int s = 0; s < 4; ++s) {
      EXPECT_EQ(std::popcount(g->hand(s) & rank_cards), 6);
      EXPECT_EQ(std::popcount(g->hand(s) & suit_cards), 6);
      all |= g->hand(s);
    }
    EXPECT_EQ(all, all_cards);
    EXPECT_EQ(g->phase(), "exchange");
    EXPECT_EQ(g->seats_to_act(), 0b1111);
  }
}

TEST(LunarDeal, StartPlayerIsRandomThenRotates) {
  std::array<int, 4> seen{};
  for (std::uint64_t seed = 0; seed < 200; ++seed)
    ++seen[start(4, nullptr, {}, seed)->make_view(0).start_player];
  for (int s = 0; s < 4; ++s) EXPECT_GT(seen[s], 20);
}

TEST(LunarTrump, TilesAreTurnedDownInTurnUntilOneIsLeft) {
  json deal = four_player_deal();
  deal["start_player"] = 2;
  auto g = start(4, deal);
  must_act(*g, 0, pass({"5a", "6a", "Ob", "Oc"}));
  must_act(*g, 1, pass({"3b", "4b", "Lc", "Ld"}));
  must_act(*g, 2, pass({"7b", "8b", "Le", "Lf"}));
  must_act(*g, 3, pass({"7c", "8c", "Be", "Bf"}));
  ASSERT_EQ(g->phase(), "trump");
  EXPECT_EQ(g->seats_to_act(), 1u << 2) << "the round's start player turns the first tile";
  auto r = try_act(*g, 3, discard("owl"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::not_your_turn);
  r = try_act(*g, 2, play("1c"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::illegal_action);
  must_act(*g, 2, discard("owl"));
  r = try_act(*g, 3, discard("owl"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::illegal_action) << "already face down";
  action_list legal;
  g->legal_actions(3, legal);
  EXPECT_EQ(legal.size(), 3);
  must_act(*g, 3, discard("bat"));
  EXPECT_EQ(g->trump(), no_suit);
  must_act(*g, 0, discard("wolf"));
  EXPECT_EQ(g->phase(), "playing");
  EXPECT_EQ(suit_names[g->trump()], "lynx");
  EXPECT_EQ(g->view(1)["tiles"]["face_up"], json({"lynx"}));
  EXPECT_EQ(g->seats_to_act(), 1u << 2) << "the start player leads the first trick";
}

class LunarTricks : public ::testing::Test {
 protected:
  void SetUp() override {
    g = start(4, four_player_deal());
    ASSERT_TRUE(g);
    exchange_and_trump(*g);
    ASSERT_EQ(suit_names[g->trump()], "bat");
  }
  table_view seen() const { return g->make_view(spectator); }
  std::unique_ptr<game> g;
};

TEST_F(LunarTricks, DifferentSuitsNoTrumpGoToTheTeamThatSetTheLeadSuit) {
  must_act(*g, 0, play("Wa"));
  EXPECT_EQ(seen().trick.lead_suit, 0);
  EXPECT_EQ(seen().trick.lead_team, 0);
  must_act(*g, 1, play("7a"));
  must_act(*g, 2, play("5b"));
  must_act(*g, 3, play("Of"));  // no Wolf in hand: any suit
  const table_view v = seen();
  EXPECT_EQ(v.tricks_won[0], 1);
  EXPECT_EQ(v.last_trick.winner_team, 0);
  EXPECT_EQ(v.stars_won[0], set_of({"Wa", "7a"}));
  EXPECT_EQ(v.trick.leader, 0);
  EXPECT_EQ(g->seats_to_act(), 1u);
}

TEST_F(LunarTricks, TheTeamsSecondCardIsTheOtherKind) {
  must_act(*g, 0, play("Wa"));
  must_act(*g, 1, play("7a"));
  action_list legal;
  g->legal_actions(2, legal);
  EXPECT_EQ(legal.size(), 6);
  for (action a : legal) EXPECT_TRUE(is_rank(played_card(a)));
  auto r = try_act(*g, 2, play("Od"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::illegal_action);
  EXPECT_NE(r->reason.find("rank"), std::string::npos) << r->reason;
  must_act(*g, 2, play("5b"));
  g->legal_actions(3, legal);
  for (action a : legal) EXPECT_TRUE(is_suit(played_card(a)));
  EXPECT_EQ(legal.size(), 6) << "no Wolf to follow with: every suit card";
}

TEST_F(LunarTricks, SameSuitHigherRankWinsAndSuitMustBeFollowed) {
  for (const char* c : {"Wa", "7a", "5b", "Of"})
    must_act(*g, std::countr_zero(g->seats_to_act()), play(c));
  must_act(*g, 0, play("8b"));
  must_act(*g, 1, play("We"));  // Team B sets the lead suit
  EXPECT_EQ(seen().trick.lead_team, 1);
  action_list legal;
  g->legal_actions(2, legal);
  ASSERT_EQ(legal.size(), 1);
  EXPECT_EQ(card_id(played_card(legal[0])), "Wf");
  auto r = try_act(*g, 2, play("Od"));
  ASSERT_TRUE(r);
  EXPECT_NE(r->reason.find("follow"), std::string::npos) << r->reason;
  must_act(*g, 2, play("Wf"));
  must_act(*g, 3, play("3c"));
  EXPECT_EQ(seen().last_trick.winner_team, 0) << "Wolf 8 beats Wolf 3";
  EXPECT_EQ(seen().tricks_won[0], 2);
}

TEST_F(LunarTricks, SameSuitEqualRanksGoToTheTeamThatPlayedLast) {
  for (const char* c : {"Wa", "7a", "5b", "Of", "8b", "We", "Wf", "3c"})
    must_act(*g, std::countr_zero(g->seats_to_act()), play(c));
  must_act(*g, 0, play("Wb"));
  must_act(*g, 1, play("Wd"));
  must_act(*g, 2, play("6b"));
  must_act(*g, 3, play("6c"));
  EXPECT_EQ(seen().last_trick.winner_team, 1);
  EXPECT_EQ(seen().trick.leader, 1) << "the winning team's first player in the trick leads";
}

TEST_F(LunarTricks, TrumpBeatsTheLeadSuitAndTheLeadSuitTeamWinsOtherwise) {
  for (const char* c : {"Wa", "7a", "5b", "Of", "8b", "We", "Wf", "3c", "Wb", "Wd", "6b", "6c"})
    must_act(*g, std::countr_zero(g->seats_to_act()), play(c));
  // Trick 4, led by seat 1: team A sets Owl, team B plays the trump.
  must_act(*g, 1, play("8a"));
  must_act(*g, 2, play("Oc"));
  EXPECT_EQ(seen().trick.lead_team, 0);
  must_act(*g, 3, play("Bb"));
  must_act(*g, 0, play("1a"));
  EXPECT_EQ(seen().last_trick.winner_team, 1);
  EXPECT_EQ(seen().trick.leader, 1);
  // Trick 5, led by seat 1 with a rank: team A's Owl is the first suit, so it sets the
  // lead suit (rules example) and wins against Lynx without trump.
  must_act(*g, 1, play("7c"));
  must_act(*g, 2, play("Od"));
  must_act(*g, 3, play("Lc"));
  must_act(*g, 0, play("2a"));
  const table_view v = seen();
  EXPECT_EQ(v.last_trick.winner_team, 0);
  EXPECT_EQ(v.trick.leader, 2) << "team A's first player in that trick was seat 2";
  EXPECT_EQ(v.tricks_won[0], 3);
  EXPECT_EQ(v.tricks_won[1], 2);
  EXPECT_EQ(v.stars_won[0], set_of({"Wa", "7a", "2a"}));
  EXPECT_EQ(v.stars_won[1], set_of({"8a", "1a"}));
}

TEST_F(LunarTricks, RefusalsLeaveTheStateUnchanged) {
  const std::uint64_t h = g->state_hash();
  auto r = try_act(*g, 1, play("7a"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::not_your_turn);
  r = try_act(*g, 0, play("7a"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::illegal_action);
  r = try_act(*g, 0, discard("bat"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, error_code::illegal_action);
  EXPECT_EQ(g->state_hash(), h);
}

TEST(LunarActions, MalformedActionsAreRefusedWithAReason) {
  auto g = start(4, nullptr);
  for (const char* text :
       {R"([])", R"({"card": "Wa"})", R"({"type": "bid"})", R"({"type": "play"})",
        R"({"type": "play", "card": "9a"})", R"({"type": "discard_tile", "suit": "fox"})",
        R"({"type": "exchange", "cards": ["1a", "2a", "Wa"]})",
        R"({"type": "exchange", "cards": ["1a", "2a", "3a", "Wa"]})",
        R"({"type": "exchange", "cards": ["1a", "1a", "Wa", "Wb"]})",
        R"({"type": "exchange", "cards": ["1a", "2a", "Wa", "Zz"]})"}) {
    auto a = g->action_from_json(json::parse(text));
    ASSERT_FALSE(a) << text;
    EXPECT_EQ(a.error().code, error_code::malformed_action);
    EXPECT_FALSE(a.error().reason.empty());
  }
  const json ex = pass({"2a", "Wb", "1a", "Oa"});
  auto a = g->action_from_json(ex);
  ASSERT_TRUE(a);
  EXPECT_EQ(g->action_to_json(*a), pass({"1a", "2a", "Wb", "Oa"})) << "ranks, then suits";
  for (const json& j : {play("Bf"), discard("lynx")}) {
    auto b = g->action_from_json(j);
    ASSERT_TRUE(b);
    EXPECT_EQ(g->action_to_json(*b), j);
  }
}

}  // namespace
}  // namespace crownhall::lunar
