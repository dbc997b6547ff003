#include "server/store/secret_hash.hpp"

#include <cstdlib>
#include <stdexcept>

#include <openssl/evp.h>

namespace crownhall::store {

namespace {

secret_hash::digest sha256(std::string_view bytes) {
  secret_hash::digest out{};
  unsigned int size = 0;
  // EVP_Digest fails only when OpenSSL cannot allocate or is misconfigured; a hash we
  // could not compute must never be stored as if it were one.
  if (EVP_Digest(bytes.data(), bytes.size(), out.data(), &size, EVP_sha256(), nullptr) != 1 ||
      size != out.size())
    throw std::runtime_error("SHA-256 failed (OpenSSL libcrypto)");
  return out;
}

std::string to_hex(const secret_hash::digest& d) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string s(d.size() * 2, '0');
  for (std::size_t i = 0; i < d.size(); ++i) {
    s[2 * i] = digits[d[i] >> 4];
    s[2 * i + 1] = digits[d[i] & 0xf];
  }
  return s;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

secret_hash secret_hash::of(std::string_view secret) { return secret_hash(sha256(secret)); }

std::optional<secret_hash> secret_hash::from_hex(std::string_view hex) {
  digest d{};
  if (hex.size() != d.size() * 2) return std::nullopt;
  for (std::size_t i = 0; i < d.size(); ++i) {
    const int hi = hex_value(hex[2 * i]);
    const int lo = hex_value(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    d[i] = static_cast<std::uint8_t>(hi << 4 | lo);
  }
  return secret_hash(d);
}

std::string secret_hash::hex() const { return to_hex(bytes_); }

std::string sha256_hex(std::string_view bytes) { return to_hex(sha256(bytes)); }

}  // namespace crownhall::store
