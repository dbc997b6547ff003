// Pause by consent, without sockets: time passed in by hand. Asking, agreeing,
// withdrawing, declining; a paused table's clocks, bots and moves stand still; any player
// resumes and everything goes on from where it was.
#include <gtest/gtest.h>

#include "engine/core/registry.hpp"
#include "protocol/server_messages.hpp"
#include "server/table/table.hpp"
#include "table_people.hpp"

namespace crownhall::server {
namespace {

using protocol::error;

using namespace testing;

// Crown Battles for four: Ann (host) and Bob, two bots; a 60 s clock with no increment.
class PauseTest : public ::testing::Test {
 protected:
  PauseTest() {
    rules.bot_delay_ms = 100;
    const game_module* g = find_game("crown-battles");
    auto options = g->normalize_options(json::object(), 4);
    table_settings s{4, *options, json::object(), false, true, protocol::clock_setting{60, 0}};
    t = std::make_unique<table>("t-pause", "INVITE0123456789", *g, s, rules, 7);
    ok(t->join(ann.who, protocol::join_role::player, std::nullopt, false, at(0)));
    ok(t->join(bob.who, protocol::join_role::player, std::nullopt, false, at(0)));
    ok(t->join(eve.who, protocol::join_role::spectator, std::nullopt, false, at(0)));
    for (int i = 0; i < 2; ++i) ok(t->add_bot(*ann.who, bot_kind::heuristic, std::nullopt, at(0)));
    ok(t->set_ready(*bob.who, true, at(0)));
    ok(t->start(*ann.who, at(0)));
    t->publish(at(0));
  }
  void publish(std::int64_t now) { t->publish(at(now)); }

  table_rules rules;
  person ann{"Ann", 0}, bob{"Bob", 1}, eve{"Eve", 2};
  std::unique_ptr<table> t;
};

TEST_F(PauseTest, EveryPlayerMustAskThenClocksBotsAndMovesStandStill) {
  // Play until a human is to act with a clock running.
  std::int64_t now = 0;
  while (ann.table()["clock"]["running_seats"].empty()) {
    now = *t->next_deadline();
    t->on_timer(at(now));
    publish(now);
  }
  const int runner = ann.table()["clock"]["running_seats"][0];
  person& mover = runner == 0 ? ann : bob;

  now += 10000;  // ten seconds of thinking
  ok(t->pause(*ann.who, true, at(now)));
  publish(now);
  EXPECT_EQ(bob.table()["pause"]["paused"], false);
  EXPECT_EQ(bob.table()["pause"]["asked"], json::array({0}));
  EXPECT_EQ(bob.table()["last_event"]["kind"], "pause_asked");
  ok(t->pause(*ann.who, true, at(now)));  // asking twice changes nothing
  refused(t->pause(*eve.who, true, at(now)), error::not_seated);
  EXPECT_FALSE(t->paused());

  now += 1000;
  ok(t->pause(*bob.who, true, at(now)));
  publish(now);
  ASSERT_TRUE(t->paused());
  EXPECT_EQ(eve.table()["pause"]["paused"], true);
  EXPECT_EQ(eve.table()["last_event"]["kind"], "paused");
  EXPECT_TRUE(eve.table()["clock"]["running_seats"].empty());
  const json frozen = ann.table()["clock"]["remaining_ms"];
  EXPECT_EQ(frozen[runner], 60000 - 11000);

  // An hour later nothing has moved: no deadline, no bot, no move accepted.
  EXPECT_EQ(t->next_deadline(), std::nullopt);
  const std::uint64_t seq = ann.table()["seq"];
  now += 3600 * 1000;
  t->on_timer(at(now));
  publish(now);
  EXPECT_EQ(ann.table()["seq"], seq);
  refused(t->act(*mover.who, mover.table()["game"]["legal"][0], std::nullopt, at(now)),
          error::table_paused);
  refused(t->back(*mover.who, at(now)), error::table_paused);
  // A player who loses the connection and comes back meanwhile does not start a clock.
  mover.who->detach(mover.link.get());
  t->connection_changed(*mover.who, at(now));
  mover.who->attach(mover.link);
  t->connection_changed(*mover.who, at(now + 10));
  publish(now + 10);
  EXPECT_TRUE(ann.table()["clock"]["running_seats"].empty());
  EXPECT_EQ(ann.table()["clock"]["remaining_ms"], frozen);
  EXPECT_EQ(t->next_deadline(), std::nullopt);

  // Either player resumes; the clock goes on from where it stood.
  ok(t->pause(*bob.who, false, at(now)));
  publish(now);
  EXPECT_FALSE(t->paused());
  EXPECT_EQ(ann.table()["last_event"]["kind"], "resumed");
  EXPECT_EQ(ann.table()["pause"]["asked"], json::array());
  EXPECT_EQ(ann.table()["clock"]["remaining_ms"], frozen);
  EXPECT_EQ(ann.table()["clock"]["running_seats"], json::array({runner}));
  ASSERT_TRUE(t->next_deadline());
  EXPECT_EQ(*t->next_deadline(), now + frozen[runner].get<std::int64_t>());
  ok(t->act(*mover.who, mover.table()["game"]["legal"][0], std::nullopt, at(now + 500)));
}

// Bob does not want to stop: his "no" drops Ann's ask, the game goes on, and Ann may ask
// again later (a fresh ask needs Bob's yes as before).
TEST_F(PauseTest, APlayerWhoHasNotAskedDeclinesAndEveryAskIsDropped) {
  ok(t->pause(*ann.who, true, at(0)));
  ok(t->pause(*bob.who, false, at(0)));
  publish(0);
  EXPECT_FALSE(t->paused());
  EXPECT_EQ(ann.table()["last_event"]["kind"], "pause_declined");
  EXPECT_EQ(ann.table()["last_event"]["seat"], 1);
  EXPECT_EQ(ann.table()["pause"]["asked"], json::array());
  refused(t->pause(*eve.who, false, at(0)), error::not_seated);  // a spectator has no say

  ok(t->pause(*bob.who, false, at(0)));  // nothing left to decline: no change
  publish(0);
  EXPECT_EQ(ann.table()["last_event"]["kind"], "pause_declined");

  ok(t->pause(*ann.who, true, at(0)));
  publish(0);
  EXPECT_FALSE(t->paused());
  EXPECT_EQ(bob.table()["pause"]["asked"], json::array({0}));
  ok(t->pause(*bob.who, true, at(0)));
  EXPECT_TRUE(t->paused());
}

TEST_F(PauseTest, AnAskCanBeWithdrawnAndABotWaitsOutOnlyTheRestOfItsDelay) {
  std::int64_t now = 0;
  ok(t->pause(*ann.who, true, at(now)));
  ok(t->pause(*ann.who, false, at(now)));  // withdrawn
  publish(now);
  EXPECT_EQ(bob.table()["last_event"]["kind"], "pause_withdrawn");
  EXPECT_EQ(bob.table()["pause"]["asked"], json::array());
  ok(t->pause(*bob.who, false, at(now)));  // nothing to withdraw: no change
  EXPECT_FALSE(t->paused());

  // Find a moment when a bot is due next, then pause 40 ms into its delay.
  while (!ann.table()["clock"]["running_seats"].empty()) {
    person& p = ann.table()["clock"]["running_seats"][0] == 0 ? ann : bob;
    ok(t->act(*p.who, p.table()["game"]["legal"][0], std::nullopt, at(now)));
    publish(now);
  }
  ASSERT_TRUE(t->next_deadline());
  const std::int64_t due = *t->next_deadline();
  now = due - 60;
  ok(t->pause(*ann.who, true, at(now)));
  ok(t->pause(*bob.who, true, at(now)));
  ASSERT_TRUE(t->paused());
  now += 5000;
  ok(t->pause(*ann.who, false, at(now)));
  ASSERT_TRUE(t->next_deadline());
  EXPECT_EQ(*t->next_deadline(), now + 60);  // the rest of its delay, not a new one
}

TEST_F(PauseTest, OnlyPlayersAtAGameInProgressMayAsk) {
  table_rules r;
  const game_module* g = find_game("crown-battles");
  auto options = g->normalize_options(json::object(), 2);
  table_settings s{2, *options, json::object(), false, true, std::nullopt};
  table waiting("t-w", "INVITE0123456789", *g, s, r, 1);
  person zed("Zed", 5);
  ok(waiting.join(zed.who, protocol::join_role::player, std::nullopt, false, at(0)));
  refused(waiting.pause(*zed.who, true, at(0)), error::game_not_started);
  person stranger("Stranger", 6);
  refused(t->pause(*stranger.who, true, at(0)), error::not_at_table);
}

}  // namespace
}  // namespace crownhall::server
