// challenge_book: the WebAuthn challenges this server gave out and not yet used, one per
// ceremony owner (a session making a passkey, a sign-in page), each taken at most once and
// only within its lifetime. Thread-safe. Holds at most `capacity` challenges: past that the
// oldest is forgotten, so strangers asking for challenges cannot fill the memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

namespace crownhall::accounts {

class challenge_book {
 public:
  // 32 random bytes from the operating system; a test may give its own source.
  using challenge_source = std::function<std::string()>;
  static std::string random_challenge();

  explicit challenge_book(std::int64_t lifetime_ms = 5 * 60 * 1000, std::size_t capacity = 100000,
                          challenge_source source = random_challenge);

  // A new challenge for `owner` (bytes; the page gets it in base64url), replacing the
  // owner's previous one: only the latest ceremony can be answered.
  std::string issue(const std::string& owner, std::int64_t now_ms);
  // The owner's challenge, removed: empty when none was issued, it expired, or it was
  // taken already (a replayed payload).
  std::string take(const std::string& owner, std::int64_t now_ms);

  std::size_t size() const;

 private:
  struct pending {
    std::string challenge;
    std::int64_t issued_ms = 0;
  };
  void make_room(std::int64_t now_ms);

  const std::int64_t lifetime_ms_;
  const std::size_t capacity_;
  const challenge_source source_;
  mutable std::mutex mutex_;
  std::map<std::string, pending, std::less<>> by_owner_;
};

}  // namespace crownhall::accounts
