// client_data: what the browser says about a WebAuthn ceremony (clientDataJSON): the
// ceremony's type, the challenge, and the origin of the page that asked.
#pragma once

#include <string>
#include <string_view>

#include "server/accounts/relying_party.hpp"
#include "server/accounts/webauthn_error.hpp"

namespace crownhall::accounts {

struct client_data {
  std::string type;       // "webauthn.create" or "webauthn.get"
  std::string challenge;  // decoded bytes
  std::string origin;
  bool cross_origin = false;  // asked from inside a frame of another site
};

webauthn_result<client_data> parse_client_data(std::string_view json);

// The checks every ceremony makes on it, in this order: type, challenge, origin. An empty
// `expected_challenge` (none given out, or taken already) is refused as bad_challenge.
webauthn_result<client_data> check_client_data(std::string_view json, std::string_view type,
                                               std::string_view expected_challenge,
                                               const relying_party& rp);

}  // namespace crownhall::accounts
