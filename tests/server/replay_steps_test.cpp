// The replay steps a browser steps through (server/replay_steps.hpp), without sockets:
// windows, the views of every seat, and a last step that reaches the record's outcome.
#include "server/replay_steps.hpp"

#include <gtest/gtest.h>

#include "engine/core/record.hpp"
#include "engine/core/registry.hpp"

namespace crownhall::server {
namespace {

json simulated(std::string_view game, int seats, std::uint64_t seed) {
  auto r = simulate(*find_game(game), json::object(), seats, seed, bot_kind::heuristic);
  EXPECT_TRUE(r) << r.error().reason;
  return to_json(*r);
}

TEST(replay_window, reads_from_and_count_and_clamps_count) {
  auto w = parse_replay_window("from=3&count=5");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->from, 3);
  EXPECT_EQ(w->count, 5);
  EXPECT_EQ(parse_replay_window("")->from, 0);
  EXPECT_EQ(parse_replay_window("count=100000")->count, max_replay_window);
  EXPECT_EQ(parse_replay_window("count=0")->count, 1);
  EXPECT_EQ(parse_replay_window("x=1&from=2")->from, 2);  // other parameters are ignored
  EXPECT_FALSE(parse_replay_window("from=-1"));
  EXPECT_FALSE(parse_replay_window("from=two"));
  EXPECT_FALSE(parse_replay_window("count="));
  EXPECT_FALSE(parse_replay_window("from=99999999999999"));
}

TEST(replay_steps, first_steps_are_the_deal_then_the_recorded_actions) {
  const json record = simulated("queens-court", 3, 11);
  auto r = replay_steps(record, {0, 3});
  ASSERT_TRUE(r) << r.error().reason;
  const json& out = *r;
  EXPECT_EQ(out["game_id"], record["game_id"]);
  EXPECT_EQ(out["steps_total"], record["actions"].size() + 1);
  ASSERT_EQ(out["steps"].size(), 3u);
  const json& deal = out["steps"][0];
  EXPECT_EQ(deal["step"], 0);
  EXPECT_TRUE(deal["action"].is_null());
  EXPECT_TRUE(deal["seat"].is_null());
  EXPECT_EQ(deal["views"].size(), 3u);
  EXPECT_TRUE(deal["spectator"].is_object());
  for (int k = 1; k <= 2; ++k) {
    EXPECT_EQ(out["steps"][k]["step"], k);
    EXPECT_EQ(out["steps"][k]["seat"], record["actions"][k - 1]["seat"]);
    EXPECT_EQ(out["steps"][k]["action"], record["actions"][k - 1]["action"]);
  }
}

// Each step's views are exactly what each seat saw at that point of the game.
TEST(replay_steps, views_match_a_replay_of_the_prefix) {
  const json record = simulated("crown-battles", 4, 5);
  const int k = 9;
  auto r = replay_steps(record, {k, 1});
  ASSERT_TRUE(r);
  auto rec = record_from_json(record);
  ASSERT_TRUE(rec);
  rec->actions.resize(k);
  auto at = replay(*rec);
  ASSERT_TRUE(at);
  const json& step = (*r)["steps"][0];
  for (int s = 0; s < 4; ++s) EXPECT_EQ(step["views"][s], at->state->view(s)) << "seat " << s;
  EXPECT_EQ(step["spectator"], at->state->view(spectator));
  EXPECT_EQ(step["phase"], std::string(at->state->phase()));
}

TEST(replay_steps, the_last_step_reaches_the_records_outcome) {
  for (std::string_view game : {"crown-battles", "dwarf-king", "queens-court"}) {
    const json record = simulated(game, 3, 21);
    auto rec = record_from_json(record);
    auto whole = replay(*rec);
    ASSERT_TRUE(whole);
    const int last = whole->applied;
    auto r = replay_steps(record, {last - 1, max_replay_window});
    ASSERT_TRUE(r) << game;
    ASSERT_EQ((*r)["steps"].size(), 2u) << "cut at the last step";
    const json& end = (*r)["steps"][1];
    EXPECT_EQ(end["step"], last);
    EXPECT_TRUE(end["over"]);
    EXPECT_EQ(end["outcome"], whole->state->outcome()) << game;
    EXPECT_EQ((*r)["outcome"], whole->state->outcome()) << game;
    EXPECT_TRUE((*r)["finished"]);
    EXPECT_FALSE((*r)["steps"][0].contains("outcome")) << "only once over";
  }
}

TEST(replay_steps, a_window_past_the_end_is_empty_and_count_is_bounded) {
  const json record = simulated("queens-court", 2, 3);
  const int total = static_cast<int>(record["actions"].size()) + 1;
  EXPECT_TRUE((*replay_steps(record, {total + 5, 4}))["steps"].empty());
  EXPECT_EQ((*replay_steps(record, {0, 1000}))["steps"].size(),
            static_cast<std::size_t>(std::min(total, max_replay_window)));
}

// Each step carries the move-log events of the action that led to it, as a live table's log
// had them, with their audience: a Queen's Court draw is told whole to the drawer alone
// ("only") and as a count to everyone else ("except"). A window's first step, reached by
// replaying the record's beginning, tells the same events as the step in a window from 0.
TEST(replay_steps, each_step_carries_its_actions_events_with_their_audience) {
  const json record = simulated("queens-court", 3, 7);
  auto rec = record_from_json(record);
  ASSERT_TRUE(rec);
  game_record deal_only = *rec;
  deal_only.actions.clear();
  auto live = replay(deal_only);  // the game at its deal, played on here action by action
  ASSERT_TRUE(live) << live.error().reason;
  const int total = static_cast<int>(record["actions"].size()) + 1;
  int only = 0, except = 0;
  for (int from = 0; from < total; from += max_replay_window) {
    auto window = replay_steps(record, {from, max_replay_window});
    ASSERT_TRUE(window);
    for (const json& step : (*window)["steps"]) {
      const int k = step["step"];
      if (k == 0) {
        EXPECT_TRUE(step["events"].empty());
        continue;
      }
      const recorded_action& a = rec->actions[static_cast<std::size_t>(k - 1)];
      ASSERT_FALSE(
          live->state->apply(a.seat, *live->state->action_from_json(a.action)));  // no refusal
      event_lines lines;
      live->state->last_events(lines);
      ASSERT_EQ(step["events"].size(), lines.size()) << "step " << k;
      for (std::size_t i = 0; i < lines.size(); ++i) {
        const json& e = step["events"][i];
        EXPECT_EQ(e["kind"], lines[i].kind) << "step " << k;
        for (const auto& [key, value] : lines[i].args.items()) EXPECT_EQ(e[key], value) << key;
        const bool is_only = lines[i].to.who == event_audience::kind::seat;
        const bool is_except = lines[i].to.who == event_audience::kind::all_but;
        EXPECT_EQ(e.contains("only"), is_only);
        EXPECT_EQ(e.contains("except"), is_except);
        if (is_only) {
          EXPECT_EQ(e["only"], lines[i].to.seat);
          ++only;
        }
        if (is_except) {
          EXPECT_EQ(e["except"], lines[i].to.seat);
          ++except;
        }
      }
      // The same step as the first of its own window.
      if (k % max_replay_window != 0) {
        auto alone = replay_steps(record, {k, 1});
        ASSERT_TRUE(alone);
        EXPECT_EQ((*alone)["steps"][0]["events"], step["events"]) << "step " << k;
      }
    }
  }
  EXPECT_GT(only, 0) << "no draw told to the drawer alone";
  EXPECT_GT(except, 0) << "no draw told as a count to the others";
}

TEST(replay_steps, a_record_that_does_not_replay_is_refused) {
  json record = simulated("queens-court", 2, 3);
  record["actions"][3]["seat"] = 1 - record["actions"][3]["seat"].get<int>();
  EXPECT_FALSE(replay_steps(record, {0, 2}));
  EXPECT_FALSE(replay_steps(json{{"format", "nope"}}, {0, 2}));
}

}  // namespace
}  // namespace crownhall::server
