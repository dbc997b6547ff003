// sqlite_moderation: bans, the audit log, profile settings, the admin's list of accounts and
// a player's name taken out of finished records, in SQLite (schema step 4), on the store's
// one connection and under its mutex, as sqlite_accounts. Internal to sqlite_store.
#pragma once

#include <mutex>
#include <string>

#include <sqlite3.h>

#include "server/store/moderation_store.hpp"
#include "server/store/sqlite_statement.hpp"

namespace crownhall::store::detail {

class sqlite_moderation final : public moderation_store {
 public:
  // `mutex`: the store's, guarding the connection given to prepare().
  explicit sqlite_moderation(std::mutex& mutex) : mutex_(mutex) {}

  // Empty, or why a statement could not be prepared. Called with the store's lock held.
  std::string prepare(sqlite3* db);

  status ban(const ban_entry& ban) override;
  result<bool> lift_ban(const std::string& player_id) override;
  result<std::optional<ban_entry>> find_ban(const std::string& player_id) override;
  result<std::vector<ban_entry>> list_bans() override;

  result<std::int64_t> append_audit(const audit_entry& entry) override;
  result<std::vector<audit_entry>> list_audit(std::size_t limit, std::int64_t before_id) override;

  status set_profile_private(const std::string& player_id, bool hidden) override;
  result<bool> profile_private(const std::string& player_id) override;

  result<std::vector<account_entry>> list_accounts(std::size_t limit,
                                                   const std::string& after_name_key) override;

  result<std::size_t> rename_in_records(const std::string& player_id,
                                        const std::string& name) override;

 private:
  status fail(std::string_view what) const;
  // rename_in_records' reads and writes, inside the transaction it opened.
  result<std::size_t> rename_in_transaction(const std::string& player_id, const std::string& name);

  std::mutex& mutex_;
  sqlite3* db_ = nullptr;
  sqlite_statement begin_, commit_, rollback_;
  sqlite_statement upsert_ban_, delete_ban_, select_ban_, list_bans_;
  sqlite_statement insert_audit_, list_audit_;
  sqlite_statement upsert_profile_, select_profile_;
  sqlite_statement list_accounts_;
  sqlite_statement select_played_, update_record_;
};

}  // namespace crownhall::store::detail
