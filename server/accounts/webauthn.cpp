#include "server/accounts/webauthn.hpp"

#include <openssl/crypto.h>

#include "server/accounts/attestation.hpp"
#include "server/accounts/authenticator_data.hpp"
#include "server/accounts/client_data.hpp"
#include "server/store/secret_hash.hpp"

namespace crownhall::accounts {

namespace {

// The store's SHA-256 (the one helper of the project), as raw bytes.
std::string sha256(std::string_view bytes) {
  const auto digest = store::secret_hash::of(bytes).bytes();
  return std::string(digest.begin(), digest.end());
}

bool same_bytes(std::string_view a, std::string_view b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

// The checks both ceremonies make on the authenticator data: whose it is, and who was there.
std::optional<webauthn_error> check_rp_and_flags(const relying_party& rp,
                                                 const authenticator_data& data) {
  const std::string expected = sha256(rp.id);
  if (!same_bytes(expected, std::string_view(reinterpret_cast<const char*>(data.rp_id_hash.data()),
                                             data.rp_id_hash.size())))
    return webauthn_error::bad_rp_id;
  if (!data.user_present()) return webauthn_error::user_not_present;
  if (rp.require_user_verification && !data.user_verified())
    return webauthn_error::user_not_verified;
  return std::nullopt;
}

}  // namespace

webauthn_result<new_passkey> verify_registration(const relying_party& rp,
                                                 const registration_response& response,
                                                 std::string_view expected_challenge) {
  auto client =
      check_client_data(response.client_data_json, "webauthn.create", expected_challenge, rp);
  if (!client) return client.error();
  auto object = parse_attestation_object(response.attestation_object);
  if (!object) return object.error();
  auto data = parse_authenticator_data(object->auth_data);
  if (!data) return data.error();
  if (auto refused = check_rp_and_flags(rp, *data)) return *refused;
  // A registration without the new key, or one whose key is not the one the browser named.
  if (!data->credential || (!response.credential_id.empty() &&
                            !same_bytes(response.credential_id, data->credential->id)))
    return webauthn_error::malformed;
  const auto algorithm = check_cose_key(data->credential->public_key_cose);
  if (!algorithm) return algorithm.error();
  if (auto refused = check_attestation(*object, *data, sha256(response.client_data_json)))
    return *refused;

  new_passkey out;
  out.credential_id = data->credential->id;
  out.public_key_cose = data->credential->public_key_cose;
  out.algorithm = *algorithm;
  out.sign_count = data->sign_count;
  out.aaguid = data->credential->aaguid;
  out.attestation_format = object->format;
  out.user_verified = data->user_verified();
  out.backup_eligible = data->backup_eligible();
  out.backed_up = data->backed_up();
  return out;
}

webauthn_result<verified_sign_in> verify_sign_in(const relying_party& rp,
                                                 const sign_in_response& response,
                                                 std::string_view expected_challenge,
                                                 const passkey* stored,
                                                 std::string_view account_id) {
  if (!stored || stored->account_id != account_id ||
      !same_bytes(stored->credential_id, response.credential_id) ||
      (response.user_handle && !same_bytes(*response.user_handle, stored->user_handle)))
    return webauthn_error::unknown_credential;
  auto client =
      check_client_data(response.client_data_json, "webauthn.get", expected_challenge, rp);
  if (!client) return client.error();
  auto data = parse_authenticator_data(response.authenticator_data);
  if (!data) return data.error();
  if (auto refused = check_rp_and_flags(rp, *data)) return *refused;
  // WebAuthn section 7.2, step 20: the signature covers authData || SHA-256(clientDataJSON).
  const std::string message = response.authenticator_data + sha256(response.client_data_json);
  if (!verify_cose_signature(stored->public_key_cose, message, response.signature))
    return webauthn_error::bad_signature;
  // An authenticator that keeps no counter reports 0 each time; one that does must count up,
  // or two copies of the same key are in use (section 6.1.1).
  if ((data->sign_count != 0 || stored->sign_count != 0) && data->sign_count <= stored->sign_count)
    return webauthn_error::counter_went_back;

  verified_sign_in out;
  out.sign_count = data->sign_count;
  out.user_verified = data->user_verified();
  out.backed_up = data->backed_up();
  return out;
}

}  // namespace crownhall::accounts
