// The per-address accounting and who a client is, without sockets and with invented times.
#include "server/address_limits.hpp"

#include <vector>

#include <gtest/gtest.h>

#include "server/client_address.hpp"

namespace crownhall::server {
namespace {

using verdict = address_limits::verdict;

TEST(AddressLimits, ConnectionsPastTheCapAreRefusedThenDropped) {
  auto limits = address_limits::make({.connections = 2});
  std::vector<address_limits::ticket> held;
  for (int i = 0; i < 2; ++i) {
    auto a = limits->open_connection("192.0.2.1", false);
    EXPECT_EQ(a.is, verdict::admit);
    held.push_back(std::move(a.held));
  }
  for (std::size_t i = 0; i < address_limits::answered_past_cap; ++i) {
    auto a = limits->open_connection("192.0.2.1", false);
    EXPECT_EQ(a.is, verdict::refuse);
    EXPECT_TRUE(a.held);  // a refusal being answered holds a place too
    held.push_back(std::move(a.held));
  }
  EXPECT_EQ(limits->open_connection("192.0.2.1", false).is, verdict::drop);
  // Another address is not touched.
  EXPECT_EQ(limits->open_connection("192.0.2.2", false).is, verdict::admit);
  // A closed connection frees its place.
  held.erase(held.begin() + 2, held.end());
  held.pop_back();
  EXPECT_EQ(limits->open_connection("192.0.2.1", false).is, verdict::admit);
}

TEST(AddressLimits, TheReserveGoesOnlyToAddressesWithFewConnections) {
  auto limits = address_limits::make({.connections = 0});  // no cap of its own
  std::vector<address_limits::ticket> held;
  for (std::size_t i = 0; i < address_limits::reserve_share; ++i)
    held.push_back(limits->open_connection("192.0.2.1", true).held);
  EXPECT_EQ(limits->open_connection("192.0.2.1", true).is, verdict::drop);
  EXPECT_EQ(limits->open_connection("192.0.2.1", false).is, verdict::admit);
  EXPECT_EQ(limits->open_connection("192.0.2.9", true).is, verdict::admit);
}

TEST(AddressLimits, TicketsFollowTheSocketAndCountOnce) {
  auto limits = address_limits::make({.connections = 1});
  auto first = limits->open_connection("192.0.2.1", false).held;
  address_limits::ticket moved = std::move(first);
  EXPECT_EQ(limits->open_connection("192.0.2.1", false).is, verdict::refuse);
  moved = address_limits::ticket();  // the connection closed
  EXPECT_EQ(limits->open_connection("192.0.2.1", false).is, verdict::admit);
  EXPECT_EQ(limits->addresses(), 0u);  // nothing kept for an address with nothing open
}

TEST(AddressLimits, NewSessionsAndTablesRefillOverTheMinute) {
  auto limits = address_limits::make({.sessions_per_minute = 3, .tables_per_minute = 2});
  const std::int64_t t0 = 1'000'000;
  for (int i = 0; i < 3; ++i) EXPECT_EQ(limits->take_session("192.0.2.1", t0), 0);
  // The fourth waits for a third of the bucket: 20 s.
  EXPECT_EQ(limits->take_session("192.0.2.1", t0), 20000);
  EXPECT_EQ(limits->take_session("192.0.2.1", t0 + 15000), 5000);
  EXPECT_EQ(limits->take_session("192.0.2.1", t0 + 20000), 0);
  EXPECT_EQ(limits->take_session("192.0.2.2", t0), 0);
  // Tables have their own allowance.
  EXPECT_EQ(limits->take_table("192.0.2.1", t0), 0);
  EXPECT_EQ(limits->take_table("192.0.2.1", t0), 0);
  EXPECT_EQ(limits->take_table("192.0.2.1", t0), 30000);
  // An address is forgotten once nothing of it is open and its minute has run out.
  limits->forget_idle(t0 + 30000);
  EXPECT_EQ(limits->addresses(), 1u);
  limits->forget_idle(t0 + 80000);
  EXPECT_EQ(limits->addresses(), 0u);
  // 0 is no limit.
  auto open = address_limits::make({.connections = 0, .sessions_per_minute = 0});
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(open->take_session("192.0.2.1", t0), 0);
}

TEST(ClientAddress, IPv6CountsByItsSlash64) {
  EXPECT_EQ(limit_key("192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(limit_key("::ffff:192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(limit_key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::/64");
  EXPECT_EQ(limit_key("2001:db8:1:2::1"), limit_key("2001:db8:1:2:ffff::9"));
  EXPECT_NE(limit_key("2001:db8:1:2::1"), limit_key("2001:db8:1:3::1"));
  EXPECT_EQ(limit_key("[::1]"), "::/64");
}

TEST(ClientAddress, RangesReadAddressesAndBlocks) {
  const auto ranges = parse_ranges({"10.0.0.0/8", "192.0.2.7", "2001:db8::/32"});
  EXPECT_TRUE(in_any("10.1.2.3", ranges));
  EXPECT_TRUE(in_any("::ffff:10.1.2.3", ranges));
  EXPECT_FALSE(in_any("11.0.0.1", ranges));
  EXPECT_TRUE(in_any("192.0.2.7", ranges));
  EXPECT_FALSE(in_any("192.0.2.8", ranges));
  EXPECT_TRUE(in_any("2001:db8:ffff::1", ranges));
  EXPECT_FALSE(in_any("2001:db9::1", ranges));
  EXPECT_FALSE(in_any("not an address", ranges));
  for (const char* bad : {"10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/x", "example.org", ""})
    EXPECT_THROW(parse_ranges({bad}), std::invalid_argument) << bad;
}

TEST(ClientAddress, OnlyATrustedProxyIsBelievedAboutTheClient) {
  const auto trusted = parse_ranges({"127.0.0.1", "10.0.0.0/8"});
  // Not a proxy of ours: whatever it says, the client is the peer.
  EXPECT_EQ(forwarded_client("192.0.2.50", "198.51.100.1", trusted), "192.0.2.50");
  // Our proxy appended the address it was reached from.
  EXPECT_EQ(forwarded_client("127.0.0.1", "198.51.100.1", trusted), "198.51.100.1");
  // A client's own X-Forwarded-For is left of what our proxies appended: not believed.
  EXPECT_EQ(forwarded_client("127.0.0.1", "203.0.113.9, 198.51.100.1, 10.0.0.5", trusted),
            "198.51.100.1");
  // No header, or only garbage: the proxy itself.
  EXPECT_EQ(forwarded_client("127.0.0.1", "", trusted), "127.0.0.1");
  EXPECT_EQ(forwarded_client("127.0.0.1", "unknown", trusted), "127.0.0.1");
  EXPECT_EQ(forwarded_client("127.0.0.1", " [2001:db8::5] ", trusted), "[2001:db8::5]");
}

TEST(AddressLimits, AnAdminsRefusalHoldsForItsTimeAndThenEnds) {
  auto limits = address_limits::make({});
  EXPECT_EQ(limits->refused_for("10.0.0.1", 1000), 0);
  limits->refuse_sessions("10.0.0.1", 61000);
  EXPECT_EQ(limits->refused_for("10.0.0.1", 1000), 60000);
  EXPECT_EQ(limits->refused_for("10.0.0.2", 1000), 0);  // another address is not refused
  limits->refuse_sessions("10.0.0.1", 5000);            // a shorter refusal does not shorten it
  EXPECT_EQ(limits->refused_for("10.0.0.1", 31000), 30000);
  limits->forget_idle(31000);  // kept while it holds
  EXPECT_EQ(limits->refused_for("10.0.0.1", 31000), 30000);
  EXPECT_EQ(limits->refused_for("10.0.0.1", 61000), 0);
  limits->forget_idle(200000);
  EXPECT_EQ(limits->addresses(), 0u);

  // The banned person's connection closing after the refusal does not end it.
  {
    auto held = limits->open_connection("10.0.0.3", false);
    limits->refuse_sessions("10.0.0.3", 300000);
  }
  EXPECT_EQ(limits->refused_for("10.0.0.3", 200000), 100000);
}

}  // namespace
}  // namespace crownhall::server
