#include "server/accounts/cose_key.hpp"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/param_build.h>

#include <string>

#include "server/accounts/cbor_item.hpp"
#include "server/accounts/evp_signature.hpp"

namespace crownhall::accounts {

namespace {

// COSE labels and values (RFC 9052 section 7, RFC 9053).
constexpr std::int64_t label_kty = 1, label_alg = 3;
constexpr std::int64_t label_crv = -1, label_x = -2, label_y = -3;  // EC2 and OKP keys
constexpr std::int64_t label_n = -1, label_e = -2;                  // RSA keys
constexpr std::int64_t kty_okp = 1, kty_ec2 = 2, kty_rsa = 3;
constexpr std::int64_t crv_p256 = 1, crv_ed25519 = 6;
// RSA moduli accepted, in bytes: under 2048 bits is breakable, over 8192 only slows us down.
constexpr std::size_t min_rsa_bytes = 256, max_rsa_bytes = 1024;

struct cose_public_key {
  cose_algorithm algorithm;
  evp_pkey_ptr key;
};

struct param_bld_release {
  void operator()(OSSL_PARAM_BLD* b) const { OSSL_PARAM_BLD_free(b); }
};
struct param_release {
  void operator()(OSSL_PARAM* p) const { OSSL_PARAM_free(p); }
};
struct pkey_ctx_release {
  void operator()(EVP_PKEY_CTX* c) const { EVP_PKEY_CTX_free(c); }
};
struct bignum_release {
  void operator()(BIGNUM* n) const { BN_free(n); }
};
using bignum_ptr = std::unique_ptr<BIGNUM, bignum_release>;

const unsigned char* as_bytes(std::string_view s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}

// A public key from OpenSSL parameters of `type` ("EC", "RSA"); null when OpenSSL refuses
// them (it decodes an EC point only if it is on the curve: cose_key_test).
evp_pkey_ptr key_from_params(const char* type, OSSL_PARAM_BLD* bld) {
  std::unique_ptr<OSSL_PARAM, param_release> params(OSSL_PARAM_BLD_to_param(bld));
  std::unique_ptr<EVP_PKEY_CTX, pkey_ctx_release> ctx(
      EVP_PKEY_CTX_new_from_name(nullptr, type, nullptr));
  EVP_PKEY* key = nullptr;
  if (!params || !ctx || EVP_PKEY_fromdata_init(ctx.get()) != 1 ||
      EVP_PKEY_fromdata(ctx.get(), &key, EVP_PKEY_PUBLIC_KEY, params.get()) != 1)
    return nullptr;
  return evp_pkey_ptr(key);
}

evp_pkey_ptr p256_key(std::string_view x, std::string_view y) {
  // The uncompressed point: 0x04, then x and y.
  const std::string point = '\x04' + std::string(x) + std::string(y);
  std::unique_ptr<OSSL_PARAM_BLD, param_bld_release> bld(OSSL_PARAM_BLD_new());
  if (!bld ||
      OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) !=
          1 ||
      OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(),
                                       point.size()) != 1)
    return nullptr;
  return key_from_params("EC", bld.get());
}

evp_pkey_ptr rsa_key(std::string_view n, std::string_view e) {
  bignum_ptr bn_n(BN_bin2bn(as_bytes(n), static_cast<int>(n.size()), nullptr));
  bignum_ptr bn_e(BN_bin2bn(as_bytes(e), static_cast<int>(e.size()), nullptr));
  std::unique_ptr<OSSL_PARAM_BLD, param_bld_release> bld(OSSL_PARAM_BLD_new());
  if (!bn_n || !bn_e || !bld ||
      OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_RSA_N, bn_n.get()) != 1 ||
      OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_RSA_E, bn_e.get()) != 1)
    return nullptr;
  return key_from_params("RSA", bld.get());
}

webauthn_result<cose_public_key> read_cose_key(std::string_view cose) {
  std::size_t read = 0;
  const cbor_ptr map = load_cbor_item(cose, &read);
  if (!map || read != cose.size() || !cbor_isa_map(map.get())) return webauthn_error::malformed;
  const auto kty = cbor_integer(cbor_map_value(map.get(), label_kty));
  const auto alg = cbor_integer(cbor_map_value(map.get(), label_alg));
  if (!kty || !alg) return webauthn_error::malformed;

  evp_pkey_ptr key;
  cose_algorithm algorithm{};
  if (*alg == static_cast<std::int64_t>(cose_algorithm::es256)) {
    const auto crv = cbor_integer(cbor_map_value(map.get(), label_crv));
    const auto x = cbor_byte_string(cbor_map_value(map.get(), label_x));
    const auto y = cbor_byte_string(cbor_map_value(map.get(), label_y));
    if (*kty != kty_ec2 || !crv || !x || !y || x->size() != 32 || y->size() != 32)
      return webauthn_error::malformed;
    if (*crv != crv_p256) return webauthn_error::unsupported_algorithm;
    algorithm = cose_algorithm::es256;
    key = p256_key(*x, *y);
  } else if (*alg == static_cast<std::int64_t>(cose_algorithm::eddsa)) {
    const auto crv = cbor_integer(cbor_map_value(map.get(), label_crv));
    const auto x = cbor_byte_string(cbor_map_value(map.get(), label_x));
    if (*kty != kty_okp || !crv || !x) return webauthn_error::malformed;
    // EdDSA in COSE may also name Ed448; only Ed25519 is accepted.
    if (*crv != crv_ed25519) return webauthn_error::unsupported_algorithm;
    if (x->size() != 32) return webauthn_error::malformed;
    algorithm = cose_algorithm::eddsa;
    key.reset(EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr, as_bytes(*x), x->size()));
  } else if (*alg == static_cast<std::int64_t>(cose_algorithm::rs256)) {
    const auto n = cbor_byte_string(cbor_map_value(map.get(), label_n));
    const auto e = cbor_byte_string(cbor_map_value(map.get(), label_e));
    if (*kty != kty_rsa || !n || !e || n->empty() || e->empty() || e->size() > 8)
      return webauthn_error::malformed;
    std::string_view modulus = *n;
    while (!modulus.empty() && modulus.front() == '\0') modulus.remove_prefix(1);
    if (modulus.size() < min_rsa_bytes || modulus.size() > max_rsa_bytes)
      return webauthn_error::unsupported_algorithm;
    algorithm = cose_algorithm::rs256;
    key = rsa_key(*n, *e);
  } else {
    return webauthn_error::unsupported_algorithm;
  }
  ERR_clear_error();
  // OpenSSL refused the numbers: a point off the curve, an even modulus.
  if (!key) return webauthn_error::malformed;
  return cose_public_key{algorithm, std::move(key)};
}

}  // namespace

std::string_view name(cose_algorithm a) {
  switch (a) {
    case cose_algorithm::es256:
      return "ES256";
    case cose_algorithm::eddsa:
      return "EdDSA";
    case cose_algorithm::rs256:
      return "RS256";
  }
  return "unknown";
}

webauthn_result<cose_algorithm> check_cose_key(std::string_view cose) {
  auto key = read_cose_key(cose);
  if (!key) return key.error();
  return key->algorithm;
}

bool verify_cose_signature(std::string_view cose, std::string_view message,
                           std::string_view signature) {
  auto key = read_cose_key(cose);
  return key && verify_evp_signature(key->key.get(), key->algorithm, message, signature);
}

}  // namespace crownhall::accounts
