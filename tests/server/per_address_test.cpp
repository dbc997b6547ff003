// What one client address may take of the server, over real sockets: connections at once,
// new sessions and new tables a minute, and the reserve that keeps health checks and the
// admin answered when the server is full. Another address is 127.0.0.2 and up (Linux
// answers all of 127.0.0.0/8 on the loopback), or a client a trusted proxy names.
#include <gtest/gtest.h>

#include "protocol/error_codes.hpp"
#include "test_client.hpp"

namespace crownhall::testing {
namespace {

const std::string admin_key = "0123456789abcdef0123456789abcdef";

connect_options from(const std::string& address) { return {.from = address}; }

connect_options forwarded(const std::string& via, const std::string& client) {
  return {.from = via, .headers = {{"X-Forwarded-For", client}}};
}

std::string get(const std::string& target, const std::string& authorization = {}) {
  return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
         (authorization.empty() ? "" : "Authorization: Bearer " + authorization + "\r\n") + "\r\n";
}

// A connection that the server accepted and then refused with `code`, and closed with 1013.
void expect_refused(test_client& c, std::string_view code) {
  EXPECT_EQ(c.next_error()["code"], code);
  EXPECT_EQ(c.wait_closed(), 1013);
}

TEST(PerAddress, AnAddressPastItsConnectionCapIsRefusedAndAnotherStillConnects) {
  auto cfg = test_config();
  cfg.max_connections_per_address = 3;
  test_server server(cfg);
  test_client a(server.port()), b(server.port()), c(server.port());
  a.hello("A");
  b.hello("B");
  c.hello("C");
  test_client d(server.port());
  expect_refused(d, "too_many_connections");
  // Plain HTTP from that address too, with when to come back.
  const http_reply r = raw_http(server.port(), get("/healthz"));
  EXPECT_EQ(r.status, 429);
  EXPECT_EQ(r.retry_after, "10");
  // Another address is not touched.
  test_client other(server.port(), from("127.0.0.2"));
  EXPECT_EQ(other.hello("Other")["type"], "welcome");
  EXPECT_EQ(raw_http(server.port(), get("/healthz"), "127.0.0.2").status, 200);
  // The first three play on.
  EXPECT_EQ(a.request({{"type", "lobby_subscribe"}})["type"], "ack");
}

// Two connections from `via` naming `first` and `second` are let in; a third, naming
// `third`, is refused. Returns the two, still open.
std::vector<std::unique_ptr<test_client>> two_then_refused(std::uint16_t port,
                                                           const std::string& via,
                                                           const std::string& first,
                                                           const std::string& second,
                                                           const std::string& third) {
  std::vector<std::unique_ptr<test_client>> open;
  for (const auto& client : {first, second}) {
    open.push_back(std::make_unique<test_client>(port, forwarded(via, client)));
    EXPECT_EQ(open.back()->hello("Player")["type"], "welcome");
  }
  test_client refused(port, forwarded(via, third));
  expect_refused(refused, "too_many_connections");
  return open;
}

TEST(PerAddress, BehindATrustedProxyTheClientItNamesIsCounted) {
  auto cfg = test_config();
  cfg.max_connections_per_address = 2;
  cfg.trusted_proxies = {"127.0.0.1"};
  test_server server(cfg);
  // Through the proxy (127.0.0.1): each client it names has its own two connections.
  const auto kept =
      two_then_refused(server.port(), "127.0.0.1", "198.51.100.7", "198.51.100.7", "198.51.100.7");
  test_client b(server.port(), forwarded("127.0.0.1", "198.51.100.8"));
  EXPECT_EQ(b.hello("B")["type"], "welcome");
  // A client that is no proxy of ours says whatever it likes: it is counted as itself.
  two_then_refused(server.port(), "127.0.0.2", "203.0.113.1", "203.0.113.2", "203.0.113.3");
}

TEST(PerAddress, HealthAndTheAdminAreAnsweredWhenTheServerIsFull) {
  auto cfg = test_config();
  cfg.max_connections = 4;
  cfg.max_connections_per_address = 64;
  cfg.admin_token = admin_key;
  test_server server(cfg);
  std::vector<std::unique_ptr<test_client>> players;
  for (int i = 0; i < 4; ++i) {
    players.push_back(std::make_unique<test_client>(server.port(), from("127.0.0.2")));
    players.back()->hello("P" + std::to_string(i));
  }
  test_client late(server.port(), from("127.0.0.3"));
  expect_refused(late, "server_full");
  // Connections that never say anything, from two addresses, as many as the old margin past
  // the cap: they used to take every place left, and /healthz was closed unanswered.
  idle_connections idle_a(server.port(), "127.0.0.4", 32);
  idle_connections idle_b(server.port(), "127.0.0.5", 32);
  const http_reply health = raw_http(server.port(), get("/healthz"));
  EXPECT_EQ(health.status, 200) << health.body;
  EXPECT_EQ(raw_http(server.port(), get("/admin.html")).status, 200);
  EXPECT_EQ(raw_http(server.port(), get("/api/admin/tables", admin_key)).status, 200);
  // What a full server does not serve: a session's API (and the WebSocket, above).
  const http_reply history = raw_http(server.port(), get("/api/history", admin_key));
  EXPECT_EQ(history.status, 503);
  EXPECT_EQ(history.retry_after, "60");
}

TEST(PerAddress, NewSessionsPastTheRateAreRefused) {
  auto cfg = test_config();
  cfg.new_sessions_per_minute = 2;
  test_server server(cfg);
  test_client a(server.port()), b(server.port()), c(server.port());
  const std::string a_token = a.hello("A")["you"]["token"];
  b.hello("B");
  c.send({{"type", "hello"}, {"protocol", 1}, {"name", "C"}, {"id", 1}});
  const json refused = c.next_error();
  EXPECT_EQ(refused["code"], "too_many_new_sessions");
  EXPECT_NE(refused["reason"].get<std::string>().find("try again in"), std::string::npos);
  // When, as data: the page words it itself.
  ASSERT_TRUE(refused["retry_ms"].is_number_integer()) << refused;
  EXPECT_GT(refused["retry_ms"].get<long long>(), 0);
  EXPECT_LE(refused["retry_ms"].get<long long>(), 60000);
  EXPECT_EQ(refused["id"], 1);
  // The connection goes on, and a session it already has is not a new one.
  EXPECT_EQ(c.resume_session(a_token)["type"], "welcome");
  test_client other(server.port(), from("127.0.0.2"));
  EXPECT_EQ(other.hello("Other")["type"], "welcome");
}

TEST(PerAddress, NewTablesPastTheRateAreRefused) {
  auto cfg = test_config();
  cfg.new_tables_per_minute = 2;
  test_server server(cfg);
  test_client host(server.port());
  host.hello("Host");
  const json create = {{"type", "create_table"},
                       {"game", "crown-battles"},
                       {"seats", 2},
                       {"options", json::object()}};
  host.request(create);
  host.request(create);
  EXPECT_EQ(host.expect_error(create)["code"], "too_many_new_tables");
  // The connection goes on, and another address creates its own.
  EXPECT_EQ(host.request({{"type", "lobby_subscribe"}})["type"], "ack");
  test_client other(server.port(), from("127.0.0.2"));
  other.hello("Other");
  EXPECT_EQ(other.request(create)["type"], "ack");
}

}  // namespace
}  // namespace crownhall::testing
