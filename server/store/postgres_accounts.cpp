#include "server/store/postgres_accounts.hpp"

#include "server/store/stored_rows.hpp"

namespace crownhall::store::detail {

namespace {

// A unique key taken by a write that raced this one past the check in its own statement.
constexpr std::string_view unique_violation = "23505";

// A passkey's or password's row is written only while its account exists: the account's
// row is taken FOR SHARE, so a deletion in progress (which takes it first) makes the write
// wait and then find no account, and a write in progress makes a deletion wait for it and
// then remove what it wrote. A passkey never outlives its account, on any node.
constexpr named_sql account_statements[] = {
    {"account_insert",
     "INSERT INTO accounts (player_id, name, name_key, created_at_ms) VALUES ($1, $2, $3, $4)"
     " ON CONFLICT DO NOTHING"},
    {"account_select",
     "SELECT player_id, name, name_key, created_at_ms FROM accounts WHERE player_id = $1"},
    {"account_select_by_name",
     "SELECT player_id, name, name_key, created_at_ms FROM accounts WHERE name_key = $1"},
    {"account_rename",
     "UPDATE accounts SET name = $2, name_key = $3 WHERE player_id = $1"
     " AND NOT EXISTS (SELECT 1 FROM accounts WHERE name_key = $3 AND player_id <> $1)"},
    {"account_delete", "DELETE FROM accounts WHERE player_id = $1"},
    {"account_delete_passkeys", "DELETE FROM passkeys WHERE player_id = $1"},
    {"account_delete_password", "DELETE FROM password_hashes WHERE player_id = $1"},
    {"passkey_insert",
     "INSERT INTO passkeys (credential_id, player_id, user_handle, public_key, algorithm,"
     " sign_count, aaguid, backup_eligible, backed_up, created_at_ms, last_used_ms)"
     " SELECT $1::bytea, player_id, $3::bytea, $4::bytea, $5::integer, $6::bigint, $7::bytea,"
     " $8::boolean, $9::boolean, $10::bigint, $11::bigint FROM accounts WHERE player_id = $2"
     " FOR SHARE ON CONFLICT DO NOTHING"},
    {"passkey_select",
     "SELECT credential_id, player_id, user_handle, public_key, algorithm, sign_count, aaguid,"
     " backup_eligible, backed_up, created_at_ms, last_used_ms FROM passkeys"
     " WHERE credential_id = $1"},
    {"passkey_list",
     "SELECT credential_id, player_id, user_handle, public_key, algorithm, sign_count, aaguid,"
     " backup_eligible, backed_up, created_at_ms, last_used_ms FROM passkeys"
     " WHERE player_id = $1 ORDER BY created_at_ms, credential_id"},
    // The counter's check again, in the write itself (account_store.hpp).
    {"passkey_use",
     "UPDATE passkeys SET sign_count = $2, backed_up = $3, last_used_ms = $4"
     " WHERE credential_id = $1 AND (sign_count < $2 OR (sign_count = 0 AND $2 = 0))"},
    {"passkey_remove", "DELETE FROM passkeys WHERE credential_id = $1 AND player_id = $2"},
    {"password_upsert",
     "INSERT INTO password_hashes (player_id, hash, set_at_ms)"
     " SELECT player_id, $2::text, $3::bigint FROM accounts WHERE player_id = $1 FOR SHARE"
     " ON CONFLICT (player_id) DO UPDATE SET hash = excluded.hash,"
     " set_at_ms = excluded.set_at_ms"},
    {"password_select", "SELECT hash FROM password_hashes WHERE player_id = $1"},
    {"challenge_upsert",
     "INSERT INTO webauthn_challenges (owner, challenge, issued_at_ms, expires_at_ms)"
     " VALUES ($1, $2, $3, $4) ON CONFLICT (owner) DO UPDATE SET challenge = excluded.challenge,"
     " issued_at_ms = excluded.issued_at_ms, expires_at_ms = excluded.expires_at_ms"},
    // Taken and removed in one statement, expired or not: of two nodes taking it at once,
    // the second waits for the first's row lock and then finds nothing.
    {"challenge_take",
     "DELETE FROM webauthn_challenges WHERE owner = $1 RETURNING challenge, expires_at_ms"},
    {"challenge_forget", "DELETE FROM webauthn_challenges WHERE expires_at_ms < $1"},
};

status fail(PGconn* conn, std::string_view what, const pg_result& r) {
  return status::failure(failure_of(conn, what, r));
}

bool is_unique_violation(const pg_result& r) {
  const char* code = r.get() ? PQresultErrorField(r.get(), PG_DIAG_SQLSTATE) : nullptr;
  return code && code == unique_violation;
}

}  // namespace

std::span<const named_sql> postgres_accounts::statements() { return account_statements; }

result<bool> postgres_accounts::changed(const char* name, const pg_params& p,
                                        std::string_view what) {
  auto conn = connected_();
  if (!conn.ok()) return status::failure(conn.error());
  auto r = p.exec(*conn, name);
  if (!r.ok()) return fail(*conn, what, r);
  return r.affected() > 0;
}

result<bool> postgres_accounts::create_account(const account_entry& a) {
  std::lock_guard lk(mutex_);
  return changed(
      "account_insert",
      pg_params().text(a.player_id).text(a.name).text(a.name_key).number(a.created_at_ms),
      "create account");
}

result<std::optional<account_entry>> postgres_accounts::find_account_with(const char* name,
                                                                          const std::string& key) {
  auto conn = connected_();
  if (!conn.ok()) return status::failure(conn.error());
  auto r = pg_params().text(key).exec(*conn, name);
  if (!r.ok()) return fail(*conn, "find account", r);
  if (r.rows() == 0) return std::optional<account_entry>();
  return std::optional<account_entry>(account_from_row(pg_row{r, 0}));
}

result<std::optional<account_entry>> postgres_accounts::find_account(const std::string& player_id) {
  std::lock_guard lk(mutex_);
  return find_account_with("account_select", player_id);
}

result<std::optional<account_entry>> postgres_accounts::find_account_by_name(
    const std::string& name_key) {
  std::lock_guard lk(mutex_);
  return find_account_with("account_select_by_name", name_key);
}

result<bool> postgres_accounts::rename_account(const std::string& player_id,
                                               const std::string& name,
                                               const std::string& name_key) {
  std::lock_guard lk(mutex_);
  auto conn = connected_();
  if (!conn.ok()) return status::failure(conn.error());
  auto r = pg_params().text(player_id).text(name).text(name_key).exec(*conn, "account_rename");
  if (is_unique_violation(r)) return false;
  if (!r.ok()) return fail(*conn, "rename account", r);
  return r.affected() > 0;
}

result<bool> postgres_accounts::delete_account(const std::string& player_id) {
  std::lock_guard lk(mutex_);
  auto conn = connected_();
  if (!conn.ok()) return status::failure(conn.error());
  auto run = [&](const char* sql) { return pg_result(PQexec(*conn, sql)); };
  if (auto r = run("BEGIN"); !r.ok()) return fail(*conn, "begin", r);
  // The account's row first: writes of its passkeys and password wait on it (above).
  const char* steps[] = {"account_delete", "account_delete_passkeys", "account_delete_password"};
  bool existed = false;
  for (const char* step : steps) {
    auto r = pg_params().text(player_id).exec(*conn, step);
    if (!r.ok()) {
      auto failed = fail(*conn, "delete account", r);
      run("ROLLBACK");
      return failed;
    }
    if (step == steps[0]) existed = r.affected() > 0;
  }
  if (auto r = run("COMMIT"); !r.ok()) return fail(*conn, "commit", r);
  return existed;
}

result<bool> postgres_accounts::add_passkey(const passkey_entry& p) {
  std::lock_guard lk(mutex_);
  return changed("passkey_insert",
                 pg_params()
                     .bytes(p.credential_id)
                     .text(p.player_id)
                     .bytes(p.user_handle)
                     .bytes(p.public_key)
                     .number(p.algorithm)
                     .number(p.sign_count)
                     .bytes(std::span<const std::uint8_t>(p.aaguid))
                     .boolean(p.backup_eligible)
                     .boolean(p.backed_up)
                     .number(p.created_at_ms)
                     .number(p.last_used_ms),
                 "add passkey");
}

result<std::optional<passkey_entry>> postgres_accounts::find_passkey(
    std::string_view credential_id) {
  std::lock_guard lk(mutex_);
  auto conn = connected_();
  if (!conn.ok()) return status::failure(conn.error());
  auto r = pg_params().bytes(credential_id).exec(*conn, "passkey_select");
  if (!r.ok()) return fail(*conn, "find passkey", r);
  if (r.rows() == 0) return std::optional<passkey_entry>();
  auto p = passkey_from_row(pg_row{r, 0});
  if (!p) return status::failure(p.error());
  return std::optional<passkey_entry>(std::move(*p));
}

result<std::vector<passkey_entry>> postgres_accounts::list_passkeys(const std::string& player_id) {
  std::lock_guard lk(mutex_);
  auto conn = connected_();
  if (!conn.ok()) return status::failure(conn.error());
  auto r = pg_params().text(player_id).exec(*conn, "passkey_list");
  if (!r.ok()) return fail(*conn, "list passkeys", r);
  std::vector<passkey_entry> out;
  for (int i = 0; i < r.rows(); ++i) {
    auto p = passkey_from_row(pg_row{r, i});
    if (!p) return status::failure(p.error());
    out.push_back(std::move(*p));
  }
  return out;
}

result<bool> postgres_accounts::record_passkey_use(std::string_view credential_id,
                                                   std::uint32_t sign_count, bool backed_up,
                                                   millis at_ms) {
  std::lock_guard lk(mutex_);
  return changed(
      "passkey_use",
      pg_params().bytes(credential_id).number(sign_count).boolean(backed_up).number(at_ms),
      "record passkey use");
}

result<bool> postgres_accounts::remove_passkey(std::string_view credential_id,
                                               const std::string& player_id) {
  std::lock_guard lk(mutex_);
  return changed("passkey_remove", pg_params().bytes(credential_id).text(player_id),
                 "remove passkey");
}

result<bool> postgres_accounts::set_password_hash(const std::string& player_id,
                                                  const std::string& hash, millis at_ms) {
  std::lock_guard lk(mutex_);
  return changed("password_upsert", pg_params().text(player_id).text(hash).number(at_ms),
                 "set password");
}

result<std::optional<std::string>> postgres_accounts::find_password_hash(
    const std::string& player_id) {
  std::lock_guard lk(mutex_);
  auto conn = connected_();
  if (!conn.ok()) return status::failure(conn.error());
  auto r = pg_params().text(player_id).exec(*conn, "password_select");
  if (!r.ok()) return fail(*conn, "find password", r);
  if (r.rows() == 0) return std::optional<std::string>();
  return std::optional<std::string>(std::string(r.text(0, 0)));
}

result<bool> postgres_accounts::remove_password_hash(const std::string& player_id) {
  std::lock_guard lk(mutex_);
  return changed("account_delete_password", pg_params().text(player_id), "remove password");
}

status postgres_accounts::put_challenge(const challenge_entry& c) {
  std::lock_guard lk(mutex_);
  auto r = changed(
      "challenge_upsert",
      pg_params().text(c.owner).bytes(c.challenge).number(c.issued_at_ms).number(c.expires_at_ms),
      "keep challenge");
  return r.ok() ? status::success() : status::failure(r.error());
}

result<std::optional<std::string>> postgres_accounts::take_challenge(const std::string& owner,
                                                                     millis now_ms) {
  std::lock_guard lk(mutex_);
  auto conn = connected_();
  if (!conn.ok()) return status::failure(conn.error());
  auto r = pg_params().text(owner).exec(*conn, "challenge_take");
  if (!r.ok()) return fail(*conn, "take challenge", r);
  if (r.rows() == 0 || r.int64(0, 1) < now_ms) return std::optional<std::string>();
  auto challenge = r.bytes(0, 0);
  if (!challenge) return status::failure("take challenge: malformed bytes");
  return std::optional<std::string>(std::move(*challenge));
}

result<std::size_t> postgres_accounts::forget_expired_challenges(millis now_ms) {
  std::lock_guard lk(mutex_);
  auto conn = connected_();
  if (!conn.ok()) return status::failure(conn.error());
  auto r = pg_params().number(now_ms).exec(*conn, "challenge_forget");
  if (!r.ok()) return fail(*conn, "forget expired challenges", r);
  return r.affected();
}

}  // namespace crownhall::store::detail
