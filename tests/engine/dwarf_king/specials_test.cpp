// Each of the fourteen special cards in a stacked hand, played through apply().
#include "engine/games/dwarf_king/specials.hpp"
#include "designed_hands.hpp"
#include "scenario.hpp"

namespace crownhall::dwarf_king::testing {
namespace {

// Seat 0 holds the 5 of Goblins (leads), seat 2 the 5 of Knights (chooses the quest, tile 7
// "Most victories" unless told). The rest of each hand comes from the seed.
table started(std::vector<std::string> s0, std::vector<std::string> s1, std::vector<std::string> s2,
              int quest = 7) {
  s0.push_back("g5");
  s2.push_back("k5");
  table t = start(3, one_hand({s0, s1, s2}, quest));
  EXPECT_TRUE(t.choose(2, "A"));
  return t;
}

json bonus(const table& t) { return t.view(spectator)["bonus"]; }

// The rulebook's hand with `special` as Peter's (seat 1) last card, to reach the last trick.
table rulebook_with(const std::string& special, const std::string& catie_last = "d10") {
  auto tricks = rulebook_hand(special, catie_last);
  table t = start(
      3, {{"hands", json::array({{{"cards", cards_from_tricks(3, tricks)}, {"quest", 12}}})}});
  EXPECT_TRUE(t.choose(2, "A"));
  tricks.pop_back();
  EXPECT_TRUE(t.tricks(tricks));
  if (t.g().current_phase() == phase::sorcerer) {
    EXPECT_TRUE(t.pass_window());
  }
  return t;
}

const hand_result& only_result(const table& t) {
  EXPECT_EQ(t.g().results().size(), 1u);
  return t.g().results().front();
}

TEST(Druid, SwapsHandsWithTheChosenPlayerAfterTheTrick) {
  table t = started({"d9"}, {"druid"}, {"d4"});
  ASSERT_TRUE(t.trick("0: d9 druid d4"));
  EXPECT_EQ(t.view(spectator)["phase"], "swap_hands");
  EXPECT_EQ(t.view(spectator)["to_act"], json::array({1}));
  EXPECT_EQ(t.refuse(0, {{"type", "swap_hands"}, {"seat", 2}}).code, error_code::not_your_turn);
  EXPECT_EQ(t.refuse(1, {{"type", "swap_hands"}, {"seat", 1}}).code, error_code::illegal_action);
  const card_set h1 = t.g().hand(1), h2 = t.g().hand(2);
  ASSERT_TRUE(t.act(1, {{"type", "swap_hands"}, {"seat", 2}}));
  EXPECT_EQ(t.g().hand(1), h2);
  EXPECT_EQ(t.g().hand(2), h1);
  // Each knows the hand they gave away; everyone sees the shown 5 of Knights move.
  EXPECT_EQ(t.g().known(1, 2), h1);
  EXPECT_EQ(t.g().known(2, 1), h2);
  EXPECT_EQ(t.view(0)["known"][1], json::array({"k5"}));
  EXPECT_EQ(t.view(0)["to_act"], json::array({0}));  // the trick's winner leads
}

TEST(Druid, DoesNothingInTheLastTrick) {
  table t = rulebook_with("druid");
  ASSERT_TRUE(t.trick("0: d10 druid g10"));
  EXPECT_EQ(only_result(t).points[1], 2);
}

TEST(Joker, ScoresThreeForItsPlayerInTheLastTrick) {
  table t = rulebook_with("joker");
  ASSERT_TRUE(t.trick("0: d10 joker g10"));
  const hand_result& r = only_result(t);
  // Catie takes the Joker (a Knight 1): 5 Dwarves, 1 Knight.
  EXPECT_EQ(r.quest_points, (std::array<std::int16_t, max_players>{-4, 2, 4, 0, 0}));
  EXPECT_EQ(r.bonus, (std::array<std::int16_t, max_players>{0, 3, 0, 0, 0}));
  EXPECT_EQ(r.points[1], 5);
}

TEST(Joker, ScoresNothingBeforeTheLastTrick) {
  table t = started({"k9"}, {"joker"}, {"k2"});
  ASSERT_TRUE(t.trick("0: k9 joker k2"));
  EXPECT_EQ(bonus(t), json::array({0, 0, 0}));
}

TEST(Scout, ScoresOnePerFaceCardInItsTrickForItsPlayer) {
  table t = started({"gK"}, {"scout"}, {"gQ"});
  ASSERT_TRUE(t.trick("0: gK scout gQ"));
  EXPECT_EQ(t.view(spectator)["last_trick"]["winner"], 0);
  EXPECT_EQ(bonus(t), json::array({0, 2, 0}));
}

TEST(Standard, ScoresThreeForWhoeverTakesIt) {
  table t = started({"d3"}, {"standard"}, {"dQ"});
  ASSERT_TRUE(t.trick("0: d3 standard dQ"));  // Queen beats 11
  EXPECT_EQ(bonus(t), json::array({0, 0, 3}));
}

TEST(Tinkerer, ScoresThreeForWhoeverTakesTheNextTrick) {
  table t = started({"d3", "kA"}, {"tinkerer", "k3"}, {"dQ", "k2"});
  ASSERT_TRUE(t.trick("0: d3 tinkerer dQ"));
  EXPECT_EQ(bonus(t), json::array({0, 0, 0}));
  EXPECT_EQ(t.view(spectator)["tinkerer_pending"], true);
  ASSERT_TRUE(t.trick("2: k2 kA k3"));
  EXPECT_EQ(bonus(t), json::array({3, 0, 0}));
  EXPECT_EQ(t.view(spectator)["tinkerer_pending"], false);
}

TEST(Tinkerer, DoesNothingInTheLastTrick) {
  table t = rulebook_with("tinkerer");
  ASSERT_TRUE(t.trick("0: d10 tinkerer g10"));  // the Dwarf 11 takes it
  const hand_result& r = only_result(t);
  EXPECT_EQ(r.bonus, (std::array<std::int16_t, max_players>{}));
  EXPECT_EQ(r.tricks[1], 7);
}

TEST(Tinkerer, PlayedBeforeTheLastTrickCountsTheLastTrick) {
  auto tricks = rulebook_hand("d9");
  tricks[11] = "0: dJ tinkerer g9";  // Peter's 9 of Dwarves moves to the last trick
  table t = start(
      3, {{"hands", json::array({{{"cards", cards_from_tricks(3, tricks)}, {"quest", 12}}})}});
  ASSERT_TRUE(t.choose(2, "A"));
  ASSERT_TRUE(t.tricks(tricks));
  EXPECT_EQ(only_result(t).bonus, (std::array<std::int16_t, max_players>{3, 0, 0, 0, 0}));
}

TEST(StandardBearer, PassesEveryHandTheChosenWay) {
  table t = started({"k2"}, {"standard_bearer"}, {"kA"});
  ASSERT_TRUE(t.trick("0: k2 standard_bearer kA"));
  EXPECT_EQ(t.view(spectator)["phase"], "pass_hands");
  EXPECT_EQ(t.view(spectator)["to_act"], json::array({1}));
  EXPECT_EQ(t.refuse(1, {{"type", "swap_hands"}, {"seat", 0}}).code, error_code::illegal_action);
  const card_set h0 = t.g().hand(0), h1 = t.g().hand(1), h2 = t.g().hand(2);
  ASSERT_TRUE(t.act(1, {{"type", "pass_hands"}, {"direction", "left"}}));
  // Left: to the next seat.
  EXPECT_EQ(t.g().hand(1), h0);
  EXPECT_EQ(t.g().hand(2), h1);
  EXPECT_EQ(t.g().hand(0), h2);
  EXPECT_EQ(t.g().known(0, 1), h0);                       // seat 0 knows the hand it passed
  EXPECT_EQ(t.view(1)["known"][0], json::array({"k5"}));  // the shown 5 moved with its hand
  EXPECT_EQ(t.view(0)["to_act"], json::array({2}));
}

TEST(StandardBearer, PassesRightToThePreviousSeat) {
  table t = started({"k2"}, {"standard_bearer"}, {"kA"});
  ASSERT_TRUE(t.trick("0: k2 standard_bearer kA"));
  const card_set h0 = t.g().hand(0), h1 = t.g().hand(1), h2 = t.g().hand(2);
  ASSERT_TRUE(t.act(1, {{"type", "pass_hands"}, {"direction", "right"}}));
  EXPECT_EQ(t.g().hand(0), h1);
  EXPECT_EQ(t.g().hand(1), h2);
  EXPECT_EQ(t.g().hand(2), h0);
}

TEST(StandardBearer, DoesNothingInTheLastTrick) {
  table t = rulebook_with("standard_bearer");
  ASSERT_TRUE(t.trick("0: d10 standard_bearer g10"));
  EXPECT_EQ(t.g().results().size(), 1u);
  EXPECT_EQ(t.g().current_phase(), phase::quest);  // straight on to the next hand
}

TEST(Enchanter, DoublesTheScoreOfWhoeverTakesIt) {
  table t = rulebook_with("enchanter");
  ASSERT_TRUE(t.trick("0: d10 enchanter g10"));
  const hand_result& r = only_result(t);
  EXPECT_EQ(r.enchanted, 0);
  EXPECT_EQ(r.quest_points[0], -4);  // 5 Dwarves, the Enchanter is a Knight
  EXPECT_EQ(r.points[0], -8);        // negative scores double too
  EXPECT_EQ(r.points[1], 2);
  EXPECT_EQ(r.points[2], 4);
}

TEST(Shaman, CostsThreeToWhoeverTakesIt) {
  table t = started({"gQ"}, {"shaman"}, {"g2"});
  ASSERT_TRUE(t.trick("0: gQ shaman g2"));
  EXPECT_EQ(bonus(t), json::array({-3, 0, 0}));
}

TEST(Thief, StealsTwoCardsAndGivesTwoBackBeforeTheFirstLead) {
  json deal = one_hand({{"g5"}, {"thief"}, {"k5", "gA", "kA"}});
  deal["hands"][0]["thief_draw"] = {"gA", "kA"};
  table t = start(3, deal);
  ASSERT_TRUE(t.choose(2, "A"));
  json v = t.view(0);
  EXPECT_EQ(v["phase"], "steal");
  EXPECT_EQ(v["to_act"], json::array({1}));
  EXPECT_EQ(v["known"][1], json::array({"thief"}));  // shown right after the quest
  EXPECT_EQ(t.refuse(1, {{"type", "steal"}, {"seat", 1}}).code, error_code::illegal_action);
  ASSERT_TRUE(t.act(1, {{"type", "steal"}, {"seat", 2}}));
  EXPECT_EQ(t.g().hand(1) & set_of({"gA", "kA"}), set_of({"gA", "kA"}));
  EXPECT_EQ(size_of(t.g().hand(1)), 15);
  EXPECT_EQ(size_of(t.g().hand(2)), 11);
  EXPECT_EQ(t.view(1)["theft"]["stolen"], json::array({"kA", "gA"}));
  EXPECT_EQ(t.view(2)["theft"]["stolen"], json::array({"kA", "gA"}));
  const std::string others = t.view(0).dump();
  EXPECT_EQ(others.find("\"gA\""), std::string::npos);
  EXPECT_EQ(others.find("\"kA\""), std::string::npos);
  EXPECT_FALSE(t.view(0)["theft"].contains("stolen"));
  EXPECT_EQ(t.view(0)["known"][2], json::array());  // was k5 shown there still? unknown now
  EXPECT_EQ(t.refuse(1, {{"type", "give_back"}, {"cards", {"thief", "thief"}}}).code,
            error_code::illegal_action);
  ASSERT_TRUE(t.act(1, {{"type", "give_back"}, {"cards", {"thief", "kA"}}}));
  EXPECT_TRUE(contains(t.g().hand(2), id("thief")));
  EXPECT_TRUE(contains(t.g().hand(2), id("kA")));
  EXPECT_TRUE(contains(t.g().hand(1), id("gA")));
  EXPECT_EQ(size_of(t.g().hand(1)), 13);
  EXPECT_EQ(t.view(2)["known"][1], json::array({"gA"}));  // the victim knows what stayed
  // The Thief knows what it gave back, and that the shown 5 of Knights was not taken.
  EXPECT_EQ(t.view(1)["known"][2], json::array({"k5", "kA", "thief"}));
  EXPECT_EQ(t.view(0)["known"][1], json::array());  // the Thief may have gone back
  EXPECT_EQ(t.view(0)["to_act"], json::array({0}));
}

TEST(Thief, TheFiveOfGoblinsLeadsFromWhereverTheExchangeLeftIt) {
  json deal = one_hand({{"k5"}, {"thief"}, {"g5", "gA"}});
  deal["hands"][0]["thief_draw"] = {"g5", "gA"};
  table t = start(3, deal);
  ASSERT_TRUE(t.choose(0, "A"));
  ASSERT_TRUE(t.act(1, {{"type", "steal"}, {"seat", 2}}));
  ASSERT_TRUE(t.act(1, {{"type", "give_back"}, {"cards", {"gA", "thief"}}}));
  EXPECT_EQ(t.view(0)["to_act"], json::array({1}));
  EXPECT_EQ(t.view(0)["first_leader"], 1);
}

TEST(Thief, DrawsAtRandomWithoutAStackedDraw) {
  table t = start(3, one_hand({{"g5"}, {"thief"}, {"k5"}}));
  ASSERT_TRUE(t.choose(2, "B"));
  const card_set before = t.g().hand(0);
  ASSERT_TRUE(t.act(1, {{"type", "steal"}, {"seat", 0}}));
  const card_set stolen = before & ~t.g().hand(0);
  EXPECT_EQ(size_of(stolen), 2);
  EXPECT_EQ(t.g().hand(1) & stolen, stolen);
}

TEST(Dragon, MayBePlayedWhenYouCouldFollowAndWins) {
  table t = started({"d3"}, {"dragon", "d9"}, {"d4"});
  ASSERT_TRUE(t.trick("0: d3 dragon d4"));
  EXPECT_EQ(t.view(spectator)["last_trick"]["winner"], 1);
}

TEST(Dragon, LosesToTheAceOfTheLedSuit) {
  table t = started({"dA"}, {"dragon"}, {"d4"});
  ASSERT_TRUE(t.trick("0: dA dragon d4"));
  EXPECT_EQ(t.view(spectator)["last_trick"]["winner"], 0);
}

TEST(Dragon, LosesToAnAceOfAnotherSuit) {
  // Seat 2 has no Dwarf; its Ace of Knights is the trick's only Ace.
  table t = started({"d3"}, {"dragon"},
                    {"kA", "k2", "k3", "k4", "k6", "k7", "k8", "k9", "k10", "kJ", "kQ", "kK"});
  ASSERT_TRUE(t.trick("0: d3 dragon kA"));
  EXPECT_EQ(t.view(spectator)["last_trick"]["winner"], 2);
}

TEST(Dragon, LosesToTheLastAcePlayedWhenNoneIsOfTheLedSuit) {
  json deal = one_hand({{"g5", "d3"},
                        {"kA", "k2", "k3", "k4", "k6", "k7", "k8", "k9", "k10", "kJ"},
                        {"dragon"},
                        {"k5", "gA", "g2", "g3", "g4", "g6", "g7", "g8", "g9", "g10"}});
  table t = start(4, deal);
  ASSERT_TRUE(t.choose(3, "A"));
  ASSERT_TRUE(t.trick("0: d3 kA dragon gA"));
  EXPECT_EQ(t.view(spectator)["last_trick"]["winner"], 3);
}

TEST(Dragon, LedLetsTheNextCardSetTheSuit) {
  table t = started({"dragon"}, {"k7"}, {"k9", "g2"});
  ASSERT_TRUE(t.play(0, "dragon"));
  EXPECT_EQ(t.view(spectator)["trick"]["led_suit"], nullptr);
  EXPECT_EQ(t.playable_ids(1).size(), 13u);  // anything
  ASSERT_TRUE(t.play(1, "k7"));
  EXPECT_EQ(t.view(spectator)["trick"]["led_suit"], "knights");
  EXPECT_EQ(t.refuse(2, {{"type", "play"}, {"card", "g2"}}).reason,
            "you must follow suit (knights)");
  ASSERT_TRUE(t.play(2, "k9"));
  EXPECT_EQ(t.view(spectator)["last_trick"]["winner"], 0);
}

TEST(Mummy, CopiesThePreviousTricksWinnerButNotInTheFirstTrick) {
  table t = started({"d3", "d5"}, {"mummy", "d4", "d6"}, {"dQ", "d7"});
  ASSERT_TRUE(t.play(0, "d3"));
  EXPECT_EQ(t.refuse(1, {{"type", "play"}, {"card", "mummy"}}).reason,
            "the Mummy cannot be played in the first trick");
  ASSERT_TRUE(t.play(1, "d4"));
  ASSERT_TRUE(t.play(2, "dQ"));
  ASSERT_TRUE(t.trick("2: d7 d5 mummy"));  // a Queen of Dwarves now
  const json last = t.view(spectator)["last_trick"];
  EXPECT_EQ(last["winner"], 1);
  EXPECT_EQ(last["plays"][2]["as"], json({{"suit", "dwarves"}, {"value", 13}}));
}

TEST(Mummy, MustFollowSuitAsTheCardItCopies) {
  table t = started({"dQ", "k2"}, {"mummy", "d4", "k3"}, {"d3"});
  ASSERT_TRUE(t.trick("0: dQ d4 d3"));
  ASSERT_TRUE(t.play(0, "k2"));
  // A copy of the Queen of Dwarves is a Dwarf: seat 1 must follow Knights with the 3.
  EXPECT_EQ(t.refuse(1, {{"type", "play"}, {"card", "mummy"}}).code, error_code::illegal_action);
  ASSERT_TRUE(t.play(1, "k3"));
}

TEST(Mummy, NeverObligesItsHolderToFollow) {
  table t = started(
      {"dQ", "d5"},
      {"mummy", "d4", "k2", "k3", "k4", "k6", "k7", "k8", "k9", "k10", "kJ", "kQ", "kK"}, {"d3"});
  ASSERT_TRUE(t.trick("0: dQ d4 d3"));
  ASSERT_TRUE(t.play(0, "d5"));
  // The Mummy would be a Queen of Dwarves, yet seat 1 may still discard a Knight.
  EXPECT_EQ(t.playable_ids(1).size(), 12u);
  ASSERT_TRUE(t.play(1, "k2"));
}

TEST(Puppeteer, NeverObligesItsHolderToFollow) {
  table t = started(
      {"d9"},
      {"puppeteer", "k2", "k3", "k4", "k6", "k7", "k8", "k9", "k10", "kJ", "kQ", "kK", "kA"},
      {"d8"});
  ASSERT_TRUE(t.play(0, "d9"));
  EXPECT_EQ(t.playable_ids(1).size(), 13u);
  ASSERT_TRUE(t.play(1, "kA"));
}

TEST(Puppeteer, TakesTheSuitOfTheCardBeforeItAndCountsJustAbove) {
  table t = started({"d9"}, {"puppeteer"}, {"d8"});
  ASSERT_TRUE(t.trick("0: d9 puppeteer d8"));
  const json last = t.view(spectator)["last_trick"];
  EXPECT_EQ(last["winner"], 1);
  EXPECT_EQ(last["plays"][1]["as"], json({{"suit", "dwarves"}, {"value", 9.5}}));
}

TEST(Puppeteer, IsBeatenByTheNextRankUp) {
  table t = started({"d9"}, {"puppeteer"}, {"d10"});
  ASSERT_TRUE(t.trick("0: d9 puppeteer d10"));
  EXPECT_EQ(t.view(spectator)["last_trick"]["winner"], 2);
}

TEST(Puppeteer, CannotLead) {
  table t = started({"puppeteer"}, {}, {});
  EXPECT_EQ(t.refuse(0, {{"type", "play"}, {"card", "puppeteer"}}).reason,
            "the Puppeteer cannot lead");
}

TEST(Puppeteer, AfterADiscardItIsADiscardToo) {
  // Seat 1 has no Dwarf and discards a Knight; a Puppeteer after it would be a Knight.
  table t = started({"d3"},
                    {"k9", "k2", "k3", "k4", "k6", "k7", "k8", "k10", "kJ", "kQ", "kK", "kA", "g2"},
                    {"puppeteer", "d4"});
  ASSERT_TRUE(t.play(0, "d3"));
  ASSERT_TRUE(t.play(1, "k9"));
  EXPECT_EQ(t.refuse(2, {{"type", "play"}, {"card", "puppeteer"}}).code,
            error_code::illegal_action);
  ASSERT_TRUE(t.play(2, "d4"));
}

TEST(Puppeteer, LedAsALastCardItHasNoSuitAndCannotWin) {
  table t = rulebook_with("d10", "puppeteer");
  EXPECT_EQ(t.playable_ids(0), std::vector<std::string>{"puppeteer"});
  ASSERT_TRUE(t.trick("0: puppeteer d10 g10"));
  const hand_result& r = only_result(t);
  EXPECT_EQ(r.tricks[1], 7);
}

TEST(Sorcerer, SwapsItselfForACardOfTheTrickJustPlayed) {
  table t = started({"dA"}, {"sorcerer", "d3"}, {"d4"});
  ASSERT_TRUE(t.trick("0: dA d3 d4"));
  EXPECT_EQ(t.view(spectator)["phase"], "sorcerer_window");
  EXPECT_EQ(t.view(spectator)["to_act"], json::array({0, 1, 2}));  // nobody learns who has it
  EXPECT_EQ(t.legal(0), json::array({{{"type", "pass"}}}));
  ASSERT_TRUE(t.act(0, {{"type", "pass"}}));
  EXPECT_EQ(t.refuse(0, {{"type", "pass"}}).code, error_code::not_your_turn);
  EXPECT_EQ(t.refuse(2, {{"type", "use_sorcerer"}, {"card", "dA"}}).reason,
            "you do not hold the Sorcerer");
  EXPECT_EQ(t.refuse(1, {{"type", "use_sorcerer"}, {"card", "kA"}}).reason,
            "that card is not in the trick just played");
  ASSERT_TRUE(t.act(1, {{"type", "use_sorcerer"}, {"card", "dA"}}));
  EXPECT_TRUE(contains(t.g().hand(1), id("dA")));
  EXPECT_FALSE(contains(t.g().hand(1), id("sorcerer")));
  EXPECT_EQ(t.g().taken(0), set_of({"d3", "d4", "sorcerer"}));
  EXPECT_EQ(t.view(2)["known"][1], json::array({"dA"}));
  EXPECT_EQ(t.view(2)["to_act"], json::array({0}));
}

TEST(Sorcerer, TakingBackTheFiveOfDwarvesMovesTheNextDeal) {
  table t = started({"d5", "d9"}, {"sorcerer", "d3"}, {"d4", "d10"});
  ASSERT_TRUE(t.trick("0: d5 d3 d4"));
  ASSERT_TRUE(t.act(1, {{"type", "use_sorcerer"}, {"card", "d5"}}));
  EXPECT_FALSE(contains(t.g().taken(0), five_of_dwarves));
  ASSERT_TRUE(t.trick("0: d9 d5 d10"));  // seat 2 takes it now, and keeps it
  t.finish_hand();
  EXPECT_EQ(t.g().hand_number(), 1);
  EXPECT_EQ(t.g().dealer(), 2);
}

TEST(Sorcerer, EveryoneMayPassAndTheWindowComesBackAfterTheNextTrick) {
  table t = started({"dA", "d6"}, {"sorcerer", "d3", "d7"}, {"d4", "d8"});
  ASSERT_TRUE(t.trick("0: dA d3 d4"));
  ASSERT_TRUE(t.pass_window());
  EXPECT_EQ(t.view(spectator)["phase"], "playing");
  ASSERT_TRUE(t.trick("0: d6 d7 d8"));
  EXPECT_EQ(t.view(spectator)["phase"], "sorcerer_window");
}

// Our ruling (docs/rules/dwarf-king.md, "The Sorcerer"): the window is the same whoever holds the
// Sorcerer. Every seat is listed as deciding, only the holder has a choice, and the table closes
// the window after a fixed time by passing for each seat still deciding, with no clock running.
TEST(Sorcerer, TheTableClosesTheWindowAfterAFixedTimeWhoeverHoldsIt) {
  // Hands of equal size (started() adds the 5 of Goblins to seat 0, the 5 of Knights to 2).
  const std::vector<std::vector<std::string>> deals[3] = {
      {{"dA", "d6", "sorcerer"}, {"d3", "d7", "k3", "k4"}, {"d4", "d8", "k6"}},
      {{"dA", "d6"}, {"d3", "d7", "sorcerer"}, {"d4", "d8"}},
      {{"dA", "d6", "k6"}, {"d3", "d7", "k3", "k4"}, {"d4", "d8", "sorcerer"}},
  };
  for (int holder = 0; holder < 3; ++holder) {
    const auto& hands = deals[holder];
    table t = started(hands[0], hands[1], hands[2]);
    ASSERT_TRUE(t.trick("0: dA d3 d4"));
    ASSERT_EQ(t.view(spectator)["phase"], "sorcerer_window");
    EXPECT_EQ(t.state->seats_to_act(), seat_mask{0b111}) << "holder " << holder;
    for (int s = 0; s < 3; ++s) {
      action_list legal;
      t.state->legal_actions(s, legal);
      EXPECT_EQ(legal.size() > 1, s == holder) << "only the holder has a choice";
    }
    // The same request whoever holds it: pass for the lowest seat still deciding.
    auto step = t.state->timed_step_request();
    ASSERT_TRUE(step);
    EXPECT_EQ(step->seat, 0);
    EXPECT_EQ(step->seconds, sorcerer_window_seconds);
    EXPECT_FALSE(step->clocks_run);
    EXPECT_EQ(t.state->action_to_json(step->act), json({{"type", "pass"}}));
    // Applied for each seat in turn, it closes the window; the request moves on to the next
    // seat with the same action and time, and is gone once the next trick is to be led.
    for (int s = 0; s < 3; ++s) {
      step = t.state->timed_step_request();
      ASSERT_TRUE(step);
      EXPECT_EQ(step->seat, s);
      ASSERT_FALSE(t.state->apply(step->seat, step->act));
    }
    EXPECT_EQ(t.view(spectator)["phase"], "playing");
    EXPECT_FALSE(t.state->timed_step_request());
  }
}

TEST(Sorcerer, UsedTheWindowClosesAtOnceAndNoStepIsLeft) {
  table t = started({"dA", "d6"}, {"sorcerer", "d3", "d7"}, {"d4", "d8"});
  ASSERT_TRUE(t.trick("0: dA d3 d4"));
  ASSERT_TRUE(t.state->timed_step_request());
  ASSERT_TRUE(t.act(2, {{"type", "pass"}}));  // anyone may pass early: it tells nothing
  EXPECT_EQ(t.state->timed_step_request()->seat, 0);
  ASSERT_TRUE(t.act(0, {{"type", "pass"}}));
  EXPECT_EQ(t.state->timed_step_request()->seat, 1);
  ASSERT_TRUE(t.act(1, {{"type", "use_sorcerer"}, {"card", "dA"}}));
  EXPECT_EQ(t.view(spectator)["phase"], "playing");
  EXPECT_FALSE(t.state->timed_step_request());
}

TEST(Sorcerer, PlayedIntoATrickItIsABlankCard) {
  table t = started({"d3"}, {"sorcerer", "d9"}, {"d4"});
  ASSERT_TRUE(t.play(0, "d3"));
  EXPECT_EQ(t.refuse(1, {{"type", "play"}, {"card", "sorcerer"}}).reason,
            "Sorcerer may only be played when you cannot follow dwarves");
  table u = started(
      {"d3"}, {"sorcerer", "k2", "k3", "k4", "k6", "k7", "k8", "k9", "k10", "kJ", "kQ", "kK", "kA"},
      {"d4"});
  ASSERT_TRUE(u.trick("0: d3 sorcerer d4"));
  EXPECT_EQ(u.view(spectator)["last_trick"]["winner"], 2);
  EXPECT_EQ(u.view(spectator)["phase"], "playing");  // no window once it is gone
}

TEST(Sorcerer, HasNoWindowAfterTheLastTrick) {
  table t = rulebook_with("sorcerer");
  ASSERT_TRUE(t.trick("0: d10 sorcerer g10"));
  EXPECT_EQ(t.g().results().size(), 1u);
  EXPECT_EQ(t.g().current_phase(), phase::quest);
}

TEST(Excalibur, WinsWhenYouCannotFollow) {
  table t = started(
      {"dA"},
      {"excalibur", "k2", "k3", "k4", "k6", "k7", "k8", "k9", "k10", "kJ", "kQ", "kK", "kA"},
      {"d4"});
  ASSERT_TRUE(t.trick("0: dA excalibur d4"));
  EXPECT_EQ(t.view(spectator)["last_trick"]["winner"], 1);
}

TEST(Excalibur, MayNotBePlayedWhenYouCanFollowNorLead) {
  table t = started({"d3"}, {"excalibur", "d9"}, {"d4"});
  ASSERT_TRUE(t.play(0, "d3"));
  EXPECT_EQ(t.refuse(1, {{"type", "play"}, {"card", "excalibur"}}).code,
            error_code::illegal_action);
  table u = started({"excalibur"}, {}, {});
  EXPECT_EQ(u.refuse(0, {{"type", "play"}, {"card", "excalibur"}}).code,
            error_code::illegal_action);
}

TEST(Excalibur, LedAsALastCardItStillWins) {
  table t = rulebook_with("d10", "excalibur");
  EXPECT_EQ(t.playable_ids(0), std::vector<std::string>{"excalibur"});
  ASSERT_TRUE(t.trick("0: excalibur d10 g10"));
  EXPECT_EQ(only_result(t).tricks[0], 4);  // the 10 of Dwarves would have taken it for Peter
  EXPECT_EQ(only_result(t).tricks[1], 6);
}

}  // namespace
}  // namespace crownhall::dwarf_king::testing
