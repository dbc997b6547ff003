// password_hash: an account's fallback password, kept only as an argon2id hash (libsodium's
// crypto_pwhash_str: the PHC string "$argon2id$v=19$m=...,t=...,p=1$salt$hash", salt and
// parameters inside). The parameters and why: docs/accounts.md, "Passwords".
//
// Hashing and checking take 0.1 to 0.2 s and 64 MiB each, on purpose: call them off the
// sockets' threads.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace crownhall::accounts {

struct password_cost {
  unsigned long long passes = 2;         // argon2id's t
  std::size_t memory_bytes = 64u << 20;  // argon2id's m, in bytes (64 MiB)
};

enum class password_refusal { too_short, too_long };
// "password_too_short", "password_too_long".
std::string_view code(password_refusal r);

inline constexpr std::size_t min_password_chars = 8;  // counted in UTF-8 characters
inline constexpr std::size_t max_password_bytes = 1024;

// Whether a new password may be set: long enough to resist guessing at the rate limits,
// short enough that hashing it costs what any other does.
std::optional<password_refusal> check_new_password(std::string_view password);

// The PHC string to store. Throws std::runtime_error when libsodium cannot hash (out of
// memory): an account must never be left with a hash that is not one.
std::string hash_password(std::string_view password, const password_cost& cost = {});

// Whether `password` is the one `stored` was made from. For a name with no password
// (`stored` empty: no such account, or one with passkeys only), the same work is done
// against a fixed hash and the answer is false, so the reply's time does not tell a
// stranger which names exist.
bool verify_password(std::optional<std::string_view> stored, std::string_view password);

// Whether `stored` was made with other parameters than `cost` (hash again after a sign-in).
bool password_needs_rehash(std::string_view stored, const password_cost& cost = {});

// The fixed hash verify_password checks against for a name with no password, made at the
// first call: the server calls it at start, so the first unknown name is not the slower.
const std::string& stand_in_password_hash();

}  // namespace crownhall::accounts
