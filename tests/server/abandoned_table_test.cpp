// Tables nobody plays at, over real sockets (server/table/table_abandonment): a person alone with
// bots who pauses and leaves does not leave the game frozen, nor bots playing it for ever.
// The pause ends, the bots play on for the set time, then the game stops: off the lobby's
// list, nothing moving, in the player's History as unfinished, and theirs to go back to and
// finish. And one session holds seats at only so many unfinished tables.
#include <gtest/gtest.h>

#include <thread>

#include "test_client.hpp"

namespace crownhall::testing {
namespace {

bool listed(const json& lobby, const json& id) {
  for (const auto& t : lobby["tables"])
    if (t["table"] == id) return true;
  return false;
}

// The seq of the latest table message `c` has been sent: a ping's pong comes after every
// message queued to the connection before it.
std::uint64_t latest_seq(test_client& c) {
  c.send({{"type", "ping"}, {"id", "latest"}});
  c.next_of("pong");
  return c.last_table()["seq"].get<std::uint64_t>();
}

json history(std::uint16_t port, const json& welcome) {
  auto h = http_get(port, "/api/history",
                    {{"Authorization", "Bearer " + welcome["you"]["token"].get<std::string>()}});
  EXPECT_EQ(h.status, 200) << h.body;
  return json::parse(h.body);
}

TEST(AbandonedTable, PausedAloneWithBotsAndLeftTheGameStopsAndWaitsInHistory) {
  temp_dir data("abandoned");
  auto cfg = durable_config(data);
  cfg.rules.bot_delay_ms = 50;
  cfg.rules.unattended_stop_ms = 300;
  test_server server(cfg);
  test_client ann(server.port()), eve(server.port()), lou(server.port());
  const json wa = ann.hello("Ann");
  eve.hello("Eve");
  lou.hello("Lou");

  const json t = open_table(
      {&ann}, {{"game", "crown-battles"}, {"seats", 3}, {"options", {{"schedule", {2, 3, 4}}}}});
  const json id = t["table"];
  ann.request({{"type", "add_bot"}});
  ann.request({{"type", "add_bot"}});
  ann.request({{"type", "start"}});
  ann.next_table([](const json& m) { return m["state"] == "playing"; });
  eve.request({{"type", "join_table"}, {"table", id}, {"as", "spectator"}});
  ann.request({{"type", "pause"}, {"pause", true}});  // alone with bots: paused at once
  eve.next_table([](const json& m) { return m.contains("pause") && m["pause"]["paused"] == true; });
  lou.request({{"type", "lobby_subscribe"}});
  lou.next_where([&](const json& m) { return m["type"] == "lobby" && listed(m, id); });

  ann.request({{"type", "leave_table"}});
  // Nobody is left to resume the pause: it ends (a spectator has no say in it).
  const json resumed = eve.next_table(
      [](const json& m) { return m.contains("pause") && m["pause"]["paused"] == false; });
  EXPECT_EQ(resumed["last_event"]["kind"], "resumed") << resumed.dump();
  // The bots play on for the set time; then the game stops and leaves the lobby's list.
  lou.next_where([&](const json& m) { return m["type"] == "lobby" && !listed(m, id); }, 10s);
  const std::uint64_t stopped_at = latest_seq(eve);
  std::this_thread::sleep_for(500ms);  // ten bot delays
  EXPECT_EQ(latest_seq(eve), stopped_at) << "the bots of a stopped game still play";
  EXPECT_NE(eve.last_table()["state"], "finished");

  // Ann's History has it as unfinished, stopped, to go back to.
  json h = history(server.port(), wa);
  EXPECT_TRUE(h["games"].empty()) << h.dump();
  ASSERT_EQ(h["unfinished"].size(), 1u) << h.dump();
  EXPECT_EQ(h["unfinished"][0]["table"], id);
  EXPECT_EQ(h["unfinished"][0]["game"], "crown-battles");
  EXPECT_EQ(h["unfinished"][0]["stopped"], true);

  // She goes back: her seat, the game plays on, listed again; she finishes it.
  ann.request({{"type", "join_table"}, {"table", id}});
  const json back = ann.next_table([&](const json& m) { return m["table"] == id; });
  EXPECT_EQ(back["you"]["seat"], 0);
  eve.next_table([&](const json& m) { return m["seq"].get<std::uint64_t>() > stopped_at; });
  lou.next_where([&](const json& m) { return m["type"] == "lobby" && listed(m, id); });
  play_to_end({&ann}, 7, {&eve});
  EXPECT_EQ(ann.last_table()["state"], "finished");
  for (int i = 0; i < 100 && history(server.port(), wa)["games"].empty(); ++i)
    std::this_thread::sleep_for(20ms);
  h = history(server.port(), wa);
  ASSERT_EQ(h["games"].size(), 1u) << h.dump();
  EXPECT_EQ(h["games"][0]["table"], id);
  EXPECT_TRUE(h["unfinished"].empty()) << h.dump();
}

TEST(AbandonedTable, OneSessionHoldsSeatsAtNoMoreThanTheCapOfUnfinishedTables) {
  auto cfg = test_config();
  cfg.rules.bot_delay_ms = 60000;  // the games stay unfinished
  cfg.max_open_tables = 3;
  test_server server(cfg);
  test_client ann(server.port()), bob(server.port());
  ann.hello("Ann");
  bob.hello("Bob");
  const json queens = {{"game", "queens-court"}, {"seats", 2}};
  for (int i = 0; i < 3; ++i) {
    open_table({&ann}, queens);
    ann.request({{"type", "add_bot"}});
    ann.request({{"type", "start"}});
    ann.next_table([](const json& m) { return m["state"] == "playing"; });
    ann.request({{"type", "leave_table"}});  // the seat stays hers: the table stays open
  }
  json create = {{"type", "create_table"}};
  create.update(queens);
  const json e = ann.expect_error(create);
  EXPECT_EQ(e["code"], "too_many_tables") << e.dump();
  // The connection goes on, and the cap is per session.
  ann.request({{"type", "lobby_subscribe"}});
  open_table({&bob}, queens);
  EXPECT_EQ(bob.last_table()["you"]["seat"], 0);
}

}  // namespace
}  // namespace crownhall::testing
