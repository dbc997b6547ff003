// Every quest tile, both sides, scored at the end of two whole hands played through apply():
// a 3-player hand (tricks 6, 4, 3) and a 5-player hand (tricks 2, 2, 2, 1, 1). The expected
// points were counted by hand from the tricks in designed_hands.hpp and checked by an
// independent script.
#include "designed_hands.hpp"
#include "scenario.hpp"

namespace crownhall::dwarf_king::testing {
namespace {

struct quest_case {
  int tile;
  const char* side;
  std::vector<int> three;  // seats 0-2
  std::vector<int> five;   // seats 0-4
};

void PrintTo(const quest_case& c, std::ostream* os) { *os << "tile " << c.tile << c.side; }

class Quest : public ::testing::TestWithParam<quest_case> {};

std::vector<int> play_hand(int players, const std::vector<std::string>& tricks, int holder,
                           const quest_case& c) {
  table t = start(players, {{"hands", json::array({{{"cards", cards_from_tricks(players, tricks)},
                                                    {"quest", c.tile}}})}});
  EXPECT_EQ(t.view(spectator)["to_act"], json::array({holder}));
  EXPECT_TRUE(t.choose(holder, c.side));
  EXPECT_TRUE(t.tricks(tricks));
  EXPECT_EQ(t.g().results().size(), 1u);
  if (t.g().results().empty()) return {};
  const hand_result& r = t.g().results()[0];
  const json out = t.state->outcome();
  EXPECT_EQ(out["hands"][0]["quest"]["tile"], c.tile);
  EXPECT_EQ(out["hands"][0]["quest"]["side"], c.side);
  std::vector<int> points;
  for (int s = 0; s < players; ++s) {
    // Neither hand's special card scores (the Joker is not in the last trick).
    EXPECT_EQ(r.bonus[static_cast<std::size_t>(s)], 0);
    EXPECT_EQ(r.points[static_cast<std::size_t>(s)], r.quest_points[static_cast<std::size_t>(s)]);
    EXPECT_EQ(t.g().total(s), r.points[static_cast<std::size_t>(s)]);
    points.push_back(r.quest_points[static_cast<std::size_t>(s)]);
  }
  return points;
}

TEST_P(Quest, ThreePlayerHand) {
  EXPECT_EQ(play_hand(3, quest_hand_3, 1, GetParam()), GetParam().three);
}

TEST_P(Quest, FivePlayerHand) {
  EXPECT_EQ(play_hand(5, quest_hand_5, 2, GetParam()), GetParam().five);
}

const quest_case cases[] = {
    {1, "A", {8, 4, 2}, {2, 2, 2, 2, 2}},      {1, "B", {-8, -4, -2}, {-2, -2, -2, -2, -2}},
    {2, "A", {2, 4, 2}, {2, 2, 2, 0, 2}},      {2, "B", {-2, -4, -2}, {-2, -2, -2, 0, -2}},
    {3, "A", {20, 4, 0}, {8, 8, 8, 0, 0}},     {3, "B", {8, 8, 8}, {8, 4, 4, 4, 4}},
    {4, "A", {-12, -2, 0}, {0, -8, 0, -5, 0}}, {4, "B", {-3, -4, -6}, {-10, -1, -2, 0, 0}},
    {5, "A", {3, 6, 4}, {1, 2, 2, 2, 1}},      {5, "B", {4, 3, 6}, {2, 2, 1, 1, 2}},
    {6, "A", {0, -5, 0}, {-5, 0, 0, 0, 0}},    {6, "B", {0, 5, 0}, {5, 0, 0, 0, 0}},
    {7, "A", {6, 4, 3}, {2, 2, 2, 1, 1}},      {7, "B", {-6, -4, -3}, {-2, -2, -2, -1, -1}},
    {8, "A", {0, 0, 5}, {0, 0, 0, 0, 0}},      {8, "B", {0, 0, 0}, {0, 0, 0, 5, 5}},
    {9, "A", {0, 5, 0}, {0, 0, 0, 0, 0}},      {9, "B", {0, 0, 0}, {5, 5, 5, 0, 0}},
    {10, "A", {5, 5, 0}, {5, 5, 5, 0, 0}},     {10, "B", {0, 0, 5}, {0, 0, 0, 5, 5}},
    {11, "A", {5, 5, 5}, {0, 0, 0, 0, 0}},     {11, "B", {0, 0, 0}, {5, 5, 5, 5, 5}},
    {12, "A", {9, -4, -3}, {0, 7, -7, 5, -5}}, {12, "B", {-9, 4, 3}, {0, -7, 7, -5, 5}},
    {13, "A", {0, -6, 6}, {3, -6, -3, 3, 3}},  {13, "B", {0, 6, -6}, {-3, 6, 3, -3, -3}},
    {14, "A", {3, 5, 4}, {0, 0, 0, 0, 0}},     {14, "B", {-3, -5, -4}, {0, 0, 0, 0, 0}},
    {15, "A", {1, 0, 0}, {0, 0, 0, 0, 0}},     {15, "B", {-1, 0, 0}, {0, 0, 0, 0, 0}},
    {16, "A", {5, 0, 0}, {0, 0, 0, 0, 0}},     {16, "B", {0, 5, 5}, {5, 5, 5, 5, 5}},
    {17, "A", {3, 2, 0}, {0, 1, 0, 0, 0}},     {17, "B", {12, 6, 6}, {10, 8, 7, 5, 5}},
    {18, "A", {3, 7, 5}, {0, 0, 2, 0, 5}},     {18, "B", {1, 9, 0}, {0, 2, 0, 5, 0}},
    {19, "A", {17, 6, 3}, {2, 13, 3, 6, 1}},   {19, "B", {-17, -6, -3}, {-2, -13, -3, -6, -1}},
    {20, "A", {3, 6, 3}, {0, 0, 3, 3, 0}},     {20, "B", {6, 3, 0}, {3, 0, 3, 0, 0}}};

INSTANTIATE_TEST_SUITE_P(AllTiles, Quest, ::testing::ValuesIn(cases),
                         [](const ::testing::TestParamInfo<quest_case>& i) {
                           return "Tile" + std::to_string(i.param.tile) + i.param.side;
                         });

}  // namespace
}  // namespace crownhall::dwarf_king::testing

namespace crownhall::dwarf_king::testing {
namespace {

// The quest hook on its own, for the readings the rulings leave open
// (docs/rules/dwarf-king.md, "Decisions: quests").
hand_summary summary(std::vector<int> winners, std::vector<std::vector<std::string>> taken) {
  hand_summary h;
  h.players = static_cast<int>(taken.size());
  h.tricks_in_hand = static_cast<int>(winners.size());
  h.tricks_played = h.tricks_in_hand;
  for (std::size_t t = 0; t < winners.size(); ++t) {
    h.winners[t] = static_cast<std::uint8_t>(winners[t]);
    ++h.tricks[static_cast<std::size_t>(winners[t])];
  }
  for (std::size_t s = 0; s < taken.size(); ++s) h.taken[s] = set_of(taken[s]);
  return h;
}

std::vector<int> score(int tile, int side, const hand_summary& h) {
  std::array<int, max_players> points{};
  score_quest(
      quest_tiles()[static_cast<std::size_t>(tile - 1)].sides[static_cast<std::size_t>(side)], h,
      points);
  return std::vector<int>(points.begin(), points.begin() + h.players);
}

TEST(QuestHook, AllForOneCountsANumberNobodyElseHasEvenZero) {
  const hand_summary h = summary({1, 1, 2}, {{}, {}, {}, {}});  // 0, 2, 1, 0 tricks
  EXPECT_EQ(score(11, 0, h), (std::vector<int>{0, 5, 5, 0}));
  EXPECT_EQ(score(11, 1, h), (std::vector<int>{5, 0, 0, 5}));
}

TEST(QuestHook, NumbersGoToEveryoneTiedAtTheTopAndNotToNothing) {
  const hand_summary tied = summary({0, 1, 2}, {{"k9", "dJ"}, {"d4", "g5"}, {"gA"}});
  EXPECT_EQ(score(6, 0, tied), (std::vector<int>{-5, -5, 0}));
  EXPECT_EQ(score(6, 1, summary({0}, {{"kA"}, {}, {}})), (std::vector<int>{0, 0, 0}));
  // The suited special cards are numbers (the Druid is a Dwarf 1); magic cards are not.
  EXPECT_EQ(score(6, 1, summary({0, 1}, {{"druid", "dragon"}, {}, {}})),
            (std::vector<int>{5, 0, 0}));
}

TEST(QuestHook, EvensNeedATrick) {
  EXPECT_EQ(score(10, 0, summary({1, 1}, {{}, {}, {}})), (std::vector<int>{0, 5, 0}));
}

TEST(QuestHook, LowestNumberedCardIsZeroWithoutOneAndFacesDoNotCount) {
  const hand_summary h = summary({0, 1}, {{"dK", "d7", "druid"}, {"dA"}, {"k2"}});
  EXPECT_EQ(score(18, 0, h), (std::vector<int>{1, 0, 0}));
  EXPECT_EQ(score(18, 1, h), (std::vector<int>{0, 0, 2}));
}

TEST(QuestHook, ThirdTrickRaceSkipsThoseWhoNeverGetThere) {
  const hand_summary h = summary({2, 2, 0, 0, 2, 0, 1}, {{}, {}, {}});
  EXPECT_EQ(score(14, 0, h), (std::vector<int>{4, 0, 3}));
  EXPECT_EQ(score(14, 1, h), (std::vector<int>{-4, 0, -3}));
}

TEST(QuestHook, FaceTripletsCountTwo) {
  EXPECT_EQ(score(15, 0, summary({0}, {{"kQ", "dQ", "gQ", "k7", "d7", "g7", "kA", "dA"}, {}, {}})),
            (std::vector<int>{3, 0, 0}));
}

TEST(QuestHook, ArmiesCountSuitedSpecialsAndMayBeZero) {
  const hand_summary h = summary({0}, {{"k2", "k3", "joker", "d4", "mummy"}, {}, {}});
  EXPECT_EQ(score(17, 0, h), (std::vector<int>{0, 0, 0}));
  EXPECT_EQ(score(17, 1, h), (std::vector<int>{3, 0, 0}));
}

}  // namespace
}  // namespace crownhall::dwarf_king::testing
