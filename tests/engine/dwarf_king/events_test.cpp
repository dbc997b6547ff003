// The move log as data: a known action's events, each with its kind, arguments and
// audience (protocol/events.md, "The Dwarf King").
#include <gtest/gtest.h>

#include "scenario.hpp"

namespace crownhall::dwarf_king {
namespace {

using namespace testing;

event_lines events_of(const table& t) {
  event_lines out;
  t.state->last_events(out);
  return out;
}

TEST(Events, TheQuestThenAPlayAndTheTrickAreData) {
  table t = start(3, one_hand({{"g5", "d3"}, {"d9", "k9"}, {"k5", "d4"}}));
  ASSERT_TRUE(t.choose(2, "A"));
  event_lines e = events_of(t);
  ASSERT_GE(e.size(), 1u);
  EXPECT_EQ(e[0].kind, "quest_chosen");
  EXPECT_EQ(e[0].args, json({{"seat", 2}, {"tile", 7}, {"side", "A"}}));
  EXPECT_TRUE(e[0].to.includes(spectator));
  ASSERT_TRUE(t.play(0, "d3"));
  e = events_of(t);
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].kind, "played");
  EXPECT_EQ(e[0].args, json({{"seat", 0}, {"card", "d3"}}));
  ASSERT_TRUE(t.play(1, "d9"));
  ASSERT_TRUE(t.play(2, "d4"));
  e = events_of(t);
  ASSERT_GE(e.size(), 2u);
  EXPECT_EQ(e[1].kind, "trick_won");
  EXPECT_EQ(e[1].args, json({{"seat", 1}}));
  for (const game_event& x : e) EXPECT_EQ(x.to.who, event_audience::kind::everyone) << x.text();
}

}  // namespace
}  // namespace crownhall::dwarf_king
