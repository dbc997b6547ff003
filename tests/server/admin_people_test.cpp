// The admin's people over real sockets (docs/admin.md, "People"): a player banned mid-game is
// signed out, a bot plays their seat, their account cannot sign in and their address makes no
// new guest for the time asked; the ban lifted, they sign in again; an offensive name
// renamed; every act in the audit log.
#include <gtest/gtest.h>

#include "test_client.hpp"

namespace crownhall::testing {
namespace {

using headers = std::vector<std::pair<std::string, std::string>>;
const std::string admin_token = "an-admin-token-of-some-length";

class AdminPeople : public ::testing::Test {
 protected:
  static server::server_config config(const temp_dir& data) {
    auto c = durable_config(data);
    c.admin_token = admin_token;
    return c;
  }
  AdminPeople() : server(config(data)) {}

  http_reply call(const std::string& bearer, const std::string& method, const std::string& target,
                  const json& body = nullptr) {
    headers h = {{"Origin", "http://127.0.0.1:" + std::to_string(server.port())}};
    if (!bearer.empty()) h.emplace_back("Authorization", "Bearer " + bearer);
    return http_get(server.port(), target, h, method, body.is_null() ? "" : body.dump());
  }
  json admin(const std::string& method, const std::string& target, const json& body = nullptr) {
    auto r = call(admin_token, method, target, body);
    EXPECT_EQ(r.status, 200) << method << ' ' << target << ": " << r.body;
    return json::parse(r.body, nullptr, false);
  }
  static std::string code_of(const http_reply& r) {
    const json j = json::parse(r.body, nullptr, false);
    return j.is_object() ? j.value("code", "") : "";
  }
  http_reply sign_in(const std::string& name) {
    return call("", "POST", "/api/sign-in/password",
                {{"name", name}, {"password", "correct horse"}});
  }

  temp_dir data{"admin-people"};
  test_server server;
};

TEST_F(AdminPeople, ABanMidGameSignsThePlayerOutAndABotPlaysTheirSeat) {
  // Ann plays from an address of her own, so that refusing it refuses nobody else.
  test_client ann(server.port(), connect_options{.from = "127.0.0.5"});
  test_client bob(server.port());
  const json wa = ann.hello("Ann");
  bob.hello("Bob");
  const std::string ann_token = wa["you"]["token"], ann_id = wa["you"]["player"];
  ASSERT_EQ(call(ann_token, "POST", "/api/account", {{"name", "Ann"}}).status, 201);
  ASSERT_EQ(call(ann_token, "PUT", "/api/account/password", {{"password", "correct horse"}}).status,
            200);
  open_table({&ann, &bob}, {{"game", "queens-court"}, {"seats", 2}});
  start_game({&ann, &bob});

  EXPECT_EQ(code_of(call("not-the-token", "POST", "/api/admin/players/" + ann_id + "/ban",
                         {{"reason", "x"}})),
            "not_admin");
  const json banned = admin("POST", "/api/admin/players/" + ann_id + "/ban",
                            {{"reason", "insults in chat"}, {"refuse_address_minutes", 10}});
  EXPECT_EQ(banned["banned"], ann_id);
  EXPECT_EQ(banned["address_refused"], true);
  EXPECT_EQ(ann.wait_closed(), 4003);

  // Bob's table goes on: Ann's seat is away, a bot plays it.
  json t;
  ASSERT_NO_THROW(t = bob.next_table([](const json& m) {
    return m["seats"][0]["status"] == "away";
  })) << bob.last_table()["seats"].dump();
  EXPECT_EQ(t["state"], "playing");
  play_to_end({&bob}, 5);
  bob.next_table([](const json& m) { return m["state"] == "finished"; });

  // Her account cannot sign in, and her address makes no new guest; others' still do.
  EXPECT_EQ(code_of(sign_in("Ann")), "banned");
  test_client back(server.port(), connect_options{.from = "127.0.0.5"});
  back.send({{"type", "hello"}, {"protocol", 1}, {"name", "Anne"}});
  const json refused = back.next_error();
  EXPECT_EQ(refused["code"], "too_many_new_sessions");
  EXPECT_GT(refused.value("retry_ms", 0LL), 0) << refused;
  test_client other(server.port(), connect_options{.from = "127.0.0.6"});
  EXPECT_EQ(other.hello("Cy")["type"], "welcome");

  const json look = admin("GET", "/api/admin/players/" + ann_id);
  EXPECT_EQ(look["ban"]["reason"], "insults in chat");
  EXPECT_EQ(look["account"], true);
  EXPECT_EQ(look["devices"], 0);
  const json people = admin("GET", "/api/admin/players");
  ASSERT_EQ(people["accounts"].size(), 1u);
  EXPECT_EQ(people["accounts"][0]["banned"], true);
  ASSERT_EQ(people["bans"].size(), 1u);

  admin("POST", "/api/admin/players/" + ann_id + "/lift-ban");
  const auto again = sign_in("Ann");
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(json::parse(again.body)["player"], ann_id);
  EXPECT_EQ(code_of(call(admin_token, "POST", "/api/admin/players/" + ann_id + "/lift-ban")),
            "not_banned");

  const json log = admin("GET", "/api/admin/audit");
  ASSERT_EQ(log["entries"].size(), 2u);
  EXPECT_EQ(log["entries"][0]["action"], "lift_ban");  // newest first
  EXPECT_EQ(log["entries"][1]["action"], "ban");
  EXPECT_EQ(log["entries"][1]["player"], ann_id);
  EXPECT_EQ(log["entries"][1]["detail"]["reason"], "insults in chat");
  EXPECT_EQ(log["entries"][1]["by"], "admin");
}

TEST_F(AdminPeople, AnOffensiveNameIsRenamedWhereverItIsShownAndTheActLogged) {
  test_client rude(server.port());
  const json w = rude.hello("Rude");
  const std::string id = w["you"]["player"], token = w["you"]["token"];
  ASSERT_EQ(call(token, "POST", "/api/account", {{"name", "Rude"}}).status, 201);
  test_client ok(server.port());
  const json wo = ok.hello("Fine");
  ASSERT_EQ(call(wo["you"]["token"], "POST", "/api/account", {{"name", "Fine"}}).status, 201);

  EXPECT_EQ(code_of(call(admin_token, "POST", "/api/admin/players/" + id + "/rename",
                         {{"name", "fine"}})),
            "name_taken");
  admin("POST", "/api/admin/players/" + id + "/rename", {{"name", "Player 7"}});
  // Their own page is told at once, not at their next connection.
  const json told =
      rude.next_where([](const json& m) { return m["type"] == "renamed" && m["name"] != "Rude"; });
  EXPECT_EQ(told["name"], "Player 7");
  const json mine = json::parse(call(token, "GET", "/api/account").body);
  EXPECT_EQ(mine["account"]["name"], "Player 7");
  EXPECT_EQ(mine["name"], "Player 7");
  const json log = admin("GET", "/api/admin/audit");
  ASSERT_EQ(log["entries"].size(), 1u);
  EXPECT_EQ(log["entries"][0]["detail"]["from"], "Rude");
  EXPECT_EQ(log["entries"][0]["detail"]["to"], "Player 7");
  EXPECT_EQ(code_of(call(admin_token, "GET", "/api/admin/players/p-nobody")), "no_such_player");
}

TEST_F(AdminPeople, APrivateProfileIsShownWholeToItsPlayerAlone) {
  test_client ann(server.port());
  const json w = ann.hello("Ann");
  const std::string id = w["you"]["player"], token = w["you"]["token"];
  ASSERT_EQ(call(token, "PUT", "/api/account/profile", {{"private", true}}).status, 200);
  const json stranger = json::parse(call("", "GET", "/api/players/" + id + "/profile").body);
  EXPECT_EQ(stranger["private"], true);
  EXPECT_FALSE(stranger.contains("games"));
  EXPECT_FALSE(stranger.contains("name"));
  const json own = json::parse(call(token, "GET", "/api/players/" + id + "/profile").body);
  EXPECT_EQ(own["private"], true);
  EXPECT_TRUE(own.contains("games"));
  ASSERT_EQ(call(token, "PUT", "/api/account/profile", {{"private", false}}).status, 200);
  EXPECT_TRUE(
      json::parse(call("", "GET", "/api/players/" + id + "/profile").body).contains("games"));
}

}  // namespace
}  // namespace crownhall::testing
