// A late joiner over real sockets: the host allows it, Bob joins a game already
// under way as a player, waits among the spectators with a claim on a bot's seat, and plays
// that seat from the next round to the end.
#include <gtest/gtest.h>

#include "test_client.hpp"

namespace crownhall::testing {
namespace {

using headers = std::vector<std::pair<std::string, std::string>>;

TEST(LateJoinGame, AJoinerTakesABotsSeatAtTheNextRoundAndPlaysItToTheEnd) {
  temp_dir data{"late-join"};
  auto cfg = durable_config(data);
  cfg.rules.bot_delay_ms = 5;
  test_server server(cfg);
  test_client ann(server.port()), bob(server.port());
  ann.hello("Ann");
  const json wb = bob.hello("Bob");
  const json t = open_table({&ann}, {{"game", "crown-battles"},
                                     {"seats", 4},
                                     {"late_join", true},
                                     {"options", {{"schedule", {1, 2}}}}});
  for (int i = 0; i < 3; ++i) ann.request({{"type", "add_bot"}});
  start_game({&ann});

  bob.request({{"type", "join_table"}, {"table", t["table"]}, {"as", "player"}});
  const json waiting = bob.next_table([](const json& m) { return m["seats"][1].contains("next"); });
  EXPECT_EQ(waiting["you"]["role"], "spectator");
  EXPECT_EQ(waiting["seats"][1]["status"], "bot");
  EXPECT_EQ(waiting["seats"][1]["next"]["name"], "Bob");
  EXPECT_EQ(waiting["late_join"], true);

  int bob_moves = 0, guard = 0;
  for (; guard < 2000; ++guard) {
    const std::uint64_t top = sync_tables({&ann, &bob});
    if (ann.last_table()["state"] != "playing") break;
    test_client* mover = nullptr;
    for (test_client* c : {&ann, &bob})
      if (c->last_table()["game"].is_object() && !c->last_table()["game"]["legal"].empty())
        mover = c;
    if (!mover) {
      ann.next_table([top](const json& m) { return m["seq"].get<std::uint64_t>() > top; });
      continue;
    }
    // Before Bob sits down, nothing offers him a move.
    if (mover == &bob) {
      ASSERT_EQ(bob.last_table()["you"]["seat"], 1);
      ++bob_moves;
    }
    mover->request(
        {{"type", "act"}, {"action", mover->last_table()["game"]["legal"][0]}, {"seq", top}});
  }
  ASSERT_LT(guard, 2000);
  const json end = bob.next_table([](const json& m) { return m["state"] == "finished"; });
  EXPECT_EQ(end["you"]["seat"], 1);
  EXPECT_EQ(end["seats"][1]["name"], "Bob");
  EXPECT_GT(bob_moves, 0) << "Bob played the seat from round 2";

  // The record says when Bob sat down, and its replay names the bot for the moves before.
  const headers auth{{"Authorization", "Bearer " + wb["you"]["token"].get<std::string>()}};
  const auto history = http_get(server.port(), "/api/history", auth);
  ASSERT_EQ(history.status, 200) << history.body;
  const json games = json::parse(history.body)["games"];
  ASSERT_EQ(games.size(), 1u) << "the game is in the History of the one who finished it";
  const std::string id = games[0]["game_id"];
  const auto steps = http_get(server.port(), "/api/records/" + id + "/steps?from=0&count=1", auth);
  ASSERT_EQ(steps.status, 200) << steps.body;
  const json handovers = json::parse(steps.body)["handovers"];
  ASSERT_EQ(handovers.size(), 1u) << steps.body;
  EXPECT_EQ(handovers[0]["seat"], 1);
  EXPECT_EQ(handovers[0]["was"], "Bot (heuristic)");
  const std::size_t after = handovers[0]["after"];
  EXPECT_GT(after, 0u);
  const json record = json::parse(http_get(server.port(), "/api/records/" + id, auth).body);
  EXPECT_EQ(record["seats"][1], "Bob");
  EXPECT_EQ(record["handovers"], handovers);
  EXPECT_LT(after, record["actions"].size()) << "Bob sat down before the game's end";
}

}  // namespace
}  // namespace crownhall::testing
