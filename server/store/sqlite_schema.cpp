#include "server/store/sqlite_schema.hpp"

#include <array>
#include <string_view>

namespace crownhall::store::detail {

namespace {

// sqlite_migrations[i] takes user_version i to i + 1. Never edit a migration that has shipped:
// append a new one (docs/storage.md, "Changing the schema").
constexpr std::array<std::string_view, 4> sqlite_migrations = {
    // 1: tables, seats, the action log, finished records, sessions.
    R"sql(
CREATE TABLE tables (
  id                 INTEGER PRIMARY KEY,
  table_id           TEXT NOT NULL UNIQUE,
  game               TEXT NOT NULL,
  options            TEXT NOT NULL,
  seat_count         INTEGER NOT NULL,
  visibility         INTEGER NOT NULL,
  allow_spectators   INTEGER NOT NULL,
  clock_bank_ms      INTEGER NOT NULL,
  clock_increment_ms INTEGER NOT NULL,
  invite_code        TEXT NOT NULL,
  host_player_id     TEXT NOT NULL,
  created_at_ms      INTEGER NOT NULL,
  extra              TEXT NOT NULL,
  state              INTEGER NOT NULL DEFAULT 0,
  game_id            TEXT,
  seed               INTEGER,
  salt               TEXT,
  commitment         TEXT,
  started_at_ms      INTEGER,
  start_clock        TEXT,
  finished_at_ms     INTEGER
);
CREATE INDEX tables_in_progress ON tables(state) WHERE state < 2;

CREATE TABLE seats (
  table_ref    INTEGER NOT NULL,
  seat         INTEGER NOT NULL,
  player_id    TEXT NOT NULL,
  display_name TEXT NOT NULL,
  token_hash   BLOB,
  is_bot       INTEGER NOT NULL,
  PRIMARY KEY (table_ref, seat)
) WITHOUT ROWID;

CREATE TABLE actions (
  table_ref INTEGER NOT NULL,
  seq       INTEGER NOT NULL,
  seat      INTEGER NOT NULL,
  action    TEXT NOT NULL,
  clock     TEXT NOT NULL,
  at_ms     INTEGER NOT NULL,
  PRIMARY KEY (table_ref, seq)
) WITHOUT ROWID;

CREATE TABLE records (
  game_id        TEXT PRIMARY KEY,
  table_ref      INTEGER NOT NULL,
  game           TEXT NOT NULL,
  finished_at_ms INTEGER NOT NULL,
  summary        TEXT NOT NULL,
  record         TEXT NOT NULL
);

CREATE TABLE record_players (
  player_id      TEXT NOT NULL,
  finished_at_ms INTEGER NOT NULL,
  game_id        TEXT NOT NULL,
  seat           INTEGER NOT NULL,
  PRIMARY KEY (player_id, finished_at_ms, game_id, seat)
) WITHOUT ROWID;

CREATE TABLE sessions (
  player_id     TEXT PRIMARY KEY,
  display_name  TEXT NOT NULL,
  token_hash    BLOB NOT NULL UNIQUE,
  created_at_ms INTEGER NOT NULL,
  last_seen_ms  INTEGER NOT NULL
);
)sql",
    // 2: guest identities (docs/accounts.md), by their token's hash. Every stored session
    // becomes one with the same hash, so a browser that sends its old session token as its
    // identity is still its player; it lasts a year (the identity lifetime of the day this
    // step shipped) from the migration.
    R"sql(
CREATE TABLE guest_identities (
  token_hash    BLOB PRIMARY KEY,
  player_id     TEXT NOT NULL,
  display_name  TEXT NOT NULL,
  issued_at_ms  INTEGER NOT NULL,
  expires_at_ms INTEGER NOT NULL,
  revoked_at_ms INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX guest_identities_by_player ON guest_identities(player_id);
INSERT INTO guest_identities (token_hash, player_id, display_name, issued_at_ms, expires_at_ms)
  SELECT token_hash, player_id, display_name, unixepoch() * 1000,
         unixepoch() * 1000 + 365 * 86400000 FROM sessions;
)sql",
    // 3: accounts (docs/accounts.md): made from a guest, keyed by its player id; their
    // passkeys and password hashes; and WebAuthn challenges, so that a ceremony begun on one
    // node ends on another (the same tables as PostgreSQL's). Passkeys keep their rowid: an
    // RSA key makes a row too long for a table clustered on its key.
    R"sql(
CREATE TABLE accounts (
  player_id     TEXT PRIMARY KEY,
  name          TEXT NOT NULL,
  name_key      TEXT NOT NULL UNIQUE,
  created_at_ms INTEGER NOT NULL
);
CREATE TABLE passkeys (
  credential_id   BLOB PRIMARY KEY,
  player_id       TEXT NOT NULL,
  user_handle     BLOB NOT NULL,
  public_key      BLOB NOT NULL,
  algorithm       INTEGER NOT NULL,
  sign_count      INTEGER NOT NULL,
  aaguid          BLOB NOT NULL,
  backup_eligible INTEGER NOT NULL,
  backed_up       INTEGER NOT NULL,
  created_at_ms   INTEGER NOT NULL,
  last_used_ms    INTEGER NOT NULL
);
CREATE INDEX passkeys_by_player ON passkeys(player_id);
CREATE TABLE password_hashes (
  player_id TEXT PRIMARY KEY,
  hash      TEXT NOT NULL,
  set_at_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE webauthn_challenges (
  owner         TEXT PRIMARY KEY,
  challenge     BLOB NOT NULL,
  issued_at_ms  INTEGER NOT NULL,
  expires_at_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX webauthn_challenges_by_expiry ON webauthn_challenges(expires_at_ms);
)sql",
    // 4: moderation (docs/accounts.md, "Moderation"; the same tables as PostgreSQL's step 7):
    // bans by player; the audit log of every admin act, kept for good, its id the rowid, so
    // that it grows with each act (nothing is deleted, so none is given twice) and listing
    // newest first walks the table's own b-tree backwards; and the profile setting players
    // choose, a missing row meaning shown.
    R"sql(
CREATE TABLE bans (
  player_id    TEXT PRIMARY KEY,
  banned_at_ms INTEGER NOT NULL,
  reason       TEXT NOT NULL,
  by_admin     TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE audit_log (
  id        INTEGER PRIMARY KEY,
  at_ms     INTEGER NOT NULL,
  by_admin  TEXT NOT NULL,
  action    TEXT NOT NULL,
  player_id TEXT NOT NULL,
  detail    TEXT NOT NULL
);
CREATE TABLE profile_settings (
  player_id TEXT PRIMARY KEY,
  private   INTEGER NOT NULL
) WITHOUT ROWID;
)sql",
};

std::string errmsg(sqlite3* db, std::string_view what) {
  return std::string(what) + ": " + sqlite3_errmsg(db);
}

// The first column of the first row of `sql` as an integer.
bool query_int(sqlite3* db, const char* sql, long long& out, std::string& error) {
  sqlite3_stmt* s = nullptr;
  int rc = sqlite3_prepare_v2(db, sql, -1, &s, nullptr);
  if (rc == SQLITE_OK) rc = sqlite3_step(s);
  if (rc == SQLITE_ROW) out = sqlite3_column_int64(s, 0);
  if (rc != SQLITE_ROW) error = errmsg(db, sql);
  sqlite3_finalize(s);
  return rc == SQLITE_ROW;
}

}  // namespace

int latest_schema_version() { return static_cast<int>(sqlite_migrations.size()); }

std::string migrate(sqlite3* db, int up_to) {
  std::string error;
  long long app_id = 0, version = 0, objects = 0;
  // The first read of the file: a file that is not SQLite fails here, with SQLITE_NOTADB.
  if (!query_int(db, "PRAGMA application_id", app_id, error)) return error;
  if (!query_int(db, "PRAGMA user_version", version, error)) return error;
  if (!query_int(db, "SELECT count(*) FROM sqlite_schema", objects, error)) return error;
  if (app_id != application_id && (app_id != 0 || objects != 0))
    return "not a crownhall database (application_id " + std::to_string(app_id) + ", " +
           std::to_string(objects) + " schema objects)";
  if (version > latest_schema_version())
    return "database schema version " + std::to_string(version) +
           " is newer than this build knows (" + std::to_string(latest_schema_version()) +
           "); run a newer crownhall";
  if (version < 0) return "invalid schema version " + std::to_string(version);

  const auto last = up_to < 0 ? sqlite_migrations.size() : static_cast<std::size_t>(up_to);
  for (auto v = static_cast<std::size_t>(version); v < last && v < sqlite_migrations.size(); ++v) {
    std::string sql = "BEGIN IMMEDIATE;\n" + std::string(sqlite_migrations[v]) +
                      "\nPRAGMA application_id = " + std::to_string(application_id) +
                      ";\nPRAGMA user_version = " + std::to_string(v + 1) + ";\nCOMMIT;";
    char* msg = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &msg) != SQLITE_OK) {
      error = "migration to schema version " + std::to_string(v + 1) +
              " failed: " + (msg ? msg : sqlite3_errmsg(db));
      sqlite3_free(msg);
      sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
      return error;
    }
  }
  return {};
}

}  // namespace crownhall::store::detail
