// The account requests over real sockets (protocol/accounts.md), on a server that keeps its
// data and whose relying party is the one Chromium's payloads were recorded for: a guest
// keeps their player as an account, adds a passkey and a password, and is the same player on
// a fresh browser that signs in with either; what is refused is refused with its code.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <openssl/rand.h>

#include "server/accounts/base64url.hpp"
#include "test_client.hpp"
#include "tests/accounts/recordings.hpp"

namespace crownhall::testing {
namespace {

namespace acc = crownhall::accounts;
using headers = std::vector<std::pair<std::string, std::string>>;

std::string replace_all(std::string s, std::string_view from, std::string_view to) {
  for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

server::server_config account_config(const temp_dir& data, const acc::testing::recording& r) {
  auto cfg = durable_config(data);
  cfg.webauthn_rp_id = r.rp.id;
  cfg.webauthn_origin = r.rp.origin;
  return cfg;
}

// A browser: its WebSocket session and what its page keeps (token, identity).
struct browser {
  std::unique_ptr<test_client> ws;
  json welcome;
  std::string token, identity;
  std::string player() const { return welcome["you"]["player"]; }
};

class AccountApi : public ::testing::Test {
 protected:
  AccountApi() : server(account_config(data, rec)) {}

  browser guest(const std::string& name) {
    browser b;
    b.ws = std::make_unique<test_client>(server.port());
    b.welcome = b.ws->hello(name);
    b.token = b.welcome["you"]["token"];
    b.identity = b.welcome["you"].value("identity", "");
    return b;
  }
  // A fresh browser arriving with an identity only (as the page does after a sign-in).
  browser arriving_with(const std::string& identity) {
    browser b;
    b.ws = std::make_unique<test_client>(server.port());
    b.ws->send({{"type", "hello"}, {"protocol", 1}, {"name", "Someone"}, {"identity", identity}});
    b.welcome = b.ws->next_of("welcome");
    b.token = b.welcome["you"]["token"];
    b.identity = identity;
    return b;
  }

  http_reply call(const browser* b, const std::string& method, const std::string& target,
                  const json& body = nullptr, bool with_origin = true) {
    headers h;
    if (b) h.emplace_back("Authorization", "Bearer " + b->token);
    if (b && !b->identity.empty()) h.emplace_back("X-Crownhall-Identity", b->identity);
    if (with_origin) h.emplace_back("Origin", "http://127.0.0.1:" + std::to_string(server.port()));
    if (!body.is_null()) h.emplace_back("Content-Type", "application/json");
    return http_get(server.port(), target, h, method, body.is_null() ? "" : body.dump());
  }
  static std::string code_of(const http_reply& r) {
    const json j = json::parse(r.body, nullptr, false);
    return j.is_object() ? j.value("code", "") : "";
  }

  // The registration a browser would send for the server's options: the recorded passkey,
  // its client data naming this challenge (attestation "none" signs nothing).
  json registration_for(const json& options) const {
    const std::string challenge = options["publicKey"]["challenge"];
    const std::string recorded = acc::base64url_encode(rec.registration_challenge);
    const std::string client_data =
        replace_all(rec.registration.client_data_json, recorded, challenge);
    const std::string id = acc::base64url_encode(rec.registration.credential_id);
    return {{"id", id},
            {"rawId", id},
            {"type", "public-key"},
            {"response",
             {{"clientDataJSON", acc::base64url_encode(client_data)},
              {"attestationObject", acc::base64url_encode(rec.registration.attestation_object)}}}};
  }
  // A sign-in for the server's options, signed by the recorded authenticator's key, with
  // signature counter `count` and the user handle the registration's options gave.
  json sign_in_for(const json& options, std::uint32_t count, const std::string& user_handle,
                   const std::string& origin = {}) const {
    const auto& first = rec.sign_ins.front();
    std::string client_data =
        replace_all(first.response.client_data_json, acc::base64url_encode(first.challenge),
                    options["publicKey"]["challenge"].get<std::string>());
    if (!origin.empty()) client_data = replace_all(client_data, rec.rp.origin, origin);
    const auto forged = acc::testing::forged_sign_in(
        rec, first.response, client_data,
        acc::testing::with_sign_count(first.response.authenticator_data, count));
    const std::string id = acc::base64url_encode(forged.credential_id);
    return {{"ceremony", options["ceremony"]},
            {"credential",
             {{"id", id},
              {"rawId", id},
              {"type", "public-key"},
              {"response",
               {{"clientDataJSON", acc::base64url_encode(forged.client_data_json)},
                {"authenticatorData", acc::base64url_encode(forged.authenticator_data)},
                {"signature", acc::base64url_encode(forged.signature)},
                {"userHandle", user_handle}}}}}};
  }

  // Ann keeps her player as an account with the password "correct horse".
  void ann_with_password(browser& ann) {
    ASSERT_EQ(call(&ann, "POST", "/api/account", {{"name", "Ann"}}).status, 201);
    ASSERT_EQ(call(&ann, "PUT", "/api/account/password", {{"password", "correct horse"}}).status,
              200);
  }
  // Ann keeps her player as an account and adds the recorded passkey; returns the user
  // handle her options gave the browser.
  std::string ann_with_passkey(browser& ann) {
    EXPECT_EQ(call(&ann, "POST", "/api/account", {{"name", "Ann"}}).status, 201);
    auto options = call(&ann, "POST", "/api/account/passkeys/options", json::object());
    EXPECT_EQ(options.status, 200) << options.body;
    const json o = json::parse(options.body);
    auto added = call(&ann, "POST", "/api/account/passkeys", registration_for(o));
    EXPECT_EQ(added.status, 201) << added.body;
    return o["publicKey"]["user"]["id"];
  }

  acc::testing::recording rec = acc::testing::load_recording("es256_none");
  temp_dir data{"accounts"};
  test_server server;
};

TEST_F(AccountApi, AGuestKeepsTheirPlayerAsAnAccountUnderAUniqueName) {
  browser ann = guest("Ann");
  auto before = call(&ann, "GET", "/api/account");
  ASSERT_EQ(before.status, 200) << before.body;
  const json b = json::parse(before.body);
  EXPECT_EQ(b["player"], ann.player());
  EXPECT_TRUE(b["account"].is_null());
  ASSERT_EQ(b["devices"].size(), 1u);
  EXPECT_EQ(b["devices"][0]["this_device"], true);
  EXPECT_EQ(b["passkeys_available"], true);

  EXPECT_EQ(code_of(call(&ann, "POST", "/api/account", {{"name", "Ann"}}, false)), "bad_origin");
  EXPECT_EQ(code_of(call(nullptr, "POST", "/api/account", {{"name", "Ann"}})), "not_signed_in");
  EXPECT_EQ(code_of(call(&ann, "POST", "/api/account", {{"name", "<b>"}})), "invalid_name");
  auto made = call(&ann, "POST", "/api/account", {{"name", "Ann  Lee"}});
  ASSERT_EQ(made.status, 201) << made.body;
  const json m = json::parse(made.body);
  EXPECT_EQ(m["player"], ann.player());  // History stays hers
  EXPECT_EQ(m["account"]["name"], "Ann Lee");
  EXPECT_EQ(m["account"]["password"], false);
  EXPECT_EQ(code_of(call(&ann, "POST", "/api/account", {{"name", "Ann"}})), "account_exists");

  browser bob = guest("Bob");
  EXPECT_EQ(code_of(call(&bob, "POST", "/api/account", {{"name", "ann lee"}})), "name_taken");
  EXPECT_EQ(call(&bob, "POST", "/api/account", {{"name", "Bob"}}).status, 201);
  EXPECT_EQ(code_of(call(&bob, "PUT", "/api/account/name", {{"name", "ANN LEE"}})), "name_taken");
  auto renamed = call(&bob, "PUT", "/api/account/name", {{"name", "Robert"}});
  ASSERT_EQ(renamed.status, 200) << renamed.body;
  EXPECT_EQ(json::parse(renamed.body)["account"]["name"], "Robert");
  EXPECT_EQ(code_of(call(&ann, "POST", "/api/account", "not an object")), "bad_request");
}

TEST_F(AccountApi, APasswordSignsTheSamePlayerInOnAFreshBrowser) {
  browser ann = guest("Ann");
  EXPECT_EQ(code_of(call(&ann, "PUT", "/api/account/password", {{"password", "long enough"}})),
            "no_account");
  ASSERT_EQ(call(&ann, "POST", "/api/account", {{"name", "Ann"}}).status, 201);
  EXPECT_EQ(code_of(call(&ann, "PUT", "/api/account/password", {{"password", "short"}})),
            "password_too_short");
  ASSERT_EQ(call(&ann, "PUT", "/api/account/password", {{"password", "correct horse"}}).status,
            200);
  // Her only way in: it stays until a passkey is added.
  EXPECT_EQ(code_of(call(&ann, "DELETE", "/api/account/password")), "last_way_in");

  auto wrong = call(nullptr, "POST", "/api/sign-in/password",
                    {{"name", "Ann"}, {"password", "wrong horse"}});
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(code_of(wrong), "sign_in_failed");
  auto unknown = call(nullptr, "POST", "/api/sign-in/password",
                      {{"name", "Nobody"}, {"password", "correct horse"}});
  EXPECT_EQ(unknown.status, 401);
  EXPECT_EQ(unknown.body, wrong.body);  // the same answer: no name is told to exist

  auto in = call(nullptr, "POST", "/api/sign-in/password",
                 {{"name", "ann"}, {"password", "correct horse"}});
  ASSERT_EQ(in.status, 200) << in.body;
  const json i = json::parse(in.body);
  EXPECT_EQ(i["player"], ann.player());
  EXPECT_EQ(i["name"], "Ann");
  ASSERT_EQ(i["identity"].get<std::string>().size(), 64u);

  browser phone = arriving_with(i["identity"]);
  EXPECT_EQ(phone.player(), ann.player());
  EXPECT_FALSE(phone.welcome.contains("identity_refused"));
  auto devices = call(&ann, "GET", "/api/account");
  EXPECT_EQ(json::parse(devices.body)["devices"].size(), 2u);
}

TEST_F(AccountApi, APasskeySignsTheSamePlayerInAndEachForgeryIsRefusedWithItsCode) {
  browser ann = guest("Ann");
  EXPECT_EQ(code_of(call(&ann, "POST", "/api/account/passkeys/options", json::object())),
            "no_account");
  const std::string user_handle = ann_with_passkey(ann);
  EXPECT_NE(user_handle, acc::base64url_encode("Ann"));
  auto view = json::parse(call(&ann, "GET", "/api/account").body);
  ASSERT_EQ(view["account"]["passkeys"].size(), 1u);
  EXPECT_EQ(view["account"]["passkeys"][0]["id"],
            acc::base64url_encode(rec.registration.credential_id));

  // The same registration again: its challenge was taken.
  auto options =
      json::parse(call(&ann, "POST", "/api/account/passkeys/options", json::object()).body);
  EXPECT_EQ(options["publicKey"]["excludeCredentials"].size(), 1u);
  const json registration = registration_for(options);
  EXPECT_EQ(code_of(call(&ann, "POST", "/api/account/passkeys", registration)), "passkey_exists");
  EXPECT_EQ(code_of(call(&ann, "POST", "/api/account/passkeys", registration)),
            "webauthn_bad_challenge");

  auto sign_in_options = [&] {
    auto o = call(nullptr, "POST", "/api/sign-in/options", json::object());
    EXPECT_EQ(o.status, 200) << o.body;
    return json::parse(o.body);
  };
  const json first = sign_in_options();
  EXPECT_EQ(first["publicKey"]["rpId"], rec.rp.id);
  const json answer = sign_in_for(first, 100, user_handle);
  auto in = call(nullptr, "POST", "/api/sign-in/passkey", answer);
  ASSERT_EQ(in.status, 200) << in.body;
  const json i = json::parse(in.body);
  EXPECT_EQ(i["player"], ann.player());
  browser laptop = arriving_with(i["identity"]);
  EXPECT_EQ(laptop.player(), ann.player());

  // A replayed answer, a cloned authenticator, a phishing page, another handle, a bad
  // signature: each refused, and none signs anyone in.
  EXPECT_EQ(code_of(call(nullptr, "POST", "/api/sign-in/passkey", answer)),
            "webauthn_bad_challenge");
  EXPECT_EQ(code_of(call(nullptr, "POST", "/api/sign-in/passkey",
                         sign_in_for(sign_in_options(), 100, user_handle))),
            "webauthn_counter_went_back");
  EXPECT_EQ(code_of(call(nullptr, "POST", "/api/sign-in/passkey",
                         sign_in_for(sign_in_options(), 101, user_handle, "https://evil.example"))),
            "webauthn_bad_origin");
  EXPECT_EQ(code_of(call(nullptr, "POST", "/api/sign-in/passkey",
                         sign_in_for(sign_in_options(), 102, acc::base64url_encode("someone")))),
            "webauthn_unknown_credential");
  json bad = sign_in_for(sign_in_options(), 103, user_handle);
  std::string sig =
      *acc::base64url_decode(bad["credential"]["response"]["signature"].get<std::string>());
  sig[sig.size() / 2] ^= 1;
  bad["credential"]["response"]["signature"] = acc::base64url_encode(sig);
  EXPECT_EQ(code_of(call(nullptr, "POST", "/api/sign-in/passkey", bad)), "webauthn_bad_signature");
  EXPECT_EQ(code_of(call(nullptr, "POST", "/api/sign-in/passkey", {{"ceremony", "x"}})),
            "webauthn_malformed");
  // The next honest sign-in still works: the refusals changed nothing.
  EXPECT_EQ(call(nullptr, "POST", "/api/sign-in/passkey",
                 sign_in_for(sign_in_options(), 104, user_handle))
                .status,
            200);

  // Her only way in cannot be removed; with a password it can.
  const std::string id = view["account"]["passkeys"][0]["id"];
  EXPECT_EQ(code_of(call(&ann, "DELETE", "/api/account/passkeys/" + id)), "last_way_in");
  ASSERT_EQ(call(&ann, "PUT", "/api/account/password", {{"password", "correct horse"}}).status,
            200);
  auto removed = call(&ann, "DELETE", "/api/account/passkeys/" + id);
  ASSERT_EQ(removed.status, 200) << removed.body;
  EXPECT_TRUE(json::parse(removed.body)["account"]["passkeys"].empty());
  EXPECT_EQ(code_of(call(nullptr, "POST", "/api/sign-in/passkey",
                         sign_in_for(sign_in_options(), 105, user_handle))),
            "webauthn_unknown_credential");
}

TEST_F(AccountApi, SignInAttemptsAreLimitedPerNameWithARetryTime) {
  browser ann = guest("Ann");
  ASSERT_NO_FATAL_FAILURE(ann_with_password(ann));
  const json guess = {{"name", "Ann"}, {"password", "a guess!!"}};
  for (int i = 0; i < 10; ++i)
    ASSERT_EQ(code_of(call(nullptr, "POST", "/api/sign-in/password", guess)), "sign_in_failed")
        << i;
  auto limited = call(nullptr, "POST", "/api/sign-in/password", guess);
  EXPECT_EQ(limited.status, 429);
  EXPECT_EQ(code_of(limited), "sign_in_limited");
  const int retry = json::parse(limited.body)["retry_after_seconds"];
  EXPECT_GE(retry, 1);
  EXPECT_LE(retry, 12);
  EXPECT_EQ(limited.retry_after, std::to_string(retry));
  // The right password too must wait: the limit is on tries, not on wrong ones.
  EXPECT_EQ(code_of(call(nullptr, "POST", "/api/sign-in/password",
                         {{"name", "Ann"}, {"password", "correct horse"}})),
            "sign_in_limited");
}

TEST_F(AccountApi, SigningOutEverywhereEndsEveryBrowserOfThePlayer) {
  browser ann = guest("Ann");
  ASSERT_NO_FATAL_FAILURE(ann_with_password(ann));
  auto in = call(nullptr, "POST", "/api/sign-in/password",
                 {{"name", "Ann"}, {"password", "correct horse"}});
  ASSERT_EQ(in.status, 200);
  browser phone = arriving_with(json::parse(in.body)["identity"]);
  ASSERT_EQ(phone.player(), ann.player());

  // Ending one device: the phone's identity, listed by its id.
  const json devices = json::parse(call(&ann, "GET", "/api/account").body)["devices"];
  ASSERT_EQ(devices.size(), 2u);
  EXPECT_EQ(code_of(call(&ann, "DELETE", "/api/account/devices/0000000000000000")),
            "no_such_device");

  auto out = call(&ann, "POST", "/api/sign-out", {{"everywhere", true}});
  ASSERT_EQ(out.status, 200) << out.body;
  EXPECT_EQ(json::parse(out.body)["signed_out"], 2);
  // One player has one session on a node: the phone's arrival moved it from Ann's first
  // browser (4001), and signing out closes it where it is now.
  EXPECT_EQ(phone.ws->wait_closed(), 4003);

  // Neither the session token nor either identity brings Ann back.
  test_client again(server.port());
  again.send({{"type", "hello"}, {"protocol", 1}, {"token", ann.token}});
  EXPECT_EQ(again.next_error()["code"], "invalid_token");
  browser back = arriving_with(ann.identity);
  EXPECT_NE(back.player(), ann.player());
  EXPECT_EQ(back.welcome["identity_refused"], "identity_revoked");
  // Her account is there still: she signs in again.
  auto again_in = call(nullptr, "POST", "/api/sign-in/password",
                       {{"name", "Ann"}, {"password", "correct horse"}});
  ASSERT_EQ(again_in.status, 200);
  EXPECT_EQ(json::parse(again_in.body)["player"], ann.player());
}

TEST_F(AccountApi, SigningOutHereEndsThisBrowserOnly) {
  browser ann = guest("Ann");
  ASSERT_NO_FATAL_FAILURE(ann_with_password(ann));
  auto in = call(nullptr, "POST", "/api/sign-in/password",
                 {{"name", "Ann"}, {"password", "correct horse"}});
  browser phone = arriving_with(json::parse(in.body)["identity"]);
  auto out = call(&phone, "POST", "/api/sign-out", {{"everywhere", false}});
  ASSERT_EQ(out.status, 200) << out.body;
  EXPECT_EQ(json::parse(out.body)["signed_out"], 1);
  EXPECT_EQ(arriving_with(phone.identity).welcome["identity_refused"], "identity_revoked");
  // Ann's own browser is still Ann.
  EXPECT_EQ(arriving_with(ann.identity).player(), ann.player());
}

TEST_F(AccountApi, DeletingTheAccountFreesItsNameAndSignsEveryBrowserOut) {
  browser ann = guest("Ann");
  ann_with_passkey(ann);
  ASSERT_EQ(call(&ann, "PUT", "/api/account/password", {{"password", "correct horse"}}).status,
            200);
  auto deleted = call(&ann, "DELETE", "/api/account");
  ASSERT_EQ(deleted.status, 200) << deleted.body;
  EXPECT_EQ(ann.ws->wait_closed(), 4003);
  EXPECT_EQ(arriving_with(ann.identity).welcome["identity_refused"], "identity_revoked");
  EXPECT_EQ(code_of(call(nullptr, "POST", "/api/sign-in/password",
                         {{"name", "Ann"}, {"password", "correct horse"}})),
            "sign_in_failed");
  browser other = guest("Other");
  EXPECT_EQ(call(&other, "POST", "/api/account", {{"name", "Ann"}}).status, 201);
}

// Each file under `dir` that holds `text`, with the bytes around its first place there.
std::vector<std::string> files_holding(const std::filesystem::path& dir, const std::string& text) {
  std::vector<std::string> found;
  for (const auto& f : std::filesystem::recursive_directory_iterator(dir)) {
    if (!f.is_regular_file()) continue;
    std::ifstream in(f.path(), std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), {}};
    const auto at = bytes.find(text);
    if (at == std::string::npos) continue;
    std::string around = bytes.substr(at < 60 ? 0 : at - 60, 140);
    for (char& c : around) c = std::isprint(static_cast<unsigned char>(c)) ? c : '.';
    found.push_back(f.path().filename().string() + ": " + around);
  }
  return found;
}

TEST_F(AccountApi, ADeletedAccountsNameIsNowhereInTheDataAndItsSeatsShowAFormerPlayer) {
  const std::string name = "Zanthea";  // a name no other text in the data holds
  browser ann = guest(name), bob = guest("Bob");
  open_table({ann.ws.get(), bob.ws.get()}, {{"game", "queens-court"}, {"seats", 2}});
  start_game({ann.ws.get(), bob.ws.get()});
  play_to_end({ann.ws.get(), bob.ws.get()}, 3);
  ann.ws->next_table([](const json& t) { return t["state"] == "finished"; });
  ASSERT_NO_THROW(ann.ws->request({{"type", "leave_table"}}));
  ASSERT_NO_THROW(bob.ws->request({{"type", "leave_table"}}));
  // A second game, still being played when she goes.
  open_table({ann.ws.get(), bob.ws.get()}, {{"game", "queens-court"}, {"seats", 2}});
  start_game({ann.ws.get(), bob.ws.get()});
  ASSERT_EQ(call(&ann, "POST", "/api/account", {{"name", name}}).status, 201);

  ASSERT_EQ(call(&ann, "DELETE", "/api/account").status, 200);
  EXPECT_EQ(ann.ws->wait_closed(), 4003);
  const json seen = bob.ws->next_table([](const json& t) {
    return t["seats"][0]["name"] == "former player" || t["seats"][1]["name"] == "former player";
  });
  EXPECT_EQ(seen["state"], "playing");

  ASSERT_TRUE(server.stop());
  EXPECT_EQ(files_holding(data.path, name), std::vector<std::string>{});
  EXPECT_FALSE(files_holding(data.path, "former player").empty());
}

TEST_F(AccountApi, AProfileCountsEveryFinishedGameWithItsRankAndPoints) {
  browser ann = guest("Ann"), bob = guest("Bob");
  for (std::uint64_t seed : {3, 4}) {
    open_table({ann.ws.get(), bob.ws.get()}, {{"game", "queens-court"}, {"seats", 2}});
    start_game({ann.ws.get(), bob.ws.get()});
    play_to_end({ann.ws.get(), bob.ws.get()}, seed);
    ann.ws->next_table([](const json& t) { return t["state"] == "finished"; });
    ASSERT_NO_THROW(ann.ws->request({{"type", "leave_table"}}));
    ASSERT_NO_THROW(bob.ws->request({{"type", "leave_table"}}));
  }
  const json history = json::parse(
      http_get(server.port(), "/api/history", {{"Authorization", "Bearer " + ann.token}}).body);
  ASSERT_EQ(history["games"].size(), 2u);

  // Anyone may read it, without a session.
  auto reply = call(nullptr, "GET", "/api/players/" + ann.player() + "/profile");
  ASSERT_EQ(reply.status, 200) << reply.body;
  const json p = json::parse(reply.body);
  EXPECT_EQ(p["name"], "Ann");
  EXPECT_EQ(p["account"], false);
  ASSERT_EQ(p["games"].size(), 1u);
  const json& qc = p["games"][0];
  EXPECT_EQ(qc["game"], "queens-court");
  EXPECT_EQ(qc["finished"], 2);
  // Worked out again here from the History's outcomes: rank 1 is a win, the round wins are
  // Queen's Court's points.
  int won = 0, points = 0, best = -1;
  for (const auto& g : history["games"]) {
    const int seat = g["seat"];
    const json& outcome = g["summary"]["outcome"];
    won += outcome["ranks"][seat] == 1 ? 1 : 0;
    const int mine = g["summary"]["points"][seat];
    points += mine;
    best = std::max(best, mine);
  }
  EXPECT_EQ(qc["won"], won);
  EXPECT_DOUBLE_EQ(qc["average_points"].get<double>(), points / 2.0);
  EXPECT_EQ(qc["best_points"], best);
  ASSERT_EQ(p["recent"].size(), 2u);
  EXPECT_EQ(p["recent"][0]["game_id"], history["games"][0]["game_id"]);
  EXPECT_EQ(p["recent"][0]["seats"].size(), 2u);

  const json b =
      json::parse(call(nullptr, "GET", "/api/players/" + bob.player() + "/profile").body);
  EXPECT_EQ(b["games"][0]["won"], 2 - won);  // one of the two wins each game
  EXPECT_EQ(code_of(call(nullptr, "GET", "/api/players/p-nobody/profile")), "no_such_player");
}

TEST(AccountApiWithoutStore, EveryRequestIsRefusedAsNoStore) {
  test_server server;
  test_client c(server.port());
  const json w = c.hello("Ann");
  auto r = http_get(server.port(), "/api/account",
                    {{"Authorization", "Bearer " + w["you"]["token"].get<std::string>()}});
  EXPECT_EQ(r.status, 503);
  EXPECT_NE(r.body.find("no_store"), std::string::npos);
}

}  // namespace
}  // namespace crownhall::testing
