// postgres_moderation: bans, the audit log, profile settings, the admin's list of accounts
// and a player's name taken out of finished records, in PostgreSQL (schema step 7), the same
// as sqlite_moderation. Its statements are prepared on the store's connection with the
// store's own; every call takes the store's mutex and reconnects as the store's own calls
// do, as postgres_accounts. Internal to postgres_store.
#pragma once

#include <functional>
#include <mutex>
#include <span>

#include <libpq-fe.h>

#include "server/store/moderation_store.hpp"
#include "server/store/postgres_query.hpp"

namespace crownhall::store::detail {

class postgres_moderation final : public moderation_store {
 public:
  // The store's connection, opened again first if it broke; called with `mutex` held.
  using connection = std::function<result<PGconn*>()>;

  postgres_moderation(std::mutex& mutex, connection connected)
      : mutex_(mutex), connected_(std::move(connected)) {}

  // The statements below use, prepared with the store's own on every new connection.
  static std::span<const named_sql> statements();

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
  // Runs statement `name` with `p` on the connection: its rows, or why it failed.
  result<pg_result> run(const char* name, const pg_params& p, std::string_view what);
  // rename_in_records' reads and writes, inside the transaction it opened on `conn`.
  result<std::size_t> rename_in_transaction(PGconn* conn, const std::string& player_id,
                                            const std::string& name);

  std::mutex& mutex_;
  connection connected_;
};

}  // namespace crownhall::store::detail
