// A late joiner over real sockets: the host allows it, Bob joins a game already
// under way as a player, waits among the spectators with a claim on a bot's seat, and plays
// that seat from the next round to the end.
#include <gtest/gtest.h>

#include "test_client.hpp"

namespace crownhall::testing {
namespace {

TEST(LateJoinGame, AJoinerTakesABotsSeatAtTheNextRoundAndPlaysItToTheEnd) {
  auto cfg = test_config();
  cfg.rules.bot_delay_ms = 5;
  test_server server(cfg);
  test_client ann(server.port()), bob(server.port());
  ann.hello("Ann");
  bob.hello("Bob");
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
}

}  // namespace
}  // namespace crownhall::testing
