// The move log as data: a play and its draw, each with its kind, arguments and audience
// (protocol/events.md, "Queen's Court").
#include "helpers.hpp"

namespace crownhall::queens_court {
namespace {

using namespace testing;

TEST(QueensCourtEvents, APlayIsPublicTheCardDrawnIsTheDrawersAlone) {
  json deal = {{"first_player", 0},
               {"rounds", json::array({{{"hands", {{"9b", "3a", "4a"}, {"2a", "6a", "7a"}}},
                                        {"piles", piles({{"1a", "9a"}, {"2b", "5b"}})},
                                        {"draw", {"8a", "8b", "8c", "8d"}}}})}};
  auto g = start(2, deal);
  ASSERT_TRUE(g);
  must_play(*g, 0, "3a", 1, "left");
  event_lines e;
  g->last_events(e);
  ASSERT_EQ(e.size(), 3u);
  EXPECT_EQ(e[0].kind, "played");
  EXPECT_EQ(e[0].args,
            json({{"seat", 0}, {"card", "3a"}, {"pile", {{"owner", 1}, {"side", "left"}}}}));
  EXPECT_EQ(e[0].to.who, event_audience::kind::everyone);
  EXPECT_EQ(e[1].kind, "own_draw");
  EXPECT_EQ(e[1].args, json({{"seat", 0}, {"cards", {"8a"}}}));
  EXPECT_TRUE(e[1].to.includes(0) && !e[1].to.includes(1) && !e[1].to.includes(spectator));
  EXPECT_EQ(e[2].kind, "drew");
  EXPECT_EQ(e[2].args, json({{"seat", 0}, {"count", 1}}));
  EXPECT_TRUE(!e[2].to.includes(0) && e[2].to.includes(1) && e[2].to.includes(spectator));
}

}  // namespace
}  // namespace crownhall::queens_court
