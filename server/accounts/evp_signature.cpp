#include "server/accounts/evp_signature.hpp"

#include <openssl/err.h>

namespace crownhall::accounts {

namespace {

bool key_fits(EVP_PKEY* key, cose_algorithm algorithm) {
  switch (algorithm) {
    case cose_algorithm::es256:
      return EVP_PKEY_is_a(key, "EC");
    case cose_algorithm::eddsa:
      return EVP_PKEY_is_a(key, "ED25519");
    case cose_algorithm::rs256:
      return EVP_PKEY_is_a(key, "RSA");
  }
  return false;
}

struct md_ctx_release {
  void operator()(EVP_MD_CTX* ctx) const { EVP_MD_CTX_free(ctx); }
};

}  // namespace

bool verify_evp_signature(EVP_PKEY* key, cose_algorithm algorithm, std::string_view message,
                          std::string_view signature) {
  if (!key || !key_fits(key, algorithm)) return false;
  std::unique_ptr<EVP_MD_CTX, md_ctx_release> ctx(EVP_MD_CTX_new());
  if (!ctx) return false;
  // Ed25519 hashes inside the algorithm: OpenSSL takes no digest for it.
  const EVP_MD* digest = algorithm == cose_algorithm::eddsa ? nullptr : EVP_sha256();
  const bool ok =
      EVP_DigestVerifyInit(ctx.get(), nullptr, digest, nullptr, key) == 1 &&
      EVP_DigestVerify(ctx.get(), reinterpret_cast<const unsigned char*>(signature.data()),
                       signature.size(), reinterpret_cast<const unsigned char*>(message.data()),
                       message.size()) == 1;
  // A refused signature leaves OpenSSL's thread-local error queue filled; the next caller
  // on this thread must not read it as its own.
  ERR_clear_error();
  return ok;
}

}  // namespace crownhall::accounts
