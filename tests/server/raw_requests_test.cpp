// Requests written byte by byte, as an attacker on the wire writes them and no browser
// does: two Origin headers, a header too large to read, an admin token with whitespace
// after it. Each is answered with a status and the server goes on serving.
#include <gtest/gtest.h>

#include "test_client.hpp"

namespace crownhall::testing {
namespace {

std::string upgrade_request(std::uint16_t port, const std::vector<std::string>& origins) {
  std::string r = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                  "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";
  for (const auto& o : origins) r += "Origin: " + o + "\r\n";
  return r + "\r\n";
}

TEST(RawRequests, AnUpgradeWithTwoOriginsIsRefused) {
  test_server server;
  const std::string ours = "http://127.0.0.1:" + std::to_string(server.port());
  EXPECT_EQ(raw_http(server.port(), upgrade_request(server.port(), {ours})).status, 101);
  for (const auto& origins : std::vector<std::vector<std::string>>{
           {ours, "http://evil.example"}, {"http://evil.example", ours}, {ours, ours}}) {
    const http_reply r = raw_http(server.port(), upgrade_request(server.port(), origins));
    EXPECT_EQ(r.status, 403) << origins[0] << ", " << origins[1];
    EXPECT_NE(r.body.find("one Origin header at most"), std::string::npos) << r.body;
  }
}

TEST(RawRequests, AnOversizedHeaderIsAnswered431) {
  test_server server;
  // Just over the limit, and far over it (the server stops reading at the limit; the rest is
  // still being sent when it answers).
  for (std::size_t filler : {8u * 1024, 64u * 1024}) {
    const std::string request =
        "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: " + std::string(filler, 'x') +
        "\r\n\r\n";
    const http_reply r = raw_http(server.port(), request);
    EXPECT_EQ(r.status, 431) << filler << " bytes: " << r.body;
  }
  // A header just under the limit is read as ever.
  const std::string fits =
      "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Filler: " + std::string(7 * 1024, 'x') +
      "\r\n\r\n";
  EXPECT_EQ(raw_http(server.port(), fits).status, 200);
}

TEST(RawRequests, TheAdminTokenMustBeExactlyTheToken) {
  auto cfg = test_config();
  const std::string token = "0123456789abcdef0123456789abcdef";
  cfg.admin_token = token;
  test_server server(cfg);
  auto request = [&](const std::string& authorization_line) {
    return "GET /api/admin/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n" + authorization_line +
           "\r\n\r\n";
  };
  EXPECT_EQ(raw_http(server.port(), request("Authorization: Bearer " + token)).status, 200);
  EXPECT_EQ(raw_http(server.port(), request("Authorization:   Bearer " + token)).status, 200);
  for (const std::string& refused :
       {"Authorization: Bearer " + token + " ", "Authorization: Bearer " + token + "\t",
        "Authorization: Bearer " + token + "  ", "Authorization: Bearer " + token + "\r\n x"}) {
    const http_reply r = raw_http(server.port(), request(refused));
    EXPECT_EQ(r.status, 401) << '"' << refused << '"';
  }
}

}  // namespace
}  // namespace crownhall::testing
