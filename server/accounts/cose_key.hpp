// cose_key: a passkey's public key as the authenticator gives it (a COSE_Key, RFC 9053), and
// signatures checked with it. The server keeps the COSE bytes as they came and reads them at
// each sign-in, so no other key format is stored.
#pragma once

#include <cstdint>
#include <string_view>

#include "server/accounts/webauthn_error.hpp"

namespace crownhall::accounts {

// The signature algorithms accepted, by their COSE numbers (what a page lists in
// pubKeyCredParams): ECDSA on P-256 with SHA-256, Ed25519, RSA PKCS#1 v1.5 with SHA-256.
enum class cose_algorithm : std::int16_t { es256 = -7, eddsa = -8, rs256 = -257 };

// "ES256", "EdDSA", "RS256".
std::string_view name(cose_algorithm a);

// The algorithm of a key this server can verify with: malformed for a COSE_Key missing a
// field, of the wrong sizes, or whose numbers are no key (a point off the curve);
// unsupported_algorithm for another algorithm or curve, or an RSA modulus under 2048 bits.
webauthn_result<cose_algorithm> check_cose_key(std::string_view cose);

// Whether `signature` is the key's over `message` (false also for a key refused above).
bool verify_cose_signature(std::string_view cose, std::string_view message,
                           std::string_view signature);

}  // namespace crownhall::accounts
