#include "server/account_api/webauthn_json.hpp"

#include "server/accounts/base64url.hpp"

namespace crownhall::server {

using json = nlohmann::json;

namespace {

std::optional<std::string> bytes_at(const json& object, const char* name) {
  if (!object.is_object()) return std::nullopt;
  const auto it = object.find(name);
  if (it == object.end() || !it->is_string()) return std::nullopt;
  return accounts::base64url_decode(it->get_ref<const std::string&>());
}

// The credential's id, the same in `id` and `rawId` (a page that sent two would have the
// server check one and store the other).
std::optional<std::string> credential_id(const json& credential) {
  auto id = bytes_at(credential, "id");
  auto raw = bytes_at(credential, "rawId");
  if (!id || !raw || *id != *raw) return std::nullopt;
  if (const auto t = credential.find("type"); t != credential.end() && *t != "public-key")
    return std::nullopt;
  return id;
}

}  // namespace

std::optional<accounts::registration_response> registration_of(const json& credential) {
  auto id = credential_id(credential);
  if (!id) return std::nullopt;
  const json& r = credential.value("response", json());
  auto client_data = bytes_at(r, "clientDataJSON");
  auto attestation = bytes_at(r, "attestationObject");
  if (!client_data || !attestation) return std::nullopt;
  return accounts::registration_response{std::move(*id), std::move(*client_data),
                                         std::move(*attestation)};
}

std::optional<accounts::sign_in_response> sign_in_of(const json& credential) {
  auto id = credential_id(credential);
  if (!id) return std::nullopt;
  const json& r = credential.value("response", json());
  auto client_data = bytes_at(r, "clientDataJSON");
  auto authenticator_data = bytes_at(r, "authenticatorData");
  auto signature = bytes_at(r, "signature");
  if (!client_data || !authenticator_data || !signature) return std::nullopt;
  accounts::sign_in_response out{std::move(*id),
                                 std::move(*client_data),
                                 std::move(*authenticator_data),
                                 std::move(*signature),
                                 {}};
  if (const auto h = r.find("userHandle"); h != r.end() && !h->is_null()) {
    auto handle = bytes_at(r, "userHandle");
    if (!handle) return std::nullopt;
    out.user_handle = std::move(*handle);
  }
  return out;
}

}  // namespace crownhall::server
