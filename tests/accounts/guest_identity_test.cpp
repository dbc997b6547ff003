// A guest's identity: a year-long token of which only the hash is kept, revocable.
#include <gtest/gtest.h>

#include "server/accounts/guest_identity.hpp"

namespace crownhall::accounts {
namespace {

constexpr std::int64_t t0 = 1'800'000'000'000;

TEST(guest_identity, a_new_identity_keeps_only_the_tokens_hash) {
  const auto issued = issue_guest_identity("p-0123456789ab", t0);
  EXPECT_EQ(issued.token.size(), 64u);
  EXPECT_EQ(issued.token.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(issued.identity.token_hash, store::secret_hash::of(issued.token));
  EXPECT_NE(issued.identity.token_hash.hex(), issued.token);
  EXPECT_EQ(issued.identity.player_id, "p-0123456789ab");
  EXPECT_EQ(issued.identity.expires_ms - issued.identity.issued_ms, 365LL * 24 * 3600 * 1000);
  EXPECT_NE(issue_guest_identity("p-0123456789ab", t0).token, issued.token);
}

TEST(guest_identity, its_token_holds_until_it_lapses) {
  const auto issued = issue_guest_identity("p-1", t0, 60'000);
  EXPECT_EQ(check_guest_identity(issued.identity, issued.token, t0), guest_identity_check::valid);
  EXPECT_EQ(check_guest_identity(issued.identity, issued.token, t0 + 59'999),
            guest_identity_check::valid);
  EXPECT_EQ(check_guest_identity(issued.identity, issued.token, t0 + 60'000),
            guest_identity_check::expired);
  EXPECT_EQ(code(guest_identity_check::expired), "identity_expired");
}

TEST(guest_identity, another_token_is_refused) {
  const auto issued = issue_guest_identity("p-1", t0);
  std::string wrong = issued.token;
  wrong[0] = wrong[0] == 'a' ? 'b' : 'a';
  EXPECT_EQ(check_guest_identity(issued.identity, wrong, t0), guest_identity_check::wrong_token);
  EXPECT_EQ(check_guest_identity(issued.identity, "", t0), guest_identity_check::wrong_token);
  EXPECT_EQ(code(guest_identity_check::wrong_token), "invalid_token");
}

TEST(guest_identity, a_revoked_identity_stays_revoked) {
  auto issued = issue_guest_identity("p-1", t0);
  issued.identity.revoke(t0 + 5);
  issued.identity.revoke(t0 + 9);  // the first revocation's time is kept
  EXPECT_EQ(issued.identity.revoked_ms, t0 + 5);
  EXPECT_EQ(check_guest_identity(issued.identity, issued.token, t0 + 10),
            guest_identity_check::revoked);
  EXPECT_EQ(code(guest_identity_check::revoked), "identity_revoked");
}

}  // namespace
}  // namespace crownhall::accounts
