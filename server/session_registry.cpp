#include "server/session_registry.hpp"

#include "server/secure_random.hpp"

namespace crownhall::server {

std::shared_ptr<player> session_registry::create(std::string name, std::int64_t now_ms) {
  std::string token = secure_random_hex(16);
  std::lock_guard lock(mutex_);
  std::string id;
  do id = "p-" + secure_random_hex(6);
  while (ids_.count(id));
  while (by_token_.count(token)) token = secure_random_hex(16);
  auto p = std::make_shared<player>(token, id, std::move(name));
  p->touch(now_ms);
  ids_.insert(id);
  by_token_.emplace(std::move(token), p);
  return p;
}

std::shared_ptr<player> session_registry::find(const std::string& token) const {
  std::lock_guard lock(mutex_);
  auto it = by_token_.find(token);
  return it == by_token_.end() ? nullptr : it->second;
}

std::shared_ptr<player> session_registry::find_by_id(const std::string& player_id) const {
  std::lock_guard lock(mutex_);
  if (!ids_.count(player_id)) return nullptr;
  for (const auto& [token, p] : by_token_)
    if (p->id() == player_id) return p;
  return nullptr;
}

void session_registry::adopt(const std::string& key, std::shared_ptr<player> p,
                             const std::string& old_key) {
  std::lock_guard lock(mutex_);
  if (!old_key.empty()) by_token_.erase(old_key);
  aliases_.erase(key);
  ids_.insert(p->id());
  by_token_[key] = std::move(p);
}

void session_registry::alias(const std::string& token, std::shared_ptr<player> p) {
  std::lock_guard lock(mutex_);
  if (by_token_.count(token)) return;
  aliases_.insert(token);
  by_token_.emplace(token, std::move(p));
}

std::vector<std::shared_ptr<player>> session_registry::expire(std::int64_t now_ms,
                                                              std::int64_t ttl_ms) {
  std::vector<std::shared_ptr<player>> gone;
  std::lock_guard lock(mutex_);
  for (auto it = by_token_.begin(); it != by_token_.end();) {
    const auto& p = it->second;
    if (!p->connected() && p->last_seen_ms() + ttl_ms <= now_ms) {
      if (!aliases_.erase(it->first)) {
        ids_.erase(p->id());
        gone.push_back(p);
      }
      it = by_token_.erase(it);
    } else {
      ++it;
    }
  }
  return gone;
}

std::shared_ptr<player> session_registry::forget(const std::string& player_id) {
  std::shared_ptr<player> gone;
  std::lock_guard lock(mutex_);
  for (auto it = by_token_.begin(); it != by_token_.end();) {
    if (it->second->id() == player_id) {
      gone = it->second;
      aliases_.erase(it->first);
      it = by_token_.erase(it);
    } else {
      ++it;
    }
  }
  ids_.erase(player_id);
  return gone;
}

std::vector<std::shared_ptr<player>> session_registry::all() const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<player>> out;
  out.reserve(by_token_.size());
  for (const auto& [token, p] : by_token_)
    if (!aliases_.count(token)) out.push_back(p);
  return out;
}

std::size_t session_registry::size() const {
  std::lock_guard lock(mutex_);
  return by_token_.size() - aliases_.size();
}

}  // namespace crownhall::server
