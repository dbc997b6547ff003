// The server over real sockets, started in this process on an ephemeral port: lobby,
// full games, private tables, reconnect, spectators, clocks, host duties, HTTP, shutdown.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>

#include "protocol/server_messages.hpp"
#include "test_client.hpp"

namespace crownhall::testing {
namespace {

// Every message a client received conforms to the protocol document, and its table
// sequence numbers only grow.
void expect_conforming(const test_client& c) {
  std::uint64_t last_seq = 0;
  for (const std::string& text : c.received()) {
    json j = json::parse(text);
    auto problem = protocol::validate_server_message(j);
    EXPECT_FALSE(problem) << *problem << ": " << text.substr(0, 300);
    if (j["type"] == "table") {
      EXPECT_GT(j["seq"].get<std::uint64_t>(), last_seq);
      last_seq = j["seq"];
    }
  }
}

bool has_table(const json& lobby, const std::string& id) {
  for (const auto& t : lobby["tables"])
    if (t["table"] == id) return true;
  return false;
}

json lobby_entry(const json& lobby, const std::string& id) {
  for (const auto& t : lobby["tables"])
    if (t["table"] == id) return t;
  return nullptr;
}

TEST(Server, WelcomeCarriesASecretTokenAndTheGames) {
  test_server server;
  test_client a(server.port());
  json w = a.hello("Ann");
  EXPECT_EQ(w["protocol"], 1);
  EXPECT_TRUE(std::regex_match(w["you"]["token"].get<std::string>(), std::regex("[0-9a-f]{32}")));
  EXPECT_EQ(w["you"]["name"], "Ann");
  EXPECT_TRUE(w["table"].is_null());
  std::map<std::string, json> seat_counts;
  for (const auto& g : w["games"]) seat_counts[g["id"]] = g["seat_counts"];
  EXPECT_EQ(seat_counts["crown-battles"], json({2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(seat_counts["lunar"], json({2, 4}));  // never 3: the form offers only these
  test_client b(server.port());
  json wb = b.hello("Bob");
  EXPECT_NE(wb["you"]["token"], w["you"]["token"]);
  EXPECT_NE(wb["you"]["player"], w["you"]["player"]);
  // ping, set_name.
  a.send({{"type", "ping"}, {"id", "p1"}});
  EXPECT_EQ(a.next_of("pong")["id"], "p1");
  a.request({{"type", "set_name"}, {"name", "Ann B."}});
  expect_conforming(a);
}

TEST(Server, LobbyListIsPushedAsItChanges) {
  test_server server;
  test_client watcher(server.port()), host(server.port()), guest(server.port());
  watcher.hello("Watcher");
  host.hello("Hostess");
  guest.hello("Guest");
  watcher.request({{"type", "lobby_subscribe"}});
  json first = watcher.next_of("lobby");
  EXPECT_TRUE(first["tables"].empty());

  json t = open_table({&host}, {{"seats", 3}});
  const std::string id = t["table"];
  json l =
      watcher.next_where([&](const json& m) { return m["type"] == "lobby" && has_table(m, id); });
  json entry = lobby_entry(l, id);
  EXPECT_EQ(entry["taken"], 1);
  EXPECT_EQ(entry["seats"], 3);
  EXPECT_EQ(entry["state"], "waiting");
  EXPECT_EQ(entry["host"], "Hostess");
  EXPECT_EQ(entry["summary"].get<std::string>().substr(0, 9), "3 players");

  // A private table is never listed.
  test_client secret(server.port());
  secret.hello("Secret");
  json p = open_table({&secret}, {{"private", true}, {"seats", 2}});
  const std::string private_id = p["table"];

  guest.request({{"type", "join_table"}, {"table", id}});
  l = watcher.next_where([&](const json& m) {
    return m["type"] == "lobby" && has_table(m, id) && lobby_entry(m, id)["taken"] == 2;
  });
  EXPECT_FALSE(has_table(l, private_id));
  host.request({{"type", "add_bot"}});
  host.request({{"type", "set_options"}, {"options", {{"round_types", {"normal", "blind"}}}}});
  guest.request({{"type", "ready"}, {"ready", true}});
  host.request({{"type", "start"}});
  l = watcher.next_where([&](const json& m) {
    return m["type"] == "lobby" && lobby_entry(m, id)["state"] == "playing";
  });
  EXPECT_NE(lobby_entry(l, id)["summary"].get<std::string>().find("blind"), std::string::npos);
  EXPECT_FALSE(has_table(l, private_id));

  // Everyone leaves: the table closes and leaves the list.
  host.request({{"type", "leave_table"}});
  guest.request({{"type", "leave_table"}});
  l = watcher.next_where([&](const json& m) { return m["type"] == "lobby" && !has_table(m, id); });
  watcher.request({{"type", "lobby_unsubscribe"}});
  expect_conforming(watcher);
}

TEST(Server, FourClientsPlayAFullGame) {
  test_server server;
  test_client c0(server.port()), c1(server.port()), c2(server.port()), c3(server.port());
  std::vector<test_client*> players{&c0, &c1, &c2, &c3};
  const char* names[] = {"Ann", "Bob", "Cy", "Dee"};
  for (int i = 0; i < 4; ++i) players[static_cast<std::size_t>(i)]->hello(names[i]);
  open_table(players);
  start_game(players);
  const int actions = play_to_end(players, 7);
  EXPECT_GT(actions, 20);
  for (auto* p : players) {
    const json& t = p->last_table();
    EXPECT_EQ(t["state"], "finished");
    EXPECT_TRUE(t["game"]["outcome"]["winner"].is_number_integer());
    EXPECT_TRUE(t["game"]["legal"].empty());
    expect_conforming(*p);
  }
  // Every seat saw the same outcome.
  EXPECT_EQ(c0.last_table()["game"]["outcome"], c3.last_table()["game"]["outcome"]);
  // The host may start the next game once everyone is ready again.
  EXPECT_EQ(c0.expect_error({{"type", "start"}})["code"], "not_ready");
  for (auto* p : {&c1, &c2, &c3}) p->request({{"type", "ready"}, {"ready", true}});
  start_game(players);
  EXPECT_EQ(c1.last_table()["state"], "playing");
}

TEST(Server, PrivateTableIsJoinedOnlyWithItsInvite) {
  test_server server;
  test_client host(server.port()), guest(server.port()), lurker(server.port());
  host.hello("Host");
  guest.hello("Guest");
  lurker.hello("Lurker");
  json t = open_table({&host}, {{"private", true}, {"seats", 2}});
  const std::string id = t["table"];
  const std::string invite = t["invite"];
  EXPECT_GE(invite.size(), 11u);  // >= 64 bits of base-62
  EXPECT_EQ(lurker.expect_error({{"type", "join_table"}, {"table", id}})["code"],
            "invite_required");
  EXPECT_EQ(
      lurker.expect_error({{"type", "join_table"}, {"table", id}, {"as", "spectator"}})["code"],
      "invite_required");
  EXPECT_EQ(lurker.expect_error({{"type", "join_table"}, {"invite", "wrong-code"}})["code"],
            "no_such_table");
  lurker.request({{"type", "lobby_subscribe"}});
  EXPECT_FALSE(has_table(lurker.next_of("lobby"), id));
  guest.request({{"type", "join_table"}, {"invite", invite}});
  json seen = guest.next_table();
  EXPECT_EQ(seen["table"], id);
  EXPECT_EQ(seen["invite"], invite);
  EXPECT_EQ(seen["you"]["seat"], 1);
  EXPECT_TRUE(seen["private"]);
}

TEST(Server, ReconnectMidRoundResumesTheSameSeatAndView) {
  test_server server;
  test_client c0(server.port()), c1(server.port()), c2(server.port());
  auto c3 = std::make_unique<test_client>(server.port());
  std::vector<test_client*> players{&c0, &c1, &c2, c3.get()};
  for (auto* p : players) p->hello("P");
  open_table(players, {{"options", {{"schedule", {4, 6}}}}});
  start_game(players);
  // A few actions into the first round.
  prng rng(3);
  for (int i = 0; i < 9; ++i) {
    sync_tables(players);
    for (auto* p : players)
      if (!p->last_table()["game"]["legal"].empty()) {
        p->request({{"type", "act"}, {"action", p->last_table()["game"]["legal"][0]}});
        break;
      }
  }
  sync_tables(players);
  const json before = c3->last_table();
  ASSERT_EQ(before["state"], "playing");
  // c3's token was in its welcome: find it in what it received.
  std::string secret;
  for (const auto& text : c3->received()) {
    json j = json::parse(text);
    if (j["type"] == "welcome") secret = j["you"]["token"];
  }
  ASSERT_EQ(secret.size(), 32u);
  // No other client ever saw it.
  for (auto* p : {&c0, &c1, &c2})
    for (const auto& text : p->received()) EXPECT_EQ(text.find(secret), std::string::npos);

  c3.reset();  // the connection drops
  c0.next_table([](const json& t) { return !t["seats"][3]["connected"].get<bool>(); });
  EXPECT_EQ(c0.last_table()["seats"][3]["status"], "human");  // within the grace period

  test_client back(server.port());
  json w = back.resume_session(secret);
  EXPECT_EQ(w["table"], before["table"]);
  json now = back.next_table();
  EXPECT_EQ(now["you"]["seat"], 3);
  EXPECT_EQ(now["game"]["view"], before["game"]["view"]);
  EXPECT_EQ(now["game"]["legal"], before["game"]["legal"]);
  EXPECT_TRUE(now["seats"][3]["connected"]);
  // resume with the last seq: the current snapshot again, and chat said since.
  c0.request({{"type", "chat"}, {"text", "welcome back"}});
  back.send({{"type", "resume"}, {"table", before["table"]}, {"seq", before["seq"]}});
  EXPECT_EQ(back.next_of("chat")["text"], "welcome back");
  // A forged token is refused; the connection stays usable.
  test_client forger(server.port());
  forger.send({{"type", "hello"}, {"protocol", 1}, {"token", std::string(32, 'f')}});
  EXPECT_EQ(forger.next_error()["code"], "invalid_token");
  forger.hello("Honest");
  // The game goes on to the end with the reconnected client.
  players[3] = &back;
  play_to_end(players, 11);
  EXPECT_EQ(back.last_table()["state"], "finished");
}

TEST(Server, ASecondConnectionTakesTheSessionOver) {
  test_server server;
  test_client first(server.port());
  const std::string token = first.hello("Ann")["you"]["token"];
  test_client second(server.port());
  second.resume_session(token);
  EXPECT_EQ(first.wait_closed(), 4001);
}

TEST(Server, ASpectatorSeesOnlyThePublicView) {
  test_server server;
  test_client c0(server.port()), c1(server.port()), c2(server.port()), spec(server.port());
  for (auto* p : {&c0, &c1, &c2, &spec}) p->hello("P");
  json t = open_table({&c0, &c1, &c2},
                      {{"options", {{"schedule", {3, 5}}, {"round_types", {"blind"}}}}});
  start_game({&c0, &c1, &c2});
  spec.request({{"type", "join_table"}, {"table", t["table"]}, {"as", "spectator"}});
  json first = spec.next_table();
  EXPECT_EQ(first["you"]["role"], "spectator");
  EXPECT_TRUE(first["you"]["seat"].is_null());
  EXPECT_EQ(c0.expect_error({{"type", "join_table"}, {"table", t["table"]}, {"as", "spectator"}})
                .value("code", ""),
            "seated_here");
  EXPECT_EQ(spec.expect_error({{"type", "act"}, {"action", {{"type", "bid"}, {"bid", 0}}}})["code"],
            "not_seated");
  play_to_end({&c0, &c1, &c2}, 5, {&spec});
  std::set<std::string> hands;
  for (const auto& text : spec.received()) {
    json j = json::parse(text);
    if (j["type"] != "table" || !j["game"].is_object()) continue;
    EXPECT_TRUE(j["game"]["legal"].empty());
    EXPECT_TRUE(j["game"]["view"]["hand"].empty());
    EXPECT_FALSE(j["last_event"].contains("action"));
    // Blind bids: never a value before the reveal.
    if (j["game"]["view"]["phase"] == "bidding") {
      for (const auto& s : j["game"]["view"]["seats"]) {
        if (s["bid"].is_object()) {
          EXPECT_FALSE(s["bid"].contains("bid")) << s.dump();
        }
      }
    }
  }
  EXPECT_EQ(spec.last_table()["state"], "finished");
}

TEST(Server, AClockRunningOutHandsTheSeatToABotUntilThePlayerIsBack) {
  // Bots at a pace a person can follow: with no delay the bot playing our seat would finish
  // the whole game before we ask for it back.
  auto cfg = test_config();
  cfg.rules.bot_delay_ms = 20;
  test_server server(cfg);
  test_client p(server.port());
  p.hello("Slow");
  json t =
      open_table({&p}, {{"seats", 2}, {"clock", {{"bank_seconds", 1}, {"increment_seconds", 0}}}});
  p.request({{"type", "add_bot"}, {"kind", "heuristic"}});
  p.request({{"type", "start"}});
  // Wait for our first decision, then do nothing: one second later a bot plays for us.
  p.next_table([](const json& t) { return !t["game"].is_null() && !t["game"]["legal"].empty(); });
  json away = p.next_table([](const json& t) { return t["seats"][0]["status"] == "away"; }, 5s);
  EXPECT_EQ(away["last_event"]["kind"], "away");
  EXPECT_EQ(away["last_event"]["reason"], "timeout");
  EXPECT_EQ(away["clock"]["remaining_ms"][0], 0);
  // The bot plays our seat (the sequence moves on without us).
  const auto seq = away["seq"].get<std::uint64_t>();
  p.next_table([&](const json& t) { return t["seq"].get<std::uint64_t>() > seq + 2; });
  EXPECT_EQ(p.last_table()["seats"][0]["status"], "away");
  p.request({{"type", "back"}});
  json back = p.next_table([](const json& t) { return t["seats"][0]["status"] == "human"; });
  EXPECT_GE(back["clock"]["remaining_ms"][0].get<int>(), 9000);
}

TEST(Server, ADisconnectedPlayerPastGraceIsPlayedByABot) {
  auto cfg = test_config();
  cfg.rules.grace_ms = 200;
  test_server server(cfg);
  test_client host(server.port());
  auto gone = std::make_unique<test_client>(server.port());
  host.hello("Host");
  const std::string token = gone->hello("Gone")["you"]["token"];
  open_table({&host, gone.get()}, {{"seats", 2}, {"options", {{"schedule", {2, 3}}}}});
  start_game({&host, gone.get()});
  gone.reset();
  // The host plays on; the other seat goes away and a bot plays it to the end.
  host.next_table([](const json& t) { return t["seats"][1]["status"] == "away"; });
  play_to_end({&host}, 1);
  EXPECT_EQ(host.last_table()["state"], "finished");
  test_client again(server.port());
  again.resume_session(token);
  EXPECT_EQ(again.next_table()["seats"][1]["status"], "human");  // no longer away after the end
}

TEST(Server, HostDutiesOverTheWire) {
  test_server server;
  test_client host(server.port()), b(server.port()), c(server.port());
  host.hello("Host");
  b.hello("B");
  c.hello("C");
  json t = open_table({&host, &b, &c}, {{"seats", 5}});
  EXPECT_EQ(b.expect_error({{"type", "add_bot"}})["code"], "not_host");
  EXPECT_EQ(b.expect_error({{"type", "kick"}, {"seat", 2}})["code"], "not_host");
  EXPECT_EQ(b.expect_error({{"type", "start"}})["code"], "not_host");
  EXPECT_EQ(b.expect_error({{"type", "set_options"}, {"seats", 4}})["code"], "not_host");
  host.request({{"type", "add_bot"}, {"kind", "random"}, {"seat", 4}});
  host.request({{"type", "add_bot"}});
  json seen = c.next_table([](const json& t) { return t["seats"][3]["status"] == "bot"; });
  EXPECT_EQ(seen["seats"][4]["bot"], "random");
  host.request({{"type", "remove_bot"}, {"seat", 3}});
  host.request({{"type", "kick"}, {"seat", 2}});
  EXPECT_EQ(c.next_of("kicked")["table"], t["table"]);
  EXPECT_EQ(c.expect_error({{"type", "ready"}, {"ready", true}})["code"], "not_at_table");
  host.request({{"type", "transfer_host"}, {"seat", 1}});
  b.next_table([](const json& t) { return t["you"]["host"] == true; });
  EXPECT_EQ(host.expect_error({{"type", "kick"}, {"seat", 1}})["code"], "not_host");
  // The host leaves: the role passes on to the next seated human clockwise.
  b.request({{"type", "transfer_host"}, {"seat", 0}});
  host.request({{"type", "leave_table"}});
  json after = b.next_table([](const json& t) { return t["seats"][0]["status"] == "empty"; });
  EXPECT_EQ(after["host"], 1);
  EXPECT_TRUE(after["you"]["host"]);
}

TEST(Server, JoiningAnotherTableLeavesTheFirst) {
  test_server server;
  test_client a(server.port()), b(server.port());
  a.hello("A");
  b.hello("B");
  json t1 = open_table({&a, &b});
  test_client c(server.port());
  c.hello("C");
  json t2 = open_table({&c}, {{"seats", 2}});
  b.request({{"type", "join_table"}, {"table", t2["table"]}});
  a.next_table([](const json& t) { return t["seats"][1]["status"] == "empty"; });
  EXPECT_EQ(b.next_table()["table"], t2["table"]);
}

TEST(Server, ServesTheWebClientHealthAndRefusesTraversal) {
  test_server server;
  for (const char* path : {"/healthz", "/readyz", "/readyz?probe=1"}) {
    auto health = http_get(server.port(), path);
    EXPECT_EQ(health.status, 200) << path;
    EXPECT_EQ(json::parse(health.body)["status"], "ok") << path;
  }
  auto alive = http_get(server.port(), "/livez");
  EXPECT_EQ(alive.status, 200);
  EXPECT_EQ(json::parse(alive.body)["status"], "alive");
  auto index = http_get(server.port(), "/");
  if (std::ifstream(std::string(CROWNHALL_TEST_WEB_ROOT) + "/index.html")) {
    EXPECT_EQ(index.status, 200);
    EXPECT_EQ(index.content_type, "text/html; charset=utf-8");
  }
  EXPECT_EQ(http_get(server.port(), "/../CMakeLists.txt").status, 404);
  EXPECT_EQ(http_get(server.port(), "/%2e%2e/CMakeLists.txt").status, 404);
  EXPECT_EQ(http_get(server.port(), "/no-such-file.js").status, 404);
  // The client's source tree around it is not served.
  for (const char* target :
       {"/.gitignore", "/package.json", "/package-lock.json", "/test/e2e/harness.js", "/README.md"})
    EXPECT_EQ(http_get(server.port(), target).status, 404) << target;
  ASSERT_TRUE(std::ifstream(std::string(CROWNHALL_TEST_WEB_ROOT) + "/src/main.js"));
  EXPECT_EQ(http_get(server.port(), "/src/main.js").status, 200);
  EXPECT_EQ(http_get(server.port(), "/", {}, "POST").status, 405);
  // A WebSocket upgrade from a foreign page is refused; from our own page it is not.
  EXPECT_THROW(test_client(server.port(), "http://evil.example"), std::exception);
  test_client own(server.port(), "http://127.0.0.1:" + std::to_string(server.port()));
  own.hello("Own");
}

// Host and Origin agreeing on a foreign name is the shape of a
// DNS-rebinding attack, not one of our pages.
TEST(Server, AForeignOriginIsRefusedWhateverTheHostSays) {
  test_server server;
  EXPECT_THROW(test_client(server.port(), "http://evil.example", "evil.example"), std::exception);
  const std::string port = std::to_string(server.port());
  EXPECT_THROW(test_client(server.port(), "http://evil.example:" + port, "evil.example:" + port),
               std::exception);
  test_client own(server.port(), "http://localhost:" + port, "localhost:" + port);
  own.hello("Own");
}

TEST(Server, AllowOriginLetsANamedSiteIn) {
  auto cfg = test_config();
  cfg.allow_origins = {"https://friends.example"};
  test_server server(cfg);
  test_client ok(server.port(), "https://friends.example");
  ok.hello("Friend");
  EXPECT_THROW(test_client(server.port(), "https://other.example"), std::exception);
}

TEST(Server, ShutdownTellsEveryClientAndClosesCleanly) {
  test_server server;
  test_client a(server.port()), b(server.port());
  a.hello("A");
  b.hello("B");
  open_table({&a, &b});
  server.get().stop();
  // Each client is told, then closed with 1001 (the close handshake needs it to read).
  EXPECT_EQ(a.next_of("shutdown")["type"], "shutdown");
  EXPECT_EQ(a.wait_closed(), 1001);
  EXPECT_EQ(b.next_of("shutdown")["type"], "shutdown");
  EXPECT_EQ(b.wait_closed(), 1001);
  // run() returns once the last connection has closed.
  EXPECT_TRUE(server.stop(5s));
}

TEST(Server, ConnectionsBeyondTheCapAreRefused) {
  auto cfg = test_config();
  cfg.max_connections = 2;
  test_server server(cfg);
  test_client a(server.port()), b(server.port());
  a.hello("A");
  b.hello("B");
  test_client c(server.port());
  EXPECT_EQ(c.next_error()["code"], "server_full");
  EXPECT_EQ(c.wait_closed(), 1013);
  a.close();
  // A place is free again (the count drops once the server has seen the close).
  bool admitted = false;
  for (int i = 0; i < 100 && !admitted; ++i) {
    test_client d(server.port());
    d.send({{"type", "hello"}, {"protocol", 1}, {"name", "D"}});
    admitted = d.next()["type"] == "welcome";
    if (!admitted) std::this_thread::sleep_for(10ms);
  }
  EXPECT_TRUE(admitted);
}

}  // namespace
}  // namespace crownhall::testing
