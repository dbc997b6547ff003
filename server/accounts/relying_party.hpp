// relying_party: who this server is to a passkey, from the server's configuration
// (docs/accounts.md, "The relying party behind a proxy"). A passkey made for one relying
// party id is never offered to another site, which is what makes passkeys unphishable.
#pragma once

#include <optional>
#include <string>

namespace crownhall::accounts {

struct relying_party {
  // The domain the passkeys are bound to, as the browser sees it: "cards.example.org" (or
  // "localhost"). No scheme, no port. The authenticator signs its SHA-256.
  std::string id;
  // The exact origin of the pages that may use them, as the browser reports it in
  // clientDataJSON: "https://cards.example.org" (with ":port" when not the default).
  std::string origin;
  // The name the browser shows when a passkey is made.
  std::string name = "Crownhall";
  // A passkey sign-in stands in for a password only when the authenticator verified the
  // person (PIN, fingerprint, face); without it a stolen unlocked key would be enough.
  bool require_user_verification = true;
};

// Why a configuration cannot work, or nullopt: the origin must be https (or http on
// localhost, for development) with no path, and the rp id its host or a parent domain of
// it, since a browser refuses any other pair. Said at start, not at each player's first
// passkey. (Whether the rp id is a public suffix such as "co.uk" is left to the browser.)
std::optional<std::string> check_relying_party(const relying_party& rp);

}  // namespace crownhall::accounts
