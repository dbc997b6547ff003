#include "server/store/sqlite_identities.hpp"

#include "server/store/stored_rows.hpp"

namespace crownhall::store::detail {

namespace {

std::span<const std::uint8_t> bytes_of(const secret_hash& h) { return h.bytes(); }

}  // namespace

std::string sqlite_identities::prepare(sqlite3* db) {
  db_ = db;
  const statement_sql items[] = {
      {&upsert_,
       "INSERT OR REPLACE INTO guest_identities (token_hash, player_id, display_name,"
       " issued_at_ms, expires_at_ms, revoked_at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"},
      {&select_,
       "SELECT player_id, display_name, token_hash, issued_at_ms, expires_at_ms, revoked_at_ms"
       " FROM guest_identities WHERE token_hash = ?1"},
      {&revoke_,
       "UPDATE guest_identities SET revoked_at_ms = CASE WHEN revoked_at_ms = 0 THEN ?2"
       " ELSE revoked_at_ms END WHERE token_hash = ?1"},
      {&list_,
       "SELECT player_id, display_name, token_hash, issued_at_ms, expires_at_ms, revoked_at_ms"
       " FROM guest_identities WHERE player_id = ?1 ORDER BY issued_at_ms DESC, token_hash"},
      {&rename_, "UPDATE guest_identities SET display_name = ?2 WHERE player_id = ?1"},
      {&rename_session_, "UPDATE sessions SET display_name = ?2 WHERE player_id = ?1"},
      {&rename_seats_, "UPDATE seats SET display_name = ?2 WHERE player_id = ?1"},
  };
  return prepare_all(db, items);
}

status sqlite_identities::fail(std::string_view what) const {
  return status::failure(std::string(what) + ": " + sqlite3_errmsg(db_));
}

status sqlite_identities::save(const identity_entry& e) {
  statement_use q(upsert_);
  q->bind(1, bytes_of(e.token_hash));
  q->bind(2, std::string_view(e.player_id));
  q->bind(3, std::string_view(e.display_name));
  q->bind(4, e.issued_at_ms);
  q->bind(5, e.expires_at_ms);
  q->bind(6, e.revoked_at_ms);
  return q->step() == SQLITE_DONE ? status::success() : fail("save identity");
}

result<std::optional<identity_entry>> sqlite_identities::find(const secret_hash& token_hash) {
  statement_use q(select_);
  q->bind(1, bytes_of(token_hash));
  const int rc = q->step();
  if (rc == SQLITE_DONE) return std::optional<identity_entry>();
  if (rc != SQLITE_ROW) return fail("find identity");
  auto e = identity_from_row(sqlite_row{*q});
  if (!e) return status::failure(e.error());
  return std::optional<identity_entry>(std::move(*e));
}

result<bool> sqlite_identities::revoke(const secret_hash& token_hash, millis at_ms) {
  statement_use q(revoke_);
  q->bind(1, bytes_of(token_hash));
  q->bind(2, at_ms);
  if (q->step() != SQLITE_DONE) return fail("revoke identity");
  return sqlite3_changes(db_) > 0;
}

result<std::vector<identity_entry>> sqlite_identities::list(const std::string& player_id) {
  statement_use q(list_);
  q->bind(1, std::string_view(player_id));
  std::vector<identity_entry> out;
  int rc;
  while ((rc = q->step()) == SQLITE_ROW) {
    auto e = identity_from_row(sqlite_row{*q});
    if (!e) return status::failure(e.error());
    out.push_back(std::move(*e));
  }
  if (rc != SQLITE_DONE) return fail("list identities");
  return out;
}

status sqlite_identities::rename(const std::string& player_id, const std::string& display_name) {
  for (sqlite_statement* s : {&rename_, &rename_session_, &rename_seats_}) {
    statement_use q(*s);
    q->bind(1, std::string_view(player_id));
    q->bind(2, std::string_view(display_name));
    if (q->step() != SQLITE_DONE) return fail("rename player");
  }
  return status::success();
}

}  // namespace crownhall::store::detail
