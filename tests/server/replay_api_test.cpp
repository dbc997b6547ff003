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

namespace fs = std::filesystem;

// A fresh data directory, removed at the end of the test.
using headers = std::vector<std::pair<std::string, std::string>>;

headers bearer(const json& welcome) {
  return {{"Authorization", "Bearer " + welcome["you"]["token"].get<std::string>()}};
}

TEST(ReplayApi, StepsOfAFinishedGameForItsPlayersOnly) {
  temp_dir data("replay");
  auto cfg = test_config();
  cfg.data_dir = data.path.string();
  test_server server(cfg);
  test_client ann(server.port()), bob(server.port()), eve(server.port());
  const json wa = ann.hello("Ann");
  bob.hello("Bob");
  const json we = eve.hello("Eve");

  open_table({&ann, &bob}, {{"game", "queens-court"}, {"seats", 2}});
  start_game({&ann, &bob});
  play_to_end({&ann, &bob}, 7);
  ann.next_table([](const json& t) { return t["state"] == "finished"; });

  auto history = http_get(server.port(), "/api/history", bearer(wa));
  ASSERT_EQ(history.status, 200) << history.body;
  const json games = json::parse(history.body)["games"];
  ASSERT_EQ(games.size(), 1u);
  const std::string id = games[0]["game_id"];
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

}  // namespace
}  // namespace crownhall::testing
