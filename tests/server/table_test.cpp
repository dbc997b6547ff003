// The table's rules of the house without sockets or timers: seats, host, start, bots,
// clocks and away seats with time passed in by hand, views per audience.
#include "server/table/table.hpp"

#include <gtest/gtest.h>

#include "engine/core/registry.hpp"
#include "engine/core/search.hpp"
#include "protocol/server_messages.hpp"
#include "table_people.hpp"

namespace crownhall::server {
namespace {

using protocol::error;

using testing::at;
using testing::ok;
using testing::person;
using testing::refused;

class TableTest : public ::testing::Test {
 protected:
  TableTest() {
    rules.bot_delay_ms = 100;
    rules.grace_ms = 30000;
  }

  std::unique_ptr<table> make(int seats = 4, std::optional<protocol::clock_setting> clock = {},
                              bool is_private = false) {
    const game_module* g = find_game("crown-battles");
    EXPECT_NE(g, nullptr);
    auto options = g->normalize_options(json::object(), seats);
    EXPECT_TRUE(options);
    table_settings s{seats, *options, json::object(), is_private, true, clock};
    return std::make_unique<table>("t-test", "INVITE0123456789", *g, s, rules, 42);
  }

  // Seats p and three bots, starts.
  void start_with_bots(table& t, person& p) {
    ok(t.join(p.who, protocol::join_role::player, std::nullopt, false, at(0)));
    for (int i = 0; i < 3; ++i) ok(t.add_bot(*p.who, bot_kind::heuristic, std::nullopt, at(0)));
    ok(t.start(*p.who, at(0)));
    t.publish(at(0));
  }

  // Plays the human's first legal action from its latest view.
  outcome play_first_legal(table& t, person& p, std::int64_t now) {
    const json view = p.table();
    return t.act(*p.who, view["game"]["legal"][0], std::nullopt, at(now));
  }

  // The searches the table asked for, worked out at once as the room's workers would.
  static int answer_searches(table& t) {
    int n = 0;
    for (auto& r : t.take_search_requests()) {
      prng rng(r.seed);
      t.search_answered(r.seat, r.position,
                        search_action(*r.game, r.seat, rng, {.playouts = r.playouts}));
      ++n;
    }
    return n;
  }

  // Runs the table to the end: bots on their timer, the humans on their first legal move.
  void run_to_end(table& t, std::vector<person*> humans, std::int64_t& now) {
    for (int guard = 0; guard < 20000 && t.state() == table_state::playing; ++guard) {
      bool acted = false;
      for (person* p : humans) {
        const json view = p->table();
        if (view["game"].is_object() && !view["game"]["legal"].empty() &&
            view["seats"][view["you"]["seat"].get<int>()]["status"] == "human") {
          ok(t.act(*p->who, view["game"]["legal"][0], std::nullopt, at(now)));
          t.publish(at(now));
          acted = true;
          break;
        }
      }
      if (acted) continue;
      auto due = t.next_deadline();
      ASSERT_TRUE(due) << "nothing due and nobody to act";
      now = std::max(now, *due);
      t.on_timer(at(now));
      answer_searches(t);
      t.publish(at(now));
    }
    EXPECT_EQ(t.state(), table_state::finished);
  }

  table_rules rules;
};

TEST_F(TableTest, SeatsHostAndStart) {
  auto t = make();
  person ann("Ann", 0), bob("Bob", 1), cy("Cy", 2);
  ok(t->join(ann.who, protocol::join_role::player, std::nullopt, false, at(0)));
  ok(t->join(bob.who, protocol::join_role::player, std::nullopt, false, at(0)));
  refused(t->join(cy.who, protocol::join_role::player, 1, false, at(0)), error::seat_taken);
  refused(t->join(cy.who, protocol::join_role::player, 9, false, at(0)), error::no_such_seat);
  t->publish(at(0));
  EXPECT_EQ(ann.table()["host"], 0);
  EXPECT_EQ(ann.table()["you"]["host"], true);
  EXPECT_EQ(bob.table()["you"]["seat"], 1);

  refused(t->add_bot(*bob.who, bot_kind::random, std::nullopt, at(0)), error::not_host);
  refused(t->kick(*bob.who, 0, at(0)), error::not_host);
  refused(t->start(*bob.who, at(0)), error::not_host);
  refused(t->start(*ann.who, at(0)), error::not_ready);  // seats empty
  ok(t->add_bot(*ann.who, bot_kind::random, 3, at(0)));
  refused(t->add_bot(*ann.who, bot_kind::random, 3, at(0)), error::seat_taken);
  ok(t->add_bot(*ann.who, bot_kind::heuristic, std::nullopt, at(0)));  // seat 2
  refused(t->add_bot(*ann.who, bot_kind::heuristic, std::nullopt, at(0)), error::table_full);
  refused(t->join(cy.who, protocol::join_role::player, std::nullopt, false, at(0)),
          error::table_full);
  refused(t->start(*ann.who, at(0)), error::not_ready);  // Bob is not ready
  refused(t->remove_bot(*ann.who, 1, at(0)), error::no_such_seat);
  ok(t->remove_bot(*ann.who, 2, at(0)));
  ok(t->add_bot(*ann.who, bot_kind::heuristic, 2, at(0)));
  ok(t->set_ready(*bob.who, true, at(0)));
  // Options clear every ready flag.
  protocol::set_options change;
  change.clock = protocol::clock_setting{60, 2};
  ok(t->set_options(*ann.who, change, at(0)));
  refused(t->start(*ann.who, at(0)), error::not_ready);
  ok(t->set_ready(*bob.who, true, at(0)));
  ok(t->start(*ann.who, at(0)));
  EXPECT_EQ(t->state(), table_state::playing);
  refused(t->start(*ann.who, at(0)), error::game_started);
  refused(t->add_bot(*ann.who, bot_kind::random, std::nullopt, at(0)), error::game_started);
  refused(t->set_ready(*bob.who, false, at(0)), error::game_started);
  refused(t->join(cy.who, protocol::join_role::player, std::nullopt, false, at(0)),
          error::game_started);
  ok(t->join(cy.who, protocol::join_role::spectator, std::nullopt, false, at(0)));
  refused(t->act(*cy.who, json{{"type", "bid"}, {"bid", 0}}, std::nullopt, at(0)),
          error::not_seated);
  t->publish(at(0));
  const json spec = cy.table();
  EXPECT_EQ(spec["you"]["role"], "spectator");
  EXPECT_TRUE(spec["game"]["legal"].empty());
  EXPECT_TRUE(spec["game"]["view"]["hand"].empty());
  EXPECT_EQ(spec["clock_setting"]["bank_seconds"], 60);
}

TEST_F(TableTest, OptionsAreValidatedByTheGame) {
  auto t = make();
  person ann("Ann", 0), bob("Bob", 1);
  ok(t->join(ann.who, protocol::join_role::player, std::nullopt, false, at(0)));
  ok(t->join(bob.who, protocol::join_role::player, 3, false, at(0)));
  protocol::set_options m;
  m.seats = 9;
  refused(t->set_options(*ann.who, m, at(0)), error::invalid_options);
  m.seats = 3;  // seat 3 is taken
  refused(t->set_options(*ann.who, m, at(0)), error::invalid_options);
  m.seats = 5;
  m.options = json{{"schedule", "nonsense"}};
  refused(t->set_options(*ann.who, m, at(0)), error::invalid_options);
  m.options.reset();
  ok(t->set_options(*ann.who, m, at(0)));
  EXPECT_EQ(t->seat_count(), 5);
  EXPECT_EQ(t->lobby_entry()["seats"], 5);
  EXPECT_EQ(t->lobby_entry()["taken"], 2);
}

// A waiting table's preset can be switched back and forth: the new preset brings its own
// deck and schedule (the options are merged as the host gave them, then normalized).
TEST_F(TableTest, SwitchingThePresetBringsItsDeckAndSchedule) {
  auto t = make(2);
  person ann("Ann", 0);
  ok(t->join(ann.who, protocol::join_role::player, std::nullopt, false, at(0)));
  const game_module& g = t->game_module_of();
  const json standard = *g.normalize_options(json::object(), 2);
  const json classic = *g.normalize_options(json{{"preset", "2p-classic"}}, 2);
  ASSERT_NE(standard, classic);
  EXPECT_EQ(t->lobby_entry()["summary"], "2 players");
  protocol::set_options m;
  m.options = json{{"preset", "2p-classic"}};
  ok(t->set_options(*ann.who, m, at(0)));
  EXPECT_EQ(t->settings().options, classic);
  EXPECT_NE(t->lobby_entry()["summary"], "2 players");
  m.options = json{{"preset", "standard"}};
  ok(t->set_options(*ann.who, m, at(0)));
  EXPECT_EQ(t->settings().options, standard);
  EXPECT_EQ(t->lobby_entry()["summary"], "2 players");
}

TEST_F(TableTest, HostRolePassesOnWhenTheHostLeaves) {
  auto t = make();
  person ann("Ann", 0), bob("Bob", 1), cy("Cy", 2);
  ok(t->join(ann.who, protocol::join_role::player, 1, false, at(0)));
  ok(t->join(bob.who, protocol::join_role::player, 0, false, at(0)));
  ok(t->join(cy.who, protocol::join_role::player, 3, false, at(0)));
  t->publish(at(0));
  EXPECT_EQ(ann.table()["host"], 1);
  ok(t->transfer_host(*ann.who, 3, at(0)));
  refused(t->transfer_host(*ann.who, 0, at(0)), error::not_host);
  ok(t->transfer_host(*cy.who, 1, at(0)));
  refused(t->transfer_host(*ann.who, 2, at(0)), error::no_such_seat);  // empty
  ok(t->leave(*ann.who, at(0)));
  t->publish(at(0));
  EXPECT_EQ(bob.table()["host"], 3);  // next seated human clockwise from seat 1
  EXPECT_EQ(t->take_removed().size(), 1u);
  ok(t->kick(*cy.who, 0, at(0)));
  EXPECT_EQ(bob.link->count("kicked"), 1);
  ok(t->leave(*cy.who, at(0)));
  EXPECT_TRUE(t->abandoned());
}

TEST_F(TableTest, PrivateTablesNeedTheInvite) {
  auto t = make(4, std::nullopt, true);
  person ann("Ann", 0), bob("Bob", 1);
  ok(t->join(ann.who, protocol::join_role::player, std::nullopt, true, at(0)));
  refused(t->join(bob.who, protocol::join_role::player, std::nullopt, false, at(0)),
          error::invite_required);
  refused(t->join(bob.who, protocol::join_role::spectator, std::nullopt, false, at(0)),
          error::invite_required);
  ok(t->join(bob.who, protocol::join_role::player, std::nullopt, true, at(0)));
  t->publish(at(0));
  EXPECT_EQ(bob.table()["invite"], "INVITE0123456789");
}

TEST_F(TableTest, AGameWithBotsRunsToTheEndOnTheTimer) {
  auto t = make();
  person ann("Ann", 0);
  start_with_bots(*t, ann);
  std::int64_t now = 0;
  run_to_end(*t, {&ann}, now);
  const json last = ann.table();
  EXPECT_EQ(last["state"], "finished");
  EXPECT_TRUE(last["game"]["outcome"].is_object());
  EXPECT_FALSE(t->next_deadline());
  // Bots wait bot_delay_ms per move: the game took time.
  EXPECT_GT(now, 100 * 20);
  // The next game: the host starts again (bots are ready; Ann is the host).
  ok(t->start(*ann.who, at(now)));
  EXPECT_EQ(t->state(), table_state::playing);
  EXPECT_EQ(t->game_id(), "t-test-2");
}

// A rematch: one click by the host offers the same seats and options a new game; those who
// accept are seated, bots take the seats of those who left or declined, and the game starts
// when the last person accepts.
TEST_F(TableTest, ARematchSeatsThoseWhoAcceptAndBotsTheRest) {
  const game_module* g = find_game("crown-battles");
  auto options = g->normalize_options(json{{"schedule", {1}}}, 4);
  ASSERT_TRUE(options);
  table t("t-re", "INVITE0123456789", *g, {4, *options, json::object(), false, true, {}}, rules, 5);
  person ann("Ann", 0), bob("Bob", 1), cy("Cy", 2), dee("Dee", 3);
  for (person* p : {&ann, &bob, &cy, &dee})
    ok(t.join(p->who, protocol::join_role::player, std::nullopt, false, at(0)));
  refused(t.rematch(*ann.who, at(0)), error::game_not_started);
  for (person* p : {&bob, &cy, &dee}) ok(t.set_ready(*p->who, true, at(0)));
  ok(t.start(*ann.who, at(0)));
  t.publish(at(0));
  refused(t.rematch(*ann.who, at(0)), error::game_started);
  std::int64_t now = 0;
  run_to_end(t, {&ann, &bob, &cy, &dee}, now);
  EXPECT_EQ(ann.table()["rematch"], false);

  ok(t.leave(*bob.who, at(now)));  // gone before the offer
  refused(t.rematch(*cy.who, at(now)), error::not_host);
  ok(t.rematch(*ann.who, at(now)));
  t.publish(at(now));
  json offer = cy.table();
  EXPECT_EQ(offer["state"], "finished");
  EXPECT_EQ(offer["rematch"], true);
  EXPECT_EQ(offer["last_event"]["kind"], "rematch_offered");
  EXPECT_EQ(offer["seats"][1]["status"], "bot");  // Bob's seat, at once
  EXPECT_EQ(offer["seats"][0]["ready"], true);    // the host accepts by offering
  EXPECT_EQ(offer["seats"][2]["ready"], false);

  ok(t.set_ready(*cy.who, true, at(now)));  // Cy accepts; Dee has not answered
  EXPECT_EQ(t.state(), table_state::finished);
  ok(t.leave(*dee.who, at(now)));  // Dee declines: a bot takes the seat, and the game starts
  t.publish(at(now));
  EXPECT_EQ(t.state(), table_state::playing);
  EXPECT_EQ(t.game_id(), "t-re-2");
  const json started = ann.table();
  EXPECT_EQ(started["last_event"]["kind"], "started");
  EXPECT_FALSE(started.contains("rematch"));
  EXPECT_EQ(started["options"], *options);  // the same options
  const std::vector<std::string> status = {"human", "bot", "human", "bot"};
  for (int s = 0; s < 4; ++s) EXPECT_EQ(started["seats"][s]["status"], status[s]) << s;
  EXPECT_EQ(started["seats"][2]["name"], "Cy");
}

TEST_F(TableTest, OthersNeverSeeAnActionInLastEvent) {
  auto t = make();
  person ann("Ann", 0), bob("Bob", 1), cy("Cy", 2);
  ok(t->join(ann.who, protocol::join_role::player, std::nullopt, false, at(0)));
  ok(t->join(bob.who, protocol::join_role::player, std::nullopt, false, at(0)));
  ok(t->join(cy.who, protocol::join_role::spectator, std::nullopt, false, at(0)));
  ok(t->add_bot(*ann.who, bot_kind::heuristic, std::nullopt, at(0)));
  ok(t->add_bot(*ann.who, bot_kind::heuristic, std::nullopt, at(0)));
  ok(t->set_ready(*bob.who, true, at(0)));
  ok(t->start(*ann.who, at(0)));
  t->publish(at(0));
  std::int64_t now = 0;
  int own_actions = 0;
  for (int guard = 0; guard < 2000 && t->state() == table_state::playing; ++guard) {
    bool acted = false;
    for (person* p : {&ann, &bob}) {
      const json view = p->table();
      if (!view["game"]["legal"].empty()) {
        const std::size_t before = p->link->messages.size();
        ok(t->act(*p->who, view["game"]["legal"][0], std::nullopt, at(now)));
        t->publish(at(now));
        ASSERT_GT(p->link->messages.size(), before);
        const json mine = p->table();
        if (mine["state"] == "finished") break;
        EXPECT_EQ(mine["last_event"]["kind"], "action");
        EXPECT_EQ(mine["last_event"]["action"], view["game"]["legal"][0]);
        person* other = p == &ann ? &bob : &ann;
        EXPECT_FALSE(other->table()["last_event"].contains("action"));
        EXPECT_FALSE(cy.table()["last_event"].contains("action"));
        ++own_actions;
        acted = true;
        break;
      }
    }
    if (acted) continue;
    now = *t->next_deadline();
    t->on_timer(at(now));
    t->publish(at(now));
  }
  EXPECT_GT(own_actions, 10);
}

TEST_F(TableTest, ClockRunsOutThenABotPlaysUntilThePlayerIsBack) {
  auto t = make(4, protocol::clock_setting{5, 1});
  person ann("Ann", 0);
  start_with_bots(*t, ann);
  std::int64_t now = 0;
  // Let the bots play until it is Ann's turn.
  while (ann.table()["game"]["legal"].empty()) {
    now = *t->next_deadline();
    t->on_timer(at(now));
    t->publish(at(now));
  }
  const std::int64_t turn_at = now;
  EXPECT_EQ(ann.table()["clock"]["running"], 0);
  EXPECT_EQ(ann.table()["clock"]["remaining_ms"][0], 5000);
  // Her clock is the next thing due.
  ASSERT_EQ(t->next_deadline(), turn_at + 5000);
  t->on_timer(at(turn_at + 4999));
  t->publish(at(turn_at + 4999));
  EXPECT_EQ(ann.table()["seats"][0]["status"], "human");
  now = turn_at + 5000;
  t->on_timer(at(now));  // time is up: away
  t->publish(at(now));
  EXPECT_EQ(ann.table()["seats"][0]["status"], "away");
  EXPECT_EQ(ann.table()["last_event"]["kind"], "away");
  EXPECT_EQ(ann.table()["clock"]["remaining_ms"][0], 0);
  ASSERT_LE(*t->next_deadline(), now);  // the bot's move is due at once (no delay left)
  t->on_timer(at(now));
  t->publish(at(now));
  EXPECT_EQ(ann.table()["seats"][0]["status"], "away");
  EXPECT_EQ(ann.table()["clock"]["remaining_ms"][0], 1000);  // 0 + the increment
  // The bot keeps her seat across decisions while she does nothing.
  for (int i = 0; i < 30; ++i) {
    now = *t->next_deadline();
    t->on_timer(at(now));
    t->publish(at(now));
  }
  EXPECT_EQ(ann.table()["seats"][0]["status"], "away");
  ok(t->back(*ann.who, at(now)));
  t->publish(at(now));
  EXPECT_EQ(ann.table()["seats"][0]["status"], "human");
  EXPECT_GE(ann.table()["clock"]["remaining_ms"][0].get<int>(), 10000);
  EXPECT_EQ(ann.table()["last_event"]["kind"], "back");
}

TEST_F(TableTest, DisconnectedPastGraceGoesAwayAndReturnsAtTheNextDecision) {
  auto t = make();
  person ann("Ann", 0);
  start_with_bots(*t, ann);
  std::int64_t now = 0;
  ann.who->detach(ann.link.get());
  t->connection_changed(*ann.who, at(now));
  t->publish(at(now));
  ASSERT_EQ(t->table::next_deadline().value_or(-1) <= rules.grace_ms, true);
  // Bots play; at 30 s Ann's seat goes away.
  while (now < rules.grace_ms) {
    now = *t->next_deadline();
    t->on_timer(at(now));
  }
  t->publish(at(now));
  // She reconnects: the seat stays away until its next decision, then it is hers.
  ann.who->attach(ann.link);
  t->connection_changed(*ann.who, at(now));
  t->publish(at(now));
  json view = ann.table();
  EXPECT_TRUE(view["seats"][0]["connected"]);
  for (int guard = 0; guard < 200 && view["game"]["legal"].empty(); ++guard) {
    now = *t->next_deadline();
    t->on_timer(at(now));
    t->publish(at(now));
    view = ann.table();
  }
  EXPECT_EQ(view["seats"][0]["status"], "human");
  EXPECT_FALSE(view["game"]["legal"].empty());
}

TEST_F(TableTest, LeavingDuringAGameKeepsTheSeatForAReturn) {
  auto t = make();
  person ann("Ann", 0), bob("Bob", 1);
  ok(t->join(ann.who, protocol::join_role::player, std::nullopt, false, at(0)));
  ok(t->join(bob.who, protocol::join_role::player, std::nullopt, false, at(0)));
  ok(t->add_bot(*ann.who, bot_kind::heuristic, std::nullopt, at(0)));
  ok(t->add_bot(*ann.who, bot_kind::heuristic, std::nullopt, at(0)));
  ok(t->set_ready(*bob.who, true, at(0)));
  ok(t->start(*ann.who, at(0)));
  ok(t->leave(*bob.who, at(0)));
  t->publish(at(0));
  EXPECT_EQ(ann.table()["seats"][1]["status"], "away");
  EXPECT_FALSE(t->is_member(*bob.who));
  refused(t->act(*bob.who, json{{"type", "bid"}, {"bid", 0}}, std::nullopt, at(0)),
          error::not_at_table);
  // Back through join: the same seat.
  ok(t->join(bob.who, protocol::join_role::player, std::nullopt, false, at(10)));
  t->publish(at(10));
  EXPECT_EQ(bob.table()["you"]["seat"], 1);
  // The host leaves: the role passes to Bob; kicking him hands the seat to a bot for good.
  ok(t->leave(*ann.who, at(10)));
  t->publish(at(10));
  EXPECT_EQ(bob.table()["host"], 1);
  EXPECT_FALSE(t->abandoned());
}

TEST_F(TableTest, ChatIsLimitedAndResumed) {
  auto t = make();
  person ann("Ann", 0), bob("Bob", 1);
  ok(t->join(ann.who, protocol::join_role::player, std::nullopt, false, at(0)));
  ok(t->join(bob.who, protocol::join_role::spectator, std::nullopt, false, at(0)));
  for (int i = 0; i < 5; ++i) ok(t->chat(*ann.who, "hi\n" + std::to_string(i), at(i)));
  refused(t->chat(*ann.who, "one too many", at(100)), error::chat_rate_limited);
  ok(t->chat(*ann.who, "later", at(10001)));
  EXPECT_EQ(bob.link->count("chat"), 6);
  EXPECT_EQ(bob.link->last("chat")["from"]["seat"], 0);
  EXPECT_EQ(bob.link->messages[bob.link->messages.size() - 6]["text"], "hi 0");  // no control
  ok(t->chat(*bob.who, "from a spectator", at(10002)));
  EXPECT_TRUE(ann.link->last("chat")["from"]["seat"].is_null());
  const auto before = bob.link->messages.size();
  ok(t->resume(*bob.who, 0, at(10003)));
  EXPECT_EQ(bob.link->messages[before]["type"], "table");
  EXPECT_EQ(bob.link->messages.size() - before, 1u + 7u);
  person cy("Cy", 2);
  refused(t->chat(*cy.who, "not here", at(0)), error::not_at_table);
}

TEST_F(TableTest, ActRefusals) {
  auto t = make();
  person ann("Ann", 0), bob("Bob", 1);
  ok(t->join(ann.who, protocol::join_role::player, std::nullopt, false, at(0)));
  refused(t->act(*ann.who, json{{"type", "bid"}, {"bid", 0}}, std::nullopt, at(0)),
          error::game_not_started);
  refused(t->act(*bob.who, json{{"type", "bid"}, {"bid", 0}}, std::nullopt, at(0)),
          error::not_at_table);
  refused(t->back(*ann.who, at(0)), error::game_not_started);
  for (int i = 0; i < 3; ++i) ok(t->add_bot(*ann.who, bot_kind::heuristic, std::nullopt, at(0)));
  ok(t->start(*ann.who, at(0)));
  t->publish(at(0));
  refused(t->act(*ann.who, json{{"type", "dance"}}, std::nullopt, at(0)), error::malformed_action);
  refused(t->act(*ann.who, json{{"type", "bid"}, {"bid", 0}}, t->seq() + 5, at(0)),
          error::bad_message);
  std::int64_t now = 0;
  // Out of turn: find a moment when Ann may not act.
  while (!ann.table()["game"]["legal"].empty()) {
    ok(play_first_legal(*t, ann, now));
    t->publish(at(now));
  }
  const json legal_later = json{{"type", "play"}, {"card", "R1"}};
  refused(t->act(*ann.who, legal_later, std::nullopt, at(now)), error::not_your_turn);
  run_to_end(*t, {&ann}, now);
  refused(t->act(*ann.who, json{{"type", "bid"}, {"bid", 0}}, std::nullopt, at(now)),
          error::game_over);
}

// The shared part of table messages is kept as text between events that are not moves
// (table::shared_message). Whatever happens — away by the clock, taken back by a move,
// disconnects, renames, the end — every message must show the table as it is then: the
// same members as a fresh build (admin_summary builds them without the cache).
TEST_F(TableTest, SharedPartOfEveryMessageIsCurrent) {
  auto t = make(4, protocol::clock_setting{5, 1});
  person ann("Ann", 0), bob("Bob", 1);
  std::size_t checked = 0;
  auto publish = [&](std::int64_t now) {
    for (person* p : {&ann, &bob}) {
      const std::size_t before = p->link->messages.size();
      t->publish(at(now));
      if (p->link->messages.size() == before || p->table().is_null()) continue;
      json sent = p->table();
      json fresh = t->admin_summary(at(now));
      for (const char* k : {"type", "you", "game", "last_event", "events"}) sent.erase(k);
      for (const char* k : {"to_act", "actions", "summary"}) fresh.erase(k);
      ASSERT_EQ(sent, fresh) << "at " << now;
      ++checked;
    }
  };
  ok(t->join(ann.who, protocol::join_role::player, std::nullopt, false, at(0)));
  publish(0);
  ok(t->join(bob.who, protocol::join_role::player, std::nullopt, false, at(0)));
  publish(0);
  for (int i = 0; i < 2; ++i) ok(t->add_bot(*ann.who, bot_kind::heuristic, std::nullopt, at(0)));
  ok(t->set_ready(*bob.who, true, at(0)));
  publish(0);
  ok(t->start(*ann.who, at(0)));
  publish(0);
  std::int64_t now = 0;
  bool ann_was_away = false, ann_came_back = false;
  for (int guard = 0; guard < 20000 && t->state() == table_state::playing; ++guard) {
    const json a = ann.table(), b = bob.table();
    if (!b["game"]["legal"].empty() && b["seats"][1]["status"] == "human") {
      ok(t->act(*bob.who, b["game"]["legal"][0], std::nullopt, at(now)));
    } else if (ann_was_away && !ann_came_back && !a["game"]["legal"].empty()) {
      // Away, and her decision: a move takes the seat back (its status changes with a move).
      ok(t->act(*ann.who, a["game"]["legal"][0], std::nullopt, at(now)));
      ann_came_back = true;
    } else {
      now = std::max(now, *t->next_deadline());
      t->on_timer(at(now));  // Ann never plays on her own clock: it runs out, she goes away
    }
    if (a["seats"][0]["status"] == "away") ann_was_away = true;
    if (guard == 40) {
      bob.who->detach(bob.link.get());
      t->connection_changed(*bob.who, at(now));
    }
    if (guard == 60) {
      bob.who->attach(bob.link);
      t->connection_changed(*bob.who, at(now));
      ann.who->set_name("Ann B.");
      t->name_changed(*ann.who);
    }
    publish(now);
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(t->state(), table_state::finished);
  EXPECT_TRUE(ann_came_back);
  ok(t->set_ready(*bob.who, true, at(now)));
  publish(now);
  EXPECT_GT(checked, 100u);
}

// A search bot thinks away from the table: when its turn comes the table asks for a search
// and waits (nothing is due for that seat), moves with the answer after the bot delay, and
// drops an answer about another position.
TEST_F(TableTest, ASearchBotAsksThenMovesWithItsAnswer) {
  rules.search_ms = 1;
  auto t = make(3);
  person ann("Ann", 0);
  ok(t->join(ann.who, protocol::join_role::player, std::nullopt, false, at(0)));
  for (int i = 0; i < 2; ++i) ok(t->add_bot(*ann.who, bot_kind::search, std::nullopt, at(0)));
  ok(t->start(*ann.who, at(0)));
  t->publish(at(0));
  for (int s : {1, 2}) {
    EXPECT_EQ(ann.table()["seats"][s]["bot"], "search");
    EXPECT_EQ(ann.table()["seats"][s]["name"], "Bot (search)");
  }

  // Up to the first search bot's decision.
  std::int64_t now = 0;
  std::vector<table::search_request> asked;
  for (int guard = 0; guard < 100 && asked.empty(); ++guard) {
    const json view = ann.table();
    if (!view["game"]["legal"].empty()) {
      ok(play_first_legal(*t, ann, now));
    } else {
      ASSERT_TRUE(t->next_deadline());
      now = std::max(now, *t->next_deadline());
      t->on_timer(at(now));
      asked = t->take_search_requests();
    }
    t->publish(at(now));
  }
  ASSERT_EQ(asked.size(), 1u);
  const table::search_request& r = asked[0];
  const std::size_t before = t->actions_applied();

  // Thinking: nothing is due, and the seat does not move however long it takes.
  EXPECT_FALSE(t->next_deadline());
  t->on_timer(at(now + 60000));
  EXPECT_EQ(t->actions_applied(), before);
  EXPECT_TRUE(t->take_search_requests().empty());

  prng rng(r.seed);
  const action best = search_action(*r.game, r.seat, rng, {.playouts = r.playouts});
  t->search_answered(r.seat, r.position + 1, best);  // about a position the game is not in
  EXPECT_FALSE(t->next_deadline());
  t->search_answered(r.seat, r.position, best);
  ASSERT_TRUE(t->next_deadline());
  now = std::max(now + 60000, *t->next_deadline());
  t->on_timer(at(now));
  ASSERT_EQ(t->actions_applied(), before + 1);
  EXPECT_EQ(t->action_seat(before), r.seat);
  EXPECT_EQ(t->action_json(before), t->game()->action_to_json(best));
  t->publish(at(now));

  run_to_end(*t, {&ann}, now);
}

}  // namespace
}  // namespace crownhall::server
