// GET /api/records/GAME_ID/steps over real sockets, on a server that keeps its data: a
// player of the finished game gets the steps, others and unfinished games get nothing, and
// the last step's outcome is the stored record's.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "engine/core/record.hpp"
#include "test_client.hpp"

namespace crownhall::testing {
namespace {

using headers = std::vector<std::pair<std::string, std::string>>;

headers bearer(const json& welcome) {
  return {{"Authorization", "Bearer " + welcome["you"]["token"].get<std::string>()}};
}

// A server that keeps its data, with Ann, Bob and Eve connected; finish_a_game() has Ann and
// Bob play a game of Queen's Court to its end (Eve plays none).
class ReplayApi : public ::testing::Test {
 protected:
  ReplayApi()
      : server(durable_config(data)), ann(server.port()), bob(server.port()), eve(server.port()) {
    wa = ann.hello("Ann");
    bob.hello("Bob");
    we = eve.hello("Eve");
  }

  // Plays the game and sets `id` to its id, from Ann's History.
  void finish_a_game(std::uint64_t seed) {
    open_table({&ann, &bob}, {{"game", "queens-court"}, {"seats", 2}});
    start_game({&ann, &bob});
    play_to_end({&ann, &bob}, seed);
    ann.next_table([](const json& t) { return t["state"] == "finished"; });
    auto history = http_get(server.port(), "/api/history", bearer(wa));
    ASSERT_EQ(history.status, 200) << history.body;
    const json games = json::parse(history.body)["games"];
    ASSERT_EQ(games.size(), 1u);
    id = games[0]["game_id"];
  }

  temp_dir data{"replay"};
  test_server server;
  test_client ann, bob, eve;
  json wa, we;     // Ann's and Eve's welcome
  std::string id;  // the finished game's
};

TEST_F(ReplayApi, StepsOfAFinishedGameForItsPlayersOnly) {
  ASSERT_NO_FATAL_FAILURE(finish_a_game(7));
  const std::string steps = "/api/records/" + id + "/steps";

  auto rec = http_get(server.port(), "/api/records/" + id, bearer(wa));
  ASSERT_EQ(rec.status, 200);
  auto record = record_from_json(json::parse(rec.body));
  ASSERT_TRUE(record);
  auto whole = replay(*record);
  ASSERT_TRUE(whole);
  const int last = whole->applied;

  // The first window: the deal and the first actions.
  auto first = http_get(server.port(), steps + "?from=0&count=3", bearer(wa));
  ASSERT_EQ(first.status, 200) << first.body;
  const json f = json::parse(first.body);
  EXPECT_EQ(f["steps_total"], last + 1);
  ASSERT_EQ(f["steps"].size(), 3u);
  EXPECT_EQ(f["steps"][0]["views"].size(), 2u);
  EXPECT_EQ(f["steps"][1]["action"], record->actions[0].action);

  // The last step reaches the outcome a replay of the downloaded record gives.
  auto end = http_get(server.port(), steps + "?from=" + std::to_string(last), bearer(wa));
  ASSERT_EQ(end.status, 200);
  const json e = json::parse(end.body);
  ASSERT_EQ(e["steps"].size(), 1u);
  EXPECT_TRUE(e["steps"][0]["over"]);
  EXPECT_EQ(e["steps"][0]["outcome"], whole->state->outcome());
  EXPECT_EQ(e["outcome"], whole->state->outcome());

  // Someone who did not play it, no token, a bad window.
  EXPECT_EQ(http_get(server.port(), steps, bearer(we)).status, 404);
  EXPECT_EQ(http_get(server.port(), steps).status, 401);
  EXPECT_EQ(http_get(server.port(), steps + "?from=-2", bearer(wa)).status, 400);

  // A game still being played has no steps yet, even for its players.
  const json running = open_table({&ann, &bob}, {{"game", "queens-court"}, {"seats", 2}});
  start_game({&ann, &bob});
  const std::string running_id = running["table"].get<std::string>() + "-1";
  EXPECT_EQ(http_get(server.port(), "/api/records/" + running_id + "/steps", bearer(wa)).status,
            404);
}

// GET /api/records/GAME_ID/coach?seat=S: the coach's report for a player of the
// game, worked out on the search workers; the same report every time; refusals as for steps.
TEST_F(ReplayApi, TheCoachReportsEveryChoiceOfTheAskedSeat) {
  ASSERT_NO_FATAL_FAILURE(finish_a_game(5));
  auto record =
      record_from_json(json::parse(http_get(server.port(), "/api/records/" + id, bearer(wa)).body));
  ASSERT_TRUE(record);

  const std::string coach = "/api/records/" + id + "/coach";
  auto answer = http_get(server.port(), coach + "?seat=1", bearer(wa));
  ASSERT_EQ(answer.status, 200) << answer.body;
  const json report = json::parse(answer.body);
  EXPECT_EQ(report["game"], "queens-court");
  EXPECT_EQ(report["seat"], 1);
  EXPECT_GT(report["playouts"].get<int>(), 0);
  ASSERT_FALSE(report["decisions"].empty());
  for (const json& d : report["decisions"]) {
    const std::size_t i = d["index"];
    ASSERT_LT(i, record->actions.size());
    EXPECT_EQ(record->actions[i].seat, 1);
    EXPECT_EQ(d["played"], record->actions[i].action);
    EXPECT_GE(d["loss"].get<double>(), 0.0);
  }
  EXPECT_LE(report["worst"].size(), 3u);
  EXPECT_EQ(http_get(server.port(), coach + "?seat=1", bearer(wa)).body, answer.body);

  EXPECT_EQ(http_get(server.port(), coach + "?seat=1", bearer(we)).status, 404);
  EXPECT_EQ(http_get(server.port(), coach + "?seat=1").status, 401);
  EXPECT_EQ(http_get(server.port(), coach + "?seat=x", bearer(wa)).status, 400);
  EXPECT_EQ(http_get(server.port(), coach, bearer(wa)).status, 400);
  EXPECT_EQ(http_get(server.port(), coach + "?seat=2", bearer(wa)).status, 400);
}

}  // namespace
}  // namespace crownhall::testing
