// Timed steps and the move log at a table, with a small test-only game (registered here,
// never in the product registry): the table arms a timer from the game's request, applies
// the action when the request still stands at the deadline, records it like any other, and
// re-arms after a restore. Time is passed in by hand (no sockets, no sleeping).
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>

#include "engine/core/registry.hpp"
#include "engine/games/dwarf_king/specials.hpp"
#include "protocol/server_messages.hpp"
#include "server/table/table.hpp"
#include "table_people.hpp"

namespace crownhall::server {
namespace {

// "Peek": seat 0 peeks (a private look, like the Spy's), then ends the look itself or the
// table ends it after 60 seconds; then seat 1 finishes the game.
//   codes: 1 peek, 2 end the look, 3 finish.
class peek_game final : public game_state {
 public:
  int seat_count() const override { return 2; }
  bool is_over() const override { return step_ == 3; }
  std::string_view phase() const override {
    static constexpr std::string_view names[] = {"start", "looking", "after", "finished"};
    return names[step_];
  }
  seat_mask seats_to_act() const override {
    return step_ == 3 ? 0 : step_ == 2 ? seat_mask{2} : seat_mask{1};
  }
  void legal_actions(int seat, action_list& out) const override {
    out.clear();
    if (has_seat(seats_to_act(), seat)) out.push_back({static_cast<std::uint32_t>(step_ + 1)});
  }
  apply_result apply(int seat, action a) override {
    action_list l;
    legal_actions(seat, l);
    if (!l.contains(a)) return game_error{error_code::illegal_action, "not now"};
    last_ = a.code;
    ++step_;
    return std::nullopt;
  }
  void last_events(event_lines& out) const override {
    if (last_ == 1) {
      out.push_back({event_audience::only(0), "secret_seen", {{"seat", 0}, {"card", "X9"}}});
      out.push_back({event_audience::except(0), "looks", {{"seat", 0}}});
    } else if (last_ == 2) {
      out.push_back({event_audience::all(), "look_ended", {{"seat", 0}}});
    } else if (last_ == 3) {
      out.push_back({event_audience::all(), "finished", {{"seat", 1}}});
    }
  }
  std::optional<timed_step> timed_step_request() const override {
    if (step_ == 1) return timed_step{0, {2}, 60};
    return std::nullopt;
  }
  json view(int) const override { return {{"step", step_}}; }
  json outcome() const override { return {{"done", is_over()}}; }
  std::uint64_t state_hash() const override { return step_; }
  json action_to_json(action a) const override { return {{"code", a.code}}; }
  result<action> action_from_json(const json& j) const override {
    if (!j.is_object() || !j.contains("code") || !j["code"].is_number_integer())
      return game_error{error_code::malformed_action, "{\"code\": n}"};
    return action{j["code"].get<std::uint32_t>()};
  }
  action bot_action(int seat, bot_kind, prng&) const override {
    action_list l;
    legal_actions(seat, l);
    return l.empty() ? action{} : l[0];
  }
  std::unique_ptr<game_state> clone() const override { return std::make_unique<peek_game>(*this); }

 private:
  int step_ = 0;
  std::uint32_t last_ = 0;
};

class peek_module final : public game_module {
 public:
  std::string_view id() const override { return "test-peek"; }
  std::string_view title() const override { return "Peek (test)"; }
  int min_seats() const override { return 2; }
  int max_seats() const override { return 2; }
  const json& option_schema() const override {
    static const json schema = {{"options", json::array()}};
    return schema;
  }
  result<json> normalize_options(const json&, int) const override { return json::object(); }
  result<std::unique_ptr<game_state>> new_game(const json&, int, std::uint64_t,
                                               const json&) const override {
    return std::unique_ptr<game_state>(std::make_unique<peek_game>());
  }
};

using namespace testing;

class TimedStepTest : public ::testing::Test {
 protected:
  peek_module module;
  table_rules rules;
  person ann{"Ann", 0}, bob{"Bob", 1}, eve{"Eve", 2};

  std::unique_ptr<table> started() {
    auto t = std::make_unique<table>(
        "t-peek", "INVITE0123456789", module,
        table_settings{2, json::object(), json::object(), false, true, std::nullopt}, rules, 7);
    EXPECT_FALSE(t->join(ann.who, protocol::join_role::player, 0, false, at(0)));
    EXPECT_FALSE(t->join(bob.who, protocol::join_role::player, 1, false, at(0)));
    EXPECT_FALSE(t->join(eve.who, protocol::join_role::spectator, std::nullopt, false, at(0)));
    EXPECT_FALSE(t->set_ready(*bob.who, true, at(0)));
    EXPECT_FALSE(t->start(*ann.who, at(0)));
    t->publish(at(0));
    return t;
  }
};

TEST_F(TimedStepTest, TheTableAppliesTheStepWhenItIsDue) {
  auto t = started();
  EXPECT_FALSE(t->next_deadline());  // no request yet, nobody's bot or clock
  ASSERT_FALSE(t->act(*ann.who, {{"code", 1}}, std::nullopt, at(1000)));
  t->publish(at(1000));
  ASSERT_TRUE(t->next_deadline());
  EXPECT_EQ(*t->next_deadline(), 61000);  // counted from when the request appeared
  t->on_timer(at(60999));
  EXPECT_EQ(t->actions_applied(), 1u);
  t->on_timer(at(61000));
  ASSERT_EQ(t->actions_applied(), 2u);  // applied and recorded like any other action
  EXPECT_EQ(t->action_seat(1), 0);
  EXPECT_EQ(t->action_json(1), json({{"code", 2}}));
  EXPECT_EQ(t->game()->phase(), "after");
  EXPECT_FALSE(t->next_deadline());
}

TEST_F(TimedStepTest, AStepEndedEarlyIsNotAppliedAgain) {
  auto t = started();
  ASSERT_FALSE(t->act(*ann.who, {{"code", 1}}, std::nullopt, at(1000)));
  ASSERT_FALSE(t->act(*ann.who, {{"code", 2}}, std::nullopt, at(30000)));  // ended by its player
  EXPECT_FALSE(t->next_deadline());
  t->on_timer(at(61000));
  EXPECT_EQ(t->actions_applied(), 2u);
  EXPECT_EQ(t->game()->phase(), "after");
}

TEST_F(TimedStepTest, ARestoredTableArmsTheStepAgain) {
  auto t = started();
  ASSERT_FALSE(t->act(*ann.who, {{"code", 1}}, std::nullopt, at(1000)));
  // A restart: a new table rebuilt from the stored log, at a later moment.
  auto r = std::make_unique<table>(
      "t-peek", "INVITE0123456789", module,
      table_settings{2, json::object(), json::object(), false, true, std::nullopt}, rules, 7);
  table::rebuild_plan plan;
  plan.seats = {{0, ann.who}, {1, bob.who}};
  plan.game.emplace();
  plan.game->seed = t->game_seed();
  plan.game->game_id = "t-peek-1";
  plan.game->actions = {{0, json{{"code", 1}}}};
  ASSERT_FALSE(r->rebuild(plan, at(500000)));
  ASSERT_TRUE(r->next_deadline());
  EXPECT_EQ(*r->next_deadline(), 560000);
  r->on_timer(at(560000));
  EXPECT_EQ(r->actions_applied(), 2u);
  EXPECT_EQ(r->game()->phase(), "after");
  // The move log came back with the game, names filled in.
  EXPECT_EQ(r->events_made(), 3u);
}

// The seat the step is for sees how long it has left (its screen counts down); the other
// seat and the spectator are told nothing, and nothing is left once the step is gone.
TEST_F(TimedStepTest, OnlyTheSeatTheStepIsForIsToldTheTimeLeft) {
  auto t = started();
  ASSERT_FALSE(t->act(*ann.who, {{"code", 1}}, std::nullopt, at(1000)));
  const json for_ann = json::parse(t->message_for(0, at(16000)))["game"];
  ASSERT_TRUE(for_ann.contains("time_left_ms")) << for_ann.dump();
  EXPECT_EQ(for_ann["time_left_ms"], 45000);  // 60 s from 1 s, as of 16 s
  EXPECT_FALSE(protocol::validate_server_message(json::parse(t->message_for(0, at(16000)))));
  EXPECT_FALSE(json::parse(t->message_for(1, at(16000)))["game"].contains("time_left_ms"));
  EXPECT_FALSE(json::parse(t->message_for(-1, at(16000)))["game"].contains("time_left_ms"));
  ASSERT_FALSE(t->act(*ann.who, {{"code", 2}}, std::nullopt, at(20000)));  // ended early
  EXPECT_FALSE(json::parse(t->message_for(0, at(20000)))["game"].contains("time_left_ms"));
}

// A slow connection drops an unsent table message when a newer one comes, but never one
// that carries move-log lines: no later message carries them again.
TEST_F(TimedStepTest, AMessageWithMoveLogLinesIsNeverDroppedForANewerOne) {
  auto t = started();
  ASSERT_FALSE(t->act(*ann.who, {{"code", 1}}, std::nullopt, at(1000)));
  t->publish(at(1000));
  for (recorder* r : {ann.link.get(), bob.link.get(), eve.link.get()}) {
    ASSERT_EQ(r->kinds.size(), r->messages.size());
    ASSERT_FALSE(r->messages.empty());
    for (std::size_t i = 0; i < r->messages.size(); ++i) {
      const json& m = r->messages[i];
      if (m["type"] != "table") continue;
      const bool has_lines = m.contains("events") && !m["events"].empty();
      EXPECT_EQ(r->kinds[i], has_lines ? message_kind::other : message_kind::table_snapshot)
          << m.dump();
    }
  }
  // The move just made told everyone something, so its message must be kept.
  EXPECT_EQ(bob.link->kinds.back(), message_kind::other);
  EXPECT_EQ(eve.link->kinds.back(), message_kind::other);
}

// Each audience gets exactly its events, seats as numbers; a new connection's first message
// carries its audience's backlog.
TEST_F(TimedStepTest, EventLinesReachTheirAudienceOnly) {
  auto t = started();
  ASSERT_FALSE(t->act(*ann.who, {{"code", 1}}, std::nullopt, at(1000)));
  t->publish(at(1000));
  t->on_timer(at(61000));
  t->publish(at(61000));
  ASSERT_FALSE(t->act(*bob.who, {{"code", 3}}, std::nullopt, at(62000)));
  t->publish(at(62000));
  const std::map<std::uint64_t, std::string> for_ann = {
      {1, R"({"card":"X9","kind":"secret_seen","seat":0})"},
      {3, R"({"kind":"look_ended","seat":0})"},
      {4, R"({"kind":"finished","seat":1})"}};
  const std::map<std::uint64_t, std::string> for_others = {{2, R"({"kind":"looks","seat":0})"},
                                                           {3, R"({"kind":"look_ended","seat":0})"},
                                                           {4, R"({"kind":"finished","seat":1})"}};
  EXPECT_EQ(ann.link->lines(), for_ann);
  EXPECT_EQ(bob.link->lines(), for_others);
  EXPECT_EQ(eve.link->lines(), for_others);
  // A late spectator's first message: the public backlog.
  person zed{"Zed", 3};
  ASSERT_FALSE(t->join(zed.who, protocol::join_role::spectator, std::nullopt, false, at(63000)));
  t->publish(at(63000));
  EXPECT_EQ(zed.link->lines(), for_others);
  EXPECT_EQ(json::parse(t->message_for(0, at(63000)))["events"].size(), 3u);
}

// The Dwarf King with a stacked first hand: the Sorcerer as the hand's special card, in
// the hand of `holder`; everything else from the seed.
class sorcerer_module final : public game_module {
 public:
  explicit sorcerer_module(int holder) : holder_(holder) {}
  std::string_view id() const override { return inner().id(); }
  std::string_view title() const override { return inner().title(); }
  int min_seats() const override { return 3; }
  int max_seats() const override { return 3; }
  const json& option_schema() const override { return inner().option_schema(); }
  result<json> normalize_options(const json& o, int seats) const override {
    return inner().normalize_options(o, seats);
  }
  result<std::unique_ptr<game_state>> new_game(const json& options, int seats, std::uint64_t seed,
                                               const json&) const override {
    json cards = json::array({nullptr, nullptr, nullptr});
    cards[static_cast<std::size_t>(holder_)] = json::array({"sorcerer"});
    const json deal = {{"hands", json::array({{{"cards", cards}, {"special", "sorcerer"}}})}};
    return inner().new_game(options, seats, seed, deal);
  }

 private:
  static const game_module& inner() { return *find_game("dwarf-king"); }
  int holder_;
};

// What the two people at the table see of the Sorcerer's window.
struct window_seen {
  std::int64_t opened = -1, closed = -1;       // ms
  std::vector<json> to_act, running;           // in each message during the window, per person
  std::vector<std::string> lines;              // move-log lines sent during the window, per person
  json remaining_at_open, remaining_at_close;  // both people's clocks (Ann's message)
};

// Ann (seat 0) and Bob (seat 1) play their cards as soon as they may, a bot sits at seat 2,
// nobody answers the window; with clocks of 60 s + 2 s.
window_seen play_to_the_first_window(int holder, std::array<std::set<std::string>, 2>& legal) {
  sorcerer_module module(holder);
  table_rules rules;
  rules.bot_delay_ms = 300;
  person ann{"Ann", 0}, bob{"Bob", 1};
  auto t = std::make_unique<table>(
      "t-dk", "INVITE0123456789", module,
      table_settings{3, *module.normalize_options(json::object(), 3), json::object(), false, true,
                     protocol::clock_setting{60, 2}},
      rules, 11);
  EXPECT_FALSE(t->join(ann.who, protocol::join_role::player, 0, false, at(0)));
  EXPECT_FALSE(t->join(bob.who, protocol::join_role::player, 1, false, at(0)));
  EXPECT_FALSE(t->add_bot(*ann.who, bot_kind::heuristic, 2, at(0)));
  EXPECT_FALSE(t->set_ready(*bob.who, true, at(0)));
  EXPECT_FALSE(t->start(*ann.who, at(0)));
  t->publish(at(0));
  person* people[] = {&ann, &bob};
  window_seen seen;
  std::size_t lines_before[2] = {0, 0};
  for (std::int64_t ms = 100; ms < 120000 && seen.closed < 0; ms += 100) {
    // As the server does: whatever is due now, one step per call, until nothing is.
    for (int calls = 0; calls < 10 && t->next_deadline() && *t->next_deadline() <= ms; ++calls) {
      t->on_timer(at(ms));
      t->publish(at(ms));
    }
    t->publish(at(ms));
    const bool in_window = t->game()->phase() == "sorcerer_window";
    if (in_window && seen.opened < 0) {
      seen.opened = ms;
      seen.remaining_at_open = ann.link->messages.back()["clock"]["remaining_ms"];
      for (int p = 0; p < 2; ++p) {
        lines_before[p] = people[p]->link->lines().size();
        for (const json& a : people[p]->link->messages.back()["game"]["legal"])
          legal[static_cast<std::size_t>(p)].insert(a["type"].get<std::string>());
      }
    }
    if (seen.opened >= 0 && !in_window) {
      seen.closed = ms;
      seen.remaining_at_close = ann.link->messages.back()["clock"]["remaining_ms"];
      for (int p = 0; p < 2; ++p) {
        auto lines = people[p]->link->lines();
        std::size_t i = 0;
        for (const auto& [n, text] : lines)
          if (i++ >= lines_before[p]) seen.lines.push_back(text);
      }
      break;
    }
    if (in_window) {
      for (person* p : people) {
        const json& last = p->link->messages.back();
        seen.to_act.push_back(last["game"]["to_act"]);
        seen.running.push_back(last["clock"]["running_seats"]);
      }
      continue;  // nobody answers: the holder keeps their hand in the page
    }
    for (person* p : people) {  // one move per step, from a message that is current
      const json& last = p->link->messages.back();
      if (last["type"] != "table" || last["game"].is_null()) continue;
      const json& options = last["game"]["legal"];
      if (options.empty()) continue;
      EXPECT_FALSE(t->act(*p->who, options[0], std::nullopt, at(ms)));
      break;
    }
    t->publish(at(ms));
  }
  return seen;
}

TEST(SorcererWindow, ThePeopleWhoDoNotHoldItAreNotAskedAndNothingShowsWhoDoes) {
  std::array<std::set<std::string>, 2> legal_ann_holds, legal_bob_holds;
  const window_seen ann_holds = play_to_the_first_window(0, legal_ann_holds);
  const window_seen bob_holds = play_to_the_first_window(1, legal_bob_holds);
  ASSERT_GE(ann_holds.opened, 0) << "the window never opened";
  ASSERT_GE(ann_holds.closed, 0) << "the window never closed";
  ASSERT_GE(bob_holds.closed, 0);
  // Only the holder has a choice; the other person's only legal answer is to pass, which
  // the page never asks of them (web-client: asksForDecision).
  EXPECT_TRUE(legal_ann_holds[0].count("use_sorcerer"));
  EXPECT_EQ(legal_ann_holds[1], std::set<std::string>{"pass"});
  EXPECT_TRUE(legal_bob_holds[1].count("use_sorcerer"));
  EXPECT_EQ(legal_bob_holds[0], std::set<std::string>{"pass"});
  // The table closes the window after the same time, whoever holds the Sorcerer (the bot's
  // early pass does not restart the count), and no clock runs meanwhile.
  const std::int64_t window_ms = std::int64_t{dwarf_king::sorcerer_window_seconds} * 1000;
  EXPECT_NEAR(ann_holds.closed - ann_holds.opened, window_ms, 100);
  EXPECT_NEAR(bob_holds.closed - bob_holds.opened, window_ms, 100);
  // Both people read the same table during the window, whoever holds it: everyone listed
  // as deciding until the bot has passed, then both people; no clock running.
  EXPECT_EQ(ann_holds.to_act, bob_holds.to_act);
  EXPECT_EQ(ann_holds.running, bob_holds.running);
  for (const json& r : ann_holds.running) EXPECT_TRUE(r.empty()) << r;
  EXPECT_EQ(ann_holds.to_act.back(), json::array({0, 1}));
  // The same move-log lines (a pass tells nothing: there are none), and neither person's
  // clock lost or gained anything.
  EXPECT_EQ(ann_holds.lines, bob_holds.lines);
  EXPECT_TRUE(ann_holds.lines.empty()) << ann_holds.lines.front();
  EXPECT_EQ(ann_holds.remaining_at_open, ann_holds.remaining_at_close);
  EXPECT_EQ(bob_holds.remaining_at_open, bob_holds.remaining_at_close);
}

}  // namespace
}  // namespace crownhall::server
