#include "server/address_limits.hpp"

#include <algorithm>

namespace crownhall::server {

namespace {
constexpr std::int64_t one_token = 60000;  // a token, in the bucket's units
}  // namespace

std::shared_ptr<address_limits> address_limits::make(settings s) {
  return std::shared_ptr<address_limits>(new address_limits(s));
}

address_limits::ticket::~ticket() {
  if (owner_) owner_->close_connection(key_);
}

address_limits::ticket& address_limits::ticket::operator=(ticket&& other) noexcept {
  if (this != &other) {
    if (owner_) owner_->close_connection(key_);
    owner_ = std::move(other.owner_);
    key_ = std::move(other.key_);
  }
  return *this;
}

address_limits::admission address_limits::open_connection(const std::string& key, bool reserve) {
  std::lock_guard lock(mutex_);
  usage& u = by_key_[key];
  const std::size_t cap = settings_.connections;
  verdict is = verdict::admit;
  if (reserve)
    is = u.open < reserve_share && (cap == 0 || u.open < cap) ? verdict::admit : verdict::drop;
  else if (cap != 0 && u.open >= cap)
    is = u.open < cap + answered_past_cap ? verdict::refuse : verdict::drop;
  if (is == verdict::drop) {
    if (u.open == 0) by_key_.erase(key);
    return {};
  }
  ++u.open;
  return {is, ticket(shared_from_this(), key)};
}

void address_limits::close_connection(const std::string& key) {
  std::lock_guard lock(mutex_);
  const auto it = by_key_.find(key);
  if (it == by_key_.end()) return;
  usage& u = it->second;
  // A refusal outlives the banned person's last connection (forget_idle ends it on time).
  if (--u.open == 0 && u.sessions.taken == 0 && u.tables.taken == 0 && u.refused_until_ms == 0)
    by_key_.erase(it);
}

std::int64_t address_limits::per_minute::take(int allowance, std::int64_t now_ms) {
  taken = std::max<std::int64_t>(0, taken - (now_ms - last_ms) * allowance);
  last_ms = now_ms;
  const std::int64_t room = allowance * one_token - taken;
  if (room >= one_token) {
    taken += one_token;
    return 0;
  }
  return (one_token - room + allowance - 1) / allowance;  // ms until one token is back
}

bool address_limits::per_minute::full(int allowance, std::int64_t now_ms) const {
  return taken <= (now_ms - last_ms) * allowance;
}

std::int64_t address_limits::take_session(const std::string& key, std::int64_t now_ms) {
  if (settings_.sessions_per_minute <= 0) return 0;
  std::lock_guard lock(mutex_);
  return by_key_[key].sessions.take(settings_.sessions_per_minute, now_ms);
}

std::int64_t address_limits::take_table(const std::string& key, std::int64_t now_ms) {
  if (settings_.tables_per_minute <= 0) return 0;
  std::lock_guard lock(mutex_);
  return by_key_[key].tables.take(settings_.tables_per_minute, now_ms);
}

void address_limits::refuse_sessions(const std::string& key, std::int64_t until_ms) {
  std::lock_guard lock(mutex_);
  usage& u = by_key_[key];
  u.refused_until_ms = std::max(u.refused_until_ms, until_ms);
}

std::int64_t address_limits::refused_for(const std::string& key, std::int64_t now_ms) const {
  std::lock_guard lock(mutex_);
  const auto it = by_key_.find(key);
  return it == by_key_.end() ? 0 : std::max<std::int64_t>(0, it->second.refused_until_ms - now_ms);
}

void address_limits::forget_idle(std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  std::erase_if(by_key_, [&](const auto& entry) {
    const usage& u = entry.second;
    return u.open == 0 && u.refused_until_ms <= now_ms &&
           u.sessions.full(settings_.sessions_per_minute, now_ms) &&
           u.tables.full(settings_.tables_per_minute, now_ms);
  });
}

std::size_t address_limits::addresses() const {
  std::lock_guard lock(mutex_);
  return by_key_.size();
}

}  // namespace crownhall::server
