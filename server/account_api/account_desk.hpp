// account_desk: what the account requests share beyond the store — who this server is to a
// passkey (its relying party, from --webauthn-rp-id and --webauthn-origin, checked at start)
// and the sign-in limits.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "server/account_api/sign_in_limits.hpp"
#include "server/accounts/relying_party.hpp"

namespace crownhall::server {

struct account_desk {
  // nullopt: passkeys cannot work with these pages (why: `passkeys_off`); passwords still do.
  std::optional<accounts::relying_party> relying_party;
  std::string passkeys_off;
  sign_in_limits limits;
};

// The relying party of a server whose pages are at `own_origin` (http://localhost:PORT when
// nothing is configured), from the flags: the origin given, or else the rp id's https
// origin; the rp id given, or else the origin's host. Throws std::runtime_error when the
// host set a pair no browser would accept (said at start, not at a player's first passkey).
std::unique_ptr<account_desk> make_account_desk(const std::string& rp_id_flag,
                                                const std::string& origin_flag,
                                                const std::string& own_origin);

}  // namespace crownhall::server
