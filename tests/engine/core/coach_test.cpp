// The coach (engine/core/coach.hpp): every decision of one seat in a record, beside the search
// bot's choice and the estimated loss, for `crownhall analyze` and the replay.
#include "engine/core/coach.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/core/registry.hpp"

namespace crownhall {
namespace {

// Queen's Court for two, played by random bots: a player that makes mistakes to find.
game_record random_game() {
  const game_module* m = find_game("queens-court");
  EXPECT_NE(m, nullptr);
  auto r = simulate(*m, json::object(), 2, 11, bot_kind::random);
  EXPECT_TRUE(r) << r.error().reason;
  return *r;
}

TEST(Coach, EveryChoiceOfTheSeatIsCoachedWithALegalAlternative) {
  const game_record r = random_game();
  auto report = coach_record(r, 0, 200, 5);
  ASSERT_TRUE(report) << report.error().reason;
  ASSERT_FALSE(report->decisions.empty());

  // Walk the record again: each coached decision is seat 0's, had a choice, and the search's
  // action was legal there; seat 0's decisions with a choice are all coached.
  auto started = find_game(r.game)->new_game(r.options, 2, r.seed, r.deal);
  ASSERT_TRUE(started);
  game_state* state = started->get();
  std::size_t next = 0, choices = 0;
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    action_list legal;
    state->legal_actions(r.actions[i].seat, legal);
    if (r.actions[i].seat == 0 && legal.size() > 1) {
      ++choices;
      ASSERT_LT(next, report->decisions.size());
      const coached_decision& d = report->decisions[next++];
      EXPECT_EQ(d.index, i);
      EXPECT_EQ(d.played, r.actions[i].action);
      auto alternative = state->action_from_json(d.search);
      ASSERT_TRUE(alternative);
      EXPECT_TRUE(std::find(legal.begin(), legal.end(), *alternative) != legal.end());
      EXPECT_GE(d.loss, 0.0);
      if (d.played == d.search) {
        EXPECT_EQ(d.loss, 0.0);
      }
    }
    ASSERT_FALSE(state->apply(r.actions[i].seat, *state->action_from_json(r.actions[i].action)));
  }
  EXPECT_EQ(choices, report->decisions.size());
}

TEST(Coach, TheWorstThreeAreTheBiggestLossesInOrder) {
  auto report = coach_record(random_game(), 0, 200, 5);
  ASSERT_TRUE(report);
  ASSERT_FALSE(report->worst.empty()) << "a random player made no mistake the search saw";
  ASSERT_LE(report->worst.size(), 3u);
  std::vector<double> losses;
  for (const auto& d : report->decisions) losses.push_back(d.loss);
  std::sort(losses.rbegin(), losses.rend());
  for (std::size_t k = 0; k < report->worst.size(); ++k) {
    EXPECT_EQ(report->decisions[report->worst[k]].loss, losses[k]);
    EXPECT_GT(losses[k], 0.0);
  }
  const json j = to_json(*report);
  EXPECT_EQ(j["worst"].size(), report->worst.size());
  EXPECT_EQ(j["worst"][0]["index"], report->decisions[report->worst[0]].index);
}

TEST(Coach, TheSameArgumentsGiveTheSameReport) {
  const game_record r = random_game();
  EXPECT_EQ(to_json(*coach_record(r, 1, 100, 9)), to_json(*coach_record(r, 1, 100, 9)));
}

TEST(Coach, RefusesASeatOutsideTheGameAndARecordThatDoesNotReplay) {
  game_record r = random_game();
  auto outside = coach_record(r, 2, 100, 1);
  ASSERT_FALSE(outside);
  EXPECT_EQ(outside.error().code, error_code::invalid_record);
  r.actions[3].action = json{{"no", "such action"}};
  auto broken = coach_record(r, 0, 100, 1);
  ASSERT_FALSE(broken);
  EXPECT_NE(broken.error().reason.find("action 3"), std::string::npos) << broken.error().reason;
}

}  // namespace
}  // namespace crownhall
