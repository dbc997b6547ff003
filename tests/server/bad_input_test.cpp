// A catalogue of bad input: each case gets its error code (or its close code), and a game
// in progress at another table of the same server carries on and finishes normally.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <thread>

#include "protocol/error_codes.hpp"
#include "protocol/server_messages.hpp"
#include "test_client.hpp"

namespace crownhall::testing {
namespace {

class BadInput : public ::testing::Test {
 protected:
  void SetUp() override {
    server = std::make_unique<test_server>();
    // The game in progress: four clients at their own table.
    for (int i = 0; i < 4; ++i) {
      bystanders.push_back(std::make_unique<test_client>(server->port()));
      bystanders.back()->hello("Bystander" + std::to_string(i));
    }
    open_table(raw(bystanders));
    start_game(raw(bystanders));
  }

  static std::vector<test_client*> raw(const std::vector<std::unique_ptr<test_client>>& v) {
    std::vector<test_client*> out;
    for (const auto& c : v) out.push_back(c.get());
    return out;
  }

  // The server's count of errors sent with `code` (`/metrics`).
  long errors_counted(const std::string& code) const {
    const std::string body = http_get(server->port(), "/metrics").body;
    const std::string key = "crownhall_errors_total{code=\"" + code + "\"} ";
    const auto at = body.find(key);
    return at == std::string::npos ? -1 : std::stol(body.substr(at + key.size()));
  }
  // The count is taken as the server finishes the read, which may be just after the
  // client has seen the close: wait for it a little.
  bool errors_reach(const std::string& code, long n) const {
    for (int i = 0; i < 200; ++i) {
      if (errors_counted(code) >= n) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  }

  // One more move of the game in progress (it must still be going).
  void step_bystanders() {
    auto players = raw(bystanders);
    sync_tables(players);
    ASSERT_EQ(players[0]->last_table()["state"], "playing");
    for (auto* p : players)
      if (!p->last_table()["game"]["legal"].empty()) {
        p->request({{"type", "act"}, {"action", p->last_table()["game"]["legal"][0]}});
        ++bystander_moves;
        return;
      }
    FAIL() << "nobody may act";
  }

  // Waits until one of the humans at the foreground table may act (bots move in between).
  static test_client& busy_of(test_client& a, test_client& b) {
    for (int i = 0; i < 1000; ++i) {
      const std::uint64_t top = sync_tables({&a, &b});
      if (!a.last_table()["game"]["legal"].empty()) return a;
      if (!b.last_table()["game"]["legal"].empty()) return b;
      a.next_table([top](const json& t) { return t["seq"].get<std::uint64_t>() > top; });
    }
    throw client_error("nobody may act");
  }

  test_client& fresh(const std::string& name = "Fresh") {
    extra.push_back(std::make_unique<test_client>(server->port()));
    extra.back()->hello(name);
    return *extra.back();
  }

  void expect(const json& answer, protocol::error code) {
    EXPECT_EQ(answer["type"], "error") << answer.dump();
    EXPECT_EQ(answer["code"], protocol::to_string(code)) << answer.dump();
    EXPECT_FALSE(answer.value("reason", "").empty());
    seen.insert(std::string(protocol::to_string(code)));
  }

  std::unique_ptr<test_server> server;
  std::vector<std::unique_ptr<test_client>> bystanders;
  std::vector<std::unique_ptr<test_client>> extra;
  std::set<std::string> seen;
  int bystander_moves = 0;
};

TEST_F(BadInput, EveryCaseIsRefusedAndTheOtherGameFinishes) {
  // The foreground: a host, a guest, two bots; normal rounds so one human acts at a time.
  test_client& host = fresh("Host");
  test_client& guest = fresh("Guest");
  test_client& outsider = fresh("Outsider");
  json fg =
      open_table({&host, &guest},
                 {{"seats", 4}, {"spectators", true}, {"options", {{"round_types", {"normal"}}}}});
  const std::string fg_id = fg["table"];
  test_client& priv_host = fresh("PrivateHost");
  json priv = open_table({&priv_host}, {{"private", true}, {"spectators", false}, {"seats", 2}});

  struct bad_case {
    std::string name;
    std::function<void()> run;
  };
  std::vector<bad_case> cases = {
      {"malformed JSON",
       [&] {
         outsider.send_text("{\"type\": \"ping\"");
         expect(outsider.next_error(), protocol::error::bad_json);
       }},
      {"not an object",
       [&] {
         outsider.send_text("[\"hello\"]");
         expect(outsider.next_error(), protocol::error::bad_json);
       }},
      {"a bare string",
       [&] {
         outsider.send_text("\"ping\"");
         expect(outsider.next_error(), protocol::error::bad_json);
       }},
      {"binary frame",
       [&] {
         outsider.send_binary("{\"type\":\"ping\"}");
         expect(outsider.next_error(), protocol::error::bad_message);
       }},
      {"unknown type",
       [&] {
         expect(outsider.expect_error({{"type", "teleport"}}), protocol::error::unknown_type);
       }},
      {"type missing",
       [&] {
         outsider.send_text(R"({"id": 5})");
         expect(outsider.next_error(), protocol::error::bad_message);
       }},
      {"type not a string",
       [&] {
         expect(outsider.expect_error({{"type", 17}}), protocol::error::bad_message);
       }},
      {"missing field",
       [&] {
         expect(host.expect_error({{"type", "take_seat"}}), protocol::error::bad_message);
       }},
      {"mistyped field",
       [&] {
         json e = guest.expect_error({{"type", "ready"}, {"ready", "yes"}});
         expect(e, protocol::error::bad_message);
         EXPECT_NE(e["reason"].get<std::string>().find("ready"), std::string::npos);
       }},
      {"id of the wrong kind",
       [&] {
         outsider.send({{"type", "ping"}, {"id", {1, 2}}});
         expect(outsider.next_error(), protocol::error::bad_message);
       }},
      {"oversized frame (20 KiB): refused, connection stays",
       [&] {
         outsider.send_text(R"({"type":"chat","text":")" + std::string(20000, 'x') + "\"}");
         expect(outsider.next_error(), protocol::error::message_too_large);
         outsider.send({{"type", "ping"}});
         EXPECT_EQ(outsider.next_of("pong")["type"], "pong");
       }},
      {"huge frame (100 KiB): closed with 1009",
       [&] {
         test_client& c = fresh();
         const long before = errors_counted("message_too_large");
         try {
           c.send_text(R"({"type":"chat","text":")" + std::string(100000, 'x') + "\"}");
           // The whole frame went out: the close frame that answers it names the reason.
           EXPECT_EQ(c.wait_closed(), 1009) << c.last_error_;
         } catch (const std::exception& e) {
           // The server may close before the client has written all 100 KiB: the write
           // then fails (broken pipe). The connection is closed all the same, and the
           // count below shows why.
           EXPECT_THROW(c.next(std::chrono::milliseconds(1000)), client_error) << e.what();
         }
         EXPECT_TRUE(errors_reach("message_too_large", before + 1));
       }},
      {"flooding: rate_limited, then closed with 1008",
       [&] {
         // A server with the real limits (the others let test clients go fast).
         auto config = test_config();
         config.rate_per_second = server::server_config{}.rate_per_second;
         config.rate_burst = server::server_config{}.rate_burst;
         test_server limited_server(config);
         test_client c(limited_server.port());
         c.hello("Flood");
         for (int i = 0; i < 300; ++i) c.send({{"type", "ping"}});
         int limited = 0;
         EXPECT_EQ(c.wait_closed(10s), 1008);
         for (const auto& text : c.received())
           if (json::parse(text).value("code", "") == "rate_limited") ++limited;
         EXPECT_GT(limited, 100);
         seen.insert("rate_limited");
       }},
      {"a burst of pings with ids: every one answered once with its id",
       [&] {
         auto config = test_config();
         config.rate_per_second = server::server_config{}.rate_per_second;
         config.rate_burst = server::server_config{}.rate_burst;
         test_server limited_server(config);
         test_client c(limited_server.port());
         c.hello("Burst");
         for (int i = 1; i <= 100; ++i) c.send({{"type", "ping"}, {"id", i}});
         std::set<int> answered;
         int limited = 0;
         for (int n = 0; n < 100; ++n) {
           json j = c.next();
           ASSERT_TRUE(j.contains("id") && j["id"].is_number_integer()) << j.dump();
           EXPECT_TRUE(answered.insert(j["id"].get<int>()).second) << j.dump();
           if (j["type"] == "error") {
             expect(j, protocol::error::rate_limited);
             ++limited;
           }
         }
         EXPECT_EQ(answered.size(), 100u);
         EXPECT_GT(limited, 0);
       }},
      {"a flood of WebSocket pings: closed with 1008",
       [&] {
         auto config = test_config();
         config.rate_per_second = server::server_config{}.rate_per_second;
         config.rate_burst = server::server_config{}.rate_burst;
         test_server limited_server(config);
         test_client c(limited_server.port());
         c.hello("PingFlood");
         try {
           for (int i = 0; i < 3000; ++i) c.send_ping("x");
         } catch (const std::exception&) {
           // The server may close before every ping is written.
         }
         EXPECT_EQ(c.wait_closed(10s), 1008);
       }},
      {"a foreign Origin with a Host to match: the upgrade is refused",
       [&] {
         // The shape of a DNS-rebinding attack: only the server's own origins are let in.
         EXPECT_THROW(test_client(server->port(), "http://evil.example", "evil.example"),
                      std::exception);
       }},
      {"files of the web root that are not the client's: 404",
       [&] {
         for (const char* path :
              {"/.gitignore", "/package.json", "/package-lock.json", "/test/e2e/harness.js",
               "/node_modules/axe-core/axe.min.js", "/README.md"})
           EXPECT_EQ(http_get(server->port(), path).status, 404) << path;
         EXPECT_EQ(http_get(server->port(), "/index.html").status, 200);
       }},
      {"hello twice",
       [&] {
         expect(outsider.expect_error({{"type", "hello"}, {"protocol", 1}, {"name", "Again"}}),
                protocol::error::bad_message);
       }},
      {"no hello",
       [&] {
         test_client c(server->port());
         c.send({{"type", "lobby_subscribe"}});
         expect(c.next_error(), protocol::error::hello_required);
         c.hello("Late");  // and the connection still works
       }},
      {"wrong protocol version: error, then closed",
       [&] {
         test_client c(server->port());
         c.send({{"type", "hello"}, {"protocol", 99}, {"name", "Future"}});
         expect(c.next_error(), protocol::error::protocol_version);
         EXPECT_EQ(c.wait_closed(), 1002);
       }},
      {"forged token",
       [&] {
         test_client c(server->port());
         c.send({{"type", "hello"}, {"protocol", 1}, {"token", std::string(32, '0')}});
         expect(c.next_error(), protocol::error::invalid_token);
         c.send({{"type", "hello"}, {"protocol", 1}, {"token", "../../etc/passwd"}});
         expect(c.next_error(), protocol::error::invalid_token);
       }},
      {"expired token: invalid_token, and the connection goes on",
       [&] {
         // A server that keeps its data (where the stored session used to outlive the TTL),
         // with a TTL of one second: the sweeper runs every second.
         const std::filesystem::path data =
             std::filesystem::temp_directory_path() /
             ("crownhall-bad-input-" + std::to_string(std::random_device{}()));
         auto config = test_config();
         config.data_dir = data.string();
         config.session_ttl_ms = 1000;
         {
           test_server short_ttl(config);
           std::string token;
           {
             test_client gone(short_ttl.port());
             token = gone.hello("Gone")["you"]["token"];
             gone.close();
           }
           test_client stays(short_ttl.port());
           const std::string live_token = stays.hello("Stays")["you"]["token"];
           std::this_thread::sleep_for(std::chrono::milliseconds(3000));
           test_client c(short_ttl.port());
           c.send({{"type", "hello"}, {"protocol", 1}, {"token", token}, {"id", 1}});
           const json refused = c.next();
           expect(refused, protocol::error::invalid_token);
           EXPECT_EQ(refused["id"], 1);
           // The connection goes on: a fresh hello is welcomed as a new player, and a ping
           // is answered.
           const json welcome = c.hello("Again");
           EXPECT_EQ(welcome["you"]["name"], "Again");
           EXPECT_NE(welcome["you"]["token"], token);
           c.send({{"type", "ping"}, {"id", 2}});
           EXPECT_EQ(c.next_of("pong")["id"], 2);
           // A session that kept its connection is not touched.
           test_client stays2(short_ttl.port());
           EXPECT_EQ(stays2.resume_session(live_token)["you"]["name"], "Stays");
         }
         std::filesystem::remove_all(data);
       }},
      {"name with control characters",
       [&] {
         test_client c(server->port());
         c.send({{"type", "hello"}, {"protocol", 1}, {"name", "bad\nname"}});
         expect(c.next_error(), protocol::error::invalid_name);
       }},
      {"names that pass for another: bidi override, zero-width, markup",
       [&] {
         for (const char* name : {"Host\u202E", "Ho\u200Bst", "<i>Host</i>", "\u3164"}) {
           test_client c(server->port());
           c.send({{"type", "hello"}, {"protocol", 1}, {"name", name}});
           expect(c.next_error(), protocol::error::invalid_name);
           expect(outsider.expect_error({{"type", "set_name"}, {"name", name}}),
                  protocol::error::invalid_name);
         }
         // Spaces are collapsed: "Host  " and " Host" are the same name as "Host".
         test_client c(server->port());
         EXPECT_EQ(c.hello("  Out\u00A0 sider ")["you"]["name"], "Out sider");
       }},
      {"chat with a bidi override and zero-width characters is cleaned",
       [&] {
         priv_host.request({{"type", "chat"}, {"text", "gg\u202E \u200Bwp"}});
         const json line = priv_host.next_of("chat");
         EXPECT_EQ(line["text"], "gg wp");
       }},
      {"act without a table",
       [&] {
         expect(outsider.expect_error({{"type", "act"}, {"action", {{"type", "bid"}, {"bid", 1}}}}),
                protocol::error::not_at_table);
       }},
      {"leave without a table",
       [&] {
         expect(outsider.expect_error({{"type", "leave_table"}}), protocol::error::not_at_table);
       }},
      {"resume of a table that does not exist",
       [&] {
         expect(outsider.expect_error({{"type", "resume"}, {"table", "t-nothere"}, {"seq", 1}}),
                protocol::error::no_such_table);
       }},
      {"join an unknown table",
       [&] {
         expect(outsider.expect_error({{"type", "join_table"}, {"table", "t-00000000"}}),
                protocol::error::no_such_table);
       }},
      {"join private without its code",
       [&] {
         expect(outsider.expect_error({{"type", "join_table"}, {"table", priv["table"]}}),
                protocol::error::invite_required);
       }},
      {"bad invite",
       [&] {
         expect(outsider.expect_error({{"type", "join_table"}, {"invite", "AAAAAAAAAAAAAAAA"}}),
                protocol::error::no_such_table);
       }},
      {"spectators not allowed",
       [&] {
         expect(outsider.expect_error(
                    {{"type", "join_table"}, {"invite", priv["invite"]}, {"as", "spectator"}}),
                protocol::error::spectators_not_allowed);
       }},
      {"seat out of range",
       [&] {
         expect(outsider.expect_error({{"type", "join_table"}, {"table", fg_id}, {"seat", 12}}),
                protocol::error::no_such_seat);
       }},
      {"negative seat",
       [&] {
         expect(host.expect_error({{"type", "take_seat"}, {"seat", -1}}),
                protocol::error::no_such_seat);
       }},
      {"taken seat",
       [&] {
         expect(outsider.expect_error({{"type", "join_table"}, {"table", fg_id}, {"seat", 1}}),
                protocol::error::seat_taken);
       }},
      {"huge number",
       [&] {
         expect(host.expect_error({{"type", "take_seat"}, {"seat", 1e300}}),
                protocol::error::bad_message);
         host.send_text(R"({"type":"take_seat","seat":123456789012345678901234567890})");
         expect(host.next_error(), protocol::error::bad_message);
       }},
      {"number beyond a double",
       [&] {
         host.send_text(R"({"type":"take_seat","seat":1e400})");
         expect(host.next_error(), protocol::error::bad_json);
       }},
      {"deeply nested JSON",
       [&] {
         outsider.send_text("{\"type\":\"chat\",\"text\":" + std::string(5000, '[') +
                            std::string(5000, ']') + "}");
         expect(outsider.next_error(), protocol::error::bad_json);
       }},
      {"escaped invalid UTF-16",
       [&] {
         outsider.send_text(R"({"type":"set_name","name":"\udc00"})");
         expect(outsider.next_error(), protocol::error::bad_json);
       }},
      {"raw invalid UTF-8: closed with 1007",
       [&] {
         test_client& c = fresh();
         c.send_text("{\"type\":\"set_name\",\"name\":\"\xff\xfe\"}");
         EXPECT_EQ(c.wait_closed(), 1007);
       }},
      {"host-only action by a guest",
       [&] {
         expect(guest.expect_error({{"type", "add_bot"}}), protocol::error::not_host);
       }},
      {"kick by a guest",
       [&] {
         expect(guest.expect_error({{"type", "kick"}, {"seat", 0}}), protocol::error::not_host);
       }},
      {"invalid options",
       [&] {
         expect(host.expect_error(
                    {{"type", "set_options"}, {"options", {{"round_types", {"chaos"}}}}}),
                protocol::error::invalid_options);
         expect(host.expect_error({{"type", "set_options"}, {"seats", 40}}),
                protocol::error::invalid_options);
       }},
      {"unknown game",
       [&] {
         expect(outsider.expect_error({{"type", "create_table"}, {"game", "tiddlywinks"}}),
                protocol::error::unknown_game);
       }},
      {"act before the start",
       [&] {
         expect(host.expect_error({{"type", "act"}, {"action", {{"type", "bid"}, {"bid", 1}}}}),
                protocol::error::game_not_started);
       }},
      {"start when not ready",
       [&] {
         expect(host.expect_error({{"type", "start"}}), protocol::error::not_ready);
       }},
      {"chat too long",
       [&] {
         expect(host.expect_error({{"type", "chat"}, {"text", std::string(281, 'a')}}),
                protocol::error::chat_too_long);
       }},
      {"chat flood",
       [&] {
         for (int i = 0; i < 5; ++i)
           host.request({{"type", "chat"}, {"text", "hi " + std::to_string(i)}});
         expect(host.expect_error({{"type", "chat"}, {"text", "sixth"}}),
                protocol::error::chat_rate_limited);
       }},
      {"table full",
       [&] {
         host.request({{"type", "add_bot"}});
         host.request({{"type", "add_bot"}});
         expect(outsider.expect_error({{"type", "join_table"}, {"table", fg_id}}),
                protocol::error::table_full);
         guest.request({{"type", "ready"}, {"ready", true}});
         host.request({{"type", "start"}});
         sync_tables({&host, &guest});
       }},
      {"host-only action once the game has started",
       [&] {
         expect(host.expect_error({{"type", "add_bot"}}), protocol::error::game_started);
       }},
      {"acting as a spectator",
       [&] {
         outsider.request({{"type", "join_table"}, {"table", fg_id}, {"as", "spectator"}});
         expect(outsider.expect_error({{"type", "act"}, {"action", {{"type", "bid"}, {"bid", 0}}}}),
                protocol::error::not_seated);
       }},
      {"acting out of turn",
       [&] {
         test_client& busy = busy_of(host, guest);
         test_client& idle = &busy == &host ? guest : host;
         expect(idle.expect_error(
                    {{"type", "act"}, {"action", busy.last_table()["game"]["legal"][0]}}),
                protocol::error::not_your_turn);
       }},
      {"illegal move",
       [&] {
         test_client& busy = busy_of(host, guest);
         const json& view = busy.last_table()["game"]["view"];
         json action = view["phase"] == "bidding" ? json{{"type", "bid"}, {"bid", 37}}
                                                  : json{{"type", "play"}, {"card", "DRAGON_KING"}};
         if (view["phase"] == "choose_trump") action = {{"type", "bid"}, {"bid", 0}};
         expect(busy.expect_error({{"type", "act"}, {"action", action}}),
                protocol::error::illegal_action);
       }},
      {"not a valid action of this game",
       [&] {
         test_client& busy = busy_of(host, guest);
         expect(busy.expect_error({{"type", "act"}, {"action", {{"type", "checkmate"}}}}),
                protocol::error::malformed_action);
       }},
      {"a seq ahead of the table",
       [&] {
         test_client& busy = busy_of(host, guest);
         expect(busy.expect_error({{"type", "act"},
                                   {"action", busy.last_table()["game"]["legal"][0]},
                                   {"seq", busy.last_table()["seq"].get<std::uint64_t>() + 1000}}),
                protocol::error::bad_message);
       }},
      {"a stale seq is judged against the current state (accepted)",
       [&] {
         test_client& busy = busy_of(host, guest);
         busy.request(
             {{"type", "act"}, {"action", busy.last_table()["game"]["legal"][0]}, {"seq", 1}});
       }},
      {"back when not away (accepted, nothing changes)",
       [&] {
         host.request({{"type", "back"}});
       }},
      {"act while the game is paused",
       [&] {
         test_client& solo = fresh("Pauser");
         open_table({&solo}, {{"seats", 2}});
         solo.request({{"type", "add_bot"}});
         solo.request({{"type", "start"}});
         solo.request({{"type", "pause"}, {"pause", true}});  // the only person: paused
         expect(solo.expect_error({{"type", "act"}, {"action", {{"type", "bid"}, {"bid", 0}}}}),
                protocol::error::table_paused);
         expect(solo.expect_error({{"type", "pause"}}), protocol::error::bad_message);
         solo.request({{"type", "pause"}, {"pause", false}});
       }},
      {"a deal to repeat that is no finished game of the sender's",
       [&] {
         test_client& stranger = fresh("Copycat");
         expect(stranger.expect_error({{"type", "create_table"}, {"deal_of", "t-forged-1"}}),
                protocol::error::no_such_record);
         expect(stranger.expect_error({{"type", "create_table"}, {"deal_of", 7}}),
                protocol::error::bad_message);
       }},
      {"watching the table one plays at",
       [&] {
         test_client& player = fresh("Ghost");
         const json t = open_table({&player}, {{"seats", 2}});
         player.request({{"type", "add_bot"}});
         player.request({{"type", "start"}});
         expect(player.expect_error(
                    {{"type", "join_table"}, {"table", t["table"]}, {"as", "spectator"}}),
                protocol::error::seated_here);
       }},
      {"act after the game is over",
       [&] {
         test_client& solo = fresh("Solo");
         open_table({&solo}, {{"seats", 2}, {"options", {{"schedule", {1}}}}});
         solo.request({{"type", "add_bot"}});
         solo.request({{"type", "start"}});
         play_to_end({&solo}, 2);
         expect(solo.expect_error({{"type", "act"}, {"action", {{"type", "bid"}, {"bid", 0}}}}),
                protocol::error::game_over);
       }},
  };
  ASSERT_GE(cases.size(), 30u);
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    c.run();
    step_bystanders();
  }

  // Every code a client can cause was produced (server_full, too_many_tables and the limits
  // per address have their own tests, per_address_test; internal is the server's own
  // failure; table_moving and routing_unavailable need several nodes: tests/durability/;
  // deal_in_play needs a server that keeps finished games: duplicate_test.cpp;
  // server_draining a server sent SIGTERM: tests/hosting/drain_test.mjs).
  for (std::size_t i = 0; i < protocol::error_count; ++i) {
    const std::string code(protocol::error_names[i]);
    if (code == "server_full" || code == "internal" || code == "table_moving" ||
        code == "routing_unavailable" || code == "deal_in_play" || code == "server_draining" ||
        code.rfind("too_many_", 0) == 0)
      continue;
    EXPECT_TRUE(seen.count(code)) << "no case produced " << code;
  }

  // The game in progress went on untouched and finishes normally.
  auto players = raw(bystanders);
  play_to_end(players, 99);
  for (auto* p : players) {
    EXPECT_EQ(p->last_table()["state"], "finished");
    for (const auto& text : p->received()) {
      json j = json::parse(text);
      EXPECT_NE(j["type"], "error") << text;
      EXPECT_FALSE(protocol::validate_server_message(j));
    }
  }
  EXPECT_GE(bystander_moves, static_cast<int>(cases.size()));
}

}  // namespace
}  // namespace crownhall::testing
