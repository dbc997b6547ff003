// The admin API over real sockets (docs/admin.md): the token is required, the list shows
// live tables, a seat's view is exactly what that seat received, the spectators' view
// holds no hand, and closing a table, closing a connection and a notice reach the right
// clients. Also /metrics' action latency histogram.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "protocol/server_messages.hpp"
#include "test_client.hpp"

namespace crownhall::testing {
namespace {

const std::string token = "an-admin-token-of-some-length";

server::server_config admin_config(int threads = 2) {
  auto c = test_config();
  c.admin_token = token;
  c.threads = threads;
  return c;
}

http_reply admin(std::uint16_t port, const std::string& method, const std::string& target,
                 const std::string& body = {}, const std::string& auth = "Bearer " + token) {
  std::vector<std::pair<std::string, std::string>> headers;
  if (!auth.empty()) headers.emplace_back("Authorization", auth);
  return http_get(port, target, headers, method, body);
}

json admin_json(std::uint16_t port, const std::string& method, const std::string& target,
                const std::string& body = {}) {
  const http_reply r = admin(port, method, target, body);
  EXPECT_EQ(r.status, 200) << method << ' ' << target << ": " << r.body;
  EXPECT_EQ(r.content_type, "application/json");
  return json::parse(r.body);
}

json find_table(const json& list, const std::string& id) {
  for (const auto& t : list["tables"])
    if (t["table"] == id) return t;
  return nullptr;
}

// A crown-battles table of `host` and two bots, started; returns its id.
std::string table_with_bots(test_client& host) {
  const std::string id = open_table({&host}, {{"seats", 3}})["table"];
  host.request({{"type", "add_bot"}});
  host.request({{"type", "add_bot"}, {"kind", "random"}});
  host.request({{"type", "start"}});
  host.next_table([](const json& t) { return t["state"] == "playing"; });
  return id;
}

// Plays `n` actions with whichever human client may act, then brings all to one seq.
void play_some(const std::vector<test_client*>& players, int n) {
  for (int i = 0; i < n; ++i) {
    sync_tables(players);
    for (auto* p : players)
      if (!p->last_table()["game"]["legal"].empty()) {
        p->request({{"type", "act"}, {"action", p->last_table()["game"]["legal"][0]}});
        break;
      }
  }
  sync_tables(players);
}

TEST(Admin, RefusesAMissingOrWrongToken) {
  test_server server(admin_config());
  std::string same_length = token;
  same_length.back() = same_length.back() == 'x' ? 'y' : 'x';
  const std::vector<std::string> refused = {
      "",                       // no header
      "Bearer ",                // empty token
      "Bearer wrong",           // shorter
      "Bearer " + same_length,  // same length, last byte differs
      "Bearer " + token + "x",  // longer, with the right prefix
      "Basic " + token,         // another scheme
      "bearer " + token,        // the scheme is case-sensitive here
  };
  for (const std::string& auth : refused)
    for (const char* target :
         {"/api/admin/tables", "/api/admin/sessions", "/api/admin/nothing-here"}) {
      const http_reply r = admin(server.port(), "GET", target, {}, auth);
      EXPECT_EQ(r.status, 401) << auth << ' ' << target;
      EXPECT_TRUE(json::parse(r.body).contains("error")) << r.body;
    }
  // Refused before anything happens: no notice went out.
  EXPECT_EQ(
      admin(server.port(), "POST", "/api/admin/notice", R"({"text":"x"})", "Bearer no").status,
      401);
  EXPECT_EQ(admin(server.port(), "GET", "/api/admin/tables").status, 200);
  EXPECT_EQ(admin(server.port(), "GET", "/api/admin/nothing-here").status, 404);
  EXPECT_EQ(admin(server.port(), "GET", "/api/admin/notice").status, 405);
  EXPECT_EQ(admin(server.port(), "GET", "/api/admin/tables/t-none/close").status, 405);
}

TEST(Admin, IsOffWithoutAConfiguredToken) {
  test_server server;  // test_config(): no admin token
  for (const std::string& auth : {std::string(), std::string("Bearer "), "Bearer " + token}) {
    const http_reply r = admin(server.port(), "GET", "/api/admin/tables", {}, auth);
    EXPECT_EQ(r.status, 404);
    EXPECT_NE(json::parse(r.body)["error"].get<std::string>().find("--admin-token"),
              std::string::npos);
  }
}

TEST(Admin, ListsARunningGameWithItsSeatsAndTheTotals) {
  test_server server(admin_config());
  test_client host(server.port()), idle(server.port());
  host.hello("Ann");
  idle.hello("Idle");
  const std::string id = table_with_bots(host);
  // The bots play at once; Ann moves when it is her turn.
  const json mine = host.next_table([](const json& t) { return !t["game"]["legal"].empty(); });
  host.request({{"type", "act"}, {"action", mine["game"]["legal"][0]}});

  const json list = admin_json(server.port(), "GET", "/api/admin/tables");
  const json t = find_table(list, id);
  ASSERT_TRUE(t.is_object()) << list.dump();
  EXPECT_EQ(t["game_id"], "crown-battles");
  EXPECT_EQ(t["state"], "playing");
  EXPECT_FALSE(t["private"].get<bool>());
  EXPECT_TRUE(t["options"].is_object());
  EXPECT_GE(t["seq"].get<std::uint64_t>(), host.last_table()["seq"].get<std::uint64_t>());
  EXPECT_GE(t["age_seconds"].get<int>(), 0);
  EXPECT_GT(t["actions"].get<int>(), 0);
  EXPECT_TRUE(t["last_action_at"].is_number_integer());
  ASSERT_EQ(t["seats"].size(), 3u);
  EXPECT_EQ(t["seats"][0]["name"], "Ann");
  EXPECT_EQ(t["seats"][0]["status"], "human");
  EXPECT_TRUE(t["seats"][0]["connected"].get<bool>());
  EXPECT_EQ(t["seats"][1]["status"], "bot");
  EXPECT_EQ(t["seats"][2]["bot"], "random");
  // The list never carries a game view.
  EXPECT_FALSE(t.contains("game"));
  EXPECT_FALSE(t.contains("view"));

  const json& totals = list["totals"];
  EXPECT_EQ(totals["connections"], 2);
  EXPECT_EQ(totals["tables"], 1);
  EXPECT_EQ(totals["tables_by_state"]["playing"], 1);
  EXPECT_GT(totals["messages_out"].get<std::uint64_t>(), 0u);
  EXPECT_GT(totals["resident_memory_bytes"].get<std::uint64_t>(), 1u << 20);

  // Rates come from two samples at least a second apart, with traffic in between.
  std::this_thread::sleep_for(1100ms);
  for (int i = 0; i < 5; ++i) host.request({{"type", "chat"}, {"text", "hello"}});
  const json later = admin_json(server.port(), "GET", "/api/admin/tables")["totals"];
  EXPECT_GT(later["messages_in_per_second"].get<double>(), 0);
  EXPECT_GT(later["messages_out_per_second"].get<double>(), 0);

  const json sessions = admin_json(server.port(), "GET", "/api/admin/sessions")["sessions"];
  ASSERT_EQ(sessions.size(), 2u);
  std::set<std::string> names;
  for (const auto& s : sessions) names.insert(s["name"]);
  EXPECT_EQ(names, (std::set<std::string>{"Ann", "Idle"}));
}

// The admin's view through a seat is that seat's message as a new connection would get it:
// the same, but with the audience's move-log backlog where the seat's last message carried
// only the lines new to it (those are the backlog's last).
void expect_same_message(json admin_view, json received, const std::string& who) {
  const json backlog = admin_view.value("events", json::array());
  const json fresh = received.value("events", json::array());
  ASSERT_GE(backlog.size(), fresh.size()) << who;
  for (std::size_t i = 0; i < fresh.size(); ++i)
    EXPECT_EQ(backlog[backlog.size() - fresh.size() + i], fresh[i]) << who;
  admin_view.erase("events");
  received.erase("events");
  EXPECT_EQ(admin_view, received) << who;  // no clock: the whole message is the same
}

TEST(Admin, SeatViewIsExactlyWhatThatSeatReceived) {
  // One I/O thread: the view is asked of the table's strand on that very thread, so an
  // HTTP handler that waited for it would never get it.
  test_server server(admin_config(1));
  test_client c0(server.port()), c1(server.port()), c2(server.port());
  std::vector<test_client*> players{&c0, &c1, &c2};
  for (auto* p : players) p->hello("P");
  const std::string id = open_table(players)["table"];
  start_game(players);
  play_some(players, 5);
  const std::string base = "/api/admin/tables/" + id + "/view";
  for (int s = 0; s < 3; ++s) {
    const json& received = players[static_cast<std::size_t>(s)]->last_table();
    const json view = admin_json(server.port(), "GET", base + "?seat=" + std::to_string(s));
    EXPECT_EQ(view["seq"], received["seq"]);
    EXPECT_EQ(view["game"], received["game"]) << "seat " << s;
    expect_same_message(view, received, "seat " + std::to_string(s));
    EXPECT_FALSE(protocol::validate_server_message(view));
  }
  // Different seats see different hands: the admin gets a seat's view, not the state.
  EXPECT_NE(admin_json(server.port(), "GET", base + "?seat=0")["game"]["view"],
            admin_json(server.port(), "GET", base + "?seat=1")["game"]["view"]);
  EXPECT_EQ(admin(server.port(), "GET", base + "?seat=3").status, 404);
  EXPECT_EQ(admin(server.port(), "GET", base + "?seat=-1").status, 400);
  EXPECT_EQ(admin(server.port(), "GET", base + "?seat=x").status, 400);
  EXPECT_EQ(admin(server.port(), "GET", base).status, 400);
  EXPECT_EQ(admin(server.port(), "GET", "/api/admin/tables/t-nope/view?seat=0").status, 404);

  // Every act was timed: /metrics has the histogram.
  const std::string metrics = http_get(server.port(), "/metrics").body;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(metrics, m, std::regex("crownhall_action_seconds_count (\\d+)")))
      << metrics;
  EXPECT_GE(std::stoi(m[1]), 5);
  EXPECT_NE(metrics.find("# TYPE crownhall_action_seconds histogram"), std::string::npos);
}

TEST(Admin, SpectatorViewHoldsNoHandCards) {
  test_server server(admin_config());
  test_client c0(server.port()), c1(server.port()), watcher(server.port());
  std::vector<test_client*> players{&c0, &c1};
  for (auto* p : {&c0, &c1, &watcher}) p->hello("P");
  const std::string id = open_table(players)["table"];
  watcher.request({{"type", "join_table"}, {"table", id}, {"as", "spectator"}});
  start_game(players);
  play_some(players, 3);
  watcher.next_table([&](const json& t) { return t["seq"] == c0.last_table()["seq"]; });

  const json view =
      admin_json(server.port(), "GET", "/api/admin/tables/" + id + "/view?as=spectator");
  expect_same_message(view, watcher.last_table(), "spectator");
  EXPECT_TRUE(view["you"]["seat"].is_null());
  EXPECT_TRUE(view["game"]["legal"].empty());
  const json& hand = view["game"]["view"]["hand"];
  EXPECT_TRUE(hand.is_null() || hand.empty()) << hand.dump();
  // No card any seat holds appears anywhere in it.
  const std::string text = view.dump();
  for (auto* p : players)
    for (const auto& card : p->last_table()["game"]["view"]["hand"]) {
      ASSERT_TRUE(card.is_string());
      EXPECT_EQ(text.find('"' + card.get<std::string>() + '"'), std::string::npos) << card;
    }
}

TEST(Admin, ClosingATableSendsTableClosedToEveryMember) {
  test_server server(admin_config());
  test_client c0(server.port()), c1(server.port()), watcher(server.port());
  std::vector<test_client*> players{&c0, &c1};
  for (auto* p : {&c0, &c1, &watcher}) p->hello("P");
  const std::string id = open_table(players)["table"];
  watcher.request({{"type", "join_table"}, {"table", id}, {"as", "spectator"}});
  start_game(players);

  const json r = admin_json(server.port(), "POST", "/api/admin/tables/" + id + "/close");
  EXPECT_EQ(r["closed"], id);
  for (auto* c : {&c0, &c1, &watcher}) {
    const json closed = c->next_of("table_closed");
    EXPECT_EQ(closed["table"], id);
    EXPECT_EQ(closed["reason"], "closed by an admin");
  }
  EXPECT_TRUE(find_table(admin_json(server.port(), "GET", "/api/admin/tables"), id).is_null());
  EXPECT_EQ(admin(server.port(), "POST", "/api/admin/tables/" + id + "/close").status, 404);
  // The players are at no table now, and their connections stay open.
  EXPECT_EQ(c0.expect_error({{"type", "chat"}, {"text", "hi"}})["code"], "not_at_table");
}

TEST(Admin, KickClosesOneConnectionWhileAnotherGameGoesOn) {
  test_server server(admin_config());
  test_client a0(server.port()), a1(server.port()), b0(server.port()), b1(server.port());
  const std::string target = a1.hello("Target")["you"]["player"];
  for (auto* p : {&a0, &b0, &b1}) p->hello("P");
  open_table({&a0, &a1});
  start_game({&a0, &a1});
  open_table({&b0, &b1});
  start_game({&b0, &b1});

  const json r = admin_json(server.port(), "POST", "/api/admin/connections/" + target + "/kick");
  EXPECT_EQ(r["closed"], target);
  EXPECT_EQ(a1.wait_closed(), 4002);
  // Its table sees the seat disconnected; the other game goes on.
  a0.next_table([](const json& t) { return !t["seats"][1]["connected"].get<bool>(); });
  play_some({&b0, &b1}, 4);
  EXPECT_TRUE(b0.is_open());
  EXPECT_TRUE(b1.is_open());
  EXPECT_TRUE(a0.is_open());

  EXPECT_EQ(admin(server.port(), "POST", "/api/admin/connections/p-nobody/kick").status, 404);
  // The session outlives its connection, but there is nothing left to close.
  EXPECT_EQ(admin(server.port(), "POST", "/api/admin/connections/" + target + "/kick").status, 409);
}

TEST(Admin, NoticeReachesEveryConnectedClient) {
  test_server server(admin_config());
  test_client seated(server.port()), lobby(server.port()), fresh(server.port());
  seated.hello("Seated");
  lobby.hello("Lobby");
  // `fresh` has not said hello: it is connected all the same (its refused request shows
  // the server has accepted it).
  fresh.send({{"type", "ping"}});
  EXPECT_EQ(fresh.next_error()["code"], "hello_required");
  open_table({&seated}, {{"seats", 2}});

  const std::string text = "The server restarts at 22:00 UTC.";
  const json r =
      admin_json(server.port(), "POST", "/api/admin/notice", json{{"text", text}}.dump());
  EXPECT_EQ(r["sent"], 3);
  for (auto* c : {&seated, &lobby, &fresh}) {
    const json n = c->next_of("notice");
    EXPECT_EQ(n, (json{{"type", "notice"}, {"text", text}}));
    EXPECT_FALSE(protocol::validate_server_message(n));
  }
  for (const std::string& bad :
       {std::string("not json"), std::string(R"({"text": ""})"), std::string(R"({"text": 5})"),
        std::string(R"({})"), json{{"text", std::string(501, 'a')}}.dump()})
    EXPECT_EQ(admin(server.port(), "POST", "/api/admin/notice", bad).status, 400) << bad;
}

}  // namespace
}  // namespace crownhall::testing
