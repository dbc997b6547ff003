// Fuzz target: a passkey payload from a stranger, as the server reads it. The first byte
// picks the part: an attestation object (then its authenticator data and new key), an
// authenticator data alone, or a COSE key. Each parser must refuse with a code or accept
// something well-formed, and never crash, hang, read out of bounds, or allocate what the
// bytes cannot hold (server/accounts/cbor_item.hpp).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "server/accounts/attestation.hpp"
#include "server/accounts/authenticator_data.hpp"
#include "server/accounts/cose_key.hpp"

namespace a = crownhall::accounts;

namespace {

void read_authenticator_data(std::string_view bytes) {
  const auto data = a::parse_authenticator_data(bytes);
  if (!data) return;
  // Accepted data is exactly its parts: the fixed 37 bytes, the credential, the extensions.
  std::size_t size = 37 + data->extensions_cbor.size();
  if (data->credential) {
    const auto& c = *data->credential;
    if (c.id.empty() || c.id.size() > 1023 || c.public_key_cose.empty()) __builtin_trap();
    size += 18 + c.id.size() + c.public_key_cose.size();
    (void)a::check_cose_key(c.public_key_cose);
  }
  if (size != bytes.size()) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 3) {
    case 0: {
      const auto object = a::parse_attestation_object(bytes);
      if (!object) break;
      read_authenticator_data(object->auth_data);
      if (const auto parsed = a::parse_authenticator_data(object->auth_data))
        (void)a::check_attestation(*object, *parsed, std::string(32, '\0'));
      break;
    }
    case 1:
      read_authenticator_data(bytes);
      break;
    case 2: {
      const auto algorithm = a::check_cose_key(bytes);
      // A key accepted is one a signature can be checked with (this one will not verify).
      if (algorithm && a::verify_cose_signature(bytes, "message", "")) __builtin_trap();
      break;
    }
  }
  return 0;
}
