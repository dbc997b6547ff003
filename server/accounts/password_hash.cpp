#include "server/accounts/password_hash.hpp"

#include <sodium.h>

#include <stdexcept>

#include "server/accounts/sodium_random.hpp"

namespace crownhall::accounts {

namespace {

std::size_t utf8_chars(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xc0) != 0x80) ++n;
  return n;
}

}  // namespace

std::string_view code(password_refusal r) {
  switch (r) {
    case password_refusal::too_short:
      return "password_too_short";
    case password_refusal::too_long:
      return "password_too_long";
  }
  return "password_too_short";
}

std::optional<password_refusal> check_new_password(std::string_view password) {
  if (password.size() > max_password_bytes) return password_refusal::too_long;
  if (utf8_chars(password) < min_password_chars) return password_refusal::too_short;
  return std::nullopt;
}

std::string hash_password(std::string_view password, const password_cost& cost) {
  ensure_sodium();
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), cost.passes, cost.memory_bytes,
                            crypto_pwhash_ALG_ARGON2ID13) != 0)
    throw std::runtime_error("argon2id hashing failed (libsodium: out of memory?)");
  return out;
}

bool verify_password(std::optional<std::string_view> stored, std::string_view password) {
  ensure_sodium();
  const std::string& hash = stored ? std::string(*stored) : stand_in_password_hash();
  // libsodium reads a NUL-terminated string; a stored value is never longer than this.
  if (hash.size() >= crypto_pwhash_STRBYTES) return false;
  const bool matches =
      crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
  return stored && matches;
}

bool password_needs_rehash(std::string_view stored, const password_cost& cost) {
  ensure_sodium();
  const std::string hash(stored);
  return crypto_pwhash_str_needs_rehash(hash.c_str(), cost.passes, cost.memory_bytes) != 0;
}

const std::string& stand_in_password_hash() {
  // Made once per process from a password no one knows, with the same parameters as every
  // real hash.
  static const std::string hash = hash_password(random_bytes(32));
  return hash;
}

}  // namespace crownhall::accounts
