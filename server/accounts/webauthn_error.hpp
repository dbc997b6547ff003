// webauthn_error: why a passkey's registration or sign-in was refused, one code each, and
// the result type the verifier answers with (a value or the refusal).
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <variant>

namespace crownhall::accounts {

enum class webauthn_error : std::uint8_t {
  // Not a WebAuthn payload: bad base64url, JSON, CBOR, or authenticator data cut short.
  malformed,
  // clientDataJSON's type is not the ceremony's ("webauthn.create" or "webauthn.get").
  bad_type,
  // Not the challenge this server gave out for this ceremony, or it was used already.
  bad_challenge,
  // The page that asked is not the configured origin (a phishing site's payload).
  bad_origin,
  // The authenticator data is for another relying party's id.
  bad_rp_id,
  // The authenticator did not see the person (user-present flag clear).
  user_not_present,
  // Verification is required and the authenticator did not verify the person.
  user_not_verified,
  // A key whose algorithm the server does not accept (ES256, EdDSA and RS256 are).
  unsupported_algorithm,
  // The attestation statement is of an unknown format or does not verify.
  bad_attestation,
  // The signature does not verify with the passkey's public key.
  bad_signature,
  // The authenticator's signature counter did not increase: a cloned authenticator.
  counter_went_back,
  // No such passkey, or it belongs to another account (the same answer for both).
  unknown_credential,
};

// The refusal as the wire names it: "webauthn_malformed", "webauthn_bad_origin", ...
std::string_view code(webauthn_error e);

template <class T>
class webauthn_result {
 public:
  webauthn_result(T value) : value_(std::move(value)) {}
  webauthn_result(webauthn_error e) : value_(e) {}
  explicit operator bool() const { return value_.index() == 0; }
  T& operator*() { return std::get<0>(value_); }
  const T& operator*() const { return std::get<0>(value_); }
  T* operator->() { return &std::get<0>(value_); }
  const T* operator->() const { return &std::get<0>(value_); }
  webauthn_error error() const { return std::get<1>(value_); }

 private:
  std::variant<T, webauthn_error> value_;
};

}  // namespace crownhall::accounts
