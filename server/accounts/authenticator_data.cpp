#include "server/accounts/authenticator_data.hpp"

#include <algorithm>

#include "server/accounts/cbor_item.hpp"

namespace crownhall::accounts {

namespace {

// The longest credential id WebAuthn allows (section 6.5.1).
constexpr std::size_t max_credential_id = 1023;

std::uint32_t big_endian(std::string_view b) {
  std::uint32_t v = 0;
  for (unsigned char c : b) v = v << 8 | c;
  return v;
}

}  // namespace

webauthn_result<authenticator_data> parse_authenticator_data(std::string_view bytes) {
  constexpr std::size_t fixed = 32 + 1 + 4;
  if (bytes.size() < fixed) return webauthn_error::malformed;
  authenticator_data out;
  std::copy_n(bytes.begin(), 32, out.rp_id_hash.begin());
  out.flags = static_cast<std::uint8_t>(bytes[32]);
  out.sign_count = big_endian(bytes.substr(33, 4));
  std::string_view rest = bytes.substr(fixed);

  if (out.flags & authenticator_data::attested_credential_flag) {
    if (rest.size() < 16 + 2) return webauthn_error::malformed;
    attested_credential cred;
    std::copy_n(rest.begin(), 16, cred.aaguid.begin());
    const std::size_t id_size = big_endian(rest.substr(16, 2));
    rest.remove_prefix(18);
    if (id_size == 0 || id_size > max_credential_id || rest.size() < id_size)
      return webauthn_error::malformed;
    cred.id = std::string(rest.substr(0, id_size));
    rest.remove_prefix(id_size);
    std::size_t key_size = 0;
    if (!load_cbor_item(rest, &key_size)) return webauthn_error::malformed;
    cred.public_key_cose = std::string(rest.substr(0, key_size));
    rest.remove_prefix(key_size);
    out.credential = std::move(cred);
  }
  if (out.flags & authenticator_data::extensions_flag) {
    std::size_t size = 0;
    auto extensions = load_cbor_item(rest, &size);
    if (!extensions || !cbor_isa_map(extensions.get())) return webauthn_error::malformed;
    out.extensions_cbor = std::string(rest.substr(0, size));
    rest.remove_prefix(size);
  }
  if (!rest.empty()) return webauthn_error::malformed;
  return out;
}

}  // namespace crownhall::accounts
