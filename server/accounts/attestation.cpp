#include "server/accounts/attestation.hpp"

#include <openssl/err.h>
#include <openssl/x509.h>

#include "server/accounts/cbor_item.hpp"
#include "server/accounts/cose_key.hpp"
#include "server/accounts/evp_signature.hpp"

namespace crownhall::accounts {

namespace {

struct x509_release {
  void operator()(X509* c) const { X509_free(c); }
};

bool known_algorithm(std::int64_t alg) {
  return alg == static_cast<std::int64_t>(cose_algorithm::es256) ||
         alg == static_cast<std::int64_t>(cose_algorithm::eddsa) ||
         alg == static_cast<std::int64_t>(cose_algorithm::rs256);
}

// "packed" with x5c: the first certificate's key signed authData || clientDataHash.
bool certificate_signed(const attestation_object& object, cose_algorithm algorithm,
                        std::string_view message) {
  const std::string& der = object.certificates.front();
  auto p = reinterpret_cast<const unsigned char*>(der.data());
  std::unique_ptr<X509, x509_release> cert(d2i_X509(nullptr, &p, static_cast<long>(der.size())));
  const bool whole = cert && p == reinterpret_cast<const unsigned char*>(der.data()) + der.size();
  const bool ok = whole && verify_evp_signature(X509_get0_pubkey(cert.get()), algorithm, message,
                                                object.signature);
  ERR_clear_error();
  return ok;
}

}  // namespace

webauthn_result<attestation_object> parse_attestation_object(std::string_view bytes) {
  std::size_t read = 0;
  const cbor_ptr map = load_cbor_item(bytes, &read);
  if (!map || read != bytes.size() || !cbor_isa_map(map.get())) return webauthn_error::malformed;
  const auto format = cbor_text(cbor_map_value(map.get(), "fmt"));
  const auto auth_data = cbor_byte_string(cbor_map_value(map.get(), "authData"));
  const cbor_item_t* statement = cbor_map_value(map.get(), "attStmt");
  if (!format || !auth_data || !statement || !cbor_isa_map(statement))
    return webauthn_error::malformed;
  attestation_object out;
  out.format = std::string(*format);
  out.auth_data = std::string(*auth_data);
  out.statement_empty = cbor_map_size(statement) == 0;
  if (const cbor_item_t* alg = cbor_map_value(statement, "alg")) {
    out.algorithm = cbor_integer(alg);
    if (!out.algorithm) return webauthn_error::malformed;
  }
  if (const cbor_item_t* sig = cbor_map_value(statement, "sig")) {
    const auto s = cbor_byte_string(sig);
    if (!s) return webauthn_error::malformed;
    out.signature = std::string(*s);
  }
  if (const cbor_item_t* x5c = cbor_map_value(statement, "x5c")) {
    if (!cbor_isa_array(x5c) || cbor_array_size(x5c) == 0) return webauthn_error::malformed;
    cbor_item_t** certs = cbor_array_handle(x5c);
    for (std::size_t i = 0; i < cbor_array_size(x5c); ++i) {
      const auto der = cbor_byte_string(certs[i]);
      if (!der) return webauthn_error::malformed;
      out.certificates.emplace_back(*der);
    }
  }
  return out;
}

std::optional<webauthn_error> check_attestation(const attestation_object& object,
                                                const authenticator_data& data,
                                                std::string_view client_data_hash) {
  if (object.format == "none")
    return object.statement_empty ? std::nullopt : std::optional(webauthn_error::bad_attestation);
  if (object.format != "packed" || !object.algorithm || object.signature.empty() ||
      !data.credential)
    return webauthn_error::bad_attestation;
  if (!known_algorithm(*object.algorithm)) return webauthn_error::unsupported_algorithm;
  const auto algorithm = static_cast<cose_algorithm>(*object.algorithm);
  const std::string message = object.auth_data + std::string(client_data_hash);
  if (object.certificates.empty()) {
    // Self attestation: the new key signs for itself, with its own algorithm.
    const auto key_algorithm = check_cose_key(data.credential->public_key_cose);
    if (!key_algorithm || *key_algorithm != algorithm) return webauthn_error::bad_attestation;
    if (!verify_cose_signature(data.credential->public_key_cose, message, object.signature))
      return webauthn_error::bad_attestation;
    return std::nullopt;
  }
  if (!certificate_signed(object, algorithm, message)) return webauthn_error::bad_attestation;
  return std::nullopt;
}

}  // namespace crownhall::accounts
