// sqlite_accounts: accounts, passkeys, password hashes and WebAuthn challenges in SQLite
// (schema step 3), on the store's one connection and under its mutex: every call takes the
// store's lock, as the store's own calls do. Internal to sqlite_store.
#pragma once

#include <mutex>
#include <string>

#include <sqlite3.h>

#include "server/store/account_store.hpp"
#include "server/store/sqlite_statement.hpp"

namespace crownhall::store::detail {

class sqlite_accounts final : public account_store {
 public:
  // `mutex`: the store's, guarding the connection given to prepare().
  explicit sqlite_accounts(std::mutex& mutex) : mutex_(mutex) {}

  // Empty, or why a statement could not be prepared. Called with the store's lock held.
  std::string prepare(sqlite3* db);

  result<bool> create_account(const account_entry& account) override;
  result<std::optional<account_entry>> find_account(const std::string& player_id) override;
  result<std::optional<account_entry>> find_account_by_name(const std::string& name_key) override;
  result<bool> rename_account(const std::string& player_id, const std::string& name,
                              const std::string& name_key) override;
  result<bool> delete_account(const std::string& player_id) override;

  result<bool> add_passkey(const passkey_entry& passkey) override;
  result<std::optional<passkey_entry>> find_passkey(std::string_view credential_id) override;
  result<std::vector<passkey_entry>> list_passkeys(const std::string& player_id) override;
  result<bool> record_passkey_use(std::string_view credential_id, std::uint32_t sign_count,
                                  bool backed_up, millis at_ms) override;
  result<bool> remove_passkey(std::string_view credential_id,
                              const std::string& player_id) override;

  result<bool> set_password_hash(const std::string& player_id, const std::string& hash,
                                 millis at_ms) override;
  result<std::optional<std::string>> find_password_hash(const std::string& player_id) override;
  result<bool> remove_password_hash(const std::string& player_id) override;

  status put_challenge(const challenge_entry& challenge) override;
  result<std::optional<std::string>> take_challenge(const std::string& owner,
                                                    millis now_ms) override;
  result<std::size_t> forget_expired_challenges(millis now_ms) override;

 private:
  status fail(std::string_view what) const;
  // Runs a statement that writes: whether it changed a row, or why it failed.
  result<bool> changed(sqlite_statement& s, std::string_view what);
  result<std::optional<account_entry>> find_account_with(sqlite_statement& s,
                                                         const std::string& key);

  std::mutex& mutex_;
  sqlite3* db_ = nullptr;
  sqlite_statement begin_, commit_, rollback_;
  sqlite_statement insert_account_, select_account_, select_account_by_name_, rename_account_;
  sqlite_statement delete_account_, delete_passkeys_, delete_password_;
  sqlite_statement insert_passkey_, select_passkey_, list_passkeys_, use_passkey_, remove_passkey_;
  sqlite_statement upsert_password_, select_password_;
  sqlite_statement upsert_challenge_, take_challenge_, forget_challenges_;
};

}  // namespace crownhall::store::detail
