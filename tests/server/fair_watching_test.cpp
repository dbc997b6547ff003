// Fairness by design over real sockets: a person seated at a table does not watch it too
// (not from another session of the same browser either), a player sharing their hand with
// the spectators who follow them chooses whom and sees who follows, and the lobby says what
// spectators see and whether someone at the table knows the hands.
#include <gtest/gtest.h>

#include "engine/core/record.hpp"
#include "test_client.hpp"

namespace crownhall::testing {
namespace {

constexpr const char* ann_browser = "ann-laptop-0123456789";

// hello from a browser that keeps its own id (the web client's localStorage).
json hello_from(test_client& c, const std::string& name, const std::string& browser) {
  c.send({{"type", "hello"}, {"protocol", 1}, {"name", name}, {"browser", browser}});
  return c.next_of("welcome");
}

json watch(const std::string& table) {
  return {{"type", "join_table"}, {"table", table}, {"as", "spectator"}};
}

json lobby_row(test_client& c, const std::string& table) {
  const json lobby = c.next_where([&](const json& m) {
    if (m["type"] != "lobby") return false;
    for (const json& t : m["tables"])
      if (t["table"] == table) return true;
    return false;
  });
  for (const json& t : lobby["tables"])
    if (t["table"] == table) return t;
  return nullptr;
}

// Ann plays at a table whose spectators see every hand a trick behind; her second window
// (the same browser, another session) may not watch it, nor may she herself.
TEST(Ghosting, APlayerDoesNotWatchTheTableSheSitsAt) {
  test_server server;
  test_client ann(server.port()), bob(server.port()), ghost(server.port()), eve(server.port());
  hello_from(ann, "Ann", ann_browser);
  bob.hello("Bob");
  hello_from(ghost, "Nobody", ann_browser);
  hello_from(eve, "Eve", "eve-phone-0123456789");
  const json created = open_table({&ann, &bob}, {{"seats", 3},
                                                 {"options", {{"schedule", {2, 3}}}},
                                                 {"spectator_mode", "delayed_open"},
                                                 {"spectator_delay", 1}});
  const std::string id = created["table"];
  ann.request({{"type", "add_bot"}});
  ann.request({{"type", "start"}});
  first_view(ann);

  const json refused = ghost.expect_error(watch(id));
  EXPECT_EQ(refused["code"], "seated_here") << refused;
  EXPECT_EQ(ann.expect_error(watch(id))["code"], "seated_here");
  // Someone else's browser watches as before, and is shown every hand (a trick behind).
  eve.request(watch(id));
  const json seen = eve.next_table();
  EXPECT_EQ(seen["you"]["role"], "spectator");
  EXPECT_TRUE(seen["game"].contains("hands"));
  // Bob left the game (a bot plays his seat, which stays his): still no watching it.
  bob.request({{"type", "leave_table"}});
  EXPECT_EQ(bob.expect_error(watch(id))["code"], "seated_here");
}

// A window of Ann's browser watches a table before she sits down at it: when she takes a
// seat, that window is sent away from the table.
TEST(Ghosting, TakingASeatEndsTheSameBrowsersWatching) {
  test_server server;
  test_client host(server.port()), ann(server.port()), ghost(server.port()), eve(server.port());
  host.hello("Host");
  hello_from(ann, "Ann", ann_browser);
  hello_from(ghost, "Nobody", ann_browser);
  eve.hello("Eve");
  const json created = open_table({&host}, {{"seats", 3}});
  const std::string id = created["table"];
  ghost.request(watch(id));
  eve.request(watch(id));
  ann.request({{"type", "join_table"}, {"table", id}, {"seat", 1}});
  const json kicked = ghost.next_of("kicked");
  EXPECT_EQ(kicked["table"], id);
  const json after =
      host.next_table([](const json& t) { return t["seats"][1]["status"] == "human"; });
  EXPECT_EQ(after["spectator_count"], 1) << "Eve still watches";
  EXPECT_EQ(ghost.expect_error(watch(id))["code"], "seated_here");
}

// Follow a player: Bob shares his hand with Eve alone and sees who follows him; Dan, who
// follows him too, sees only what everyone sees.
TEST(FollowAPlayer, ThePlayerChoosesWhichFollowerSeesTheHand) {
  test_server server;
  test_client ann(server.port()), bob(server.port()), eve(server.port()), dan(server.port());
  ann.hello("Ann");
  bob.hello("Bob");
  const std::string eve_id = eve.hello("Eve")["you"]["player"];
  const std::string dan_id = dan.hello("Dan")["you"]["player"];
  const json created = open_table(
      {&ann, &bob},
      {{"seats", 3}, {"options", {{"schedule", {2, 3}}}}, {"spectator_mode", "follow_seat"}});
  const std::string id = created["table"];
  ann.request({{"type", "add_bot"}});
  eve.request(watch(id));
  dan.request(watch(id));
  ann.request({{"type", "start"}});
  first_view(bob);
  eve.request({{"type", "follow"}, {"seat", 1}});
  dan.request({{"type", "follow"}, {"seat", 1}});
  const json told = bob.next_table([](const json& t) {
    return t["you"].contains("followers") && t["you"]["followers"].size() == 2;
  });
  EXPECT_EQ(told["you"]["followers"][0]["name"], "Eve");
  EXPECT_EQ(told["you"]["followers"][1]["player"], dan_id);

  // Only a follower of his seat may be chosen.
  const std::string ann_id = created["seats"][0]["player"];
  EXPECT_EQ(bob.expect_error({{"type", "share_view"}, {"share", true}, {"with", ann_id}})["code"],
            "bad_message");
  bob.request({{"type", "share_view"}, {"share", true}, {"with", eve_id}});
  const json bob_now =
      bob.next_table([](const json& t) { return t["seats"][1]["shared"] == true; });
  EXPECT_EQ(bob_now["seats"][1]["shared_with"]["name"], "Eve");
  const json eve_sees = eve.next_table([](const json& t) { return t["you"]["shown"] == true; });
  EXPECT_EQ(eve_sees["game"]["view"]["hand"], bob_now["game"]["view"]["hand"]);
  const json dan_sees =
      dan.next_table([](const json& t) { return t["seats"][1]["shared"] == true; });
  EXPECT_EQ(dan_sees["you"]["shown"], false);
  EXPECT_NE(dan_sees["game"]["view"], bob_now["game"]["view"]);

  // Everyone who follows him, then.
  bob.request({{"type", "share_view"}, {"share", true}});
  EXPECT_EQ(dan.next_table([](const json& t) { return t["you"]["shown"] == true; })["you"]["shown"],
            true);
}

// Ann's phone, another browser, arrives with the identity her laptop was given: it is Ann,
// the same player, so it may not watch the game she sits in, nor follow a seat of it.
TEST(Ghosting, AnotherDeviceOfTheSamePersonDoesNotWatchHerTable) {
  temp_dir data{"ghosting"};  // identities are kept by a server that keeps its data
  test_server server(durable_config(data));
  test_client laptop(server.port()), bob(server.port());
  const json welcome = hello_from(laptop, "Ann", ann_browser);
  ASSERT_TRUE(welcome["you"]["identity"].is_string()) << welcome;
  const std::string identity = welcome["you"]["identity"];
  bob.hello("Bob");
  const json created = open_table({&laptop, &bob}, {{"seats", 3},
                                                    {"options", {{"schedule", {2, 3}}}},
                                                    {"spectator_mode", "delayed_open"},
                                                    {"spectator_delay", 1}});
  const std::string id = created["table"];
  laptop.request({{"type", "add_bot"}});
  laptop.request({{"type", "start"}});
  first_view(laptop);

  test_client phone(server.port());
  phone.send({{"type", "hello"},
              {"protocol", 1},
              {"name", "Ann"},
              {"identity", identity},
              {"browser", "ann-phone-0123456789"}});
  const json phone_welcome = phone.next_of("welcome");
  EXPECT_EQ(phone_welcome["you"]["player"], welcome["you"]["player"]) << phone_welcome;
  EXPECT_FALSE(phone_welcome.contains("identity_refused")) << phone_welcome;
  EXPECT_EQ(phone.expect_error(watch(id))["code"], "seated_here");
}

// A window that watched a follow-a-player table comes back as the browser of a player seated
// there (its session resumed from that browser): it may not follow anyone.
TEST(FollowAPlayer, AFollowerFromTheBrowserOfASeatedPlayerIsRefused) {
  test_server server;
  test_client ann(server.port()), bob(server.port()), ghost(server.port());
  hello_from(ann, "Ann", ann_browser);
  bob.hello("Bob");
  const std::string token = hello_from(ghost, "Nobody", "elsewhere-0123456789")["you"]["token"];
  const json created = open_table(
      {&ann, &bob}, {{"seats", 2}, {"game", "lunar"}, {"spectator_mode", "follow_seat"}});
  ghost.request(watch(created["table"]));
  ghost.close();
  test_client back(server.port());
  back.send({{"type", "hello"}, {"protocol", 1}, {"token", token}, {"browser", ann_browser}});
  back.next_of("welcome");
  EXPECT_EQ(back.expect_error({{"type", "follow"}, {"seat", 1}})["code"], "seated_here");
}

// The lobby row says what spectators see (and how far behind), and marks a table whose next
// game deals a prepared deal: its host knows every hand.
TEST(LobbyRows, SaySpectatorModeAndWhetherTheHostKnowsTheHands) {
  test_server server;
  test_client host(server.port()), teacher(server.port()), watcher(server.port());
  host.hello("Host");
  teacher.hello("Teacher");
  watcher.hello("Watcher");
  watcher.request({{"type", "lobby_subscribe"}});
  const json plain = open_table(
      {&host}, {{"seats", 3}, {"spectator_mode", "delayed_open"}, {"spectator_delay", 2}});
  const json row = lobby_row(watcher, plain["table"]);
  EXPECT_EQ(row["spectator_mode"], "delayed_open");
  EXPECT_EQ(row["spectator_delay"], 2);
  EXPECT_TRUE(row["known_deal"].is_null());
  EXPECT_TRUE(plain["known_deal"].is_null());

  game_record deal;
  deal.game = "crown-battles";
  deal.options = {{"schedule", {2, 3}}};
  deal.seats = {"A", "B", "C"};
  deal.seed = 99;
  const json prepared = open_table({&teacher}, {{"deal_from", to_json(deal)}, {"game", nullptr}});
  EXPECT_EQ(prepared["known_deal"], "prepared");
  const json teaching = lobby_row(watcher, prepared["table"]);
  EXPECT_EQ(teaching["known_deal"], "prepared");
  EXPECT_EQ(teaching["spectator_mode"], "public");
}

}  // namespace
}  // namespace crownhall::testing
