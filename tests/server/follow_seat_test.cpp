// Spectator mode "follow one seat", without sockets: a spectator chooses a seat;
// it sees that seat's view only while the seat's player allows it (revocable), and never a
// move to make; other spectators keep the public view; players' messages do not change.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/core/registry.hpp"
#include "protocol/server_messages.hpp"
#include "server/table/table.hpp"
#include "table_people.hpp"
#include "tests/common/test_scale.hpp"
#include "watched_table.hpp"

namespace crownhall::server {
namespace {

using protocol::error;

using namespace testing;

// Crown Battles for four: Ann (host), Bob and two bots; Eve and Dan watch.
class FollowSeatTest : public ::testing::Test {
 protected:
  explicit FollowSeatTest(protocol::spectator_mode mode = protocol::spectator_mode::follow_seat) {
    rules.bot_delay_ms = 100;
    const game_module* g = find_game("crown-battles");
    const json requested = {{"schedule", {2, 3}}};
    auto options = g->normalize_options(requested, 4);
    table_settings s{4, *options, requested, false, true, std::nullopt};
    s.spectator_view = mode;
    t = std::make_unique<table>("t-follow", "INVITE0123456789", *g, s, rules, 5);
    ok(t->join(ann.who, protocol::join_role::player, std::nullopt, false, at(0)));
    ok(t->join(bob.who, protocol::join_role::player, std::nullopt, false, at(0)));
    for (int i = 0; i < 2; ++i) ok(t->add_bot(*ann.who, bot_kind::heuristic, std::nullopt, at(0)));
    ok(t->join(eve.who, protocol::join_role::spectator, std::nullopt, false, at(0)));
    ok(t->join(dan.who, protocol::join_role::spectator, std::nullopt, false, at(0)));
    ok(t->set_ready(*bob.who, true, at(0)));
    ok(t->start(*ann.who, at(0)));
    t->publish(at(0));
  }

  // One step: a person to act plays the first legal action, else the next bot moves.
  void step() {
    for (person* p : {&ann, &bob}) {
      const int s = *t->seat_of(*p->who);
      if (has_seat(t->game()->seats_to_act(), s)) {
        action_list legal;
        t->game()->legal_actions(s, legal);
        ok(t->act(*p->who, t->game()->action_to_json(legal[0]), std::nullopt, at(now)));
        t->publish(at(now));
        return;
      }
    }
    now = std::max(now, *t->next_deadline());
    t->on_timer(at(now));
    t->publish(at(now));
  }

  table_rules rules;
  person ann{"Ann", 0}, bob{"Bob", 1}, eve{"Eve", 4}, dan{"Dan", 3};
  std::unique_ptr<table> t;
  std::int64_t now = 0;
};

TEST_F(FollowSeatTest, AFollowerSeesTheSeatOnlyWhileItsPlayerAllows) {
  EXPECT_EQ(dan.table()["spectator_mode"], "follow_seat");
  EXPECT_EQ(dan.table()["seats"][1]["shared"], false);
  ok(t->follow(*eve.who, 1, at(now)));
  t->publish(at(now));
  // Not shared yet: the public view, and Eve is told whom she follows.
  EXPECT_EQ(eve.table()["you"]["following"], 1);
  EXPECT_EQ(eve.table()["you"]["shown"], false);
  EXPECT_EQ(eve.table()["game"], dan.table()["game"]);
  EXPECT_FALSE(bob.table()["game"]["view"]["hand"].empty());
  EXPECT_NE(eve.table()["game"]["view"], bob.table()["game"]["view"]);

  ok(t->share_view(*bob.who, true, std::nullopt, at(now)));
  t->publish(at(now));
  EXPECT_EQ(dan.table()["seats"][1]["shared"], true);
  EXPECT_EQ(dan.table()["last_event"]["kind"], "view_shared");
  EXPECT_EQ(eve.table()["you"]["shown"], true);
  // Move by move, Eve sees exactly Bob's view and never a move to make; Dan the public one.
  int compared = 0;
  for (int i = 0; i < 20 && t->state() == table_state::playing; ++i, ++compared) {
    const json seen = eve.table()["game"];
    EXPECT_EQ(seen["view"], bob.table()["game"]["view"]) << "step " << i;
    EXPECT_TRUE(seen["legal"].empty());
    EXPECT_FALSE(seen.contains("time_left_ms"));
    EXPECT_NE(dan.table()["game"]["view"], bob.table()["game"]["view"]);
    step();
  }
  EXPECT_GT(compared, 10);

  // Bob takes his leave back: Eve is back to the public view at once.
  ok(t->share_view(*bob.who, false, std::nullopt, at(now)));
  t->publish(at(now));
  ASSERT_EQ(t->state(), table_state::playing);
  EXPECT_EQ(eve.table()["you"]["shown"], false);
  EXPECT_EQ(eve.table()["game"], dan.table()["game"]);
  ok(t->follow(*eve.who, std::nullopt, at(now)));
  t->publish(at(now));
  EXPECT_FALSE(eve.table()["you"].contains("following"));
}

TEST_F(FollowSeatTest, OnlySpectatorsFollowAndOnlyPlayersShare) {
  refused(t->follow(*ann.who, 1, at(now)), error::bad_message);
  refused(t->share_view(*eve.who, true, std::nullopt, at(now)), error::not_seated);
  refused(t->follow(*eve.who, 9, at(now)), error::no_such_seat);
  // A new spectator who arrives while Bob shares sees Bob's view at once, when following.
  ok(t->share_view(*bob.who, true, std::nullopt, at(now)));
  ok(t->follow(*dan.who, 1, at(now)));
  person cy{"Cy", 5};
  ok(t->join(cy.who, protocol::join_role::spectator, std::nullopt, false, at(now)));
  ok(t->follow(*cy.who, 1, at(now)));
  t->publish(at(now));
  EXPECT_EQ(cy.table()["game"]["view"], bob.table()["game"]["view"]);
  EXPECT_EQ(dan.table()["game"]["view"], bob.table()["game"]["view"]);
  t->send_snapshot(*cy.who, at(now));  // a reconnect's snapshot: still Bob's view
  EXPECT_EQ(cy.table()["game"]["view"], bob.table()["game"]["view"]);
}

class PublicModeTest : public FollowSeatTest {
 protected:
  PublicModeTest() : FollowSeatTest(protocol::spectator_mode::public_view) {}
};

TEST_F(PublicModeTest, NobodyFollowsAndNobodyShares) {
  EXPECT_EQ(dan.table()["spectator_mode"], "public");
  EXPECT_FALSE(dan.table()["seats"][1].contains("shared"));
  refused(t->follow(*eve.who, 1, at(now)), error::spectators_not_allowed);
  refused(t->share_view(*bob.who, true, std::nullopt, at(now)), error::spectators_not_allowed);
}

}  // namespace
}  // namespace crownhall::server

namespace crownhall::server {
namespace {

// On every game, 25 games each: Ann (seat 0) shares her view, Eve follows her, Dan watches
// the public view. Every message: Eve's game is Ann's view without moves, Dan's never shows
// Ann's hand; and Ann's own `game` and `events` are what a table in public mode sends her.
class EveryGameFollowSeat : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryGameFollowSeat, TheFollowerSeesTheSharedSeatAndNobodyElseSeesMore) {
  int messages = 0;
  // 25 games in Release; a tenth under the sanitizers (tests/common/test_scale.hpp).
  const int games = test::scaled_games(25);
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(games); ++seed) {
    watched_table follow(GetParam(), seed, protocol::spectator_mode::follow_seat);
    watched_table plain(GetParam(), seed, protocol::spectator_mode::public_view);
    for (int i = 0; i < 5000 && follow.playing(); ++i) {
      const json ann = follow.ann.table(), eve = follow.eve.table(), dan = follow.dan.table();
      ASSERT_EQ(eve["game"]["view"], ann["game"]["view"]) << "seed " << seed << " step " << i;
      ASSERT_TRUE(eve["game"]["legal"].empty());
      ASSERT_EQ(dan["game"], plain.dan.table()["game"]) << "seed " << seed << " step " << i;
      ASSERT_EQ(ann["game"], plain.ann.table()["game"]) << "seed " << seed << " step " << i;
      ++messages;
      follow.step();
      plain.step();
    }
    ASSERT_FALSE(follow.playing()) << "seed " << seed;
    EXPECT_EQ(follow.ann.link->lines(), plain.ann.link->lines()) << "seed " << seed;
  }
  EXPECT_GT(messages, games * 10);
}

INSTANTIATE_TEST_SUITE_P(Games, EveryGameFollowSeat, every_game(), game_test_name);

}  // namespace
}  // namespace crownhall::server
