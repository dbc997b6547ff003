// moderation_store: what the admins decide about people and what players decide about
// their own profile, as the store keeps it (docs/accounts.md, "Moderation"): bans, the audit
// log of every admin act, the private-profile setting, the list of accounts the admin page
// shows, and a deleted player's name taken out of finished records. Reached through
// table_store::moderation(); both stores implement it on their own connection.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/account_store.hpp"
#include "server/store/table_store.hpp"

namespace crownhall::store {

// A banned player: signed out, refused at sign-in and at hello, until the ban is lifted.
struct ban_entry {
  std::string player_id;  // the key
  millis banned_at_ms = 0;
  std::string reason;  // the admin's words, shown on the admin page (never to other players)
  std::string by;      // who banned: the admin's name as the admin API knows it
  friend bool operator==(const ban_entry&, const ban_entry&) = default;
};

// One admin act, kept for good: who did what to whom, when.
struct audit_entry {
  std::int64_t id = 0;  // given by the store, increasing; 0 when appending
  millis at_ms = 0;
  std::string by;         // the admin
  std::string action;     // "ban", "lift_ban", "rename", "refuse_address", ...
  std::string player_id;  // whom it was about; empty for an act on no player
  std::string detail;     // JSON text: the act's particulars (old and new name, reason...)
  friend bool operator==(const audit_entry&, const audit_entry&) = default;
};

// Every function is safe to call from any thread, and returns once its write is durable.
class moderation_store {
 public:
  virtual ~moderation_store() = default;

  // Bans (or bans again, replacing reason and time).
  virtual status ban(const ban_entry& ban) = 0;
  // False when the player was not banned.
  virtual result<bool> lift_ban(const std::string& player_id) = 0;
  virtual result<std::optional<ban_entry>> find_ban(const std::string& player_id) = 0;
  // Every ban, newest first.
  virtual result<std::vector<ban_entry>> list_bans() = 0;

  // Appends one act; returns its id.
  virtual result<std::int64_t> append_audit(const audit_entry& entry) = 0;
  // The newest `limit` acts with an id below `before_id` (0: from the newest), newest first.
  virtual result<std::vector<audit_entry>> list_audit(std::size_t limit,
                                                      std::int64_t before_id) = 0;

  // Whether a player's profile is shown to others (default: shown).
  virtual status set_profile_private(const std::string& player_id, bool hidden) = 0;
  virtual result<bool> profile_private(const std::string& player_id) = 0;

  // Accounts by name key, the first `limit` after `after_name_key` ("" from the start).
  virtual result<std::vector<account_entry>> list_accounts(std::size_t limit,
                                                           const std::string& after_name_key) = 0;

  // In every finished record and history summary the player sat in, the player's name
  // replaced by `name` (a deleted account's "former player"); returns how many records
  // changed. The records' actions and outcome are untouched: they replay the same.
  virtual result<std::size_t> rename_in_records(const std::string& player_id,
                                                const std::string& name) = 0;
};

}  // namespace crownhall::store
