// guest_identity: who a guest is across visits. The browser keeps a long-lived secret token
// (a year by default); the server keeps only its SHA-256 (store/secret_hash.hpp, as for
// session tokens), when it was given, when it lapses, and whether it was revoked. A seat's
// hold on its person (--session-ttl-minutes) is another, shorter thing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "server/store/secret_hash.hpp"

namespace crownhall::accounts {

inline constexpr std::int64_t default_guest_identity_lifetime_ms = 365LL * 24 * 3600 * 1000;
inline constexpr std::size_t guest_identity_token_bytes = 32;  // 64 hex digits

struct guest_identity {
  std::string player_id;
  store::secret_hash token_hash;
  std::int64_t issued_ms = 0;
  std::int64_t expires_ms = 0;
  std::int64_t revoked_ms = 0;  // 0 while it holds

  bool revoked() const { return revoked_ms != 0; }
  // Ends it for good (signed out everywhere, banned): the token will not be taken again.
  void revoke(std::int64_t now_ms) {
    if (!revoked()) revoked_ms = now_ms;
  }
};

// A new identity and its token: the token goes to the browser once and is not kept.
struct issued_guest_identity {
  std::string token;
  guest_identity identity;
};

issued_guest_identity issue_guest_identity(
    std::string player_id, std::int64_t now_ms,
    std::int64_t lifetime_ms = default_guest_identity_lifetime_ms);

enum class guest_identity_check { valid, wrong_token, expired, revoked };

// "identity_valid", "invalid_token", "identity_expired", "identity_revoked".
std::string_view code(guest_identity_check c);

// Whether `token` is this identity's and still holds at `now_ms`. The hashes are compared
// in constant time.
guest_identity_check check_guest_identity(const guest_identity& identity, std::string_view token,
                                          std::int64_t now_ms);

}  // namespace crownhall::accounts
