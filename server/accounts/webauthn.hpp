// webauthn: a passkey's two ceremonies checked on the server (WebAuthn Level 3, sections 7.1
// and 7.2): registration, which yields the passkey to store, and sign-in, which yields the
// passkey's new signature counter. Every refusal has its code (webauthn_error.hpp).
//
// Binary fields are bytes in std::string, decoded from the browser's base64url by the caller.
// The expected challenge is the one this server gave out for this ceremony, taken once from
// where it was kept (challenge_book.hpp): a payload answered with an old challenge is refused.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/accounts/cose_key.hpp"
#include "server/accounts/relying_party.hpp"
#include "server/accounts/webauthn_error.hpp"

namespace crownhall::accounts {

// navigator.credentials.create()'s answer.
struct registration_response {
  std::string credential_id;  // rawId
  std::string client_data_json;
  std::string attestation_object;
};

// A passkey just made, as the store will keep it (with its account and user handle).
struct new_passkey {
  std::string credential_id;
  std::string public_key_cose;
  cose_algorithm algorithm = cose_algorithm::es256;
  std::uint32_t sign_count = 0;
  std::array<std::uint8_t, 16> aaguid{};
  std::string attestation_format;  // "none" or "packed"
  bool user_verified = false;
  bool backup_eligible = false;  // a synced passkey (a password manager's, a phone's)
  bool backed_up = false;
};

webauthn_result<new_passkey> verify_registration(const relying_party& rp,
                                                 const registration_response& response,
                                                 std::string_view expected_challenge);

// A stored passkey, as a sign-in needs it.
struct passkey {
  std::string credential_id;
  std::string account_id;
  std::string user_handle;  // the user.id given to the browser when it was made
  std::string public_key_cose;
  std::uint32_t sign_count = 0;
};

// navigator.credentials.get()'s answer.
struct sign_in_response {
  std::string credential_id;  // rawId
  std::string client_data_json;
  std::string authenticator_data;
  std::string signature;
  std::optional<std::string> user_handle;  // sent for a passkey chosen without a name
};

struct verified_sign_in {
  std::uint32_t sign_count = 0;  // to store in place of the passkey's
  bool user_verified = false;
  bool backed_up = false;
};

// `stored` is the passkey found by the response's credential id (nullptr when none is),
// `account_id` the account this sign-in is for: the one named, or for a passkey chosen
// without a name, the one whose user handle the browser sent. A passkey of another account
// is refused as unknown_credential, as an unknown one is: the answer does not tell a
// stranger that a credential id exists.
webauthn_result<verified_sign_in> verify_sign_in(const relying_party& rp,
                                                 const sign_in_response& response,
                                                 std::string_view expected_challenge,
                                                 const passkey* stored,
                                                 std::string_view account_id);

}  // namespace crownhall::accounts
