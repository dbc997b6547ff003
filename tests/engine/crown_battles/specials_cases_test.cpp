// Stacked-deal scenarios for the Special Power cards' finer cases, each checking one line of
// the rulings (shared rulings "crown-battles-special-cards", written up in
// docs/rules/crown-battles.md, "Special Power cards") that specials_test.cpp leaves out.
// Four players unless a test says so, dealer seat 3: seat 0 bids first and leads; no trump.
#include <gtest/gtest.h>

#include "specials_helpers.hpp"

namespace crown_battles_test {
namespace {

using hands_t = std::vector<std::vector<std::string>>;

json round_of(const hands_t& hands, const std::string& type = "normal") {
  return {{"hands", hands_of(hands)}, {"spinner", "X"}, {"type", type}};
}

// A table with every special and 4 Peasants (plus `extra` options) playing `rounds` (stacked
// deals, one per round) over `schedule`.
std::unique_ptr<cb::state> table_of(const json& rounds, json schedule = {3, 3},
                                    const json& extra = json::object(), int players = 4) {
  json options = {{"specials", all_specials()},
                  {"peasants", 4},
                  {"schedule", schedule},
                  {"round_types", {"normal", "blind"}}};
  options.update(extra);
  return start(options, players, {{"first_dealer", players - 1}, {"rounds", rounds}});
}
std::unique_ptr<cb::state> table(const hands_t& hands, json schedule = {3, 3},
                                 const std::string& type = "normal") {
  return table_of(json::array({round_of(hands, type)}), std::move(schedule));
}

// Seats 0, 1, 2, 3 play these cards in turn (the first trick).
void play_all(cb::state& g, const std::vector<std::string>& cards) {
  for (int s = 0; s < 4; ++s) MUST_ACT(g, s, play(cards[static_cast<std::size_t>(s)]));
}

json change_bid(int d) { return {{"type", "change_bid"}, {"change", d}}; }

int winning(const cb::state& g) { return g.view_of(0).current.winner(4); }
int tricks(const cb::state& g, int seat) { return g.view_of(0).seats[seat].tricks; }

// ---- Summoner ---------------------------------------------------------------------------

TEST(CrownBattlesSpecialsCases, SummonerAfterAnOffSuitNumberIsOffSuitAndWinsNothing) {
  // Ruling: "after a numbered card X of a suit it counts as that suit at X+½".
  auto g =
      table({{"R5", "R1", "R2"}, {"B9", "B1", "B2"}, {"SUMMONER", "G1", "G2"}, {"R3", "Y1", "Y2"}});
  bid_all(*g, {1, 0, 0, 0});
  MUST_ACT(*g, 0, play("R5"));
  MUST_ACT(*g, 1, play("B9"));
  MUST_ACT(*g, 2, play("SUMMONER"));  // a blue 9½ in a red trick
  EXPECT_EQ(winning(*g), 0);
  MUST_ACT(*g, 3, play("R3"));
  EXPECT_EQ(tricks(*g, 0), 1);
  EXPECT_EQ(tricks(*g, 2), 0);
}

TEST(CrownBattlesSpecialsCases, SummonerAfterANumberInATrickWithNoLeadSuitIsNotAHalfStep) {
  // Ruling: "after a numbered card X of a suit it counts as that suit at X+½" — not the ½
  // of a Summoner after a Peasant-power card, so in a Wizard's trick with no lead suit it
  // loses to the first Peasant-power card (the Golem led).
  auto g = table({{"GOLEM1", "R1", "R2"},
                  {"WIZARD", "B1", "B2"},
                  {"R5", "G1", "G2"},
                  {"SUMMONER", "Y1", "Y2"}});
  bid_all(*g, {1, 0, 0, 0});
  play_all(*g, {"GOLEM1", "WIZARD", "R5", "SUMMONER"});
  EXPECT_EQ(tricks(*g, 0), 1);
  EXPECT_EQ(tricks(*g, 3), 0);
}

TEST(CrownBattlesSpecialsCases, SummonerAfterATrumpBeatsItAndLosesToTheNextTrump) {
  // Ruling: "after a numbered card X of a suit it counts as that suit at X+½ (beats X, loses
  // to X+1)" — here the suit is trump (blue), not the lead suit (red).
  auto g = table_of(json::array({{{"hands", hands_of({{"R5", "R1", "R2"},
                                                      {"B9", "B1", "B2"},
                                                      {"SUMMONER", "G1", "G2"},
                                                      {"B10", "Y1", "Y2"}})},
                                  {"spinner", "B"},
                                  {"type", "normal"}}}));
  bid_all(*g, {0, 0, 1, 0});
  MUST_ACT(*g, 0, play("R5"));
  MUST_ACT(*g, 1, play("B9"));
  MUST_ACT(*g, 2, play("SUMMONER"));  // trump 9½
  EXPECT_EQ(winning(*g), 2);
  MUST_ACT(*g, 3, play("B10"));
  EXPECT_EQ(tricks(*g, 3), 1);
}

TEST(CrownBattlesSpecialsCases, SummonerAfterADragonBeatsItButNotTheDragonKing) {
  // Ruling: "after a Golem or Dragon it beats that card but not its King".
  auto g = table({{"DRAGON1", "R1", "R2"},
                  {"SUMMONER", "B1", "B2"},
                  {"DRAGON2", "G1", "G2"},
                  {"DRAGON_KING", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 1});
  MUST_ACT(*g, 0, play("DRAGON1"));
  MUST_ACT(*g, 1, play("SUMMONER"));
  EXPECT_EQ(winning(*g), 1);
  MUST_ACT(*g, 2, play("DRAGON2"));  // an equal Dragon later does not beat it
  EXPECT_EQ(winning(*g), 1);
  MUST_ACT(*g, 3, play("DRAGON_KING"));
  EXPECT_EQ(tricks(*g, 3), 1);
}

TEST(CrownBattlesSpecialsCases, SummonerAfterADragonBeatsTheGolemKing) {
  // Ruling, power order: "Dragon King > Dragon > Golem King": a Dragon's copy outranks GG.
  auto g = table({{"DRAGON1", "R1", "R2"},
                  {"SUMMONER", "B1", "B2"},
                  {"GOLEM_KING", "G1", "G2"},
                  {"R13", "Y1", "Y2"}});
  bid_all(*g, {0, 1, 0, 0});
  play_all(*g, {"DRAGON1", "SUMMONER", "GOLEM_KING", "R13"});
  EXPECT_EQ(tricks(*g, 1), 1);
}

TEST(CrownBattlesSpecialsCases, SummonerCopyingTheWizardIsWorthHalfAndProtectsNobody) {
  // Ruling: "after an action card it performs that card's action and is worth ½"; only the
  // real Wizard is kept face up for protection.
  auto g = table({{"GOLEM1", "R1", "R2"},
                  {"WIZARD", "B1", "B2"},
                  {"SUMMONER", "G1", "G2"},
                  {"DRAGON1", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 1, 0});
  play_all(*g, {"GOLEM1", "WIZARD", "SUMMONER", "DRAGON1"});
  // The Golem and the Dragon are Peasants here; the Summoner's ½ beats them.
  EXPECT_EQ(tricks(*g, 2), 1);
  EXPECT_EQ(g->protected_seats(), 1u << 1);
}

// ---- Double-faced and the Kings ---------------------------------------------------------

TEST(CrownBattlesSpecialsCases, DoubleFacedAsAPeasantLeavesTheLeadToTheNextNumber) {
  // Ruling: "A special card led leaves the lead suit to the next numbered card".
  auto g = table(
      {{"DOUBLE_FACED", "R1", "R2"}, {"B5", "G9", "B2"}, {"B13", "G1", "G2"}, {"B3", "G13", "Y2"}});
  bid_all(*g, {0, 0, 1, 0});
  MUST_ACT(*g, 0, play("DOUBLE_FACED"));  // declared a Peasant: the plain `play`
  EXPECT_EQ(g->view_of(0).current.lead_suit, cb::lead::open);
  MUST_ACT(*g, 1, play("B5"));
  MUST_ACT(*g, 2, play("B13"));
  EXPECT_TRUE(act(*g, 3, play("G13")));  // seat 3 holds B3 and must follow blue
  MUST_ACT(*g, 3, play("B3"));
  EXPECT_EQ(tricks(*g, 2), 1);
}

TEST(CrownBattlesSpecialsCases, DoubleFacedAsAPeasantWinsOnlyAsTheFirstPeasant) {
  // Rulings: it is "Peasant or Golem"; when only Peasant-power cards are played, the first
  // played wins.
  auto g = table({{"DOUBLE_FACED", "R1", "R2"},
                  {"PEASANT1", "B1", "B2"},
                  {"PEASANT2", "G1", "G2"},
                  {"BISHOP", "Y1", "Y2"}});
  bid_all(*g, {1, 0, 0, 0});
  MUST_ACT(*g, 0, play("DOUBLE_FACED"));
  MUST_ACT(*g, 1, play("PEASANT1"));
  MUST_ACT(*g, 2, play("PEASANT2"));
  MUST_ACT(*g, 3, play("BISHOP"));
  MUST_ACT(*g, 3, step("decline"));
  EXPECT_EQ(tricks(*g, 0), 1);
  EXPECT_EQ(g->seats_to_act(), 1u << 0);
}

TEST(CrownBattlesSpecialsCases, DoubleFacedAsAPeasantLosesToAnyNumberOfTheLead) {
  // Ruling, power order: "highest of the lead suit > ... > Peasant-power cards".
  auto g = table({{"R1", "R5", "R2"},
                  {"DOUBLE_FACED", "B1", "B2"},
                  {"PEASANT1", "G1", "G2"},
                  {"Y13", "Y1", "Y2"}});
  bid_all(*g, {1, 0, 0, 0});
  play_all(*g, {"R1", "DOUBLE_FACED", "PEASANT1", "Y13"});
  EXPECT_EQ(tricks(*g, 0), 1);
}

TEST(CrownBattlesSpecialsCases, GolemKingLedSetsNoSuitAndBeatsGolemsAndNumbers) {
  // Ruling: "Golem King: beats every numbered card and every Golem; loses to every Dragon";
  // the Kings lead like a Golem or Dragon (no lead suit).
  auto g = table({{"GOLEM_KING", "R1", "R2"},
                  {"R13", "B1", "B2"},
                  {"GOLEM1", "R3", "G2"},
                  {"G13", "R4", "Y2"}});
  bid_all(*g, {1, 0, 0, 0});
  MUST_ACT(*g, 0, play("GOLEM_KING"));
  EXPECT_EQ(g->view_of(0).current.lead_suit, cb::lead::none);
  MUST_ACT(*g, 1, play("R13"));  // sets no suit after a King
  MUST_ACT(*g, 2, play("GOLEM1"));
  MUST_ACT(*g, 3, play("G13"));  // holds R4 but need not follow red
  EXPECT_EQ(tricks(*g, 0), 1);
}

TEST(CrownBattlesSpecialsCases, GolemKingLedLosesToADragon) {
  // Ruling: "Golem King ... loses to every Dragon".
  auto g = table({{"GOLEM_KING", "R1", "R2"},
                  {"R13", "B1", "B2"},
                  {"DRAGON2", "G1", "G2"},
                  {"GOLEM1", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 1, 0});
  play_all(*g, {"GOLEM_KING", "R13", "DRAGON2", "GOLEM1"});
  EXPECT_EQ(tricks(*g, 2), 1);
}

TEST(CrownBattlesSpecialsCases, DragonKingLedSetsNoSuitAndBeatsEverything) {
  // Ruling: "Dragon King: beats every card"; led, it leaves no lead suit.
  auto g = table({{"DRAGON_KING", "R1", "R2"},
                  {"DRAGON1", "B1", "B2"},
                  {"B13", "G1", "G2"},
                  {"GOLEM_KING", "B3", "Y2"}});
  bid_all(*g, {1, 0, 0, 0});
  MUST_ACT(*g, 0, play("DRAGON_KING"));
  EXPECT_EQ(g->view_of(0).current.lead_suit, cb::lead::none);
  MUST_ACT(*g, 1, play("DRAGON1"));
  MUST_ACT(*g, 2, play("B13"));
  MUST_ACT(*g, 3, play("GOLEM_KING"));  // holds B3 but need not follow blue
  EXPECT_EQ(tricks(*g, 0), 1);
  EXPECT_EQ(g->seats_to_act(), 1u << 0);
}

// ---- Declining --------------------------------------------------------------------------

TEST(CrownBattlesSpecialsCases, BombDeclinedItsPlayerLeadsAndTheTrickStaysDestroyed) {
  // Rulings: "the Bomb's player names who leads the next trick (themselves allowed)"; "a
  // card's owner may always decline": naming nobody, the Bomb's player leads (our doc).
  auto g =
      table({{"R5", "R1", "R2"}, {"BOMB", "B1", "B2"}, {"R13", "G1", "G2"}, {"R3", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 1, 0});
  play_all(*g, {"R5", "BOMB", "R13", "R3"});
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
  MUST_ACT(*g, 1, step("decline"));
  for (int s = 0; s < 4; ++s) EXPECT_EQ(tricks(*g, s), 0) << s;
  EXPECT_EQ(g->seats_to_act(), 1u << 1);  // not seat 2, whose R13 was highest
  EXPECT_EQ(g->view_of(0).current.leader, 1);
}

TEST(CrownBattlesSpecialsCases, SmugglerPlayedAndDeclinedChangesNothing) {
  // Ruling: "when you play it ⚡, the same again" — "or leave it as is".
  auto g =
      table({{"SMUGGLER", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  const cb::card_set undealt = g->undealt();
  MUST_ACT(*g, 0, play("SMUGGLER"));
  EXPECT_EQ(g->current_phase(), cb::phase::special);
  MUST_ACT(*g, 0, step("decline"));
  EXPECT_EQ(hand_text(*g, 0), "R1 R2");
  EXPECT_EQ(g->undealt(), undealt);
  EXPECT_EQ(g->current_phase(), cb::phase::playing);
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
  EXPECT_TRUE(g->view(0)["specials"]["known"].empty());
}

TEST(CrownBattlesSpecialsCases, SmugglerHeldMayBeLeftUnusedBeforeBidding) {
  // Ruling: "before you bid, you may draw": a bid without drawing keeps the hand as dealt.
  auto g =
      table({{"SMUGGLER", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  MUST_ACT(*g, 0, bid(0));
  EXPECT_EQ(hand_text(*g, 0), "R1 R2 SMUGGLER");
  EXPECT_TRUE(act(*g, 0, step("smuggle")));  // the bid is placed: too late
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
}

TEST(CrownBattlesSpecialsCases, WitchMayStopBeforeTakingAllTwenty) {
  // Ruling: "A card's owner may always decline its action": the Witch may take less.
  auto g =
      table({{"WITCH", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  play_all(*g, {"WITCH", "B7", "G7", "Y7"});
  MUST_ACT(*g, 0, take(3));
  MUST_ACT(*g, 0, take(3));
  MUST_ACT(*g, 0, step("decline"));
  EXPECT_EQ(g->totals()[0], 10);
  EXPECT_EQ(g->totals()[3], -10);
  EXPECT_EQ(g->current_phase(), cb::phase::playing);
  EXPECT_EQ(g->seats_to_act(), 1u << 1);  // B7 won and leads
}

TEST(CrownBattlesSpecialsCases, AlchemistDeclinedLeavesTheTrump) {
  // Ruling: "name the trump for the rest of the round: any suit, no trump, or unchanged".
  auto g = table_of(json::array({{{"hands", hands_of({{"ALCHEMIST", "R1", "R2"},
                                                      {"B7", "B1", "B2"},
                                                      {"G7", "G1", "G2"},
                                                      {"Y7", "Y1", "Y2"}})},
                                  {"spinner", "Y"},
                                  {"type", "normal"}}}));
  bid_all(*g, {0, 0, 0, 0});
  play_all(*g, {"ALCHEMIST", "B7", "G7", "Y7"});
  // "Unchanged" is the decline; naming the trump it already is is not offered as a change.
  EXPECT_TRUE(act(*g, 0, json({{"type", "pick_trump"}, {"suit", "Y"}})));
  MUST_ACT(*g, 0, step("decline"));
  EXPECT_EQ(g->trump_suit(), cb::trump::yellow);
  EXPECT_EQ(g->seats_to_act(), 1u << 3);  // the trump Y7 won
}

// ---- Cursed, Jester, Magician -----------------------------------------------------------

TEST(CrownBattlesSpecialsCases, CursedWithItsOwnPlayerAsSecondSwapsTheirOwnHand) {
  // Ruling: "swap your whole hand with another player's" (doc: Y = yourself).
  auto g =
      table({{"CURSED", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  play_all(*g, {"CURSED", "B7", "G7", "Y7"});
  EXPECT_EQ(tricks(*g, 1), 1);  // B7 set the suit and won
  MUST_ACT(*g, 0, pick_seat(2));
  MUST_ACT(*g, 0, pick_seat(0));
  EXPECT_EQ(hand_text(*g, 0), "G1 G2");
  EXPECT_EQ(hand_text(*g, 2), "R1 R2");
  EXPECT_EQ(hand_text(*g, 1), "B1 B2");
  // The two swappers each know the other's new hand (it was theirs); the others do not.
  EXPECT_EQ(g->view(0)["specials"]["known"]["2"], json({"R1", "R2"}));
  EXPECT_EQ(g->view(2)["specials"]["known"]["0"], json({"G1", "G2"}));
  EXPECT_TRUE(g->view(1)["specials"]["known"].empty());
  EXPECT_TRUE(g->view(3)["specials"]["known"].empty());
  EXPECT_EQ(g->seats_to_act(), 1u << 1);  // the trick's winner leads
}

TEST(CrownBattlesSpecialsCases, CursedFirstChoiceIsNeverItsOwnPlayer) {
  // Ruling: "swap your whole hand with another player's, or make two other players swap".
  auto g =
      table({{"CURSED", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  play_all(*g, {"CURSED", "B7", "G7", "Y7"});
  EXPECT_TRUE(act(*g, 0, pick_seat(0)));
  MUST_ACT(*g, 0, pick_seat(1));
  EXPECT_TRUE(act(*g, 0, pick_seat(1)));  // nor a swap with oneself
}

TEST(CrownBattlesSpecialsCases, JesterCannotGoBelowZero) {
  // Ruling: "change your own bid by +1 or −1 (within 0 and the cards dealt)".
  auto g =
      table({{"JESTER", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("JESTER"));
  EXPECT_TRUE(act(*g, 0, change_bid(-1)));
  MUST_ACT(*g, 0, change_bid(1));
  EXPECT_EQ(g->view(0)["seats"][0]["bid"], 1);
}

TEST(CrownBattlesSpecialsCases, JesterCannotGoAboveTheCardsDealt) {
  // Ruling: "change your own bid by +1 or −1 (within 0 and the cards dealt)".
  auto g =
      table({{"JESTER", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {3, 0, 0, 0});
  MUST_ACT(*g, 0, play("JESTER"));
  EXPECT_TRUE(act(*g, 0, change_bid(1)));
  MUST_ACT(*g, 0, change_bid(-1));
  EXPECT_EQ(g->view(0)["seats"][0]["bid"], 2);
}

TEST(CrownBattlesSpecialsCases, JesterMovesADoubleBidOnlyWithinTheBounds) {
  // Ruling: "within 0 and the cards dealt": a double bid 0–1 cannot become −1–0.
  auto g =
      table({{"JESTER", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  MUST_ACT(*g, 0, bid(0, 1));
  for (int s = 1; s < 4; ++s) MUST_ACT(*g, s, bid(0));
  MUST_ACT(*g, 0, play("JESTER"));
  EXPECT_TRUE(act(*g, 0, change_bid(-1)));
  MUST_ACT(*g, 0, change_bid(1));
  EXPECT_EQ(g->view(0)["seats"][0]["bid"], json({1, 2}));
}

TEST(CrownBattlesSpecialsCases, JesterStopsAtTheBidTokenCap) {
  // Ruling: "within 0 and the cards dealt"; no bid token above the table's cap exists, so
  // the cap bounds the Jester too (our decision, docs/rules/crown-battles.md).
  auto g = table_of(
      json::array({round_of(
          {{"JESTER", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}})}),
      {3, 3}, {{"bid_cap", 2}});
  bid_all(*g, {2, 0, 0, 0});
  MUST_ACT(*g, 0, play("JESTER"));
  EXPECT_TRUE(act(*g, 0, change_bid(1)));
  MUST_ACT(*g, 0, step("decline"));
  EXPECT_EQ(g->view(0)["seats"][0]["bid"], 2);
}

TEST(CrownBattlesSpecialsCases, MagicianToTheRightPassesToThePreviousSeat) {
  // Ruling: "choose left or right; ... the Magician's player sees the card they will
  // receive"; seats run clockwise, so a seat's right is the previous seat.
  auto g =
      table({{"MAGICIAN", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("MAGICIAN"));
  MUST_ACT(*g, 0, json({{"type", "direction"}, {"direction", "right"}}));
  EXPECT_EQ(g->seats_to_act(), 0b1110);
  MUST_ACT(*g, 2, pick_card("G1"));
  MUST_ACT(*g, 1, pick_card("B1"));
  MUST_ACT(*g, 3, pick_card("Y1"));
  // Seat 0 receives from seat 1 (whose right it is) and sees it before choosing.
  EXPECT_EQ(g->view(0)["specials"]["known"]["1"], json({"B1"}));
  MUST_ACT(*g, 0, pick_card("R1"));
  EXPECT_EQ(hand_text(*g, 0), "R2 B1");
  EXPECT_EQ(hand_text(*g, 1), "B2 B7 G1");
  EXPECT_EQ(hand_text(*g, 2), "G2 G7 Y1");
  EXPECT_EQ(hand_text(*g, 3), "R1 Y2 Y7");
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
}

TEST(CrownBattlesSpecialsCases, BishopsLookEndingLeavesWhatOthersKnow) {
  // Rulings: the Bishop's player sees a hand "once", but the end of that look takes nothing
  // from another seat: a Magician's giver still knows where its card went.
  auto g = table(
      {{"MAGICIAN", "R1", "BISHOP"}, {"R7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("MAGICIAN"));
  MUST_ACT(*g, 0, json({{"type", "direction"}, {"direction", "left"}}));
  MUST_ACT(*g, 1, pick_card("B1"));  // to seat 2
  MUST_ACT(*g, 2, pick_card("G1"));
  MUST_ACT(*g, 3, pick_card("Y1"));
  MUST_ACT(*g, 0, pick_card("R1"));
  for (auto [s, c] : std::vector<std::pair<int, std::string>>{{1, "R7"}, {2, "G7"}, {3, "Y7"}})
    MUST_ACT(*g, s, play(c));
  ASSERT_EQ(g->seats_to_act(), 1u << 1);  // R7 won
  ASSERT_EQ(g->view(1)["specials"]["known"]["2"], json({"B1"}));
  MUST_ACT(*g, 1, play("R1"));
  MUST_ACT(*g, 2, play("G2"));  // no red: seat 2 keeps B1
  MUST_ACT(*g, 3, play("Y2"));
  MUST_ACT(*g, 0, play("BISHOP"));
  MUST_ACT(*g, 0, pick_seat(2));
  EXPECT_EQ(g->view(0)["specials"]["known"]["2"], json({"B1"}));
  EXPECT_TRUE(g->view_of(0).step.looked.contains(*cb::card_from_id("B1")));
  EXPECT_TRUE(g->view_of(1).step.looked.empty());  // what the look shows is seat 0's alone
  MUST_ACT(*g, 0, step("done_looking"));
  EXPECT_TRUE(g->view(0)["specials"]["known"].empty());
  EXPECT_EQ(g->view(1)["specials"]["known"]["2"], json({"B1"}));
}

// ---- Spy and Smuggler with no undealt cards ---------------------------------------------

// A deck of exactly 8 cards (R1–R5, SPY, SMUGGLER, PEASANT1), all dealt: 2 each.
std::unique_ptr<cb::state> small_deck(const hands_t& hands) {
  const json options = {{"specials", {"SPY", "SMUGGLER"}},
                        {"peasants", 1},
                        {"golems", 0},
                        {"dragons", 0},
                        {"red_numbers", {1, 2, 3, 4, 5}},
                        {"blue_numbers", json::array()},
                        {"green_numbers", json::array()},
                        {"yellow_numbers", json::array()},
                        {"schedule", {2}}};
  return start(options, 4, {{"first_dealer", 3}, {"rounds", json::array({round_of(hands)})}});
}

TEST(CrownBattlesSpecialsCases, SpyPlayedWithNoUndealtCardsHasNoEffect) {
  // Ruling: "Spy ⚡ ... No undealt cards: no action."
  auto g = small_deck({{"SPY", "R1"}, {"R2", "R3"}, {"R4", "SMUGGLER"}, {"R5", "PEASANT1"}});
  ASSERT_TRUE(g->undealt().empty());
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("SPY"));
  EXPECT_FALSE(g->timed_step_request());
  EXPECT_EQ(g->current_phase(), cb::phase::playing);
  EXPECT_EQ(g->seats_to_act(), 1u << 1);
  EXPECT_TRUE(g->view(0)["specials"]["undealt_seen"].empty());
}

TEST(CrownBattlesSpecialsCases, SmugglerPlayedWithNoUndealtCardsHasNoEffect) {
  // Ruling: "Smuggler ... No undealt cards: no action."
  auto g = small_deck({{"SPY", "R1"}, {"R2", "R3"}, {"R4", "SMUGGLER"}, {"R5", "PEASANT1"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("R1"));
  MUST_ACT(*g, 1, play("R2"));
  MUST_ACT(*g, 2, play("SMUGGLER"));
  EXPECT_EQ(g->current_phase(), cb::phase::playing);
  EXPECT_EQ(g->seats_to_act(), 1u << 3);
}

// ---- Witch in a tie-break round ---------------------------------------------------------

TEST(CrownBattlesSpecialsCases, WitchTakesThirtyInATieBreakRound) {
  // Ruling: "Witch ⏳: take 20 points ... 30 in the game's final round" — a tie-break round
  // is played after the last scheduled one, so it is the final round too.
  const json rounds = json::array({round_of({{"R1"}, {"R2"}, {"R13"}, {"R3"}}),
                                   round_of({{"B5"}, {"WITCH"}, {"B13"}, {"B3"}})});
  auto g = table_of(rounds, {1});
  bid_all(*g, {0, 0, 0, 0});
  play_all(*g, {"R1", "R2", "R13", "R3"});
  // Seats 0, 1 and 3 share the top with 20: a tie-break round, dealt by seat 0.
  ASSERT_EQ(g->score_table().size(), 1u);
  ASSERT_EQ(g->current_phase(), cb::phase::bidding);
  EXPECT_TRUE(g->view(0)["round"]["tie_break"].get<bool>());
  for (int s : {1, 2, 3, 0}) MUST_ACT(*g, s, bid(s == 2 ? 1 : 0));
  for (auto [s, c] :
       std::vector<std::pair<int, std::string>>{{1, "WITCH"}, {2, "B13"}, {3, "B3"}, {0, "B5"}})
    MUST_ACT(*g, s, play(c));
  for (int i = 0; i < 5; ++i) MUST_ACT(*g, 1, take(0));
  EXPECT_EQ(g->current_phase(), cb::phase::special);  // 25 taken, 5 more to go
  MUST_ACT(*g, 1, take(0));
  EXPECT_EQ(g->current_phase(), cb::phase::finished);
  // Seat 1: 20 + 20 + 30; seat 0: 20 + 20 − 30; seat 2: −10 + 30; seat 3: 20 + 20.
  EXPECT_EQ(g->totals()[0], 10);
  EXPECT_EQ(g->totals()[1], 70);
  EXPECT_EQ(g->totals()[2], 20);
  EXPECT_EQ(g->totals()[3], 40);
  EXPECT_EQ(g->winner(), 1);
}

// ---- Bubble Shields ---------------------------------------------------------------------

TEST(CrownBattlesSpecialsCases, ShieldOffOnesTurnIsRefused) {
  // Ruling: "a player may buy one on their own turn (bidding or play)".
  auto g = table({{"R5", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  EXPECT_TRUE(act(*g, 1, step("buy_shield")));  // seat 0 bids first
  bid_all(*g, {0, 0, 0, 0});
  EXPECT_TRUE(act(*g, 2, step("buy_shield")));  // seat 0 leads
  EXPECT_EQ(g->shields(), 0);
  for (int s = 0; s < 4; ++s) EXPECT_EQ(g->totals()[s], 0) << s;
}

TEST(CrownBattlesSpecialsCases, ShieldOnOnesTurnToPlayThenStillPlays) {
  // Ruling: "a player may buy one on their own turn (bidding or play)".
  auto g = table({{"R5", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}});
  bid_all(*g, {0, 0, 0, 0});
  MUST_ACT(*g, 0, play("R5"));
  MUST_ACT(*g, 1, step("buy_shield"));
  EXPECT_EQ(g->seats_to_act(), 1u << 1);  // buying is not the play
  EXPECT_EQ(g->totals()[1], -20);
  MUST_ACT(*g, 1, play("B7"));
  EXPECT_EQ(g->shields(), 1u << 1);
}

TEST(CrownBattlesSpecialsCases, ShieldInBlindBiddingBeforeOnesOwnBidOnly) {
  // Ruling: "on their own turn (bidding or play)": in Blind Bidding everyone bids at once,
  // so a seat's turn lasts until its own bid (our doc).
  auto g = table({{"R5", "R1", "R2"}, {"B7", "B1", "B2"}, {"G7", "G1", "G2"}, {"Y7", "Y1", "Y2"}},
                 {3, 3}, "blind");
  MUST_ACT(*g, 3, step("buy_shield"));  // before seat 0 has bid: allowed in a blind round
  MUST_ACT(*g, 2, bid(0));
  EXPECT_TRUE(act(*g, 2, step("buy_shield")));  // its bid is placed
  EXPECT_EQ(g->shields(), 1u << 3);
  EXPECT_EQ(g->totals()[3], -20);
  EXPECT_EQ(g->totals()[2], 0);
}

TEST(CrownBattlesSpecialsCases, ShieldCostsTwentyOffTheTotalNotTheRoundsPoints) {
  // Ruling: "for 20 points (the score may go negative)": a cost, not a bid's result.
  auto g = table_of(json::array({round_of({{"R1"}, {"R2"}, {"R13"}, {"R3"}}),
                                 round_of({{"B5"}, {"B6"}, {"B13"}, {"B3"}})}),
                    {1, 1});
  MUST_ACT(*g, 0, step("buy_shield"));
  EXPECT_EQ(g->totals()[0], -20);
  bid_all(*g, {0, 0, 1, 0});
  play_all(*g, {"R1", "R2", "R13", "R3"});
  ASSERT_EQ(g->score_table().size(), 1u);
  EXPECT_EQ(g->score_table()[0].points[0], 20);  // the bid was met
  EXPECT_EQ(g->totals()[0], 0);
  EXPECT_EQ(g->view(1)["seats"][0]["score"], 0);
}

TEST(CrownBattlesSpecialsCases, ShieldOnePerPlayerPerRoundAndAgainNextRound) {
  // Ruling: "One per player per round" — the next round is a new one.
  auto g = table_of(json::array({round_of({{"R1"}, {"R2"}, {"R13"}, {"R3"}}),
                                 round_of({{"B5"}, {"B6"}, {"B13"}, {"B3"}})}),
                    {1, 1});
  MUST_ACT(*g, 0, step("buy_shield"));
  EXPECT_TRUE(act(*g, 0, step("buy_shield")));
  bid_all(*g, {0, 0, 1, 0});
  play_all(*g, {"R1", "R2", "R13", "R3"});
  // Round 2, dealt by seat 0: seat 1 bids first, seat 0 last.
  EXPECT_EQ(g->shields(), 0);  // the first round's shield is gone with its round
  for (int s : {1, 2, 3}) MUST_ACT(*g, s, bid(0));
  MUST_ACT(*g, 0, step("buy_shield"));
  EXPECT_EQ(g->shields(), 1u);
  EXPECT_EQ(g->totals()[0], 20 - 20 - 20);
}

TEST(CrownBattlesSpecialsCases, ShieldsForAllEightSeatsAtAnEightPlayerTable) {
  // Ruling: "One per player per round; at most 8 on the table": eight seats, eight shields.
  hands_t hands;
  const char* cards[16] = {"R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8",
                           "R9", "B1", "B2", "B3", "B4", "B5", "B6", "B7"};
  for (int s = 0; s < 8; ++s) hands.push_back({cards[2 * s], cards[2 * s + 1]});
  auto g = table_of(json::array({round_of(hands)}), {2}, json::object(), 8);
  for (int s = 0; s < 8; ++s) {
    MUST_ACT(*g, s, step("buy_shield"));
    MUST_ACT(*g, s, bid(0));
  }
  EXPECT_EQ(g->shields(), 0xFFu);
  EXPECT_EQ(g->view(0)["specials"]["shields"].size(), 8u);
  for (int s = 0; s < 8; ++s) EXPECT_EQ(g->totals()[s], -20) << s;
}

// ---- Two ⏳ cards in one trick ------------------------------------------------------------

TEST(CrownBattlesSpecialsCases, TwoTrickEndCardsActInPlayOrderNotSeatOrder) {
  // Ruling: "⏳ at the end of the trick, after the winner is known, in the order the cards
  // were played". Seat 2 leads the second trick: seat 3's Alchemist comes before seat 0's
  // Witch.
  auto g = table(
      {{"R1", "WITCH", "B3"}, {"R2", "B1", "B4"}, {"R13", "G1", "B5"}, {"R3", "ALCHEMIST", "B6"}});
  bid_all(*g, {0, 0, 2, 0});
  play_all(*g, {"R1", "R2", "R13", "R3"});
  MUST_ACT(*g, 2, play("G1"));
  MUST_ACT(*g, 3, play("ALCHEMIST"));
  MUST_ACT(*g, 0, play("WITCH"));
  MUST_ACT(*g, 1, play("B1"));
  EXPECT_EQ(tricks(*g, 2), 2);  // the trick is counted before either acts
  EXPECT_EQ(g->seats_to_act(), 1u << 3);
  EXPECT_TRUE(act(*g, 0, take(1)));  // the Witch waits for the Alchemist
  MUST_ACT(*g, 3, json({{"type", "pick_trump"}, {"suit", "B"}}));
  EXPECT_EQ(g->trump_suit(), cb::trump::blue);
  EXPECT_EQ(g->seats_to_act(), 1u << 0);
  for (int i = 0; i < 4; ++i) MUST_ACT(*g, 0, take(2));
  EXPECT_EQ(g->totals()[0], 20);
  EXPECT_EQ(g->totals()[2], -20);
  EXPECT_EQ(g->seats_to_act(), 1u << 2);  // then the winner leads
}

}  // namespace
}  // namespace crown_battles_test
