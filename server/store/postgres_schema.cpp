#include "server/store/postgres_schema.hpp"

#include <array>
#include <string_view>

#include "server/store/postgres_query.hpp"

namespace crownhall::store::detail {

namespace {

// The advisory lock servers take while migrating: "CRNH", as SQLite's application_id.
constexpr const char* migration_lock = "SELECT pg_advisory_xact_lock(1129467464)";

// postgres_migrations[i] takes version i to i + 1. Never edit a migration that has shipped: append
// a new one (docs/storage.md, "Changing the schema"). The same tables as SQLite's schema.
constexpr std::array<std::string_view, 8> postgres_migrations = {
    // 1: the version row, tables, seats, the action log, finished records, sessions.
    R"sql(
CREATE TABLE crownhall_schema (version INTEGER NOT NULL);
INSERT INTO crownhall_schema VALUES (0);

CREATE TABLE tables (
  id                 BIGSERIAL PRIMARY KEY,
  table_id           TEXT NOT NULL UNIQUE,
  game               TEXT NOT NULL,
  options            TEXT NOT NULL,
  seat_count         INTEGER NOT NULL,
  visibility         SMALLINT NOT NULL,
  allow_spectators   BOOLEAN NOT NULL,
  clock_bank_ms      BIGINT NOT NULL,
  clock_increment_ms BIGINT NOT NULL,
  invite_code        TEXT NOT NULL,
  host_player_id     TEXT NOT NULL,
  created_at_ms      BIGINT NOT NULL,
  extra              TEXT NOT NULL,
  state              SMALLINT NOT NULL DEFAULT 0,
  game_id            TEXT,
  seed               BIGINT,
  salt               TEXT,
  commitment         TEXT,
  started_at_ms      BIGINT,
  start_clock        TEXT,
  finished_at_ms     BIGINT
);
CREATE INDEX tables_not_closed ON tables(state) WHERE state < 3;

CREATE TABLE seats (
  table_ref    BIGINT NOT NULL,
  seat         INTEGER NOT NULL,
  player_id    TEXT NOT NULL,
  display_name TEXT NOT NULL,
  token_hash   BYTEA,
  is_bot       BOOLEAN NOT NULL,
  PRIMARY KEY (table_ref, seat)
);

CREATE TABLE actions (
  table_ref BIGINT NOT NULL,
  seq       BIGINT NOT NULL,
  seat      INTEGER NOT NULL,
  action    TEXT NOT NULL,
  clock     TEXT NOT NULL,
  at_ms     BIGINT NOT NULL,
  PRIMARY KEY (table_ref, seq)
);

CREATE TABLE records (
  game_id        TEXT PRIMARY KEY,
  table_ref      BIGINT NOT NULL,
  game           TEXT NOT NULL,
  finished_at_ms BIGINT NOT NULL,
  summary        TEXT NOT NULL,
  record         TEXT NOT NULL
);

CREATE TABLE record_players (
  player_id      TEXT NOT NULL,
  finished_at_ms BIGINT NOT NULL,
  game_id        TEXT NOT NULL,
  seat           INTEGER NOT NULL,
  PRIMARY KEY (player_id, finished_at_ms, game_id, seat)
);

CREATE TABLE sessions (
  player_id     TEXT PRIMARY KEY,
  display_name  TEXT NOT NULL,
  token_hash    BYTEA NOT NULL UNIQUE,
  created_at_ms BIGINT NOT NULL,
  last_seen_ms  BIGINT NOT NULL
);
)sql",
    // 2: several nodes on one database (docs/storage.md, "Several nodes"). Each table has
    // at most one owner, whose lease runs until `lease_until` (the database's clock, so the
    // nodes' clocks never matter); `fence` grows by one with every new owner, and a write
    // carrying an older fence is refused.
    R"sql(
ALTER TABLE tables ADD COLUMN owner_node TEXT, ADD COLUMN fence BIGINT NOT NULL DEFAULT 0,
  ADD COLUMN lease_until TIMESTAMPTZ;
CREATE INDEX tables_by_owner ON tables(owner_node) WHERE state < 3;
)sql",
    // 3: a node finds another node's table by its invite code (an invite link opened on
    // any node: find_table_home).
    R"sql(
CREATE INDEX tables_by_invite ON tables(invite_code) WHERE state < 3;
)sql",
    // 4: the cluster's id: the nodes of this database name their Redis keys and channels
    // with it, so that two clusters on one Redis stay apart (docs/cluster.md). Made once,
    // here, so every node of the database reads the same one.
    R"sql(
CREATE TABLE crownhall_cluster (id TEXT NOT NULL);
INSERT INTO crownhall_cluster VALUES (replace(gen_random_uuid()::text, '-', ''));
)sql",
    // 5: guest identities (docs/accounts.md), by their token's hash: SQLite's step 2. Every
    // stored session becomes one with the same hash, lasting a year from the migration.
    R"sql(
CREATE TABLE guest_identities (
  token_hash    BYTEA PRIMARY KEY,
  player_id     TEXT NOT NULL,
  display_name  TEXT NOT NULL,
  issued_at_ms  BIGINT NOT NULL,
  expires_at_ms BIGINT NOT NULL,
  revoked_at_ms BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX guest_identities_by_player ON guest_identities(player_id);
INSERT INTO guest_identities (token_hash, player_id, display_name, issued_at_ms, expires_at_ms)
  SELECT token_hash, player_id, display_name, now_ms, now_ms + 365 * 86400000::bigint
  FROM sessions, (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now_ms) n;
)sql",
    // 6: accounts, their passkeys and password hashes, and WebAuthn challenges shared by
    // the nodes (docs/accounts.md): SQLite's step 3.
    R"sql(
CREATE TABLE accounts (
  player_id     TEXT PRIMARY KEY,
  name          TEXT NOT NULL,
  name_key      TEXT NOT NULL UNIQUE,
  created_at_ms BIGINT NOT NULL
);
CREATE TABLE passkeys (
  credential_id   BYTEA PRIMARY KEY,
  player_id       TEXT NOT NULL,
  user_handle     BYTEA NOT NULL,
  public_key      BYTEA NOT NULL,
  algorithm       INTEGER NOT NULL,
  sign_count      BIGINT NOT NULL,
  aaguid          BYTEA NOT NULL,
  backup_eligible BOOLEAN NOT NULL,
  backed_up       BOOLEAN NOT NULL,
  created_at_ms   BIGINT NOT NULL,
  last_used_ms    BIGINT NOT NULL
);
CREATE INDEX passkeys_by_player ON passkeys(player_id);
CREATE TABLE password_hashes (
  player_id TEXT PRIMARY KEY,
  hash      TEXT NOT NULL,
  set_at_ms BIGINT NOT NULL
);
CREATE TABLE webauthn_challenges (
  owner         TEXT PRIMARY KEY,
  challenge     BYTEA NOT NULL,
  issued_at_ms  BIGINT NOT NULL,
  expires_at_ms BIGINT NOT NULL
);
CREATE INDEX webauthn_challenges_by_expiry ON webauthn_challenges(expires_at_ms);
)sql",
    // 7: moderation: SQLite's step 4. The audit log's id is an identity column: one sequence
    // for every node, so two nodes appending at once never share an id, and its primary key's
    // index, read backwards, lists newest first. The accounts' names get an index in byte
    // order ("C"), the admin's list's order and SQLite's, whatever the database's collation.
    R"sql(
CREATE TABLE bans (
  player_id    TEXT PRIMARY KEY,
  banned_at_ms BIGINT NOT NULL,
  reason       TEXT NOT NULL,
  by_admin     TEXT NOT NULL
);
CREATE TABLE audit_log (
  id        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at_ms     BIGINT NOT NULL,
  by_admin  TEXT NOT NULL,
  action    TEXT NOT NULL,
  player_id TEXT NOT NULL,
  detail    TEXT NOT NULL
);
CREATE TABLE profile_settings (
  player_id TEXT PRIMARY KEY,
  private   BOOLEAN NOT NULL
);
CREATE INDEX accounts_by_name_bytes ON accounts (name_key COLLATE "C");
)sql",
    // 8: the finished games' deals being played again ("Play this deal again"), one row a
    // deal: every node claims a deal here, so one table at a time deals it across the
    // cluster (SQLite needs none: its one server counts them in memory).
    R"sql(
CREATE TABLE deals_in_play (
  seed          TEXT PRIMARY KEY,
  claimed_at_ms BIGINT NOT NULL
);
)sql",
};

std::string error_of(PGconn* conn, std::string_view what) {
  return std::string(what) + ": " + trimmed(PQerrorMessage(conn));
}

}  // namespace

int latest_postgres_schema_version() { return static_cast<int>(postgres_migrations.size()); }

std::string migrate_postgres(PGconn* conn, int up_to) {
  auto run = [&](const std::string& sql) { return pg_result(PQexec(conn, sql.c_str())); };
  auto rollback = [&](std::string why) {
    run("ROLLBACK");
    return why;
  };
  if (!run("BEGIN").ok()) return error_of(conn, "begin");
  if (!run(migration_lock).ok()) return rollback(error_of(conn, "migration lock"));
  pg_result found =
      run("SELECT to_regclass('crownhall_schema') IS NOT NULL,"
          " (SELECT count(*) FROM pg_tables WHERE schemaname = current_schema())");
  if (!found.ok() || found.rows() != 1) return rollback(error_of(conn, "read schema"));
  const bool ours = found.boolean(0, 0);
  const std::int64_t tables = found.int64(0, 1);
  if (!ours && tables != 0)
    return rollback("not a crownhall database (" + std::to_string(tables) +
                    " other tables and no crownhall_schema)");
  int version = 0;
  if (ours) {
    pg_result v = run("SELECT version FROM crownhall_schema");
    if (!v.ok() || v.rows() != 1) return rollback(error_of(conn, "read schema version"));
    version = v.int32(0, 0);
  }
  if (version > latest_postgres_schema_version())
    return rollback("database schema version " + std::to_string(version) +
                    " is newer than this build knows (" +
                    std::to_string(latest_postgres_schema_version()) + "); run a newer crownhall");
  if (version < 0) return rollback("invalid schema version " + std::to_string(version));
  const auto last = up_to < 0 ? postgres_migrations.size() : static_cast<std::size_t>(up_to);
  for (auto v = static_cast<std::size_t>(version); v < last && v < postgres_migrations.size();
       ++v) {
    if (!run(std::string(postgres_migrations[v])).ok() ||
        !run("UPDATE crownhall_schema SET version = " + std::to_string(v + 1)).ok())
      return rollback(error_of(conn, "migration to schema version " + std::to_string(v + 1)));
  }
  if (!run("COMMIT").ok()) return rollback(error_of(conn, "commit migration"));
  return {};
}

}  // namespace crownhall::store::detail
