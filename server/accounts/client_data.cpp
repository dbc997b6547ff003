#include "server/accounts/client_data.hpp"

#include <openssl/crypto.h>
#include <nlohmann/json.hpp>

#include "server/accounts/base64url.hpp"

namespace crownhall::accounts {

webauthn_result<client_data> parse_client_data(std::string_view json) {
  const auto j = nlohmann::json::parse(json, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return webauthn_error::malformed;
  const auto type = j.find("type");
  const auto challenge = j.find("challenge");
  const auto origin = j.find("origin");
  if (type == j.end() || !type->is_string() || challenge == j.end() || !challenge->is_string() ||
      origin == j.end() || !origin->is_string())
    return webauthn_error::malformed;
  auto challenge_bytes = base64url_decode(challenge->get_ref<const std::string&>());
  if (!challenge_bytes) return webauthn_error::malformed;
  client_data out;
  out.type = type->get<std::string>();
  out.challenge = std::move(*challenge_bytes);
  out.origin = origin->get<std::string>();
  const auto cross = j.find("crossOrigin");
  out.cross_origin = cross != j.end() && cross->is_boolean() && cross->get<bool>();
  return out;
}

webauthn_result<client_data> check_client_data(std::string_view json, std::string_view type,
                                               std::string_view expected_challenge,
                                               const relying_party& rp) {
  auto data = parse_client_data(json);
  if (!data) return data;
  if (data->type != type) return webauthn_error::bad_type;
  // Compared in constant time: how far a guess matched must not show in the answer's time.
  if (expected_challenge.empty() || data->challenge.size() != expected_challenge.size() ||
      CRYPTO_memcmp(data->challenge.data(), expected_challenge.data(), expected_challenge.size()) !=
          0)
    return webauthn_error::bad_challenge;
  // A page of ours inside another site's frame could be made to sign in for that site.
  if (data->origin != rp.origin || data->cross_origin) return webauthn_error::bad_origin;
  return data;
}

}  // namespace crownhall::accounts
