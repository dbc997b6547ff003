// webauthn_json: a passkey ceremony's answer as the browser's PublicKeyCredential.toJSON()
// writes it (RegistrationResponseJSON, AuthenticationResponseJSON: base64url fields), read
// into the verifier's bytes (server/accounts/webauthn.hpp).
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "server/accounts/webauthn.hpp"

namespace crownhall::server {

// nullopt when a field is missing, not a string, or not base64url, or rawId and id differ.
std::optional<accounts::registration_response> registration_of(const nlohmann::json& credential);
std::optional<accounts::sign_in_response> sign_in_of(const nlohmann::json& credential);

}  // namespace crownhall::server
