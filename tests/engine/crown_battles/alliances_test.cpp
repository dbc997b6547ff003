// Rulings, Alliances and Missions-Alliances (the expansion's round types): teams of two
// formed by the dealer (or at random), a solo player named with an odd count; each bids
// alone, the team's bid is the sum, one double bid per team; the Secret Note; no Alliance
// type in the final round; none with 2 players.
#include <algorithm>
#include <bit>
#include <map>

#include <gtest/gtest.h>

#include "engine/games/crown_battles/alliances.hpp"
#include "helpers.hpp"

namespace crown_battles_test {
namespace {

using cb::double_bid;
using cb::single_bid;

std::array<int, crownhall::max_seats> points(std::vector<cb::bid> bids,
                                             std::vector<std::uint8_t> tricks,
                                             std::vector<std::uint8_t> teams) {
  cb::duel_groups g;
  g.fill(cb::no_group);
  for (std::size_t s = 0; s < teams.size(); ++s) g[s] = teams[s];
  return cb::alliance_points(bids, tricks, g);
}

json pair(int seat) { return {{"type", "pair"}, {"seat", seat}}; }
json solo(int seat) { return {{"type", "solo"}, {"seat", seat}}; }
json note(const std::string& card) { return {{"type", "note"}, {"card", card}}; }

TEST(CrownBattlesAlliances, TeamBidIsTheSumMetOrMissedTogether) {
  // Teams {0, 2} and {1, 3}. 1 + 2 bid, 2 + 1 won: met, 10 × 3 + 10 each. 2 + 2 bid, 1 + 0
  // won: missed by 3, −30 each.
  const auto p = points({single_bid(1), single_bid(2), single_bid(2), single_bid(2)}, {2, 1, 1, 0},
                        {0, 1, 0, 1});
  EXPECT_EQ(p[0], 40);
  EXPECT_EQ(p[2], 40);
  EXPECT_EQ(p[1], -30);
  EXPECT_EQ(p[3], -30);
  // One member's double bid makes the team's a double bid: 1–2 + 1 = 2–3; 3 won: 5 × 3 + 5.
  const auto d = points({double_bid(1), single_bid(0), single_bid(1), single_bid(0)}, {1, 0, 2, 0},
                        {0, 1, 0, 1});
  EXPECT_EQ(d[0], 20);
  EXPECT_EQ(d[2], 20);
  EXPECT_EQ(d[1], 10);  // 0 + 0 bid, none won: met, 10 × 0 + 10
  EXPECT_EQ(d[3], 10);
}

TEST(CrownBattlesAlliances, TheSoloPlayerScoresDoublePerTrick) {
  // Seat 1 alone: 20 per trick + 10 if met, −10 per trick missed; a double bid (our ruling)
  // half: 10 per trick + 5.
  EXPECT_EQ(points({single_bid(0), single_bid(2), single_bid(0)}, {0, 2, 1}, {0, 1, 0})[1], 50);
  EXPECT_EQ(points({single_bid(0), single_bid(2), single_bid(0)}, {1, 0, 2}, {0, 1, 0})[1], -20);
  EXPECT_EQ(points({single_bid(0), single_bid(0), single_bid(0)}, {2, 0, 1}, {0, 1, 0})[1], 10);
  EXPECT_EQ(points({single_bid(0), double_bid(1), single_bid(0)}, {0, 2, 1}, {0, 1, 0})[1], 25);
}

TEST(CrownBattlesAlliances, MissionsAlliancesScoresBothMissionsTogether) {
  cb::duel_groups g;
  g.fill(cb::no_group);
  g[0] = 0, g[1] = 1, g[2] = 0, g[3] = 1, g[4] = 2;  // seat 4 alone
  const std::array<int, 5> values = {20, 35, 25, 10, 15};
  // Both of {0, 2} completed: 20 + 25 each. Of {1, 3} one failed: 0 each. Seat 4 completed:
  // twice its 15 (our ruling).
  auto p = cb::missions_alliance_points(values, 0b10111, g);
  EXPECT_EQ(p[0], 45);
  EXPECT_EQ(p[2], 45);
  EXPECT_EQ(p[1], 0);
  EXPECT_EQ(p[3], 0);
  EXPECT_EQ(p[4], 30);
  // Both of a team failed: −40 each; the solo player failed: −40.
  p = cb::missions_alliance_points(values, 0b00101, g);
  EXPECT_EQ(p[1], -40);
  EXPECT_EQ(p[3], -40);
  EXPECT_EQ(p[4], -40);
}

// Four players, three cards each, no trump; the first dealer is seat 3, so seat 0 bids and
// leads first. Two rounds: an Alliance type is never the final one.
std::unique_ptr<cb::state> alliance_round(const std::string& type = "alliances") {
  const json deal = three_card_deal();
  return start({{"schedule", {3, 3}}, {"round_types", {type}}}, 4, deal);
}

TEST(CrownBattlesAlliances, TheDealerFormsTheTeamsThenEachBidsAlone) {
  auto g = alliance_round();
  ASSERT_TRUE(g);
  EXPECT_EQ(g->view(0)["phase"], "pairing");
  EXPECT_EQ(g->seats_to_act(), 0b1000);  // the dealer
  auto r = act(*g, 3, bid(1));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "Alliances: the dealer forms the teams first (pair seat 0 with another)");
  MUST_ACT(*g, 3, pair(2));  // 0 and 2; then 1 and 3 are the last team
  EXPECT_EQ(g->view(-1)["round"]["teams"], json({0, 1, 0, 1}));
  EXPECT_TRUE(
      has_line(lines_read_by(*g, 1), ev("paired", {{"seat", 3}, {"first", 0}, {"partner", 2}})));
  EXPECT_TRUE(has_line(lines_read_by(*g, 1),
                       ev("groups", {{"type", "alliances"}, {"groups", {{0, 2}, {1, 3}}}})));
  EXPECT_EQ(g->view(0)["phase"], "bidding");
  // One double bid per team: seat 0 double-bids, so its ally may not.
  MUST_ACT(*g, 0, bid(1, 2));
  MUST_ACT(*g, 1, bid(1, 2));
  r = act(*g, 2, bid(0, 1));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "your ally has double-bid: one double bid per team");
  crownhall::action_list legal;
  g->legal_actions(2, legal);
  for (crownhall::action a : legal) EXPECT_NE(cb::kind_of(a), cb::action_kind::double_bid);
  MUST_ACT(*g, 2, bid(0));
  MUST_ACT(*g, 3, bid(1));
  // Team {0, 2} bid 1–2 + 0 = 1–2; team {1, 3} 1–2 + 1 = 2–3.
  MUST_ACT(*g, 0, play("R13"));
  MUST_ACT(*g, 1, play("GOLEM1"));  // wins
  MUST_ACT(*g, 2, play("G3"));
  MUST_ACT(*g, 3, play("R3"));
  MUST_ACT(*g, 1, play("B7"));
  MUST_ACT(*g, 2, play("G4"));
  MUST_ACT(*g, 3, play("DRAGON1"));  // wins
  MUST_ACT(*g, 0, play("B5"));
  MUST_ACT(*g, 3, play("Y2"));
  MUST_ACT(*g, 0, play("R2"));
  MUST_ACT(*g, 1, play("PEASANT1"));
  MUST_ACT(*g, 2, play("Y9"));  // wins (the lead is yellow)
  const json round = g->view(-1)["rounds"][0];
  EXPECT_EQ(round["tricks"], json({0, 1, 1, 1}));
  EXPECT_EQ(round["teams"], json({0, 1, 0, 1}));
  // {0, 2}: 1 won of 1–2, met on a double bid: 5 × 1 + 5. {1, 3}: 2 won of 2–3: 5 × 2 + 5.
  EXPECT_EQ(round["points"], json({10, 15, 10, 15}));
  // The final round is not an Alliance type: Normal Bidding instead.
  EXPECT_EQ(g->view(-1)["round"]["type"], "normal");
}

TEST(CrownBattlesAlliances, TheSecretNoteShowsOneCardToTheAllyAlone) {
  auto g = alliance_round();
  ASSERT_TRUE(g);
  MUST_ACT(*g, 3, pair(2));
  // Only on one's turn: seat 1 waits for seat 0.
  auto r = act(*g, 1, note("B7"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, crownhall::error_code::not_your_turn);
  MUST_ACT(*g, 0, note("R13"));
  EXPECT_EQ(g->view(2)["round"]["notes"][0], json({{"card", "R13"}, {"shown", true}}));
  EXPECT_EQ(g->view(0)["round"]["notes"][0], json({{"card", "R13"}, {"shown", true}}));
  for (int viewer : {1, 3, -1}) {
    EXPECT_EQ(g->view(viewer)["round"]["notes"][0], json({{"shown", true}})) << viewer;
    for (const std::string& line : lines_read_by(*g, viewer))
      EXPECT_EQ(line.find("R13"), std::string::npos) << line;
  }
  EXPECT_TRUE(has_line(lines_read_by(*g, 2),
                       ev("note_received", {{"seat", 2}, {"from", 0}, {"card", "R13"}})));
  EXPECT_TRUE(
      has_line(lines_read_by(*g, 0), ev("own_note", {{"seat", 0}, {"to", 2}, {"card", "R13"}})));
  EXPECT_TRUE(has_line(lines_read_by(*g, 1), ev("note_shown", {{"seat", 0}, {"to", 2}})));
  // Still seat 0's turn to bid; once a round.
  EXPECT_EQ(g->seats_to_act(), 0b0001);
  r = act(*g, 0, note("R2"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "a Secret Note is shown once a round, on your turn, to your ally");
  for (int s = 0; s < 4; ++s) MUST_ACT(*g, s, bid(1));
  // During play too, on one's turn: seat 1 shows a card before playing.
  MUST_ACT(*g, 0, play("R13"));
  r = act(*g, 1, note("R2"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "you do not hold R2");
  MUST_ACT(*g, 1, note("B7"));
  EXPECT_EQ(g->view(3)["round"]["notes"][1], json({{"card", "B7"}, {"shown", true}}));
  EXPECT_EQ(g->seats_to_act(), 0b0010);
  MUST_ACT(*g, 1, play("GOLEM1"));
  // Outside Alliance rounds there is no Secret Note.
  auto normal = start({{"schedule", {3}}}, 4);
  ASSERT_TRUE(normal);
  const int first = std::countr_zero(normal->seats_to_act());
  const std::string held(cb::card_id(*normal->hand(first).begin()));
  r = act(*normal, first, note(held));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "a Secret Note is for Alliance rounds");
}

TEST(CrownBattlesAlliances, WithAnOddCountTheDealerNamesTheSoloPlayerFirst) {
  const json deal = {
      {"first_dealer", 2},
      {"rounds", {{{"hands", hands_of({{"R13"}, {"B7"}, {"G3"}})}, {"spinner", "X"}}}}};
  auto g = start({{"schedule", {1, 1}}, {"round_types", {"alliances"}}}, 3, deal);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->view(2)["round"]["solo_next"], true);
  crownhall::action_list legal;
  g->legal_actions(2, legal);
  EXPECT_EQ(legal.size(), 3u);  // any seat, the dealer too
  auto r = act(*g, 2, pair(0));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->reason, "Alliances: with an odd count the dealer first names who plays alone");
  MUST_ACT(*g, 2, solo(1));
  EXPECT_EQ(g->view(0)["round"]["teams"], json({1, 0, 1}));
  EXPECT_TRUE(has_line(lines_read_by(*g, 0), ev("solo_named", {{"seat", 2}, {"solo", 1}})));
  EXPECT_TRUE(has_line(lines_read_by(*g, 0),
                       ev("groups", {{"type", "alliances"}, {"groups", {{1}, {0, 2}}}})));
  // The solo player has no ally to show a card to.
  EXPECT_EQ(g->view(0)["phase"], "bidding");
  MUST_ACT(*g, 0, bid(0));
  r = act(*g, 1, note("B7"));
  ASSERT_TRUE(r);
  MUST_ACT(*g, 1, bid(1));
  MUST_ACT(*g, 2, bid(0));
  MUST_ACT(*g, 0, play("R13"));
  MUST_ACT(*g, 1, play("B7"));
  MUST_ACT(*g, 2, play("G3"));
  // {0, 2} bid 0 and took 1: −10 each; seat 1 bid 1 and took 0: −10.
  EXPECT_EQ(g->view(-1)["rounds"][0]["points"], json({-10, -10, -10}));
}

TEST(CrownBattlesAlliances, RandomTeamsNeedNoDealer) {
  auto g = start(
      {{"schedule", {3, 3}}, {"round_types", {"alliances"}}, {"alliance_teams", "random"}}, 5);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->view(0)["phase"], "bidding");
  const json teams = g->view(0)["round"]["teams"];
  std::map<int, int> sizes;
  for (const json& t : teams) ++sizes[t.get<int>()];
  std::vector<int> counts;
  for (auto [team, n] : sizes) counts.push_back(n);
  std::sort(counts.begin(), counts.end());
  EXPECT_EQ(counts, std::vector<int>({1, 2, 2}));
}

TEST(CrownBattlesAlliances, NeverTheFinalRoundNorWithTwoPlayers) {
  auto r = module().normalize_options({{"round_types", {"normal", "alliances"}}}, 2);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().reason,
            "round_types: Alliances needs 3 or more players (the Round Tracker leaves it out)");
  // A fixed sequence naming an Alliance type for the final round plays another type of the
  // set there (Normal Bidding when the set has no other).
  auto g = start({{"schedule", {1, 1}}, {"round_sequence", {"normal", "missions_alliances"}}}, 4);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->type(), cb::round_type::normal);
  for (int s = 0; s < 4; ++s) {
    const int seat = std::countr_zero(g->seats_to_act());
    MUST_ACT(*g, seat, bid(0));
    (void)s;
  }
  while (g->score_table().empty()) {
    const int seat = std::countr_zero(g->seats_to_act());
    crownhall::action_list legal;
    g->legal_actions(seat, legal);
    ASSERT_FALSE(g->apply(seat, legal[0]));
  }
  EXPECT_EQ(g->type(), cb::round_type::normal);
  // Drawn from a set: never in the final round, over many seeds.
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    auto d =
        start({{"schedule", {2}}, {"round_types", {"alliances", "missions_alliances", "blind"}}}, 4,
              nullptr, seed);
    ASSERT_TRUE(d);
    EXPECT_EQ(d->type(), cb::round_type::blind) << seed;
  }
}

// The heuristic bot plays for its team: the trick its ally is winning is the team's, so it
// keeps its own winner for later (alone, it would take the trick it needs itself).
TEST(CrownBattlesAlliances, HeuristicBotDoesNotOvertakeItsAlly) {
  const json deal = {
      {"first_dealer", 3},
      {"rounds",
       {{{"hands",
          hands_of(
              {{"R10", "Y3", "Y4"}, {"B5", "B6", "B7"}, {"R12", "R2", "G9"}, {"G2", "G3", "G4"}})},
         {"spinner", "X"}}}}};
  for (const std::string type : {"alliances", "normal"}) {
    SCOPED_TRACE(type);
    auto g = start({{"schedule", {3, 3}}, {"round_sequence", {type, "normal"}}}, 4, deal);
    ASSERT_TRUE(g);
    if (type == "alliances") MUST_ACT(*g, 3, pair(2));  // teams {0, 2} and {1, 3}
    for (int bid_of : {1, 0, 1, 0}) MUST_ACT(*g, std::countr_zero(g->seats_to_act()), bid(bid_of));
    MUST_ACT(*g, 0, play("R10"));
    MUST_ACT(*g, 1, play("B5"));
    crownhall::prng rng(1);
    crownhall::action a = g->bot_action(2, crownhall::bot_kind::heuristic, rng);
    if (type == "alliances") {  // its Secret Note first (its strongest card), then its card
      EXPECT_EQ(g->action_to_json(a), note("R12"));
      ASSERT_FALSE(g->apply(2, a));
      a = g->bot_action(2, crownhall::bot_kind::heuristic, rng);
    }
    EXPECT_EQ(g->action_to_json(a), play(type == "alliances" ? "R2" : "R12"));
  }
}

// The heuristic bot shows its ally its strongest card at its first turn, once, then bids.
TEST(CrownBattlesAlliances, HeuristicBotShowsItsStrongestCardToItsAlly) {
  auto g = alliance_round();
  ASSERT_TRUE(g);
  MUST_ACT(*g, 3, pair(2));
  crownhall::prng rng(1);
  crownhall::action a = g->bot_action(0, crownhall::bot_kind::heuristic, rng);
  EXPECT_EQ(g->action_to_json(a), note("R13"));  // R13, R2, B5 and no trump
  ASSERT_FALSE(g->apply(0, a));
  a = g->bot_action(0, crownhall::bot_kind::heuristic, rng);
  EXPECT_EQ(g->action_to_json(a)["type"], "bid");
  EXPECT_EQ(g->view(2)["round"]["notes"][0]["card"], "R13");
}

TEST(CrownBattlesAlliances, MissionsAlliancesTeamsFirstThenMissions) {
  auto g = alliance_round("missions_alliances");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->view(0)["phase"], "pairing");
  MUST_ACT(*g, 3, pair(1));
  EXPECT_EQ(g->view(0)["phase"], "mission");
  // Hand 3, 4 players, no trump: "0 or 1 tricks" and "none of the first 1 trick" are offered.
  const auto mission = [](const std::string& id) {
    return json({{"type", "mission"}, {"mission", id}});
  };
  MUST_ACT(*g, 0, mission("zero_or_one"));
  MUST_ACT(*g, 1, mission("none_of_first"));
  MUST_ACT(*g, 2, mission("zero_or_one"));
  MUST_ACT(*g, 3, mission("zero_or_one"));
  // Missions are shown once all have chosen, as in a Missions round.
  EXPECT_EQ(g->view(2)["round"]["missions"][0]["mission"], "zero_or_one");
  MUST_ACT(*g, 0, play("R13"));
  MUST_ACT(*g, 1, play("GOLEM1"));
  MUST_ACT(*g, 2, play("G3"));
  MUST_ACT(*g, 3, play("R3"));
  MUST_ACT(*g, 1, play("B7"));
  MUST_ACT(*g, 2, play("G4"));
  MUST_ACT(*g, 3, play("DRAGON1"));
  MUST_ACT(*g, 0, play("B5"));
  MUST_ACT(*g, 3, play("Y2"));
  MUST_ACT(*g, 0, play("R2"));
  MUST_ACT(*g, 1, play("PEASANT1"));
  MUST_ACT(*g, 2, play("Y9"));
  const json round = g->view(-1)["rounds"][0];
  EXPECT_EQ(round["teams"], json({0, 0, 1, 1}));
  // Seat 1 won the first trick: its mission failed.
  EXPECT_EQ(round["missions_completed"], json({true, false, true, true}));
  const int value = *cb::mission_value(*cb::mission_from_name("zero_or_one"), 4, 3);
  // {0, 1} one failed: 0 each; {2, 3} both completed: each the sum of both values.
  EXPECT_EQ(round["points"], json({0, 0, 2 * value, 2 * value}));
}

}  // namespace
}  // namespace crown_battles_test
