// sodium_random: libsodium, started once, and its random bytes (getrandom(2) underneath),
// for this folder's secrets: challenges and guest identity tokens.
#pragma once

#include <cstddef>
#include <string>

namespace crownhall::accounts {

// Initializes libsodium the first time (thread-safe); throws std::runtime_error if it
// cannot, since nothing secret may be made without it.
void ensure_sodium();
std::string random_bytes(std::size_t count);

}  // namespace crownhall::accounts
