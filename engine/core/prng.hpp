// The engine's own seeded random generator and shuffle: identical on every machine and
// compiler, unlike std::uniform_int_distribution or std::shuffle.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>

namespace crownhall {

// SplitMix64: expands a 64-bit seed into well-mixed state words.
constexpr std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// xoshiro256** by Blackman and Vigna: fast, small state, good statistical quality.
class prng {
 public:
  explicit constexpr prng(std::uint64_t seed = 0) {
    for (auto& w : s_) w = splitmix64(seed);
  }

  constexpr std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, bound), without modulo bias (Lemire's multiply-and-reject).
  constexpr std::uint32_t below(std::uint32_t bound) {
    std::uint64_t m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * bound;
    auto low = static_cast<std::uint32_t>(m);
    if (low < bound) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-bound) % bound;
      while (low < threshold) {
        m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * bound;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  // Fisher–Yates, from the back.
  template <class T>
  constexpr void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      const std::size_t j = below(static_cast<std::uint32_t>(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  friend constexpr bool operator==(const prng&, const prng&) = default;

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4]{};
};

// Folds values into a 64-bit state hash (FNV-1a over 64-bit words, then mixed).
class state_hasher {
 public:
  // Byte by byte, low byte first. Most values folded in are small (a card, a seat, a
  // score), and a zero byte only multiplies by the prime: the bytes above the highest
  // non-zero one are one multiplication by a power of it. Same value as eight rounds.
  constexpr void add(std::uint64_t v) {
    int bytes = 0;
    for (; v != 0; v >>= 8, ++bytes) {
      h_ ^= v & 0xffu;
      h_ *= prime;
    }
    h_ *= prime_powers[8 - bytes];
  }
  constexpr std::uint64_t value() const {
    std::uint64_t x = h_;
    return splitmix64(x);
  }

 private:
  static constexpr std::uint64_t prime = 0x100000001b3ull;
  static constexpr auto prime_powers = [] {
    std::array<std::uint64_t, 9> powers{1};
    for (std::size_t i = 1; i < powers.size(); ++i) powers[i] = powers[i - 1] * prime;
    return powers;
  }();
  std::uint64_t h_ = 0xcbf29ce484222325ull;
};

}  // namespace crownhall
