// The payloads record_webauthn.mjs recorded from Chromium's virtual authenticator, loaded
// for the tests, and the tools to forge new ones: the recorded authenticator's private key
// signs whatever a test changed, so each check is reached with a valid signature.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "server/accounts/relying_party.hpp"
#include "server/accounts/webauthn.hpp"

namespace crownhall::accounts::testing {

struct recorded_sign_in {
  std::string challenge;
  sign_in_response response;
  std::uint32_t oracle_counter = 0;  // @simplewebauthn/server's new counter
};

struct recording {
  std::string name;
  relying_party rp;
  std::int64_t algorithm = 0;
  std::string user_handle;
  std::string registration_challenge;
  registration_response registration;
  std::string oracle_format;  // @simplewebauthn/server's word on the attestation format
  std::vector<recorded_sign_in> sign_ins;
  std::string private_key_der;  // PKCS#8
};

// tests/accounts/recorded/<name>.json; aborts the test program if it cannot be read.
recording load_recording(const std::string& name);
inline const std::vector<std::string> all_recordings = {"es256_none", "es256_packed", "eddsa_none",
                                                        "rs256_none"};

// The passkey a verified registration of `r` stores, for account "account-ada".
passkey stored_passkey(const recording& r);

// `message` signed with the recorded authenticator's key, as the authenticator signs.
std::string sign_as_authenticator(const recording& r, std::string_view message);

// A sign-in whose client data and authenticator data are the given ones, signed anew.
sign_in_response forged_sign_in(const recording& r, const sign_in_response& base,
                                std::string client_data_json, std::string authenticator_data);

// Authenticator data with one field changed.
std::string with_flags(std::string auth_data, std::uint8_t flags);
std::string with_sign_count(std::string auth_data, std::uint32_t count);
std::string with_rp_id(std::string auth_data, std::string_view rp_id);

// The registration's attestation object rebuilt (CBOR) with another format, statement
// and authenticator data. `statement_alg` 0 leaves alg out; empty `signature` leaves sig out.
std::string attestation_object_of(std::string_view format, std::string_view auth_data,
                                  std::int64_t statement_alg, std::string_view signature);
// The authenticator data inside the recorded registration.
std::string registration_auth_data(const recording& r);

std::string sha256_bytes(std::string_view bytes);

}  // namespace crownhall::accounts::testing
