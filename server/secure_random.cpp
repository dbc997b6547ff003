#include "server/secure_random.hpp"

#include <sys/random.h>

#include <cerrno>
#include <system_error>
#include <vector>

namespace crownhall::server {

void secure_random_bytes(std::span<std::uint8_t> out) {
  std::size_t done = 0;
  while (done < out.size()) {
    const ssize_t n = ::getrandom(out.data() + done, out.size() - done, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::system_error(errno, std::generic_category(), "getrandom");
    }
    done += static_cast<std::size_t>(n);
  }
}

std::uint64_t secure_random_u64() {
  std::uint8_t b[8];
  secure_random_bytes(b);
  std::uint64_t v = 0;
  for (std::uint8_t x : b) v = v << 8 | x;
  return v;
}

std::string secure_random_hex(std::size_t bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::vector<std::uint8_t> b(bytes);
  secure_random_bytes(b);
  std::string s;
  s.reserve(bytes * 2);
  for (std::uint8_t x : b) {
    s += digits[x >> 4];
    s += digits[x & 15];
  }
  return s;
}

std::string secure_random_code(std::size_t chars) {
  static constexpr char alphabet[] =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  std::string s;
  s.reserve(chars);
  std::uint8_t b[32];
  while (s.size() < chars) {
    secure_random_bytes(b);
    for (std::uint8_t x : b) {
      if (x >= 248) continue;  // 248 = 4 * 62: rejecting the rest keeps every letter uniform
      s += alphabet[x % 62];
      if (s.size() == chars) break;
    }
  }
  return s;
}

}  // namespace crownhall::server
