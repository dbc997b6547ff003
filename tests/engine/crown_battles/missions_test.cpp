// Rulings, Missions and Blind Missions (the expansion's round types): no bids; each player
// chooses one of the feasible missions; completed, the book's value for the player count and
// hand size; failed, −20. Missions are shown once everyone has chosen; Blind Missions at the
// round's end.
#include <algorithm>

#include <gtest/gtest.h>

#include "engine/games/crown_battles/missions.hpp"
#include "helpers.hpp"

namespace crown_battles_test {
namespace {

json mission(const std::string& id) { return {{"type", "mission"}, {"mission", id}}; }

// Four players, six cards each, red trump; the first dealer is seat 3, so seat 0 leads.
// Seat 0 holds the four high trumps and takes the first four tricks; seat 1, without a
// trump, takes the last two with blue.
std::unique_ptr<cb::state> six_card_round(const std::string& type) {
  const json deal = {{"first_dealer", 3},
                     {"rounds",
                      {{{"hands", hands_of({{"R13", "R12", "R11", "R10", "B2", "B3"},
                                            {"B13", "B12", "G2", "G3", "Y2", "Y3"},
                                            {"G13", "G12", "B4", "B5", "Y4", "Y5"},
                                            {"Y13", "Y12", "G4", "G5", "B6", "B7"}})},
                        {"spinner", "R"}}}}};
  return start({{"schedule", {6}}, {"round_types", {type}}}, 4, deal);
}

// Each trick in play order: seat 0 leads the first five, seat 1 (who takes the fifth) the
// sixth.
void play_six_card_round(cb::state& g) {
  const std::pair<int, const char*> plays[] = {
      {0, "R13"}, {1, "G2"},  {2, "Y4"},  {3, "G4"},  {0, "R12"}, {1, "G3"},
      {2, "Y5"},  {3, "G5"},  {0, "R11"}, {1, "Y2"},  {2, "B4"},  {3, "B6"},
      {0, "R10"}, {1, "Y3"},  {2, "B5"},  {3, "B7"},  {0, "B2"},  {1, "B13"},
      {2, "G13"}, {3, "Y13"}, {1, "B12"}, {2, "G12"}, {3, "Y12"}, {0, "B3"}};
  for (auto [seat, card] : plays) MUST_ACT(g, seat, play(card));
}

// The book's tables: a 4-player round of 6 cards reads the "5-7" column of the "4" row.
TEST(CrownBattlesMissions, TheBooksValueTables) {
  EXPECT_EQ(cb::mission_value(*cb::mission_from_name("trump_trick"), 4, 6), 20);
  EXPECT_EQ(cb::mission_value(*cb::mission_from_name("zero_or_one"), 4, 6), 5);
  EXPECT_EQ(cb::mission_value(*cb::mission_from_name("none_of_first"), 4, 6), 0);
  EXPECT_EQ(cb::mission_value(*cb::mission_from_name("at_least_four"), 4, 6), 35);
  // Corners and the book's "-".
  EXPECT_EQ(cb::mission_value(*cb::mission_from_name("zero_or_one"), 2, 20), 190);
  EXPECT_EQ(cb::mission_value(*cb::mission_from_name("trump_trick"), 8, 10), 40);
  EXPECT_EQ(cb::mission_value(*cb::mission_from_name("at_least_four"), 7, 3), 75);
  EXPECT_FALSE(cb::mission_value(*cb::mission_from_name("at_least_four"), 3, 2));
  // Past the book's deck (Special Power cards make it bigger): the nearest value to the left.
  EXPECT_EQ(cb::mission_value(*cb::mission_from_name("zero_or_one"), 5, 11), 10);
  EXPECT_EQ(cb::mission_value(*cb::mission_from_name("trump_trick"), 4, 17), 20);
  EXPECT_EQ(cb::mission_value(*cb::mission_from_name("at_least_four"), 8, 12), 45);
  EXPECT_EQ(cb::mission_value(*cb::mission_from_name("zero_or_one"), 3, 25), 100);
}

// The cards as a player reads them: no "the first 1 trick" (as the book prints one card).
TEST(CrownBattlesMissions, EachCardIsWordedForItsCount) {
  for (int id = 0; id < cb::mission_count; ++id) {
    const std::string text{cb::mission_at(id).text};
    EXPECT_EQ(text.find("first 1 "), std::string::npos) << text;
    EXPECT_FALSE(text.empty());
  }
  EXPECT_EQ(cb::mission_at(*cb::mission_from_name("none_of_first")).text,
            "Do not win the first trick");
}

// Every hand any deck can deal offers at least one mission, for every player count.
TEST(CrownBattlesMissions, EveryRoundOffersAMission) {
  for (int players = 2; players <= 8; ++players)
    for (int hand = 1; hand * players <= cb::card_count; ++hand)
      for (cb::trump t : {cb::trump::red, cb::trump::none})
        EXPECT_NE(cb::mission_offer(players, hand, t), 0) << players << " players, " << hand;
}

// Rulings: only feasible missions are offered: no trump trick without a trump suit, no "at
// least 4" with fewer cards, nothing the book marks "-".
TEST(CrownBattlesMissions, OnlyFeasibleMissionsAreOffered) {
  auto ids = [](std::uint8_t offer) {
    std::vector<std::string> out;
    for (int id = 0; id < cb::mission_count; ++id)
      if ((offer >> id) & 1u) out.emplace_back(cb::mission_at(id).name);
    return out;
  };
  using v = std::vector<std::string>;
  EXPECT_EQ(ids(cb::mission_offer(4, 6, cb::trump::red)),
            (v{"trump_trick", "zero_or_one", "none_of_first", "at_least_four"}));
  EXPECT_EQ(ids(cb::mission_offer(4, 6, cb::trump::none)),
            (v{"zero_or_one", "none_of_first", "at_least_four"}));
  EXPECT_EQ(ids(cb::mission_offer(4, 3, cb::trump::blue)),
            (v{"trump_trick", "zero_or_one", "none_of_first"}));
  EXPECT_EQ(ids(cb::mission_offer(4, 2, cb::trump::none)), (v{"zero_or_one", "none_of_first"}));
}

// Completed: the value; failed: −20. Seat 0 takes four tricks (at least 4: 35), seat 1 takes
// two without a trump (trump trick failed), seat 2 none (0 or 1: 5), seat 3 not the first
// (none of the first 1 trick: 0).
TEST(CrownBattlesMissions, CompletedScoresTheBooksValueFailedLosesTwenty) {
  auto g = six_card_round("missions");
  ASSERT_TRUE(g);
  const json round = g->view(0)["round"];
  EXPECT_EQ(round["type"], "missions");
  EXPECT_EQ(g->view(0)["phase"], "mission");
  ASSERT_EQ(round["mission_offer"].size(), 4u);
  EXPECT_EQ(round["mission_offer"][3],
            json({{"id", "at_least_four"}, {"text", "Win at least 4 tricks"}, {"value", 35}}));
  // Everyone chooses at once; no bids.
  EXPECT_EQ(g->seats_to_act(), 0b1111);
  MUST_ACT(*g, 2, mission("zero_or_one"));
  MUST_ACT(*g, 0, mission("at_least_four"));
  MUST_ACT(*g, 3, mission("none_of_first"));
  MUST_ACT(*g, 1, mission("trump_trick"));
  EXPECT_EQ(g->view(0)["phase"], "playing");
  play_six_card_round(*g);
  const json r = g->view(2)["rounds"][0];
  EXPECT_EQ(r["tricks"], json({4, 2, 0, 0}));
  EXPECT_EQ(r["missions"], json({"at_least_four", "trump_trick", "zero_or_one", "none_of_first"}));
  EXPECT_EQ(r["missions_completed"], json({true, false, true, true}));
  EXPECT_EQ(r["points"], json({35, -20, 5, 0}));
  const auto lines = lines_read_by(*g, 2);
  EXPECT_TRUE(has_line(lines, ev("round_scored", {{"round", 1},
                                                  {"seat", 1},
                                                  {"mission", "trump_trick"},
                                                  {"completed", false},
                                                  {"tricks", 2},
                                                  {"points", -20},
                                                  {"total", -20}})));
}

// The first trick's winner fails "none of the first 1 trick"; a trick won with a trump
// completes the trump trick; 0 or 1 fails with two tricks.
TEST(CrownBattlesMissions, TheFirstTrickAndATrumpWinAreJudgedAsTheyHappen) {
  auto g = six_card_round("missions");
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, mission("none_of_first"));
  MUST_ACT(*g, 1, mission("zero_or_one"));
  MUST_ACT(*g, 2, mission("at_least_four"));
  MUST_ACT(*g, 3, mission("trump_trick"));
  play_six_card_round(*g);
  const json r = g->view(0)["rounds"][0];
  EXPECT_EQ(r["missions_completed"], json({false, false, false, false}));
  EXPECT_EQ(r["points"], json({-20, -20, -20, -20}));

  auto h = six_card_round("missions");
  ASSERT_TRUE(h);
  for (int s = 0; s < 4; ++s) MUST_ACT(*h, s, mission("trump_trick"));
  play_six_card_round(*h);
  EXPECT_EQ(h->view(0)["rounds"][0]["points"], json({20, -20, -20, -20}));
}

// Missions: a choice is the chooser's until everyone has chosen, then everyone's, from the
// dealer's left. Blind Missions: secret until the round's end.
TEST(CrownBattlesMissions, ChoicesAreSecretUntilAllHaveChosenOrTheRoundEnds) {
  for (const std::string type : {"missions", "blind_missions"}) {
    SCOPED_TRACE(type);
    const bool blind = type == "blind_missions";
    auto g = six_card_round(type);
    ASSERT_TRUE(g);
    MUST_ACT(*g, 0, mission("at_least_four"));
    EXPECT_EQ(g->view(0)["round"]["missions"][0],
              json({{"chosen", true}, {"mission", "at_least_four"}}));
    for (int viewer : {1, 2, -1})
      EXPECT_EQ(g->view(viewer)["round"]["missions"][0], json({{"chosen", true}}));
    EXPECT_TRUE(
        has_line(lines_read_by(*g, 1), ev("mission_chosen", {{"seat", 0}, {"secret", blind}})));
    const std::string own =
        ev("own_mission", {{"seat", 0}, {"mission", "at_least_four"}, {"secret", blind}});
    EXPECT_FALSE(has_line(lines_read_by(*g, 1), own));
    EXPECT_TRUE(has_line(lines_read_by(*g, 0), own));
    MUST_ACT(*g, 1, mission("trump_trick"));
    MUST_ACT(*g, 2, mission("zero_or_one"));
    MUST_ACT(*g, 3, mission("none_of_first"));
    const json shown = g->view(1)["round"]["missions"][0];
    if (blind) {
      EXPECT_EQ(shown, json({{"chosen", true}}));
      EXPECT_TRUE(has_line(lines_read_by(*g, 1), ev("missions_secret")));
    } else {
      EXPECT_EQ(shown, json({{"chosen", true}, {"mission", "at_least_four"}}));
      const auto lines = lines_read_by(*g, 1);
      EXPECT_TRUE(
          has_line(lines, ev("mission_shown", {{"seat", 0}, {"mission", "at_least_four"}})));
      EXPECT_TRUE(
          has_line(lines, ev("mission_shown", {{"seat", 3}, {"mission", "none_of_first"}})));
    }
    play_six_card_round(*g);
    EXPECT_EQ(g->view(1)["rounds"][0]["missions"][0], "at_least_four");
  }
}

TEST(CrownBattlesMissions, BidsUnofferedMissionsAndSecondChoicesAreRefused) {
  auto g = six_card_round("missions");
  ASSERT_TRUE(g);
  auto r = act(*g, 0, bid(2));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "a Missions round has no bids: choose one of the missions offered");
  r = act(*g, 0, {{"type", "mission"}, {"mission", "win_everything"}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "unknown mission \"win_everything\"");
  MUST_ACT(*g, 0, mission("at_least_four"));
  r = act(*g, 0, mission("zero_or_one"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, crownhall::error_code::not_your_turn);
  EXPECT_EQ(g->missions()[0], *cb::mission_from_name("at_least_four"));

  // No trump this round: the trump trick is not offered.
  const json deal = {{"rounds", {{{"spinner", "X"}}}}};
  auto x = start({{"round_types", {"missions"}}}, 4, deal);
  ASSERT_TRUE(x);
  r = act(*x, 0, mission("trump_trick"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "that mission is not offered this round");
}

// Our ruling: nothing but the choice while missions (or leaked suits, or duels) are being
// chosen: no Smuggler "before bidding" and no Bubble Shield, even holding the Smuggler.
TEST(CrownBattlesMissions, NothingElseBeforeTheChoiceEvenWithSpecials) {
  const json deal = {
      {"first_dealer", 3},
      {"rounds",
       {{{"hands", hands_of({{"SMUGGLER", "R2"}, {"B13", "B2"}, {"G13", "G2"}, {"Y13", "Y2"}})},
         {"spinner", "R"}}}}};
  for (const std::string type : {"missions", "leaked_suit", "duel_fights"}) {
    SCOPED_TRACE(type);
    auto g =
        start({{"specials", {"SMUGGLER"}}, {"schedule", {2}}, {"round_types", {type}}}, 4, deal);
    ASSERT_TRUE(g);
    const std::string phase = g->view(0)["phase"];
    EXPECT_NE(phase, "bidding");
    crownhall::action_list legal;
    for (int seat = 0; seat < 4; ++seat) {
      g->legal_actions(seat, legal);
      for (crownhall::action a : legal) {
        const std::string kind = g->action_to_json(a)["type"];
        EXPECT_TRUE(kind == "mission" || kind == "leak" || kind == "pair") << kind;
      }
    }
    auto r = act(*g, 0, {{"type", "smuggle"}});
    EXPECT_TRUE(r) << "the Smuggler waits for the play";
    r = act(*g, 0, {{"type", "buy_shield"}});
    EXPECT_TRUE(r) << "a shield waits for the play";
  }
}

// Our ruling: a trick won with a trump completes "win a trick using a trump" as it is won; a
// Thief taking that trick later does not undo it (the mission is judged as the trick is won).
TEST(CrownBattlesMissions, ATrumpTrickStolenByAThiefStillCounts) {
  const json deal = {
      {"first_dealer", 3},
      {"rounds",
       {{{"hands", hands_of({{"R13", "B2"}, {"THIEF", "B13"}, {"G2", "G13"}, {"Y2", "Y13"}})},
         {"spinner", "R"}}}}};
  auto g =
      start({{"specials", {"THIEF"}}, {"schedule", {2}}, {"round_types", {"missions"}}}, 4, deal);
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, mission("trump_trick"));
  for (int s = 1; s < 4; ++s) MUST_ACT(*g, s, mission("zero_or_one"));
  MUST_ACT(*g, 0, play("R13"));  // a trump: seat 0 wins the first trick with it
  MUST_ACT(*g, 1, play("THIEF"));
  MUST_ACT(*g, 2, play("G2"));
  MUST_ACT(*g, 3, play("Y2"));
  MUST_ACT(*g, 1, json({{"type", "pick_seat"}, {"seat", 0}}));  // the Thief takes it
  EXPECT_EQ(g->view_of(0).seats[0].tricks, 0);
  MUST_ACT(*g, 0, play("B2"));
  MUST_ACT(*g, 1, play("B13"));
  MUST_ACT(*g, 2, play("G13"));
  MUST_ACT(*g, 3, play("Y13"));
  const json r = g->view(0)["rounds"][0];
  EXPECT_EQ(r["tricks"], json({0, 2, 0, 0}));
  EXPECT_EQ(r["missions_completed"][0], true);
  EXPECT_EQ(r["points"][0], *cb::mission_value(*cb::mission_from_name("trump_trick"), 4, 2));
}

// Bots choose only offered missions and play their rounds to the end.
TEST(CrownBattlesMissions, BotsChooseAndPlayMissionsRounds) {
  for (const auto kind : {crownhall::bot_kind::random, crownhall::bot_kind::heuristic}) {
    auto g = start({{"round_types", {"missions", "blind_missions"}}}, 5, nullptr, 11);
    ASSERT_TRUE(g);
    crownhall::prng rng(3);
    int chosen = 0;
    while (!g->is_over()) {
      const int seat = std::countr_zero(g->seats_to_act());
      const crownhall::action a = g->bot_action(seat, kind, rng);
      chosen += g->current_phase() == cb::phase::mission;
      ASSERT_FALSE(g->apply(seat, a)) << g->action_to_json(a).dump();
    }
    EXPECT_EQ(chosen, 5 * static_cast<int>(g->score_table().size()));
  }
}

}  // namespace
}  // namespace crown_battles_test
