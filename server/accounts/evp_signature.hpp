// evp_signature: OpenSSL's public keys for this folder's .cpp files only (the public headers
// name no OpenSSL type): a COSE key made into an EVP_PKEY, and one signature checked.
#pragma once

#include <openssl/evp.h>

#include <memory>
#include <string_view>

#include "server/accounts/cose_key.hpp"

namespace crownhall::accounts {

struct evp_pkey_release {
  void operator()(EVP_PKEY* key) const { EVP_PKEY_free(key); }
};
using evp_pkey_ptr = std::unique_ptr<EVP_PKEY, evp_pkey_release>;

// `key` must be of the algorithm's kind (EC P-256, Ed25519, RSA); false otherwise.
bool verify_evp_signature(EVP_PKEY* key, cose_algorithm algorithm, std::string_view message,
                          std::string_view signature);

}  // namespace crownhall::accounts
