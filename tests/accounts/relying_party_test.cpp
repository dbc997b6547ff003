// A host's relying-party settings are judged at start: pairs no browser would accept are
// refused with the reason.
#include <gtest/gtest.h>

#include "server/accounts/relying_party.hpp"

namespace crownhall::accounts {
namespace {

std::optional<std::string> judged(std::string id, std::string origin) {
  relying_party rp;
  rp.id = std::move(id);
  rp.origin = std::move(origin);
  return check_relying_party(rp);
}

TEST(relying_party, the_sites_own_domain_or_a_parent_of_it_is_accepted) {
  EXPECT_EQ(judged("cards.example.org", "https://cards.example.org"), std::nullopt);
  EXPECT_EQ(judged("example.org", "https://cards.example.org"), std::nullopt);
  EXPECT_EQ(judged("cards.example.org", "https://cards.example.org:8443"), std::nullopt);
  EXPECT_EQ(judged("localhost", "http://localhost:8080"), std::nullopt);
}

TEST(relying_party, pairs_a_browser_refuses_are_refused_with_the_reason) {
  // Another site, a look-alike suffix, a top-level domain alone.
  EXPECT_NE(judged("example.com", "https://cards.example.org"), std::nullopt);
  EXPECT_NE(judged("le.org", "https://cards.example.org"), std::nullopt);
  EXPECT_NE(judged("org", "https://cards.example.org"), std::nullopt);
  // A child of the page's host, or the server's own address behind the proxy.
  EXPECT_NE(judged("a.cards.example.org", "https://cards.example.org"), std::nullopt);
  EXPECT_NE(judged("127.0.0.1", "https://cards.example.org"), std::nullopt);
  // An address is no domain, even as the page's own host.
  EXPECT_NE(judged("127.0.0.1", "https://127.0.0.1:8443"), std::nullopt);
  // Plain http off localhost; an origin with a path or no host; an id with a scheme or port.
  const auto plain = judged("cards.example.org", "http://cards.example.org");
  ASSERT_NE(plain, std::nullopt);
  EXPECT_NE(plain->find("https"), std::string::npos);
  EXPECT_NE(judged("cards.example.org", "https://cards.example.org/play"), std::nullopt);
  EXPECT_NE(judged("cards.example.org", "https://cards.example.org/"), std::nullopt);
  EXPECT_NE(judged("cards.example.org", "https://evil.example/.cards.example.org"), std::nullopt);
  EXPECT_NE(judged("cards.example.org", "https://"), std::nullopt);
  EXPECT_NE(judged("https://cards.example.org", "https://cards.example.org"), std::nullopt);
  EXPECT_NE(judged("localhost:8080", "http://localhost:8080"), std::nullopt);
  EXPECT_NE(judged("", "http://localhost:8080"), std::nullopt);
  EXPECT_NE(judged("Cards.Example.org", "https://cards.example.org"), std::nullopt);
}

}  // namespace
}  // namespace crownhall::accounts
