// Pause by consent over real sockets: two people and two bots; both ask, the
// table pauses for everyone, moves are refused with `table_paused` while the connection and
// the table go on, bots wait, and either player resumes.
#include <gtest/gtest.h>

#include <thread>

#include "test_client.hpp"

namespace crownhall::testing {
namespace {

TEST(PauseGame, BothAskThenNothingMovesUntilOneResumes) {
  auto cfg = test_config();
  cfg.rules.bot_delay_ms = 20;
  test_server server(cfg);
  test_client ann(server.port()), bob(server.port()), eve(server.port());
  ann.hello("Ann");
  bob.hello("Bob");
  eve.hello("Eve");
  const json t = open_table(
      {&ann, &bob}, {{"game", "crown-battles"}, {"seats", 4}, {"options", {{"schedule", {1, 2}}}}});
  eve.request({{"type", "join_table"}, {"table", t["table"]}, {"as", "spectator"}});
  ann.request({{"type", "add_bot"}});
  ann.request({{"type", "add_bot"}});
  start_game({&ann, &bob});
  // Ask while a person is to move: their decision waits for them, whatever the bots do.
  test_client* mover = nullptr;
  for (int guard = 0; guard < 200 && !mover; ++guard) {
    const std::uint64_t top = sync_tables({&ann, &bob});
    for (test_client* c : {&ann, &bob})
      if (!c->last_table()["game"]["legal"].empty()) mover = c;
    if (!mover)
      ann.next_table([top](const json& m) { return m["seq"].get<std::uint64_t>() > top; });
  }
  ASSERT_NE(mover, nullptr);

  ann.request({{"type", "pause"}, {"pause", true}});
  const json asked = bob.next_table(
      [](const json& m) { return m.contains("pause") && m["pause"]["asked"] == json::array({0}); });
  EXPECT_EQ(asked["pause"]["paused"], false);
  EXPECT_EQ(asked["last_event"]["kind"], "pause_asked");
  EXPECT_EQ(eve.expect_error({{"type", "pause"}, {"pause", true}})["code"], "not_seated");

  bob.request({{"type", "pause"}, {"pause", true}});
  for (test_client* c : {&ann, &bob, &eve}) {
    const json p = c->next_table([](const json& m) { return m["pause"]["paused"] == true; });
    EXPECT_EQ(p["last_event"]["kind"], "paused");
  }
  // The person to move is refused, and the connection goes on.
  const std::uint64_t seq = sync_tables({&ann, &bob});
  const json& legal = mover->last_table()["game"]["legal"];
  ASSERT_FALSE(legal.empty());
  const json e = mover->expect_error({{"type", "act"}, {"action", legal[0]}});
  EXPECT_EQ(e["code"], "table_paused") << e.dump();
  ann.request({{"type", "chat"}, {"text", "tea break"}});
  EXPECT_EQ(bob.next_of("chat")["text"], "tea break");
  // The bots wait: 25 bot delays later the table has not moved.
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_EQ(sync_tables({&ann, &bob}), seq);

  bob.request({{"type", "pause"}, {"pause", false}});
  const json resumed = ann.next_table([](const json& m) { return m["pause"]["paused"] == false; });
  EXPECT_EQ(resumed["last_event"]["kind"], "resumed");
  // The game goes on: it plays to its end.
  play_to_end({&ann, &bob}, 18, {&eve});
  EXPECT_EQ(ann.last_table()["state"], "finished");
}

}  // namespace
}  // namespace crownhall::testing
