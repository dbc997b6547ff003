// session_registry: every guest session by its secret token, thread-safe. Sessions
// outlive connections (reconnect) until they have been without one for `ttl`.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "server/player.hpp"

namespace crownhall::server {

class session_registry {
 public:
  // A new session with a fresh token (128 bits) and public id.
  std::shared_ptr<player> create(std::string name, std::int64_t now_ms);
  // The session with this token, or nullptr.
  std::shared_ptr<player> find(const std::string& token) const;
  // The session of this public id, or nullptr (a scan: for rebuilding tables, not per message).
  std::shared_ptr<player> find_by_id(const std::string& player_id) const;
  // Adds an existing session under `key` (its token, or a placeholder for a session
  // rebuilt after a restart whose token is not known yet), replacing `old_key` if given.
  void adopt(const std::string& key, std::shared_ptr<player> p, const std::string& old_key = {});
  // Another token for a session already here: the one another node gave the same player
  // (their identity brought them back there, docs/accounts.md). It finds this very session,
  // so that one player id never has two sessions on a node. Forgotten with the session.
  void alias(const std::string& token, std::shared_ptr<player> p);
  // Removes sessions that have had no connection since `now_ms - ttl_ms` and returns them.
  std::vector<std::shared_ptr<player>> expire(std::int64_t now_ms, std::int64_t ttl_ms);
  // Removes the session of this public id with every token it goes by (signed out
  // everywhere: no token of it works again); returns it, or nullptr.
  std::shared_ptr<player> forget(const std::string& player_id);
  std::size_t size() const;
  // Every session now (the admin API: list and kick by public id).
  std::vector<std::shared_ptr<player>> all() const;

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<player>> by_token_;
  std::unordered_set<std::string> ids_;
  std::unordered_set<std::string> aliases_;  // keys of by_token_ that are a second token
};

}  // namespace crownhall::server
