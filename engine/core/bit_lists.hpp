// Listing one action per set bit of a card set without a branch per bit. A loop over the
// set bits ends with a mispredicted exit and chains each entry on the one before; for the
// long lists of some games (the two-player Lunar offers its hand and the Sky) that is most
// of listing the legal actions. Here each byte of the set writes eight slots from a table
// of bit positions, whatever it holds, and the end moves on by the byte's bit count: a
// fixed number of steps. For short lists the plain loop is as fast; measure before using.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/types.hpp"

#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#endif

namespace crownhall {

namespace bit_lists_detail {

// For each byte value: the positions of its set bits, lowest first, one byte each, and its
// bit count (popcnt is not in the x86-64 baseline). 2.25 KB, read a byte at a time.
inline constexpr std::array<std::uint64_t, 256> positions = [] {
  std::array<std::uint64_t, 256> t{};
  for (unsigned b = 0; b < 256; ++b)
    for (unsigned i = 0, n = 0; i < 8; ++i)
      if ((b >> i) & 1u) t[b] |= std::uint64_t{i} << (8 * n++);
  return t;
}();
inline constexpr std::array<std::uint8_t, 256> counts = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned b = 0; b < 256; ++b)
    for (unsigned i = 0; i < 8; ++i) t[b] = static_cast<std::uint8_t>(t[b] + ((b >> i) & 1u));
  return t;
}();

}  // namespace bit_lists_detail

// Appends action{code + i} for every set bit i of `bits` below `width`, lowest first: the
// same list as one push_back per set bit. Writes up to eight scratch slots past the new
// end, so with less room than width + 8 entries it pushes one by one (checked) instead.
template <int width>
void append_set_bits(action_list& out, std::uint64_t bits, std::uint32_t code) {
  static_assert(width > 0 && width <= 64);
  static_assert(width + 8 <= action_list::capacity);
  if constexpr (width < 64) bits &= (std::uint64_t{1} << width) - 1;
  if (out.room() < width + 8) [[unlikely]] {
    for (; bits; bits &= bits - 1)
      out.push_back(action{code + static_cast<std::uint32_t>(__builtin_ctzll(bits))});
    return;
  }
  action* p = out.tail();
#if defined(__SSE2__) && defined(__x86_64__)
  const __m128i zero = _mm_setzero_si128();
  for (int k = 0; k < (width + 7) / 8; ++k) {
    const unsigned byte = static_cast<unsigned>(bits >> (8 * k)) & 0xffu;
    // The byte's eight positions widened to 32-bit lanes, plus the code of bit 8k.
    const __m128i at = _mm_unpacklo_epi8(
        _mm_loadl_epi64(reinterpret_cast<const __m128i*>(&bit_lists_detail::positions[byte])),
        zero);
    const __m128i base = _mm_set1_epi32(static_cast<int>(code + 8u * static_cast<unsigned>(k)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p),
                     _mm_add_epi32(_mm_unpacklo_epi16(at, zero), base));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p + 4),
                     _mm_add_epi32(_mm_unpackhi_epi16(at, zero), base));
    p += bit_lists_detail::counts[byte];
  }
#else
  for (; bits; bits &= bits - 1)
    *p++ = action{code + static_cast<std::uint32_t>(__builtin_ctzll(bits))};
#endif
  out.set_end(p);
}

}  // namespace crownhall
