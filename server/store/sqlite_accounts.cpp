#include "server/store/sqlite_accounts.hpp"

#include "server/store/stored_rows.hpp"

namespace crownhall::store::detail {

std::string sqlite_accounts::prepare(sqlite3* db) {
  db_ = db;
  // OR IGNORE: a key that is taken (a name, a credential id, a player's one account) makes
  // the statement change nothing, which the caller is told as `false`, not as a failure.
  const statement_sql items[] = {
      {&begin_, "BEGIN IMMEDIATE"},
      {&commit_, "COMMIT"},
      {&rollback_, "ROLLBACK"},
      {&insert_account_,
       "INSERT OR IGNORE INTO accounts (player_id, name, name_key, created_at_ms)"
       " VALUES (?1, ?2, ?3, ?4)"},
      {&select_account_,
       "SELECT player_id, name, name_key, created_at_ms FROM accounts WHERE player_id = ?1"},
      {&select_account_by_name_,
       "SELECT player_id, name, name_key, created_at_ms FROM accounts WHERE name_key = ?1"},
      {&rename_account_,
       "UPDATE OR IGNORE accounts SET name = ?2, name_key = ?3 WHERE player_id = ?1"},
      {&delete_account_, "DELETE FROM accounts WHERE player_id = ?1"},
      {&delete_passkeys_, "DELETE FROM passkeys WHERE player_id = ?1"},
      {&delete_password_, "DELETE FROM password_hashes WHERE player_id = ?1"},
      // Only for an account that exists: a passkey never outlives its account.
      {&insert_passkey_,
       "INSERT OR IGNORE INTO passkeys (credential_id, player_id, user_handle, public_key,"
       " algorithm, sign_count, aaguid, backup_eligible, backed_up, created_at_ms, last_used_ms)"
       " SELECT ?1, player_id, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11 FROM accounts"
       " WHERE player_id = ?2"},
      {&select_passkey_,
       "SELECT credential_id, player_id, user_handle, public_key, algorithm, sign_count, aaguid,"
       " backup_eligible, backed_up, created_at_ms, last_used_ms FROM passkeys"
       " WHERE credential_id = ?1"},
      {&list_passkeys_,
       "SELECT credential_id, player_id, user_handle, public_key, algorithm, sign_count, aaguid,"
       " backup_eligible, backed_up, created_at_ms, last_used_ms FROM passkeys"
       " WHERE player_id = ?1 ORDER BY created_at_ms, credential_id"},
      // The counter's check again, in the write itself (account_store.hpp).
      {&use_passkey_,
       "UPDATE passkeys SET sign_count = ?2, backed_up = ?3, last_used_ms = ?4"
       " WHERE credential_id = ?1 AND (sign_count < ?2 OR (sign_count = 0 AND ?2 = 0))"},
      {&remove_passkey_, "DELETE FROM passkeys WHERE credential_id = ?1 AND player_id = ?2"},
      {&upsert_password_,
       "INSERT INTO password_hashes (player_id, hash, set_at_ms)"
       " SELECT player_id, ?2, ?3 FROM accounts WHERE player_id = ?1"
       " ON CONFLICT (player_id) DO UPDATE SET hash = excluded.hash,"
       " set_at_ms = excluded.set_at_ms"},
      {&select_password_, "SELECT hash FROM password_hashes WHERE player_id = ?1"},
      {&upsert_challenge_,
       "INSERT OR REPLACE INTO webauthn_challenges (owner, challenge, issued_at_ms,"
       " expires_at_ms) VALUES (?1, ?2, ?3, ?4)"},
      // Taken and removed in one statement, expired or not: an expired one is no use.
      {&take_challenge_,
       "DELETE FROM webauthn_challenges WHERE owner = ?1 RETURNING challenge, expires_at_ms"},
      {&forget_challenges_, "DELETE FROM webauthn_challenges WHERE expires_at_ms < ?1"},
  };
  return prepare_all(db, items);
}

status sqlite_accounts::fail(std::string_view what) const {
  return status::failure(std::string(what) + ": " + sqlite3_errmsg(db_));
}

result<bool> sqlite_accounts::changed(sqlite_statement& s, std::string_view what) {
  statement_use q(s);
  if (q->step() != SQLITE_DONE) return fail(what);
  return sqlite3_changes(db_) > 0;
}

result<bool> sqlite_accounts::create_account(const account_entry& a) {
  std::lock_guard lk(mutex_);
  insert_account_.bind(1, std::string_view(a.player_id));
  insert_account_.bind(2, std::string_view(a.name));
  insert_account_.bind(3, std::string_view(a.name_key));
  insert_account_.bind(4, a.created_at_ms);
  return changed(insert_account_, "create account");
}

result<std::optional<account_entry>> sqlite_accounts::find_account_with(sqlite_statement& s,
                                                                        const std::string& key) {
  statement_use q(s);
  q->bind(1, std::string_view(key));
  const int rc = q->step();
  if (rc == SQLITE_DONE) return std::optional<account_entry>();
  if (rc != SQLITE_ROW) return fail("find account");
  return std::optional<account_entry>(account_from_row(sqlite_row{*q}));
}

result<std::optional<account_entry>> sqlite_accounts::find_account(const std::string& player_id) {
  std::lock_guard lk(mutex_);
  return find_account_with(select_account_, player_id);
}

result<std::optional<account_entry>> sqlite_accounts::find_account_by_name(
    const std::string& name_key) {
  std::lock_guard lk(mutex_);
  return find_account_with(select_account_by_name_, name_key);
}

result<bool> sqlite_accounts::rename_account(const std::string& player_id, const std::string& name,
                                             const std::string& name_key) {
  std::lock_guard lk(mutex_);
  rename_account_.bind(1, std::string_view(player_id));
  rename_account_.bind(2, std::string_view(name));
  rename_account_.bind(3, std::string_view(name_key));
  return changed(rename_account_, "rename account");
}

result<bool> sqlite_accounts::delete_account(const std::string& player_id) {
  std::lock_guard lk(mutex_);
  if (auto st = changed(begin_, "begin"); !st.ok()) return st;
  auto remove = [&](sqlite_statement& s) {
    s.bind(1, std::string_view(player_id));
    return changed(s, "delete account");
  };
  auto existed = remove(delete_account_);
  result<bool> rest = existed.ok() ? remove(delete_passkeys_) : existed;
  if (rest.ok()) rest = remove(delete_password_);
  if (rest.ok()) rest = changed(commit_, "commit");
  if (!rest.ok()) {
    // SQLite may have rolled back already, on an error.
    if (!sqlite3_get_autocommit(db_)) (void)changed(rollback_, "rollback");
    return rest;
  }
  return existed;
}

result<bool> sqlite_accounts::add_passkey(const passkey_entry& p) {
  std::lock_guard lk(mutex_);
  auto& q = insert_passkey_;
  q.bind_blob(1, p.credential_id);
  q.bind(2, std::string_view(p.player_id));
  q.bind_blob(3, p.user_handle);
  q.bind_blob(4, p.public_key);
  q.bind(5, p.algorithm);
  q.bind(6, static_cast<std::int64_t>(p.sign_count));
  q.bind(7, std::span<const std::uint8_t>(p.aaguid));
  q.bind(8, p.backup_eligible ? 1 : 0);
  q.bind(9, p.backed_up ? 1 : 0);
  q.bind(10, p.created_at_ms);
  q.bind(11, p.last_used_ms);
  return changed(q, "add passkey");
}

result<std::optional<passkey_entry>> sqlite_accounts::find_passkey(std::string_view credential_id) {
  std::lock_guard lk(mutex_);
  statement_use q(select_passkey_);
  q->bind_blob(1, credential_id);
  const int rc = q->step();
  if (rc == SQLITE_DONE) return std::optional<passkey_entry>();
  if (rc != SQLITE_ROW) return fail("find passkey");
  auto p = passkey_from_row(sqlite_row{*q});
  if (!p) return status::failure(p.error());
  return std::optional<passkey_entry>(std::move(*p));
}

result<std::vector<passkey_entry>> sqlite_accounts::list_passkeys(const std::string& player_id) {
  std::lock_guard lk(mutex_);
  statement_use q(list_passkeys_);
  q->bind(1, std::string_view(player_id));
  std::vector<passkey_entry> out;
  int rc;
  while ((rc = q->step()) == SQLITE_ROW) {
    auto p = passkey_from_row(sqlite_row{*q});
    if (!p) return status::failure(p.error());
    out.push_back(std::move(*p));
  }
  if (rc != SQLITE_DONE) return fail("list passkeys");
  return out;
}

result<bool> sqlite_accounts::record_passkey_use(std::string_view credential_id,
                                                 std::uint32_t sign_count, bool backed_up,
                                                 millis at_ms) {
  std::lock_guard lk(mutex_);
  use_passkey_.bind_blob(1, credential_id);
  use_passkey_.bind(2, static_cast<std::int64_t>(sign_count));
  use_passkey_.bind(3, backed_up ? 1 : 0);
  use_passkey_.bind(4, at_ms);
  return changed(use_passkey_, "record passkey use");
}

result<bool> sqlite_accounts::remove_passkey(std::string_view credential_id,
                                             const std::string& player_id) {
  std::lock_guard lk(mutex_);
  remove_passkey_.bind_blob(1, credential_id);
  remove_passkey_.bind(2, std::string_view(player_id));
  return changed(remove_passkey_, "remove passkey");
}

result<bool> sqlite_accounts::set_password_hash(const std::string& player_id,
                                                const std::string& hash, millis at_ms) {
  std::lock_guard lk(mutex_);
  upsert_password_.bind(1, std::string_view(player_id));
  upsert_password_.bind(2, std::string_view(hash));
  upsert_password_.bind(3, at_ms);
  return changed(upsert_password_, "set password");
}

result<std::optional<std::string>> sqlite_accounts::find_password_hash(
    const std::string& player_id) {
  std::lock_guard lk(mutex_);
  statement_use q(select_password_);
  q->bind(1, std::string_view(player_id));
  const int rc = q->step();
  if (rc == SQLITE_DONE) return std::optional<std::string>();
  if (rc != SQLITE_ROW) return fail("find password");
  return std::optional<std::string>(std::string(q->column_text(0)));
}

result<bool> sqlite_accounts::remove_password_hash(const std::string& player_id) {
  std::lock_guard lk(mutex_);
  delete_password_.bind(1, std::string_view(player_id));
  return changed(delete_password_, "remove password");
}

status sqlite_accounts::put_challenge(const challenge_entry& c) {
  std::lock_guard lk(mutex_);
  upsert_challenge_.bind(1, std::string_view(c.owner));
  upsert_challenge_.bind_blob(2, c.challenge);
  upsert_challenge_.bind(3, c.issued_at_ms);
  upsert_challenge_.bind(4, c.expires_at_ms);
  auto r = changed(upsert_challenge_, "keep challenge");
  return r.ok() ? status::success() : status::failure(r.error());
}

result<std::optional<std::string>> sqlite_accounts::take_challenge(const std::string& owner,
                                                                   millis now_ms) {
  std::lock_guard lk(mutex_);
  statement_use q(take_challenge_);
  q->bind(1, std::string_view(owner));
  int rc = q->step();
  if (rc == SQLITE_DONE) return std::optional<std::string>();
  if (rc != SQLITE_ROW) return fail("take challenge");
  const auto blob = q->column_blob(0);
  std::string challenge(blob.begin(), blob.end());
  const millis expires_at_ms = q->column_int64(1);
  // The statement ends (and, in autocommit, commits) at its last step.
  if ((rc = q->step()) != SQLITE_DONE) return fail("take challenge");
  if (expires_at_ms < now_ms) return std::optional<std::string>();
  return std::optional<std::string>(std::move(challenge));
}

result<std::size_t> sqlite_accounts::forget_expired_challenges(millis now_ms) {
  std::lock_guard lk(mutex_);
  statement_use q(forget_challenges_);
  q->bind(1, now_ms);
  if (q->step() != SQLITE_DONE) return fail("forget expired challenges");
  return static_cast<std::size_t>(sqlite3_changes(db_));
}

}  // namespace crownhall::store::detail
