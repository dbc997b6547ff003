#include "server/http/admin_auth.hpp"

#include <openssl/crypto.h>

#include "server/store/secret_hash.hpp"

namespace crownhall::server {

std::string_view bearer_token(std::string_view authorization) {
  constexpr std::string_view prefix = "Bearer ";
  if (authorization.substr(0, prefix.size()) != prefix) return {};
  return authorization.substr(prefix.size());
}

bool admin_token_matches(std::string_view expected, std::string_view given) {
  // Hash first: the digests have a fixed length whatever was sent, so the comparison
  // below never exits early on a length difference.
  const auto a = store::secret_hash::of(expected);
  const auto b = store::secret_hash::of(given);
  const bool same = CRYPTO_memcmp(a.bytes().data(), b.bytes().data(), a.bytes().size()) == 0;
  return same && !expected.empty();
}

}  // namespace crownhall::server
