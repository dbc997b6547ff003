// secure_random: session tokens, invite codes and seeds from the operating system's
// secure random source (getrandom(2)).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace crownhall::server {

// Fills `out` from getrandom(2); throws std::system_error if the source fails.
void secure_random_bytes(std::span<std::uint8_t> out);
std::uint64_t secure_random_u64();
// `bytes` random bytes as lower-case hex (a session token is 16 bytes: 32 hex digits).
std::string secure_random_hex(std::size_t bytes);
// `chars` characters of [0-9A-Za-z], each uniform (about 5.95 bits each; an invite code
// of 16 characters has 95 bits).
std::string secure_random_code(std::size_t chars);

}  // namespace crownhall::server
