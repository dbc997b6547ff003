#include "server/store/sqlite_moderation.hpp"

#include <utility>

#include "server/store/paging.hpp"
#include "server/store/record_rename.hpp"
#include "server/store/stored_rows.hpp"

namespace crownhall::store::detail {

std::string sqlite_moderation::prepare(sqlite3* db) {
  db_ = db;
  const statement_sql items[] = {
      {&begin_, "BEGIN IMMEDIATE"},
      {&commit_, "COMMIT"},
      {&rollback_, "ROLLBACK"},
      // Banned again: the new reason, time and admin replace the old.
      {&upsert_ban_,
       "INSERT INTO bans (player_id, banned_at_ms, reason, by_admin) VALUES (?1, ?2, ?3, ?4)"
       " ON CONFLICT (player_id) DO UPDATE SET banned_at_ms = excluded.banned_at_ms,"
       " reason = excluded.reason, by_admin = excluded.by_admin"},
      {&delete_ban_, "DELETE FROM bans WHERE player_id = ?1"},
      {&select_ban_,
       "SELECT player_id, banned_at_ms, reason, by_admin FROM bans WHERE player_id = ?1"},
      {&list_bans_,
       "SELECT player_id, banned_at_ms, reason, by_admin FROM bans"
       " ORDER BY banned_at_ms DESC, player_id"},
      // The id is the rowid: the largest so far plus one, as nothing is ever deleted.
      {&insert_audit_,
       "INSERT INTO audit_log (at_ms, by_admin, action, player_id, detail)"
       " VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id"},
      {&list_audit_,
       "SELECT id, at_ms, by_admin, action, player_id, detail FROM audit_log WHERE id < ?2"
       " ORDER BY id DESC LIMIT ?1"},
      {&upsert_profile_,
       "INSERT INTO profile_settings (player_id, private) VALUES (?1, ?2)"
       " ON CONFLICT (player_id) DO UPDATE SET private = excluded.private"},
      {&select_profile_, "SELECT private FROM profile_settings WHERE player_id = ?1"},
      // name_key's UNIQUE index gives the order: SQLite's BINARY collation, byte for byte.
      {&list_accounts_,
       "SELECT player_id, name, name_key, created_at_ms FROM accounts WHERE name_key > ?2"
       " ORDER BY name_key LIMIT ?1"},
      {&select_played_,
       "SELECT p.game_id, p.seat, r.record, r.summary FROM record_players p"
       " JOIN records r ON r.game_id = p.game_id WHERE p.player_id = ?1"
       " ORDER BY p.game_id, p.seat"},
      {&update_record_, "UPDATE records SET record = ?2, summary = ?3 WHERE game_id = ?1"},
  };
  return prepare_all(db, items);
}

status sqlite_moderation::fail(std::string_view what) const {
  return status::failure(std::string(what) + ": " + sqlite3_errmsg(db_));
}

status sqlite_moderation::ban(const ban_entry& b) {
  std::lock_guard lk(mutex_);
  statement_use q(upsert_ban_);
  q->bind(1, std::string_view(b.player_id));
  q->bind(2, b.banned_at_ms);
  q->bind(3, std::string_view(b.reason));
  q->bind(4, std::string_view(b.by));
  if (q->step() != SQLITE_DONE) return fail("ban");
  return status::success();
}

result<bool> sqlite_moderation::lift_ban(const std::string& player_id) {
  std::lock_guard lk(mutex_);
  statement_use q(delete_ban_);
  q->bind(1, std::string_view(player_id));
  if (q->step() != SQLITE_DONE) return fail("lift ban");
  return sqlite3_changes(db_) > 0;
}

result<std::optional<ban_entry>> sqlite_moderation::find_ban(const std::string& player_id) {
  std::lock_guard lk(mutex_);
  statement_use q(select_ban_);
  q->bind(1, std::string_view(player_id));
  const int rc = q->step();
  if (rc == SQLITE_DONE) return std::optional<ban_entry>();
  if (rc != SQLITE_ROW) return fail("find ban");
  return std::optional<ban_entry>(ban_from_row(sqlite_row{*q}));
}

result<std::vector<ban_entry>> sqlite_moderation::list_bans() {
  std::lock_guard lk(mutex_);
  statement_use q(list_bans_);
  std::vector<ban_entry> out;
  int rc;
  while ((rc = q->step()) == SQLITE_ROW) out.push_back(ban_from_row(sqlite_row{*q}));
  if (rc != SQLITE_DONE) return fail("list bans");
  return out;
}

result<std::int64_t> sqlite_moderation::append_audit(const audit_entry& e) {
  std::lock_guard lk(mutex_);
  statement_use q(insert_audit_);
  q->bind(1, e.at_ms);
  q->bind(2, std::string_view(e.by));
  q->bind(3, std::string_view(e.action));
  q->bind(4, std::string_view(e.player_id));
  q->bind(5, std::string_view(e.detail));
  if (q->step() != SQLITE_ROW) return fail("append audit");
  const std::int64_t id = q->column_int64(0);
  // The statement ends (and, in autocommit, commits) at its last step.
  if (q->step() != SQLITE_DONE) return fail("append audit");
  return id;
}

result<std::vector<audit_entry>> sqlite_moderation::list_audit(std::size_t limit,
                                                               std::int64_t before_id) {
  std::lock_guard lk(mutex_);
  statement_use q(list_audit_);
  q->bind(1, limit_param(limit));
  q->bind(2, before_param(before_id));
  std::vector<audit_entry> out;
  int rc;
  while ((rc = q->step()) == SQLITE_ROW) out.push_back(audit_from_row(sqlite_row{*q}));
  if (rc != SQLITE_DONE) return fail("list audit");
  return out;
}

status sqlite_moderation::set_profile_private(const std::string& player_id, bool hidden) {
  std::lock_guard lk(mutex_);
  statement_use q(upsert_profile_);
  q->bind(1, std::string_view(player_id));
  q->bind(2, hidden ? 1 : 0);
  if (q->step() != SQLITE_DONE) return fail("set profile private");
  return status::success();
}

result<bool> sqlite_moderation::profile_private(const std::string& player_id) {
  std::lock_guard lk(mutex_);
  statement_use q(select_profile_);
  q->bind(1, std::string_view(player_id));
  const int rc = q->step();
  if (rc == SQLITE_DONE) return false;  // never set: shown
  if (rc != SQLITE_ROW) return fail("profile private");
  return q->column_int(0) != 0;
}

result<std::vector<account_entry>> sqlite_moderation::list_accounts(
    std::size_t limit, const std::string& after_name_key) {
  std::lock_guard lk(mutex_);
  statement_use q(list_accounts_);
  q->bind(1, limit_param(limit));
  q->bind(2, std::string_view(after_name_key));
  std::vector<account_entry> out;
  int rc;
  while ((rc = q->step()) == SQLITE_ROW) out.push_back(account_from_row(sqlite_row{*q}));
  if (rc != SQLITE_DONE) return fail("list accounts");
  return out;
}

result<std::size_t> sqlite_moderation::rename_in_records(const std::string& player_id,
                                                         const std::string& name) {
  std::lock_guard lk(mutex_);
  {
    statement_use b(begin_);
    if (b->step() != SQLITE_DONE) return fail("begin");
  }
  auto renamed = rename_in_transaction(player_id, name);
  if (renamed.ok()) {
    statement_use c(commit_);
    if (c->step() == SQLITE_DONE) return renamed;
    renamed = fail("commit");
  }
  // SQLite may have rolled back already, on an error.
  if (!sqlite3_get_autocommit(db_)) {
    statement_use r(rollback_);
    (void)r->step();
  }
  return renamed;
}

result<std::size_t> sqlite_moderation::rename_in_transaction(const std::string& player_id,
                                                             const std::string& name) {
  // A game with its texts and every seat the player had in it (usually one).
  struct played {
    std::string game_id, record, summary;
    std::vector<int> seats;
  };
  std::vector<played> games;
  {
    // Read whole before any write: rows are not updated under a running SELECT of them.
    statement_use q(select_played_);
    q->bind(1, std::string_view(player_id));
    int rc;
    while ((rc = q->step()) == SQLITE_ROW) {
      const std::string_view game_id = q->column_text(0);
      if (games.empty() || games.back().game_id != game_id)
        games.push_back({std::string(game_id),
                         std::string(q->column_text(2)),
                         std::string(q->column_text(3)),
                         {}});
      games.back().seats.push_back(q->column_int(1));
    }
    if (rc != SQLITE_DONE) return fail("read records to rename in");
  }
  std::size_t changed = 0;
  for (const auto& g : games) {
    auto renamed = rename_at_seats(g.record, g.summary, g.seats, name);
    if (!renamed.ok())
      return status::failure("rename in record " + g.game_id + ": " + renamed.error());
    if (!renamed->has_value()) continue;
    statement_use u(update_record_);
    u->bind(1, std::string_view(g.game_id));
    u->bind(2, std::string_view((*renamed)->record_json));
    u->bind(3, std::string_view((*renamed)->summary_json));
    if (u->step() != SQLITE_DONE) return fail("rename in record " + g.game_id);
    ++changed;
  }
  return changed;
}

}  // namespace crownhall::store::detail
