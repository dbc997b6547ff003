// authenticator_data: what the authenticator itself signs (WebAuthn section 6.1): the hash of
// the relying party's id, the flags, the signature counter, and at registration the new
// passkey's id and public key.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/accounts/webauthn_error.hpp"

namespace crownhall::accounts {

struct attested_credential {
  std::array<std::uint8_t, 16> aaguid{};  // the authenticator's model (zeros when withheld)
  std::string id;                         // the credential id, as the browser's rawId
  std::string public_key_cose;            // the COSE_Key, byte for byte as signed
};

struct authenticator_data {
  static constexpr std::uint8_t user_present_flag = 0x01;
  static constexpr std::uint8_t user_verified_flag = 0x04;
  static constexpr std::uint8_t backup_eligible_flag = 0x08;
  static constexpr std::uint8_t backed_up_flag = 0x10;
  static constexpr std::uint8_t attested_credential_flag = 0x40;
  static constexpr std::uint8_t extensions_flag = 0x80;

  std::array<std::uint8_t, 32> rp_id_hash{};
  std::uint8_t flags = 0;
  std::uint32_t sign_count = 0;
  std::optional<attested_credential> credential;  // present iff the flag says so
  std::string extensions_cbor;                    // one CBOR map, or empty

  bool user_present() const { return flags & user_present_flag; }
  bool user_verified() const { return flags & user_verified_flag; }
  bool backup_eligible() const { return flags & backup_eligible_flag; }
  bool backed_up() const { return flags & backed_up_flag; }
};

// Malformed when cut short, when a flag announces data that is absent (or the reverse),
// when the COSE key or extensions are not one CBOR item each, or when bytes are left over.
webauthn_result<authenticator_data> parse_authenticator_data(std::string_view bytes);

}  // namespace crownhall::accounts
