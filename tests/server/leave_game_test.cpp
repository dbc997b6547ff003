// Leaving a game in progress over real sockets: at a table of one
// person and bots, the last person leaving does not destroy the game. Bots play the seat,
// the person can take it back through the table's link, and the finished game is in their
// History; only then, with nobody left, does the table close.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <thread>

#include "test_client.hpp"

namespace crownhall::testing {
namespace {

namespace fs = std::filesystem;

bool listed(const json& lobby, const json& id) {
  for (const auto& t : lobby["tables"])
    if (t["table"] == id) return true;
  return false;
}

TEST(LeaveGame, TheLastPersonLeavingKeepsTheGameForBotsAndHistory) {
  temp_dir data("leave");
  auto cfg = durable_config(data);
  cfg.rules.bot_delay_ms = 30;  // slow enough to look at the table while bots play
  test_server server(cfg);
  test_client ann(server.port()), eve(server.port());
  const json wa = ann.hello("Ann");
  eve.hello("Eve");

  const json t = open_table({&ann}, {{"game", "queens-court"}, {"seats", 2}});
  const json id = t["table"];
  ann.request({{"type", "add_bot"}});
  ann.request({{"type", "start"}});
  ann.next_table([](const json& m) { return m["state"] == "playing"; });

  ann.request({{"type", "leave_table"}});
  // The table and its game go on: listed in the lobby as playing, and the seat is Ann's.
  eve.request({{"type", "lobby_subscribe"}});
  const json lobby = eve.next_of("lobby");
  ASSERT_TRUE(listed(lobby, id)) << lobby.dump();
  ann.request({{"type", "join_table"}, {"table", id}});
  const json back = ann.next_table([&](const json& m) { return m["table"] == id; });
  EXPECT_EQ(back["you"]["seat"], 0);
  EXPECT_EQ(back["you"]["role"], "player");

  // Leaves again; the bots finish the game and it is in Ann's History.
  ann.request({{"type", "leave_table"}});
  const std::vector<std::pair<std::string, std::string>> auth = {
      {"Authorization", "Bearer " + wa["you"]["token"].get<std::string>()}};
  json games = json::array();
  for (int i = 0; i < 600 && games.empty(); ++i) {
    auto h = http_get(server.port(), "/api/history", auth);
    ASSERT_EQ(h.status, 200) << h.body;
    games = json::parse(h.body)["games"];
    if (games.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(games.size(), 1u) << "the game was not finished and recorded";
  EXPECT_EQ(games[0]["summary"]["seats"][0], "Ann") << games.dump();  // named, though gone
  // ...and known by her player id (her profile is a click from her name); the bot by none.
  EXPECT_EQ(games[0]["summary"]["players"], json::array({wa["you"]["player"], nullptr}));
  auto rec =
      http_get(server.port(), "/api/records/" + games[0]["game_id"].get<std::string>(), auth);
  ASSERT_EQ(rec.status, 200);
  EXPECT_EQ(json::parse(rec.body)["seats"][0], "Ann");
  for (const auto& m : ann.received()) EXPECT_EQ(m.find("table_closed"), std::string::npos) << m;

  // Finished and nobody left: now the table closes and leaves the lobby.
  eve.next_where([&](const json& m) { return m["type"] == "lobby" && !listed(m, id); }, 10s);
}

}  // namespace
}  // namespace crownhall::testing
