// attestation: the attestation object a browser returns when a passkey is made (WebAuthn
// section 6.5): the authenticator data and the authenticator's statement about it. Formats
// "none" and "packed" (with its own certificate, or self-attested with the new key) are
// accepted; the server admits every authenticator model, so a certificate is checked to
// sign the new key, not traced to a maker's root.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/accounts/authenticator_data.hpp"
#include "server/accounts/webauthn_error.hpp"

namespace crownhall::accounts {

struct attestation_object {
  std::string format;     // "none", "packed", ...
  std::string auth_data;  // the authenticator data, as signed
  // attStmt's fields for "packed" (absent ones empty); "none" has none at all.
  bool statement_empty = true;
  std::optional<std::int64_t> algorithm;
  std::string signature;
  std::vector<std::string> certificates;  // x5c: DER, the attesting certificate first
};

webauthn_result<attestation_object> parse_attestation_object(std::string_view bytes);

// The statement checked against the parsed authenticator data (which holds the new key) and
// the SHA-256 of clientDataJSON: nullopt when it holds, else bad_attestation (or
// unsupported_algorithm for a statement's algorithm the server does not know).
std::optional<webauthn_error> check_attestation(const attestation_object& object,
                                                const authenticator_data& data,
                                                std::string_view client_data_hash);

}  // namespace crownhall::accounts
