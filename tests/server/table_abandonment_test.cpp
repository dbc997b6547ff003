// A game nobody is left at (server/table/table_abandonment), without sockets: time passed in by
// hand. A pause nobody can resume ends once the last person's grace is over, or at once when
// they leave; a game nobody holds a seat in stops after the set time; a player back at
// their seat makes it play again.
#include <gtest/gtest.h>

#include "engine/core/registry.hpp"
#include "server/table/table.hpp"
#include "server/table/table_abandonment.hpp"
#include "table_people.hpp"

namespace crownhall::server {
namespace {

using namespace testing;

constexpr std::int64_t stop_after = 60000;

// Crown Battles for three: Ann alone with two bots, paused.
class TableAbandonmentTest : public ::testing::Test {
 protected:
  TableAbandonmentTest() {
    rules.bot_delay_ms = 100;
    const game_module* g = find_game("crown-battles");
    auto options = g->normalize_options(json::object(), 3);
    table_settings s{3, *options, json::object(), false, true, std::nullopt};
    t = std::make_unique<table>("t-alone", "INVITE0123456789", *g, s, rules, 11);
    ok(t->join(ann.who, protocol::join_role::player, std::nullopt, false, at(0)));
    for (int i = 0; i < 2; ++i) ok(t->add_bot(*ann.who, bot_kind::heuristic, std::nullopt, at(0)));
    ok(t->start(*ann.who, at(0)));
    ok(t->pause(*ann.who, true, at(0)));  // alone with bots: paused at once
    EXPECT_TRUE(t->paused());
    EXPECT_FALSE(watch.review(*t, at(0)));
  }

  table_rules rules;
  person ann{"Ann", 0};
  std::unique_ptr<table> t;
  table_abandonment watch{stop_after};
};

TEST_F(TableAbandonmentTest, APauseEndsWhenTheLastPersonsGraceIsOverThenTheGameStops) {
  ann.who->detach(ann.link.get());
  t->connection_changed(*ann.who, at(1000));
  // Within her grace the pause is hers to end: it stands, and is looked at again then.
  EXPECT_FALSE(watch.review(*t, at(1000)));
  EXPECT_TRUE(t->paused());
  EXPECT_EQ(watch.next_review(), 1000 + rules.grace_ms);
  EXPECT_FALSE(watch.review(*t, at(1000 + rules.grace_ms - 1)));
  EXPECT_TRUE(t->paused());

  // Past it nobody can resume: the pause ends and the bots play, for a while.
  std::int64_t now = 1000 + rules.grace_ms;
  EXPECT_FALSE(watch.review(*t, at(now)));
  EXPECT_FALSE(t->paused());
  EXPECT_EQ(watch.next_review(), now + stop_after);
  const std::size_t before = t->actions_applied();
  for (int i = 0; i < 20; ++i) t->on_timer(at(now + rules.grace_ms + 1000 * i));
  EXPECT_GT(t->actions_applied(), before);
  EXPECT_FALSE(watch.review(*t, at(now + stop_after - 1)));

  // Then the game stops, and nothing is due any more.
  EXPECT_TRUE(watch.review(*t, at(now + stop_after)));
  EXPECT_TRUE(watch.stopped());
  EXPECT_EQ(watch.next_review(), std::nullopt);

  // Ann reconnects: a person holds her seat again and the game goes on.
  ann.who->attach(ann.link);
  t->connection_changed(*ann.who, at(now + stop_after + 5000));
  EXPECT_FALSE(watch.review(*t, at(now + stop_after + 5000)));
  EXPECT_FALSE(watch.stopped());
}

TEST_F(TableAbandonmentTest, APauseEndsAtOnceWhenTheLastPersonLeaves) {
  ok(t->leave(*ann.who, at(500)));
  EXPECT_FALSE(watch.review(*t, at(500)));
  EXPECT_FALSE(t->paused());
  t->publish(at(500));
  EXPECT_TRUE(watch.review(*t, at(500 + stop_after)));

  // Back through the table's link (or History): the seat is hers and the game plays on.
  ok(t->join(ann.who, protocol::join_role::player, std::nullopt, false, at(90000)));
  EXPECT_FALSE(watch.review(*t, at(90000)));
  EXPECT_NE(t->next_deadline(), std::nullopt);
}

TEST(TableAbandonment, NoStopTimeLetsTheBotsPlayOn) {
  table_rules rules;
  person ann{"Ann", 0};
  const game_module* g = find_game("queens-court");
  auto options = g->normalize_options(json::object(), 2);
  table_settings s{2, *options, json::object(), false, true, std::nullopt};
  table t("t-bots", "INVITE0123456789", *g, s, rules, 3);
  ok(t.join(ann.who, protocol::join_role::player, std::nullopt, false, at(0)));
  ok(t.add_bot(*ann.who, bot_kind::heuristic, std::nullopt, at(0)));
  ok(t.start(*ann.who, at(0)));
  ok(t.leave(*ann.who, at(0)));
  table_abandonment never{0};
  EXPECT_FALSE(never.review(t, at(0)));
  EXPECT_FALSE(never.review(t, at(3600 * 1000)));
  EXPECT_EQ(never.next_review(), std::nullopt);
}

}  // namespace
}  // namespace crownhall::server
