// deal_commitment: the SHA-256 commitment to a game's seed that every player receives when
// the game starts (verifiable deals, protocol/README.md "Verifiable deals"). The seed and
// the salt are revealed at the end, and `crownhall verify` recomputes this.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "server/store/secret_hash.hpp"

namespace crownhall {

// The exact bytes hashed: "crownhall-deal-v1:" SEED ":" SALT, SEED the unsigned 64-bit
// seed in decimal without leading zeros, SALT 32 lowercase hex digits (16 bytes from the
// OS's secure random source). No terminator.
inline std::string deal_commitment_input(std::uint64_t seed, std::string_view salt) {
  std::string s = "crownhall-deal-v1:";
  s += std::to_string(seed);
  s += ':';
  s += salt;
  return s;
}

// 64 lowercase hex digits.
inline std::string deal_commitment(std::uint64_t seed, std::string_view salt) {
  return store::sha256_hex(deal_commitment_input(seed, salt));
}

}  // namespace crownhall
