#include "server/accounts/sodium_random.hpp"

#include <sodium.h>

#include <stdexcept>

namespace crownhall::accounts {

void ensure_sodium() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium could not start (sodium_init)");
}

std::string random_bytes(std::size_t count) {
  ensure_sodium();
  std::string out(count, '\0');
  randombytes_buf(out.data(), out.size());
  return out;
}

}  // namespace crownhall::accounts
