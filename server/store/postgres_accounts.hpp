// postgres_accounts: accounts, passkeys, password hashes and WebAuthn challenges in
// PostgreSQL (schema step 6), the same as sqlite_accounts. Its statements are prepared on the
// store's connection with the store's own; every call takes the store's mutex and reconnects
// as the store's own calls do. Internal to postgres_store.
#pragma once

#include <functional>
#include <mutex>
#include <span>

#include <libpq-fe.h>

#include "server/store/account_store.hpp"
#include "server/store/postgres_query.hpp"

namespace crownhall::store::detail {

class postgres_accounts final : public account_store {
 public:
  // The store's connection, opened again first if it broke; called with `mutex` held.
  using connection = std::function<result<PGconn*>()>;

  postgres_accounts(std::mutex& mutex, connection connected)
      : mutex_(mutex), connected_(std::move(connected)) {}

  // The statements below use, prepared with the store's own on every new connection.
  static std::span<const named_sql> statements();

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
  // Runs statement `name` with `p` on the connection: whether it touched a row, or why not.
  result<bool> changed(const char* name, const pg_params& p, std::string_view what);
  result<std::optional<account_entry>> find_account_with(const char* name, const std::string& key);

  std::mutex& mutex_;
  connection connected_;
};

}  // namespace crownhall::store::detail
