// Rulings, Stealth Play (the expansion's round types): the leader plays face up, everyone else
// face down; follow-suit is still enforced while the cards lie face down; when all have
// played the cards turn up and the trick resolves. Until then only its owner knows a
// face-down card. Our rulings: the suit to follow is public (every player must know it), and
// Special Power cards are played face up.
#include <gtest/gtest.h>

#include "engine/games/crown_battles/sampler.hpp"
#include "helpers.hpp"
#include "tests/common/search_checks.hpp"

namespace crown_battles_test {
namespace {

using crownhall::prng;

json face_down(int seat) { return {{"face_down", true}, {"seat", seat}}; }
json shown(const std::string& card, int seat) { return {{"card", card}, {"seat", seat}}; }

// Four players, three cards each, no trump; the first dealer is seat 3, so seat 0 leads.
std::unique_ptr<cb::state> stealth_round(const json& hands, const json& extra = json::object()) {
  const json deal = {{"first_dealer", 3}, {"rounds", {{{"hands", hands}, {"spinner", "X"}}}}};
  json options = {{"schedule", {3}}, {"round_types", {"stealth"}}};
  options.update(extra);
  auto g = start(options, 4, deal);
  if (g) {
    for (int s = 0; s < 4; ++s) EXPECT_FALSE(act(*g, s, bid(1)));
  }
  return g;
}

const json first_hands = hands_of(
    {{"R2", "PEASANT1", "Y5"}, {"R13", "G3", "B1"}, {"G4", "Y9", "R5"}, {"R3", "Y2", "DRAGON1"}});

TEST(CrownBattlesStealth, FaceDownToAllButItsOwnerUntilTheTrickIsComplete) {
  auto g = stealth_round(first_hands);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->view(-1)["round"]["type"], "stealth");
  MUST_ACT(*g, 0, play("R2"));  // the leader's card: face up
  EXPECT_EQ(g->view(2)["trick"]["cards"], json::array({shown("R2", 0)}));
  EXPECT_TRUE(has_line(lines_read_by(*g, 2), ev("played", {{"seat", 0}, {"card", "R2"}})));
  MUST_ACT(*g, 1, play("R13"));
  // Its owner sees it; nobody else does, a spectator neither, and nobody is shown winning.
  EXPECT_EQ(g->view(1)["trick"]["cards"], json::array({shown("R2", 0), shown("R13", 1)}));
  for (int viewer : {0, 2, 3, -1}) {
    const json t = g->view(viewer)["trick"];
    EXPECT_EQ(t["cards"], json::array({shown("R2", 0), face_down(1)})) << viewer;
    EXPECT_EQ(t["winning"], nullptr) << viewer;
    EXPECT_EQ(t["lead"], "R");
    EXPECT_EQ(g->view(viewer).dump().find("R13"), std::string::npos) << viewer;
  }
  EXPECT_TRUE(has_line(lines_read_by(*g, 1), ev("own_face_down", {{"seat", 1}, {"card", "R13"}})));
  EXPECT_TRUE(has_line(lines_read_by(*g, 0), ev("played_face_down", {{"seat", 1}})));
  for (int viewer : {0, 2, 3, -1})
    for (const std::string& line : lines_read_by(*g, viewer))
      EXPECT_EQ(line.find("R13"), std::string::npos) << line;
  // Follow-suit is enforced while face down.
  auto r = act(*g, 2, play("Y9"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "you must follow red: you hold R5");
  MUST_ACT(*g, 2, play("R5"));
  EXPECT_EQ(g->view(3)["trick"]["cards"],
            json::array({shown("R2", 0), face_down(1), face_down(2)}));
  // The last card completes the trick: every card turns up and the trick resolves.
  MUST_ACT(*g, 3, play("R3"));
  const auto lines = lines_read_by(*g, 0);
  EXPECT_TRUE(has_line(lines, ev("played_face_down_last", {{"seat", 3}})));
  EXPECT_TRUE(has_line(lines, ev("turned_up", {{"seat", 1}, {"card", "R13"}})));
  EXPECT_TRUE(has_line(lines, ev("turned_up", {{"seat", 2}, {"card", "R5"}})));
  EXPECT_TRUE(has_line(lines, ev("trick_won", {{"seat", 1}})));
  EXPECT_EQ(g->view(-1)["last_trick"]["cards"],
            json::array({shown("R2", 0), shown("R13", 1), shown("R5", 2), shown("R3", 3)}));
  EXPECT_EQ(g->view(-1)["last_trick"]["winning"], 1);
  EXPECT_EQ(g->view(2)["seats"][1]["tricks"], 1);
}

// Seat 0 leads a Peasant; seat 1's G3 sets the lead.
const json peasant_led_hands = hands_of(
    {{"PEASANT1", "R2", "Y5"}, {"G3", "R13", "B1"}, {"G4", "Y9", "R5"}, {"R3", "Y2", "DRAGON1"}});

// The leader's Peasant leaves the lead open; the first card after it, face down, sets it. The
// suit to follow is public, the card is not.
TEST(CrownBattlesStealth, AFaceDownCardSetsTheLeadEveryoneMustFollow) {
  auto g = stealth_round(peasant_led_hands);
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, play("PEASANT1"));
  EXPECT_EQ(g->view(2)["trick"]["lead"], "open");
  MUST_ACT(*g, 1, play("G3"));
  EXPECT_EQ(g->view(2)["trick"]["lead"], "G");
  EXPECT_EQ(g->view(2)["trick"]["cards"][1], face_down(1));
  auto r = act(*g, 2, play("Y9"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "you must follow green: you hold G4");
  MUST_ACT(*g, 2, play("G4"));
  // A seat without the suit may play anything, face down too; the Dragon wins once turned up.
  MUST_ACT(*g, 3, play("DRAGON1"));
  EXPECT_EQ(g->view(0)["last_trick"]["winning"], 3);
}

// The search's sampler: the face-down cards are guessed from the cards the seat cannot
// place, so that the trick keeps the lead everyone sees; nothing hidden is read.
TEST(CrownBattlesStealth, SampledWorldsGuessTheFaceDownCards) {
  auto g = stealth_round(peasant_led_hands);
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, play("PEASANT1"));
  MUST_ACT(*g, 1, play("G3"));
  MUST_ACT(*g, 2, play("G4"));
  int guessed_otherwise = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    prng rng(seed);
    auto w = g->sample_world(3, rng);
    ASSERT_TRUE(w);
    const auto& world = static_cast<const cb::state&>(*w);
    EXPECT_EQ(world.view(3), g->view(3));
    const json truth = g->view(0)["trick"]["cards"];  // seat 0 sees neither
    const json guessed = world.view(1)["trick"]["cards"][1]["card"];
    guessed_otherwise += guessed != "G3";
    EXPECT_NE(guessed, "R3");  // seat 3's own cards are never guessed
    crownhall::test::expect_same_world_from_a_twin(*g, 3, seed);
    crownhall::test::expect_world_plays_on(world);
  }
  EXPECT_GT(guessed_otherwise, 0);
}

// The trick that ends the round turns up as any other, though the next round (here a Normal
// one) is dealt by then.
TEST(CrownBattlesStealth, TheRoundsLastTrickTurnsUpToo) {
  const json deal = {
      {"first_dealer", 3},
      {"rounds", {{{"hands", hands_of({{"R2"}, {"R13"}, {"G4"}, {"Y2"}})}, {"spinner", "X"}}}}};
  auto g = start({{"schedule", {1, 1}}, {"round_sequence", {"stealth", "normal"}}}, 4, deal);
  ASSERT_TRUE(g);
  for (int s = 0; s < 4; ++s) MUST_ACT(*g, s, bid(0));
  for (const std::string c : {"R2", "R13", "G4", "Y2"}) {
    const int s = c == "R2" ? 0 : c == "R13" ? 1 : c == "G4" ? 2 : 3;
    MUST_ACT(*g, s, play(c));
  }
  EXPECT_EQ(g->view(0)["round"]["type"], "normal");
  const auto lines = lines_read_by(*g, 0);
  EXPECT_TRUE(has_line(lines, ev("played_face_down_last", {{"seat", 3}})));
  EXPECT_TRUE(has_line(lines, ev("turned_up", {{"seat", 1}, {"card", "R13"}})));
  EXPECT_TRUE(has_line(lines, ev("turned_up", {{"seat", 2}, {"card", "G4"}})));
  EXPECT_TRUE(has_line(lines, ev("trick_won", {{"seat", 1}})));
}

TEST(CrownBattlesStealth, LeftOutWithTwoPlayers) {
  auto r = module().normalize_options({{"round_types", {"normal", "stealth"}}}, 2);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().reason,
            "round_types: Stealth Play needs 3 or more players (the Round Tracker leaves it out)");
  EXPECT_TRUE(module().normalize_options({{"round_types", {"stealth"}}}, 3));
}

// Our ruling: a Special Power card is played face up, its power acting in sight of all.
TEST(CrownBattlesStealth, SpecialPowerCardsArePlayedFaceUp) {
  auto g = stealth_round(hands_of({{"R2", "PEASANT1", "Y5"},
                                   {"WIZARD", "G3", "B1"},
                                   {"G4", "Y9", "R5"},
                                   {"R3", "Y2", "DRAGON1"}}),
                         {{"specials", {"WIZARD"}}});
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, play("R2"));
  MUST_ACT(*g, 1, play("WIZARD"));
  EXPECT_EQ(g->view(0)["trick"]["cards"][1], shown("WIZARD", 1));
  MUST_ACT(*g, 2, play("R5"));
  const json seen = g->view(0);
  EXPECT_EQ(seen["trick"]["cards"][2], face_down(2));
  EXPECT_EQ(seen.dump().find("R5"), std::string::npos) << "not in `played` either";
  MUST_ACT(*g, 3, play("R3"));
  EXPECT_TRUE(has_line(lines_read_by(*g, 0), ev("turned_up", {{"seat", 2}, {"card", "R5"}})));
}

// Our ruling: a Summoner after a face-down card copies it without showing it.
TEST(CrownBattlesStealth, ASummonerCopiesAFaceDownCardWithoutShowingIt) {
  auto g = stealth_round(hands_of({{"R2", "PEASANT1", "Y5"},
                                   {"R13", "G3", "B1"},
                                   {"SUMMONER", "Y9", "R5"},
                                   {"R3", "Y2", "DRAGON1"}}),
                         {{"specials", {"SUMMONER"}}});
  ASSERT_TRUE(g);
  MUST_ACT(*g, 0, play("R2"));
  MUST_ACT(*g, 1, play("R13"));
  MUST_ACT(*g, 2, play("SUMMONER"));
  EXPECT_EQ(g->view(0)["trick"]["cards"][2], shown("SUMMONER", 2));
  EXPECT_TRUE(has_line(lines_read_by(*g, 0), ev("summoner_copies_face_down")));
  for (int viewer : {0, 2, 3, -1}) {
    EXPECT_EQ(g->view(viewer).dump().find("R13"), std::string::npos) << viewer;
    for (const std::string& line : lines_read_by(*g, viewer))
      EXPECT_EQ(line.find("R13"), std::string::npos) << line;
  }
}

}  // namespace
}  // namespace crown_battles_test
