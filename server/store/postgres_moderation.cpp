#include "server/store/postgres_moderation.hpp"

#include <string>
#include <utility>
#include <vector>

#include "server/store/paging.hpp"
#include "server/store/record_rename.hpp"
#include "server/store/stored_rows.hpp"

namespace crownhall::store::detail {

namespace {

constexpr named_sql moderation_statements[] = {
    // Banned again: the new reason, time and admin replace the old.
    {"ban_upsert",
     "INSERT INTO bans (player_id, banned_at_ms, reason, by_admin) VALUES ($1, $2, $3, $4)"
     " ON CONFLICT (player_id) DO UPDATE SET banned_at_ms = excluded.banned_at_ms,"
     " reason = excluded.reason, by_admin = excluded.by_admin"},
    {"ban_delete", "DELETE FROM bans WHERE player_id = $1"},
    {"ban_select",
     "SELECT player_id, banned_at_ms, reason, by_admin FROM bans WHERE player_id = $1"},
    {"ban_list",
     "SELECT player_id, banned_at_ms, reason, by_admin FROM bans"
     " ORDER BY banned_at_ms DESC, player_id"},
    // The id from the table's identity sequence: increasing, and never the same twice
    // across nodes, each taking the next value in its own INSERT.
    {"audit_insert",
     "INSERT INTO audit_log (at_ms, by_admin, action, player_id, detail)"
     " VALUES ($1, $2, $3, $4, $5) RETURNING id"},
    {"audit_list",
     "SELECT id, at_ms, by_admin, action, player_id, detail FROM audit_log WHERE id < $2"
     " ORDER BY id DESC LIMIT $1"},
    {"profile_upsert",
     "INSERT INTO profile_settings (player_id, private) VALUES ($1, $2)"
     " ON CONFLICT (player_id) DO UPDATE SET private = excluded.private"},
    {"profile_select", "SELECT private FROM profile_settings WHERE player_id = $1"},
    // Byte for byte, as SQLite orders them and as the key is compared (account_store.hpp),
    // whatever the database's collation: step 7's index on name_key COLLATE "C" serves it.
    {"account_list",
     "SELECT player_id, name, name_key, created_at_ms FROM accounts"
     " WHERE name_key COLLATE \"C\" > $2 ORDER BY name_key COLLATE \"C\" LIMIT $1"},
    // The records' rows locked until the rename commits: a rename of another player of the
    // same game, on another node, waits and then reads this one's names.
    {"records_played",
     "SELECT p.game_id, p.seat, r.record, r.summary FROM record_players p"
     " JOIN records r ON r.game_id = p.game_id WHERE p.player_id = $1"
     " ORDER BY p.game_id, p.seat FOR UPDATE OF r"},
    {"record_rewrite", "UPDATE records SET record = $2, summary = $3 WHERE game_id = $1"},
};

}  // namespace

std::span<const named_sql> postgres_moderation::statements() { return moderation_statements; }

result<pg_result> postgres_moderation::run(const char* name, const pg_params& p,
                                           std::string_view what) {
  auto conn = connected_();
  if (!conn.ok()) return status::failure(conn.error());
  auto r = p.exec(*conn, name);
  if (!r.ok()) return status::failure(failure_of(*conn, what, r));
  return r;
}

status postgres_moderation::ban(const ban_entry& b) {
  std::lock_guard lk(mutex_);
  auto r =
      run("ban_upsert",
          pg_params().text(b.player_id).number(b.banned_at_ms).text(b.reason).text(b.by), "ban");
  return r.ok() ? status::success() : status::failure(r.error());
}

result<bool> postgres_moderation::lift_ban(const std::string& player_id) {
  std::lock_guard lk(mutex_);
  auto r = run("ban_delete", pg_params().text(player_id), "lift ban");
  if (!r.ok()) return status::failure(r.error());
  return r->affected() > 0;
}

result<std::optional<ban_entry>> postgres_moderation::find_ban(const std::string& player_id) {
  std::lock_guard lk(mutex_);
  auto r = run("ban_select", pg_params().text(player_id), "find ban");
  if (!r.ok()) return status::failure(r.error());
  if (r->rows() == 0) return std::optional<ban_entry>();
  return std::optional<ban_entry>(ban_from_row(pg_row{*r, 0}));
}

result<std::vector<ban_entry>> postgres_moderation::list_bans() {
  std::lock_guard lk(mutex_);
  auto r = run("ban_list", pg_params(), "list bans");
  if (!r.ok()) return status::failure(r.error());
  std::vector<ban_entry> out;
  for (int i = 0; i < r->rows(); ++i) out.push_back(ban_from_row(pg_row{*r, i}));
  return out;
}

result<std::int64_t> postgres_moderation::append_audit(const audit_entry& e) {
  std::lock_guard lk(mutex_);
  auto r =
      run("audit_insert",
          pg_params().number(e.at_ms).text(e.by).text(e.action).text(e.player_id).text(e.detail),
          "append audit");
  if (!r.ok()) return status::failure(r.error());
  if (r->rows() != 1) return status::failure("append audit: no id returned");
  return r->int64(0, 0);
}

result<std::vector<audit_entry>> postgres_moderation::list_audit(std::size_t limit,
                                                                 std::int64_t before_id) {
  std::lock_guard lk(mutex_);
  auto r = run("audit_list", pg_params().number(limit_param(limit)).number(before_param(before_id)),
               "list audit");
  if (!r.ok()) return status::failure(r.error());
  std::vector<audit_entry> out;
  for (int i = 0; i < r->rows(); ++i) out.push_back(audit_from_row(pg_row{*r, i}));
  return out;
}

status postgres_moderation::set_profile_private(const std::string& player_id, bool hidden) {
  std::lock_guard lk(mutex_);
  auto r =
      run("profile_upsert", pg_params().text(player_id).boolean(hidden), "set profile private");
  return r.ok() ? status::success() : status::failure(r.error());
}

result<bool> postgres_moderation::profile_private(const std::string& player_id) {
  std::lock_guard lk(mutex_);
  auto r = run("profile_select", pg_params().text(player_id), "profile private");
  if (!r.ok()) return status::failure(r.error());
  return r->rows() > 0 && r->boolean(0, 0);  // never set: shown
}

result<std::vector<account_entry>> postgres_moderation::list_accounts(
    std::size_t limit, const std::string& after_name_key) {
  std::lock_guard lk(mutex_);
  auto r = run("account_list", pg_params().number(limit_param(limit)).text(after_name_key),
               "list accounts");
  if (!r.ok()) return status::failure(r.error());
  std::vector<account_entry> out;
  for (int i = 0; i < r->rows(); ++i) out.push_back(account_from_row(pg_row{*r, i}));
  return out;
}

result<std::size_t> postgres_moderation::rename_in_records(const std::string& player_id,
                                                           const std::string& name) {
  std::lock_guard lk(mutex_);
  auto conn = connected_();
  if (!conn.ok()) return status::failure(conn.error());
  auto exec = [&](const char* sql) { return pg_result(PQexec(*conn, sql)); };
  if (auto r = exec("BEGIN"); !r.ok()) return status::failure(failure_of(*conn, "begin", r));
  auto renamed = rename_in_transaction(*conn, player_id, name);
  if (!renamed.ok()) {
    exec("ROLLBACK");
    return renamed;
  }
  if (auto r = exec("COMMIT"); !r.ok()) return status::failure(failure_of(*conn, "commit", r));
  return renamed;
}

result<std::size_t> postgres_moderation::rename_in_transaction(PGconn* conn,
                                                               const std::string& player_id,
                                                               const std::string& name) {
  auto r = pg_params().text(player_id).exec(conn, "records_played");
  if (!r.ok()) return status::failure(failure_of(conn, "read records to rename in", r));
  std::size_t changed = 0;
  // The rows come ordered by game: each game's seats (usually one) are consecutive.
  for (int i = 0; i < r.rows();) {
    const std::string game_id(r.text(i, 0));
    std::vector<int> seats;
    int j = i;
    for (; j < r.rows() && r.text(j, 0) == game_id; ++j) seats.push_back(r.int32(j, 1));
    auto renamed = rename_at_seats(r.text(i, 2), r.text(i, 3), seats, name);
    i = j;
    if (!renamed.ok())
      return status::failure("rename in record " + game_id + ": " + renamed.error());
    if (!renamed->has_value()) continue;
    auto u = pg_params()
                 .text(game_id)
                 .text((*renamed)->record_json)
                 .text((*renamed)->summary_json)
                 .exec(conn, "record_rewrite");
    if (!u.ok()) return status::failure(failure_of(conn, "rename in record " + game_id, u));
    ++changed;
  }
  return changed;
}

}  // namespace crownhall::store::detail
