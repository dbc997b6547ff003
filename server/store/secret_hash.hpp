// secret_hash: the SHA-256 of a session token. The store keeps only these, so a copy of the
// database lets no one resume another player's session.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace crownhall::store {

class secret_hash {
 public:
  using digest = std::array<std::uint8_t, 32>;

  secret_hash() = default;
  explicit secret_hash(const digest& bytes) : bytes_(bytes) {}

  // The hash of a secret as the client sends it (the token or code text, byte for byte).
  static secret_hash of(std::string_view secret);
  // Parses 64 hex digits (either case); nullopt for anything else.
  static std::optional<secret_hash> from_hex(std::string_view hex);

  const digest& bytes() const { return bytes_; }
  std::string hex() const;  // 64 lowercase hex digits

  friend bool operator==(const secret_hash&, const secret_hash&) = default;

 private:
  digest bytes_{};
};

// SHA-256 of arbitrary bytes, as 64 lowercase hex digits (seed commitments use it too).
std::string sha256_hex(std::string_view bytes);

}  // namespace crownhall::store
