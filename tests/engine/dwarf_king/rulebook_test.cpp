// The rulebook's worked examples, played through apply() from stacked deals.
#include "designed_hands.hpp"
#include "scenario.hpp"

namespace crownhall::dwarf_king::testing {
namespace {

constexpr int catie = 0, peter = 1, bruno = 2;

json rulebook_deal(const std::string& special) {
  // Rulebook: Peter took the 5 of Dwarves, so he deals; tile 12 is "Knights over Dwarves".
  return {
      {"first_dealer", peter},
      {"hands",
       json::array({{{"cards", cards_from_tricks(3, rulebook_hand(special))}, {"quest", 12}}})}};
}

// Rulebook, "Playing a hand", example: Catie leads the 3 of Dwarves, Peter plays the 4,
// Bruno has no Dwarf and discards the King of Goblins; Peter takes the trick.
TEST(Rulebook, FirstTrickExample) {
  table t = start(3, rulebook_deal("dragon"));
  const json v = t.view(spectator);
  EXPECT_EQ(v["dealer"], peter);
  EXPECT_EQ(v["special"]["name"], "Dragon");
  EXPECT_EQ(v["hand_sizes"], json::array({13, 13, 13}));
  // Bruno has the 5 of Knights: he draws the tile and chooses.
  EXPECT_EQ(v["phase"], "quest");
  EXPECT_EQ(v["to_act"], json::array({bruno}));
  EXPECT_EQ(v["quest"]["tile"], 12);
  EXPECT_EQ(v["quest"]["sides"][0]["name"], "Knights over Dwarves");
  EXPECT_EQ(v["known"][bruno], json::array({"k5"}));
  ASSERT_TRUE(t.choose(bruno, "A"));
  // Catie has the 5 of Goblins: she shows it and leads.
  EXPECT_EQ(t.view(bruno)["to_act"], json::array({catie}));
  EXPECT_EQ(t.view(bruno)["known"][catie], json::array({"g5"}));
  EXPECT_EQ(t.view(bruno)["first_leader"], catie);
  ASSERT_TRUE(t.play(catie, "d3"));
  // Peter must play a Dwarf (or the Dragon, which may always be played).
  EXPECT_EQ(t.playable_ids(peter),
            (std::vector<std::string>{"d4", "d8", "d9", "dK", "dA", "dragon"}));
  ASSERT_TRUE(t.play(peter, "d4"));
  // Bruno has no Dwarf: any of his 13 cards.
  EXPECT_EQ(t.playable_ids(bruno).size(), 13u);
  ASSERT_TRUE(t.play(bruno, "gK"));
  const json after = t.view(catie);
  EXPECT_EQ(after["last_trick"]["winner"], peter);
  EXPECT_EQ(after["taken"][peter], json::array({"d3", "d4", "gK"}));
  EXPECT_EQ(after["to_act"], json::array({peter}));
}

// Rulebook, "Scoring points", example, under "Knights over Dwarves": Catie -6, Bruno 4,
// Pierre (Peter) 2.
TEST(Rulebook, ScoringExample) {
  table t = start(3, rulebook_deal("druid"));
  ASSERT_TRUE(t.choose(bruno, "A"));
  ASSERT_TRUE(t.tricks(rulebook_hand("druid")));
  ASSERT_EQ(t.g().results().size(), 1u);
  const hand_result& r = t.g().results()[0];
  EXPECT_EQ(r.tricks, (std::array<std::uint8_t, max_players>{4, 6, 3, 0, 0}));
  EXPECT_EQ(r.quest_points[catie], -6);
  EXPECT_EQ(r.quest_points[bruno], 4);
  EXPECT_EQ(r.quest_points[peter], 2);
  EXPECT_EQ(r.points, r.quest_points);  // the Druid in the last trick does nothing
  const json out = t.state->outcome();
  EXPECT_EQ(out["totals"], json::array({-6, 2, 4}));
  EXPECT_EQ(out["hands"][0]["quest"]["name"], "Knights over Dwarves");
  EXPECT_EQ(out["hands"][0]["special"], "Druid");
  // Peter took the 5 of Dwarves (trick 4): he deals the next hand.
  EXPECT_EQ(t.g().hand_number(), 1);
  EXPECT_EQ(t.g().dealer(), peter);
  EXPECT_NE(t.g().special(), special_card(special::druid));  // never reused
}

}  // namespace
}  // namespace crownhall::dwarf_king::testing
