#include "server/accounts/guest_identity.hpp"

#include <openssl/crypto.h>
#include <sodium.h>

#include "server/accounts/sodium_random.hpp"

namespace crownhall::accounts {

issued_guest_identity issue_guest_identity(std::string player_id, std::int64_t now_ms,
                                           std::int64_t lifetime_ms) {
  issued_guest_identity out;
  const std::string secret = random_bytes(guest_identity_token_bytes);
  out.token.resize(secret.size() * 2 + 1);
  sodium_bin2hex(out.token.data(), out.token.size(),
                 reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
  out.token.pop_back();  // the terminating NUL
  out.identity.player_id = std::move(player_id);
  out.identity.token_hash = store::secret_hash::of(out.token);
  out.identity.issued_ms = now_ms;
  out.identity.expires_ms = now_ms + lifetime_ms;
  return out;
}

std::string_view code(guest_identity_check c) {
  switch (c) {
    case guest_identity_check::valid:
      return "identity_valid";
    case guest_identity_check::wrong_token:
      return "invalid_token";
    case guest_identity_check::expired:
      return "identity_expired";
    case guest_identity_check::revoked:
      return "identity_revoked";
  }
  return "invalid_token";
}

guest_identity_check check_guest_identity(const guest_identity& identity, std::string_view token,
                                          std::int64_t now_ms) {
  const auto& expected = identity.token_hash.bytes();
  const auto given = store::secret_hash::of(token).bytes();
  if (CRYPTO_memcmp(expected.data(), given.data(), expected.size()) != 0)
    return guest_identity_check::wrong_token;
  if (identity.revoked()) return guest_identity_check::revoked;
  if (now_ms >= identity.expires_ms) return guest_identity_check::expired;
  return guest_identity_check::valid;
}

}  // namespace crownhall::accounts
