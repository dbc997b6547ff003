#include "server/accounts/challenge_book.hpp"

#include <algorithm>

#include "server/accounts/sodium_random.hpp"

namespace crownhall::accounts {

std::string challenge_book::random_challenge() { return random_bytes(32); }

challenge_book::challenge_book(std::int64_t lifetime_ms, std::size_t capacity,
                               challenge_source source)
    : lifetime_ms_(lifetime_ms),
      capacity_(std::max<std::size_t>(capacity, 1)),
      source_(std::move(source)) {}

std::string challenge_book::issue(const std::string& owner, std::int64_t now_ms) {
  std::string challenge = source_();
  std::lock_guard lock(mutex_);
  if (!by_owner_.count(owner)) make_room(now_ms);
  by_owner_[owner] = pending{challenge, now_ms};
  return challenge;
}

std::string challenge_book::take(const std::string& owner, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  const auto it = by_owner_.find(owner);
  if (it == by_owner_.end()) return {};
  pending p = std::move(it->second);
  by_owner_.erase(it);
  if (now_ms - p.issued_ms > lifetime_ms_) return {};
  return std::move(p.challenge);
}

std::size_t challenge_book::size() const {
  std::lock_guard lock(mutex_);
  return by_owner_.size();
}

void challenge_book::make_room(std::int64_t now_ms) {
  if (by_owner_.size() < capacity_) return;
  std::erase_if(by_owner_,
                [&](const auto& e) { return now_ms - e.second.issued_ms > lifetime_ms_; });
  if (by_owner_.size() < capacity_) return;
  const auto oldest = std::min_element(
      by_owner_.begin(), by_owner_.end(),
      [](const auto& a, const auto& b) { return a.second.issued_ms < b.second.issued_ms; });
  by_owner_.erase(oldest);
}

}  // namespace crownhall::accounts
