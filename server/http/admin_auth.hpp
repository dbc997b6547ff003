// admin_auth: checks the admin token of a request. Both sides are hashed to SHA-256 and
// the digests compared with CRYPTO_memcmp, so neither the length nor the first differing
// byte of the configured token shows in the time a refusal takes.
#pragma once

#include <string_view>

namespace crownhall::server {

// The token sent in `Authorization: Bearer TOKEN` ("" when the header is missing or has
// another scheme).
std::string_view bearer_token(std::string_view authorization);

// True when `given` is the configured token. An empty `expected` matches nothing (the
// admin API is off).
bool admin_token_matches(std::string_view expected, std::string_view given);

}  // namespace crownhall::server
