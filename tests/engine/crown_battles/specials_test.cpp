// Stacked-deal scenarios for the Special Power cards and Bubble Shields: one per card and
// per case of the rulings (docs/rules/crown-battles.md, "Special Power cards"). Four
// players, dealer seat 3: seat 0 bids first and leads; no trump unless a test says so.
#include <gtest/gtest.h>

#include "specials_helpers.hpp"

namespace crown_battles_test {
namespace {

// A game whose first round deals `hands`; `schedule` rounds in all.
std::unique_ptr<cb::state> four_seats(const std::vector<std::vector<std::string>>& hands,
                                      json schedule = {3, 3}, const std::string& spinner = "X",
                                      const std::string& type = "normal") {
  const json options = {{"specials", all_specials()},
                        {"peasants", 4},
                        {"schedule", schedule},
                        {"round_types", {"normal", "blind"}}};
  const json deal = {
      {"first_dealer", 3},
      {"rounds", {{{"hands", hands_of(hands)}, {"spinner", spinner}, {"type", type}}}}};
  return start(options, 4, deal);
}

TEST(CrownBattlesSpecials, PowerOrderKingsAboveTheirKind) {
  auto g = four_seats({{"GOLEM1", "R1", "R2"},
                       {"GOLEM_KING", "B1", "B2"},
                       {"DRAGON1", "G1", "G2"},
                       {"DRAGON_KING", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("GOLEM1"));
  MUST_ACT(*g, 1, play("GOLEM_KING"));
  EXPECT_EQ(g->view_of(0).current.winner(4), 1);  // GG beats a Golem
  MUST_ACT(*g, 2, play("DRAGON1"));
  EXPECT_EQ(g->view_of(0).current.winner(4), 2);  // a Dragon beats GG
  MUST_ACT(*g, 3, play("DRAGON_KING"));
  EXPECT_EQ(g->view_of(0).seats[3].tricks, 1);  // DD beats every card
}

TEST(CrownBattlesSpecials, DoubleFacedAsGolemOrPeasant) {
  auto g = four_seats(
      {{"R5", "R1", "R2"}, {"DOUBLE_FACED", "B1", "B2"}, {"R13", "G1", "G2"}, {"R3", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("R5"));
  MUST_ACT(*g, 1, json({{"type", "play_golem"}, {"card", "DOUBLE_FACED"}}));
  MUST_ACT(*g, 2, play("R13"));
  MUST_ACT(*g, 3, play("R3"));
  EXPECT_EQ(g->view_of(0).seats[1].tricks, 1);
  EXPECT_EQ(g->view_of(0).last_trick.winner(4), 1);
}

TEST(CrownBattlesSpecials, SummonerHalfStepAboveANumberBelowTheNext) {
  auto g = four_seats(
      {{"R12", "R1", "R2"}, {"SUMMONER", "B1", "B2"}, {"R4", "G1", "G2"}, {"R13", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("R12"));
  MUST_ACT(*g, 1, play("SUMMONER"));
  EXPECT_EQ(g->view_of(0).current.winner(4), 1);  // 12½ beats 12
  MUST_ACT(*g, 2, play("R4"));
  EXPECT_EQ(g->view_of(0).current.winner(4), 1);
  MUST_ACT(*g, 3, play("R13"));  // 13 beats 12½
  EXPECT_EQ(g->view_of(0).seats[3].tricks, 1);
}

TEST(CrownBattlesSpecials, SummonerAfterGolemBeatsItButNotItsKing) {
  auto g = four_seats({{"GOLEM1", "R1", "R2"},
                       {"SUMMONER", "B1", "B2"},
                       {"GOLEM2", "G1", "G2"},
                       {"GOLEM_KING", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("GOLEM1"));
  MUST_ACT(*g, 1, play("SUMMONER"));
  EXPECT_EQ(g->view_of(0).current.winner(4), 1);
  MUST_ACT(*g, 2, play("GOLEM2"));  // an equal Golem later does not beat it
  EXPECT_EQ(g->view_of(0).current.winner(4), 1);
  MUST_ACT(*g, 3, play("GOLEM_KING"));
  EXPECT_EQ(g->view_of(0).seats[3].tricks, 1);
}

TEST(CrownBattlesSpecials, SummonerAfterAKingLosesToIt) {
  auto g = four_seats({{"DRAGON_KING", "R1", "R2"},
                       {"SUMMONER", "B1", "B2"},
                       {"R4", "G1", "G2"},
                       {"R13", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("DRAGON_KING"));
  MUST_ACT(*g, 1, play("SUMMONER"));
  MUST_ACT(*g, 2, play("R4"));
  MUST_ACT(*g, 3, play("R13"));
  EXPECT_EQ(g->view_of(0).seats[0].tricks, 1);
}

TEST(CrownBattlesSpecials, SummonerLedIsHalfAndSetsNoSuit) {
  auto g = four_seats(
      {{"SUMMONER", "R1", "R2"}, {"PEASANT1", "B1", "B2"}, {"G3", "G1", "G2"}, {"Y1", "G4", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("SUMMONER"));
  MUST_ACT(*g, 1, play("PEASANT1"));
  EXPECT_EQ(g->view_of(0).current.winner(4), 0);  // ½ beats a Peasant
  MUST_ACT(*g, 2, play("G3"));                    // the first number sets the suit
  // Seat 3 holds G4 and must follow green.
  EXPECT_TRUE(act(*g, 3, play("Y1")));
  MUST_ACT(*g, 3, play("G4"));
  EXPECT_EQ(g->view_of(0).seats[3].tricks, 1);
}

TEST(CrownBattlesSpecials, SummonerCopiesAnActionCardAndIsWorthHalf) {
  // Seat 2 copies the Thief: at the trick's end it steals, and the Summoner is worth ½.
  auto g = four_seats(
      {{"R9", "R1", "R2"}, {"THIEF", "B1", "B2"}, {"SUMMONER", "G1", "G2"}, {"R3", "Y1", "Y2"}},
      {3, 3});
  bid_all(*g, {1, 0, 1, 0});
  MUST_ACT(*g, 0, play("R9"));
  MUST_ACT(*g, 1, play("THIEF"));
  MUST_ACT(*g, 2, play("SUMMONER"));
  MUST_ACT(*g, 3, play("R3"));
  // Seat 0 won the trick; the Thief (seat 1) acts first, then the Summoner's copy (seat 2).
  EXPECT_EQ(g->current_phase(), cb::phase::special);
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
  MUST_ACT(*g, 1, step("decline"));
  EXPECT_EQ(g->seats_to_act(), 1u << 2);
  MUST_ACT(*g, 2, pick_seat(0));
  EXPECT_EQ(g->view_of(0).seats[0].tricks, 0);
  EXPECT_EQ(g->view_of(0).seats[2].tricks, 1);
  EXPECT_EQ(g->current_phase(), cb::phase::playing);
  EXPECT_EQ(g->seats_to_act(), 1u << 0);  // the trick's winner still leads
}

TEST(CrownBattlesSpecials, WizardMakesMonstersPeasantsAndProtectsItsPlayer) {
  auto g = four_seats(
      {{"R5", "R1", "THIEF"}, {"GOLEM1", "B1", "B2"}, {"WIZARD", "G1", "G2"}, {"R9", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 1});
  MUST_ACT(*g, 0, play("R5"));
  MUST_ACT(*g, 1, play("GOLEM1"));
  MUST_ACT(*g, 2, play("WIZARD"));
  MUST_ACT(*g, 3, play("R9"));
  EXPECT_EQ(g->view_of(0).seats[3].tricks, 1);  // the Golem is a Peasant here
  EXPECT_TRUE(crownhall::has_seat(g->protected_seats(), 2));
  const json v = g->view(1);
  EXPECT_EQ(v["specials"]["protected"], json({2}));
}

TEST(CrownBattlesSpecials, WizardAgainstKingsAndDoubleFaced) {
  auto g = four_seats({{"DRAGON_KING", "R1", "R2"},
                       {"DOUBLE_FACED", "B1", "B2"},
                       {"WIZARD", "G1", "G2"},
                       {"GOLEM_KING", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("DRAGON_KING"));
  MUST_ACT(*g, 1, json({{"type", "play_golem"}, {"card", "DOUBLE_FACED"}}));
  MUST_ACT(*g, 2, play("WIZARD"));
  MUST_ACT(*g, 3, play("GOLEM_KING"));
  // All Peasant-power: the first card played takes it.
  EXPECT_EQ(g->view_of(0).seats[0].tricks, 1);
}

TEST(CrownBattlesSpecials, BombDestroysTheTrickAndItsPlayerNamesTheLeader) {
  auto g = four_seats(
      {{"R5", "R1", "R2"}, {"BOMB", "B1", "B2"}, {"R13", "G1", "G2"}, {"R3", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 1, 0});
  MUST_ACT(*g, 0, play("R5"));
  MUST_ACT(*g, 1, play("BOMB"));
  MUST_ACT(*g, 2, play("R13"));
  MUST_ACT(*g, 3, play("R3"));
  for (int s = 0; s < 4; ++s) EXPECT_EQ(g->view_of(0).seats[s].tricks, 0);
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
  MUST_ACT(*g, 1, pick_seat(3));
  EXPECT_EQ(g->seats_to_act(), 1u << 3);
  EXPECT_EQ(g->view_of(0).current.leader, 3);
}

TEST(CrownBattlesSpecials, BombItsPlayerMayLeadThemself) {
  auto g = four_seats(
      {{"R5", "R1", "R2"}, {"BOMB", "B1", "B2"}, {"R13", "G1", "G2"}, {"R3", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 1, 0});
  for (auto [s, c] :
       std::vector<std::pair<int, std::string>>{{0, "R5"}, {1, "BOMB"}, {2, "R13"}, {3, "R3"}})
    MUST_ACT(*g, s, play(c));
  MUST_ACT(*g, 1, pick_seat(1));
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
}

// A trick for seat 2, then seat 0's Thief.
std::unique_ptr<cb::state> thief_deal() {
  return four_seats(
      {{"R1", "THIEF", "B3"}, {"R2", "B1", "B4"}, {"R13", "G1", "B5"}, {"R3", "Y1", "B6"}});
}
void play_thief_table(cb::state* g, bool shield) {
  MUST_ACT(*g, 0, bid(0));
  MUST_ACT(*g, 1, bid(0));
  if (shield) MUST_ACT(*g, 2, step("buy_shield"));
  MUST_ACT(*g, 2, bid(1));
  MUST_ACT(*g, 3, bid(0));
  for (auto [s, c] :
       std::vector<std::pair<int, std::string>>{{0, "R1"}, {1, "R2"}, {2, "R13"}, {3, "R3"}})
    MUST_ACT(*g, s, play(c));
  MUST_ACT(*g, 2, play("G1"));  // seat 2 leads the second trick
  MUST_ACT(*g, 3, play("Y1"));
  MUST_ACT(*g, 0, play("THIEF"));
  MUST_ACT(*g, 1, play("B1"));
}

TEST(CrownBattlesSpecials, ThiefStealsATrick) {
  auto g = thief_deal();
  play_thief_table(g.get(), false);
  // Seat 2 won both tricks (G1 led, nothing green followed); the Thief takes one.
  EXPECT_EQ(g->seats_to_act(), 1u << 0);
  crownhall::action_list legal;
  g->legal_actions(0, legal);
  EXPECT_EQ(legal.size(), 2);  // seat 2, or decline
  MUST_ACT(*g, 0, pick_seat(2));
  EXPECT_EQ(g->view_of(0).seats[0].tricks, 1);
  EXPECT_EQ(g->view_of(0).seats[2].tricks, 1);
}

TEST(CrownBattlesSpecials, ThiefHasNoEffectAgainstAShield) {
  auto g = thief_deal();
  play_thief_table(g.get(), true);
  EXPECT_EQ(g->totals()[2], -20);  // the shield cost 20
  // Nobody else has a trick: the Thief has no effect and play goes on.
  EXPECT_EQ(g->current_phase(), cb::phase::playing);
  EXPECT_EQ(g->view_of(0).seats[2].tricks, 2);
  EXPECT_TRUE(act(*g, 2, step("buy_shield")));  // one per player per round
}

TEST(CrownBattlesSpecials, WitchTakesTwentyInStepsOfFiveNotFromShields) {
  auto g = four_seats(
      {{"R1", "WITCH", "B3"}, {"R2", "B1", "B4"}, {"R13", "G1", "B5"}, {"R3", "Y1", "B6"}});
  MUST_ACT(*g, 0, bid(0));
  MUST_ACT(*g, 1, step("buy_shield"));
  MUST_ACT(*g, 1, bid(0));
  MUST_ACT(*g, 2, bid(0));
  MUST_ACT(*g, 3, bid(0));
  for (auto [s, c] :
       std::vector<std::pair<int, std::string>>{{0, "WITCH"}, {1, "R2"}, {2, "R13"}, {3, "R3"}})
    MUST_ACT(*g, s, play(c));
  EXPECT_TRUE(act(*g, 0, take(1)));  // shielded
  MUST_ACT(*g, 0, take(2));
  MUST_ACT(*g, 0, take(2));
  MUST_ACT(*g, 0, take(3));
  MUST_ACT(*g, 0, take(2));
  EXPECT_EQ(g->current_phase(), cb::phase::playing);  // 20 taken: done
  EXPECT_EQ(g->totals()[0], 20);
  EXPECT_EQ(g->totals()[2], -15);
  EXPECT_EQ(g->totals()[3], -5);
}

TEST(CrownBattlesSpecials, WitchTakesThirtyInTheFinalRound) {
  auto g = four_seats(
      {{"R1", "WITCH", "B3"}, {"R2", "B1", "B4"}, {"R13", "G1", "B5"}, {"R3", "Y1", "B6"}}, {3});
  bid_all(*g, {0, 0, 0, 0});
  for (auto [s, c] :
       std::vector<std::pair<int, std::string>>{{0, "WITCH"}, {1, "R2"}, {2, "R13"}, {3, "R3"}})
    MUST_ACT(*g, s, play(c));
  for (int i = 0; i < 6; ++i) MUST_ACT(*g, 0, take(1 + i % 3));
  EXPECT_EQ(g->totals()[0], 30);
  EXPECT_EQ(g->current_phase(), cb::phase::playing);
}

TEST(CrownBattlesSpecials, CursedSwapsHandsOrTwoOthers) {
  auto g = four_seats(
      {{"CURSED", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  for (auto [s, c] :
       std::vector<std::pair<int, std::string>>{{0, "CURSED"}, {1, "B7"}, {2, "G7"}, {3, "Y7"}})
    MUST_ACT(*g, s, play(c));
  MUST_ACT(*g, 0, pick_seat(1));
  MUST_ACT(*g, 0, pick_seat(3));  // seats 1 and 3 swap
  EXPECT_EQ(hand_text(*g, 1), "Y1 Y2");
  EXPECT_EQ(hand_text(*g, 3), "B1 B2");
  // Each of the two knows the other's new hand (it was theirs); the others knew nothing of
  // either hand, and still know nothing.
  EXPECT_EQ(g->view(1)["specials"]["known"]["3"], json({"B1", "B2"}));
  EXPECT_TRUE(g->view(0)["specials"]["known"].empty());
  EXPECT_TRUE(g->view(2)["specials"]["known"].empty());
}

TEST(CrownBattlesSpecials, CursedHasNoEffectOnTheLastTrick) {
  auto g = four_seats({{"CURSED"}, {"B7"}, {"G7"}, {"Y7"}}, {1, 1});
  bid_all(*g, {0, 0, 0, 0});
  for (auto [s, c] :
       std::vector<std::pair<int, std::string>>{{0, "CURSED"}, {1, "B7"}, {2, "G7"}, {3, "Y7"}})
    MUST_ACT(*g, s, play(c));
  EXPECT_NE(g->current_phase(), cb::phase::special);
  EXPECT_EQ(g->score_table().size(), 1u);
}

TEST(CrownBattlesSpecials, MagicianPassesTogetherAndItsPlayerSeesTheIncomingCard) {
  auto g = four_seats(
      {{"MAGICIAN", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("MAGICIAN"));
  MUST_ACT(*g, 0, json({{"type", "direction"}, {"direction", "left"}}));
  EXPECT_EQ(g->seats_to_act(), 0b1110);
  MUST_ACT(*g, 1, pick_card("B1"));
  MUST_ACT(*g, 3, pick_card("Y1"));
  MUST_ACT(*g, 2, pick_card("G1"));
  EXPECT_EQ(g->seats_to_act(), 1u);
  // Left = to the next seat: seat 0 receives from seat 3 and sees it before choosing.
  EXPECT_EQ(g->view(0)["specials"]["known"]["3"], json({"Y1"}));
  EXPECT_TRUE(g->view(1)["specials"]["known"].empty());
  MUST_ACT(*g, 0, pick_card("R1"));
  EXPECT_EQ(hand_text(*g, 0), "R2 Y1");
  EXPECT_EQ(hand_text(*g, 1), "R1 B2 B7");
  EXPECT_EQ(g->seats_to_act(), 1u << 1);  // play goes on
}

TEST(CrownBattlesSpecials, MagicianHasNoEffectOnTheLastTrick) {
  auto g = four_seats({{"MAGICIAN"}, {"B7"}, {"G7"}, {"Y7"}}, {1, 1});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("MAGICIAN"));
  EXPECT_EQ(g->current_phase(), cb::phase::playing);
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
}

TEST(CrownBattlesSpecials, JesterChangesTheBidAndStaysSecretInBlindRounds) {
  auto g = four_seats(
      {{"JESTER", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}}, {3, 3},
      "X", "blind");
  bid_all(*g, {1, 0, 0, 0});
  MUST_ACT(*g, 0, play("JESTER"));
  MUST_ACT(*g, 0, json({{"type", "change_bid"}, {"change", 1}}));
  EXPECT_EQ(g->view(0)["seats"][0]["bid"]["bid"], 2);
  EXPECT_FALSE(g->view(1)["seats"][0].dump().find("\"bid\":2") != std::string::npos);
  crownhall::event_lines lines;
  g->last_events(lines);
  for (const auto& e : lines) {
    if (e.to.includes(1)) {
      EXPECT_FALSE(e.args.contains("change")) << e.text();
    }
  }
}

TEST(CrownBattlesSpecials, JesterKeptInABlindRoundReadsAsUsedToOthers) {
  auto g = four_seats(
      {{"JESTER", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}}, {3, 3},
      "X", "blind");
  bid_all(*g, {1, 0, 0, 0});
  MUST_ACT(*g, 0, play("JESTER"));
  MUST_ACT(*g, 0, step("decline"));
  // Keeping the bid is a change of 0: the others read what they read after +1 or -1.
  for (int s : {-1, 1, 2, 3})
    EXPECT_EQ(lines_read_by(*g, s), std::vector<std::string>{ev("jester_secret", {{"seat", 0}})})
        << s;
  EXPECT_EQ(lines_read_by(*g, 0),
            std::vector<std::string>{ev("own_jester_change", {{"seat", 0}, {"change", 0}})});
}

TEST(CrownBattlesSpecials, JesterThatCannotChangeABlindBidStillAsksItsPlayer) {
  // At a bid cap of 1, a 0-1 bid can move neither way; "the Jester has no effect" would tell
  // everyone the secret bid.
  const json options = {{"specials", all_specials()},
                        {"peasants", 4},
                        {"schedule", {3, 3}},
                        {"round_types", {"normal", "blind"}},
                        {"bid_cap", 1}};
  const json hands = hands_of(
      {{"JESTER", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  const json deal = {{"first_dealer", 3},
                     {"rounds", {{{"hands", hands}, {"spinner", "X"}, {"type", "blind"}}}}};
  auto g = start(options, 4, deal);
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, bid(0, 1));
  for (int s = 1; s < 4; ++s) MUST_ACT(*g, s, bid(0));
  MUST_ACT(*g, 0, play("JESTER"));
  EXPECT_EQ(g->seats_to_act(), 1u << 0);  // its player decides, as with any secret bid
  for (int s : {-1, 1}) EXPECT_EQ(g->view(s)["specials"]["pending"]["card"], "JESTER") << s;
  MUST_ACT(*g, 0, step("decline"));
  EXPECT_EQ(lines_read_by(*g, 1), std::vector<std::string>{ev("jester_secret", {{"seat", 0}})});
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
}

TEST(CrownBattlesSpecials, AlchemistChangesTrumpAtTheTricksEnd) {
  auto g = four_seats(
      {{"ALCHEMIST", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  for (auto [s, c] :
       std::vector<std::pair<int, std::string>>{{0, "ALCHEMIST"}, {1, "B7"}, {2, "G7"}, {3, "Y7"}})
    MUST_ACT(*g, s, play(c));
  MUST_ACT(*g, 0, json({{"type", "pick_trump"}, {"suit", "G"}}));
  EXPECT_EQ(g->trump_suit(), cb::trump::green);
}

TEST(CrownBattlesSpecials, BishopSeesOneHandAloneUntilDone) {
  auto g = four_seats(
      {{"BISHOP", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("BISHOP"));
  MUST_ACT(*g, 0, pick_seat(2));
  EXPECT_EQ(g->view(0)["specials"]["known"]["2"], json({"G1", "G2", "G7"}));
  for (int s : {-1, 1, 3}) EXPECT_FALSE(g->view(s).dump().find("G1") != std::string::npos) << s;
  MUST_ACT(*g, 0, step("done_looking"));
  EXPECT_TRUE(g->view(0)["specials"]["known"].empty());
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
}

TEST(CrownBattlesSpecials, SpyLooksAtTheUndealtCardsWithATimer) {
  auto g =
      four_seats({{"SPY", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("SPY"));
  auto t = g->timed_step_request();
  ASSERT_TRUE(t);
  EXPECT_EQ(t->seat, 0);
  EXPECT_EQ(t->seconds, 60);
  const int undealt = g->undealt().size();
  EXPECT_EQ(g->view(0)["specials"]["undealt_seen"].size(), static_cast<std::size_t>(undealt));
  EXPECT_TRUE(g->view(1)["specials"]["undealt_seen"].empty());
  EXPECT_FALSE(g->apply(t->seat, t->act));  // the timer's action, or the player's own
  EXPECT_FALSE(g->timed_step_request());
  EXPECT_TRUE(g->view(0)["specials"]["undealt_seen"].empty());
}

TEST(CrownBattlesSpecials, SpyAndSmugglerWithNoUndealtCardsDoNothing) {
  // 76 cards, 4 players × 19: every card dealt.
  std::vector<std::vector<std::string>> hands(4);
  for (int i = 0; i < cb::card_count; ++i)
    hands[static_cast<std::size_t>(i % 4)].push_back(std::string(cb::card_id(cb::card_at(i))));
  auto g = four_seats(hands, {19});
  EXPECT_TRUE(g->undealt().empty());
  // SMUGGLER is card 67: seat 3. It may not draw before bidding.
  for (int s = 0; s < 3; ++s) MUST_ACT(*g, s, bid(0));
  crownhall::action_list legal;
  g->legal_actions(3, legal);
  for (crownhall::action a : legal) EXPECT_NE(cb::step_kind_of(a), cb::step_kind::smuggle);
}

TEST(CrownBattlesSpecials, SmugglerBeforeBiddingShowsTheDrawToItsPlayerOnly) {
  auto g = four_seats(
      {{"SMUGGLER", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  MUST_ACT(*g, 0, step("smuggle"));
  const json pending = g->view(0)["specials"]["pending"];
  ASSERT_TRUE(pending.contains("drawn"));
  const std::string drawn = pending["drawn"];
  EXPECT_FALSE(g->view(1)["specials"]["pending"].contains("drawn"));
  EXPECT_FALSE(g->view(1).dump().find("\"" + drawn + "\"") != std::string::npos);
  MUST_ACT(*g, 0, pick_card("R1"));  // keeps the drawn card, R1 goes back
  EXPECT_FALSE(g->hand(0).contains(*cb::card_from_id("R1")));
  EXPECT_TRUE(g->hand(0).contains(*cb::card_from_id(drawn)));
  EXPECT_EQ(g->current_phase(), cb::phase::bidding);
  EXPECT_TRUE(act(*g, 0, step("smuggle")));  // once a round
  MUST_ACT(*g, 0, bid(0));
}

TEST(CrownBattlesSpecials, MerchantTradesWithOneOrMakesTwoOthersTrade) {
  auto g = four_seats(
      {{"MERCHANT", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("MERCHANT"));
  MUST_ACT(*g, 0, pick_seat(1));
  MUST_ACT(*g, 0, pick_card("R1"));
  EXPECT_TRUE(g->hand(1).contains(*cb::card_from_id("R1")));
  EXPECT_EQ(g->hand(0).size(), 2);
  EXPECT_EQ(g->hand(1).size(), 3);
  EXPECT_EQ((g->hand(0) & cb::suit_cards(cb::suit::blue)).size(), 1);
  // Seat 2 and 3 never learn which cards moved.
  for (int s : {2, 3}) EXPECT_TRUE(g->view(s)["specials"]["known"].empty());
}

TEST(CrownBattlesSpecials, SummonerCopyingAnAtOnceCardActsAtOnce) {
  // Seat 1 copies the Jester: its own bid changes right after its play.
  auto g = four_seats(
      {{"JESTER", "R1", "R2"}, {"SUMMONER", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 1, 0, 0});
  MUST_ACT(*g, 0, play("JESTER"));
  MUST_ACT(*g, 0, step("decline"));
  MUST_ACT(*g, 1, play("SUMMONER"));
  EXPECT_EQ(g->current_phase(), cb::phase::special);
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
  MUST_ACT(*g, 1, json({{"type", "change_bid"}, {"change", -1}}));
  EXPECT_EQ(g->view(0)["seats"][1]["bid"], 0);
  EXPECT_EQ(g->seats_to_act(), 1u << 2);
}

TEST(CrownBattlesSpecials, MerchantMakesTwoOthersSwapARandomCard) {
  auto g = four_seats(
      {{"MERCHANT", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("MERCHANT"));
  MUST_ACT(*g, 0, pick_seat(2));
  MUST_ACT(*g, 0, pick_seat(3));
  EXPECT_EQ((g->hand(2) & cb::suit_cards(cb::suit::yellow)).size(), 1);
  EXPECT_EQ((g->hand(3) & cb::suit_cards(cb::suit::green)).size(), 1);
  EXPECT_EQ(g->hand(0).size(), 2);
  // Each of the two knows the card it gave; the Merchant's player and seat 1 know nothing.
  EXPECT_EQ(g->view(2)["specials"]["known"]["3"].size(), 1u);
  EXPECT_TRUE(g->view(0)["specials"]["known"].empty());
  EXPECT_TRUE(g->view(1)["specials"]["known"].empty());
}

TEST(CrownBattlesSpecials, SmugglerWhenPlayedSwapsWithTheDeckOrDeclines) {
  auto g = four_seats(
      {{"SMUGGLER", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("SMUGGLER"));
  const int undealt = g->undealt().size();
  MUST_ACT(*g, 0, step("smuggle"));
  const std::string drawn = g->view(0)["specials"]["pending"]["drawn"];
  EXPECT_EQ(g->hand(0).size(), 3);
  MUST_ACT(*g, 0, pick_card(drawn));  // puts the drawn card back: no change
  EXPECT_EQ(hand_text(*g, 0), "R1 R2");
  EXPECT_EQ(g->undealt().size(), undealt);
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
}

}  // namespace
}  // namespace crown_battles_test
