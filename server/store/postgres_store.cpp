// Over 700 lines: the one class that speaks to PostgreSQL, whose statements, leases and
// fences share one connection and its prepared statements (impl); the leases are the part
// to move out next (the table calls' opening is shared already: detail::on_table_slot).
#include "server/store/postgres_store.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <unordered_map>

#include "server/store/clock_text.hpp"
#include "server/store/database_reach.hpp"
#include "server/store/postgres_accounts.hpp"
#include "server/store/postgres_deals.hpp"
#include "server/store/postgres_identities.hpp"
#include "server/store/postgres_lookup_link.hpp"
#include "server/store/postgres_moderation.hpp"
#include "server/store/postgres_query.hpp"
#include "server/store/postgres_schema.hpp"
#include "server/store/stored_rows.hpp"
#include "server/store/table_slot.hpp"

namespace crownhall::store {

namespace {

using detail::clock_to_text;
using detail::pg_params;
using detail::pg_result;
using detail::pg_row;
using detail::seed_to_sql;
using detail::table_slot;

using detail::named_sql;
using detail::trimmed;

// Every statement the store runs, prepared once per connection under its name (the guest
// identities' are postgres_identities.cpp's, the accounts' postgres_accounts.cpp's, the
// moderation's postgres_moderation.cpp's).
constexpr named_sql statements[] = {
    {"find_table",
     "SELECT id, state, (SELECT coalesce(max(seq), 0) FROM actions WHERE table_ref = tables.id),"
     " owner_node = $2 AND owner_node IS NOT NULL, fence FROM tables WHERE table_id = $1"},
    // A node owns the tables it creates; a server alone on its database leaves owner_node
    // NULL ($13), so that nodes sharing the database later may claim them.
    {"insert_table",
     "INSERT INTO tables (table_id, game, options, seat_count, visibility, allow_spectators,"
     " clock_bank_ms, clock_increment_ms, invite_code, host_player_id, created_at_ms, extra,"
     " owner_node, fence, lease_until) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,"
     " $12, $13, 1, clock_timestamp() + $14::bigint * interval '1 millisecond') RETURNING id"},
    {"update_table",
     "UPDATE tables SET game = $2, options = $3, seat_count = $4, visibility = $5,"
     " allow_spectators = $6, clock_bank_ms = $7, clock_increment_ms = $8, invite_code = $9,"
     " host_player_id = $10, created_at_ms = $11, extra = $12 WHERE id = $1"},
    {"upsert_seat",
     "INSERT INTO seats (table_ref, seat, player_id, display_name, token_hash, is_bot)"
     " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (table_ref, seat) DO UPDATE SET"
     " player_id = excluded.player_id, display_name = excluded.display_name,"
     " token_hash = excluded.token_hash, is_bot = excluded.is_bot"},
    {"delete_seat", "DELETE FROM seats WHERE table_ref = $1 AND seat = $2"},
    {"start_table",
     "UPDATE tables SET state = 1, game_id = $2, seed = $3, salt = $4, commitment = $5,"
     " started_at_ms = $6, start_clock = $7, finished_at_ms = NULL WHERE id = $1"},
    {"delete_actions", "DELETE FROM actions WHERE table_ref = $1"},
    {"insert_action",
     "INSERT INTO actions (table_ref, seq, seat, action, clock, at_ms)"
     " VALUES ($1, $2, $3, $4, $5, $6)"},
    // Several nodes: one action, stored only while this node ($7) still holds the table with
    // its fence ($8), in one round trip. FOR SHARE makes a node claiming the table wait for
    // this insert, and this insert wait for a claim in progress and then see its new fence.
    {"insert_action_fenced",
     "INSERT INTO actions (table_ref, seq, seat, action, clock, at_ms)"
     " SELECT $1, $2, $3, $4, $5, $6 FROM tables WHERE id = $1 AND owner_node = $7"
     " AND fence = $8 FOR SHARE"},
    {"check_fence",
     "SELECT 1 FROM tables WHERE id = $1 AND owner_node = $2 AND fence = $3 FOR SHARE"},
    // Claims tables nobody holds: let go of, or ($4) with a lease that had run out at $5 (the
    // database's clock in ms when this node last reached it: a claim held up by a database
    // that froze meanwhile takes no lease that ran out while it was frozen). SKIP LOCKED
    // leaves the rows another node is claiming (or the old owner is writing) to a later
    // round, so claims never wait on each other.
    {"claim_tables",
     "UPDATE tables SET owner_node = $1, fence = fence + 1,"
     " lease_until = clock_timestamp() + $2::bigint * interval '1 millisecond'"
     " WHERE id IN (SELECT id FROM tables WHERE state < 3 AND (owner_node IS NULL"
     " OR ($4::boolean AND lease_until < to_timestamp($5::bigint / 1000.0))) ORDER BY id"
     " LIMIT $3 FOR UPDATE SKIP LOCKED) RETURNING id, fence"},
    {"database_clock", "SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint"},
    // Every live table, and how many of them this node ($1) holds: its share, when several
    // nodes take a dead one's tables over.
    {"table_shares",
     "SELECT count(*), count(*) FILTER (WHERE owner_node = $1) FROM tables WHERE state < 3"},
    {"owned_tables", "SELECT id, fence FROM tables WHERE owner_node = $1 AND state < 3"},
    {"renew_leases",
     "UPDATE tables SET lease_until = clock_timestamp() + $2::bigint * interval '1 millisecond'"
     " WHERE owner_node = $1 AND state < 3 RETURNING table_id, fence"},
    {"release_table",
     "UPDATE tables SET owner_node = NULL, lease_until = NULL"
     " WHERE id = $1 AND owner_node = $2 AND fence = $3"},
    {"release_tables",
     "UPDATE tables SET owner_node = NULL, lease_until = NULL WHERE owner_node = $1"},
    {"stored_actions",
     "SELECT seat, action FROM actions WHERE table_ref = $1 AND seq >= $2 ORDER BY seq"},
    {"insert_record",
     "INSERT INTO records (game_id, table_ref, game, finished_at_ms, summary, record)"
     " SELECT game_id, id, game, $2, $3, $4 FROM tables WHERE id = $1"},
    {"insert_record_players",
     "INSERT INTO record_players (player_id, finished_at_ms, game_id, seat)"
     " SELECT s.player_id, $2, t.game_id, s.seat FROM seats s JOIN tables t ON t.id = s.table_ref"
     " WHERE s.table_ref = $1 AND NOT s.is_bot AND s.player_id <> '' ON CONFLICT DO NOTHING"},
    {"set_table_state", "UPDATE tables SET state = $2, finished_at_ms = $3 WHERE id = $1"},
    {"load_tables",
     "SELECT id, table_id, game, options, seat_count, visibility, allow_spectators,"
     " clock_bank_ms, clock_increment_ms, invite_code, host_player_id, created_at_ms, extra,"
     " state, game_id, seed, salt, commitment, started_at_ms, start_clock"
     " FROM tables WHERE state < 3 ORDER BY id"},
    {"load_seats",
     "SELECT table_ref, seat, player_id, display_name, token_hash, is_bot FROM seats"
     " WHERE table_ref IN (SELECT id FROM tables WHERE state < 3) ORDER BY table_ref, seat"},
    {"load_actions",
     "SELECT table_ref, seq, seat, action, clock, at_ms FROM actions"
     " WHERE table_ref IN (SELECT id FROM tables WHERE state < 3) ORDER BY table_ref, seq"},
    // The same three, for the tables a node has just claimed ($1: their ids, '{1,2,3}').
    {"load_tables_in",
     "SELECT id, table_id, game, options, seat_count, visibility, allow_spectators,"
     " clock_bank_ms, clock_increment_ms, invite_code, host_player_id, created_at_ms, extra,"
     " state, game_id, seed, salt, commitment, started_at_ms, start_clock"
     " FROM tables WHERE id = ANY($1::bigint[]) ORDER BY id"},
    {"load_seats_in",
     "SELECT table_ref, seat, player_id, display_name, token_hash, is_bot FROM seats"
     " WHERE table_ref = ANY($1::bigint[]) ORDER BY table_ref, seat"},
    {"load_actions_in",
     "SELECT table_ref, seq, seat, action, clock, at_ms FROM actions"
     " WHERE table_ref = ANY($1::bigint[]) ORDER BY table_ref, seq"},
    {"list_finished",
     "SELECT r.game_id, t.table_id, r.game, p.seat, r.finished_at_ms, r.summary"
     " FROM record_players p JOIN records r ON r.game_id = p.game_id"
     " JOIN tables t ON t.id = r.table_ref"
     " WHERE p.player_id = $1 ORDER BY p.finished_at_ms DESC, p.game_id LIMIT $2"},
    {"select_record", "SELECT record FROM records WHERE game_id = $1"},
    {"upsert_session",
     "INSERT INTO sessions (player_id, display_name, token_hash, created_at_ms, last_seen_ms)"
     " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (player_id) DO UPDATE SET"
     " display_name = excluded.display_name, token_hash = excluded.token_hash,"
     " created_at_ms = excluded.created_at_ms, last_seen_ms = excluded.last_seen_ms"},
    {"select_session",
     "SELECT player_id, display_name, token_hash, created_at_ms, last_seen_ms FROM sessions"
     " WHERE token_hash = $1"},
    {"update_session_seen", "UPDATE sessions SET last_seen_ms = $2 WHERE player_id = $1"},
    {"delete_old_sessions", "DELETE FROM sessions WHERE last_seen_ms < $1"},
    {"delete_player_session", "DELETE FROM sessions WHERE player_id = $1"},
};

// A node's name in the database: its configured name and a random part, so that a node
// restarted under the same name is a new owner (its old leases run out, or were let go of)
// and two nodes given one name by mistake never share a fence.
std::string node_instance(const std::string& name) {
  std::random_device rd;
  std::uniform_int_distribution<std::uint32_t> d;
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", d(rd));
  return name + "/" + hex;
}

std::string lost_lease(const std::string& table_id) {
  return "table \"" + table_id +
         "\" belongs to another node now (this node's lease on it ended); nothing was written";
}

}  // namespace

bool postgres_store::is_address(const std::string& database) {
  return database.starts_with("postgres://") || database.starts_with("postgresql://");
}

struct postgres_store::impl {
  std::string conninfo;
  postgres_options options;
  PGconn* conn = nullptr;
  std::mutex mutex;  // guards conn and `tables`: one statement at a time on the connection
  std::unordered_map<std::string, table_slot> tables;
  std::string lost_ownership;  // set once another server has taken the database
  // One of several nodes (postgres_options::node): this node's name in `owner_node`.
  // Empty: the only server on the database.
  std::string node_id;
  std::string cluster_id;  // crownhall_cluster.id, read on connecting
  int schema_version = 0;  // crownhall_schema.version, read on connecting
  // Set when the last table write was refused for this node's lost lease (not a failure
  // of the link): such a write is known not to be stored.
  bool lease_lost = false;
  // Whether this node may claim lapsed leases yet (set in open(): it needs the lease).
  std::optional<detail::database_reach> reach;
  // Several nodes: where another node's table lives is asked on a connection of its own
  // (postgres_lookup_link), made at the first look-up.
  std::optional<detail::postgres_lookup_link> lookups;
  // Accounts' rows, on this connection and under this mutex.
  detail::postgres_accounts accounts{mutex, [this]() -> result<PGconn*> {
                                       if (auto st = ensure_connected(); !st) return st;
                                       return conn;
                                     }};
  // Moderation's rows, the same.
  detail::postgres_moderation moderation{mutex, [this]() -> result<PGconn*> {
                                           if (auto st = ensure_connected(); !st) return st;
                                           return conn;
                                         }};

  bool node() const { return !node_id.empty(); }

  ~impl() {
    // A node that closes its store lets go of its tables, so that another node takes them
    // at once (a deploy); one that dies leaves them until its leases run out.
    if (conn && node() && lost_ownership.empty() && PQstatus(conn) == CONNECTION_OK)
      pg_params().text(node_id).exec(conn, "release_tables");
    if (conn) PQfinish(conn);
  }

  status fail(std::string_view what) const {
    return status::failure(std::string(what) + ": " + trimmed(PQerrorMessage(conn)));
  }
  status fail(std::string_view what, const pg_result& r) const {
    return status::failure(detail::failure_of(conn, what, r));
  }

  std::string prepare_all() {
    if (auto e = detail::prepare_statements(conn, statements); !e.empty()) return e;
    if (auto e = detail::prepare_statements(conn, detail::postgres_identities::statements());
        !e.empty())
      return e;
    if (auto e = detail::prepare_statements(conn, detail::postgres_accounts::statements());
        !e.empty())
      return e;
    if (auto e = detail::prepare_statements(conn, detail::postgres_deals::statements()); !e.empty())
      return e;
    return detail::prepare_statements(conn, detail::postgres_moderation::statements());
  }

  // One server owns a database, as one owns a SQLite data directory: it holds this
  // session-level advisory lock on its connection, and PostgreSQL lets go of it when the
  // connection ends. Two servers on one database would each rebuild and play the same
  // tables. (Several nodes sharing one database own its tables by leases instead.)
  // Nodes sharing a database take the same lock shared: a server alone on it refuses to
  // start beside them, and they beside it.
  bool take_ownership() {
    pg_result r = exec(node() ? "SELECT pg_try_advisory_lock_shared(1129467464, 1)"
                              : "SELECT pg_try_advisory_lock(1129467464, 1)");
    return r.ok() && r.rows() == 1 && r.boolean(0, 0);
  }

  // Session settings: the durability level (postgres_options) is synchronous_commit; and
  // PostgreSQL notices a dead server (its machine gone, not just its process) within about
  // 25 seconds and releases its lock, instead of the kernel's two hours of silence.
  std::string configure_session() {
    const char* commit = options.level == durability::power_loss ? "SET synchronous_commit = on"
                                                                 : "SET synchronous_commit = off";
    for (const char* sql : {commit, "SET tcp_keepalives_idle = 10",
                            "SET tcp_keepalives_interval = 5", "SET tcp_keepalives_count = 3"})
      if (pg_result r = exec(sql); !r.ok())
        return std::string(sql) + ": " + trimmed(PQresultErrorMessage(r.get()));
    return {};
  }

  std::string connect() {
    conn = PQconnectdb(conninfo.c_str());
    if (PQstatus(conn) != CONNECTION_OK)
      return "cannot connect to PostgreSQL: " + trimmed(PQerrorMessage(conn));
    // Notices (such as "relation already exists" during a migration) are not for our log.
    PQsetNoticeProcessor(
        conn, [](void*, const char*) {}, nullptr);
    if (auto e = configure_session(); !e.empty()) return e;
    if (auto e = detail::migrate_postgres(conn); !e.empty()) return e;
    if (pg_result r = exec("SELECT version FROM crownhall_schema"); r.ok() && r.rows() == 1)
      schema_version = r.int32(0, 0);
    else
      return "read the schema version: " + trimmed(PQerrorMessage(conn));
    if (pg_result r = exec("SELECT id FROM crownhall_cluster"); r.ok() && r.rows() == 1)
      cluster_id = std::string(r.text(0, 0));
    else
      return "read the cluster's id: " + trimmed(PQerrorMessage(conn));
    // A server restarted right after a crash may find the old one's lock still held for a
    // moment, until PostgreSQL has seen that connection end.
    for (int waited = 0; !take_ownership(); waited += 100) {
      if (waited >= options.ownership_wait_ms)
        return "the database is in use by another crownhall server (it holds the database's "
               "lock; a server whose machine died lets go within about 30 seconds)";
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return prepare_all();
  }

  // A connection that broke (the server restarted, the network dropped) is opened again
  // before the next statement; the statement that saw it break has already failed, so
  // the table forgets that action, as with any failed write (docs/storage.md). If another
  // server took the database meanwhile, this one never writes again: its tables are that
  // server's now.
  status ensure_connected() {
    if (!lost_ownership.empty()) return status::failure(lost_ownership);
    if (PQstatus(conn) == CONNECTION_OK) return status::success();
    PQreset(conn);
    if (PQstatus(conn) != CONNECTION_OK) return fail("PostgreSQL connection lost");
    if (auto e = configure_session(); !e.empty()) return status::failure(e);
    if (!take_ownership()) {
      lost_ownership =
          "another crownhall server took over the database while this one was "
          "disconnected; this server no longer writes to it";
      return status::failure(lost_ownership);
    }
    if (auto e = prepare_all(); !e.empty()) return status::failure(e);
    return status::success();
  }

  pg_result exec(const char* sql) { return pg_result(PQexec(conn, sql)); }

  status run(const char* name, const pg_params& p, std::string_view what) {
    auto r = p.exec(conn, name);
    return r.ok() ? status::success() : fail(what, r);
  }

  status begin_tx() {
    auto r = exec("BEGIN");
    return r.ok() ? status::success() : fail("begin", r);
  }
  status commit_tx() {
    auto r = exec("COMMIT");
    return r.ok() ? status::success() : fail("commit", r);
  }
  void rollback_tx() { exec("ROLLBACK"); }
  // Runs `body` (returning status) in a transaction: committed when it succeeds.
  template <class F>
  status in_transaction(F body) {
    if (auto st = begin_tx(); !st) return st;
    if (auto st = body(); !st) {
      rollback_tx();
      return st;
    }
    return commit_tx();
  }

  // Finds a table: `out` is its slot, or nullptr when there is no such table.
  status find_slot(const std::string& table_id, table_slot*& out) {
    out = nullptr;
    if (auto it = tables.find(table_id); it != tables.end()) {
      out = &it->second;
      return status::success();
    }
    auto r = pg_params().text(table_id).text(node_id).exec(conn, "find_table");
    if (!r.ok()) return fail("find table", r);
    if (r.rows() == 0) return status::success();
    table_slot s{r.int64(0, 0), static_cast<table_state>(r.int32(0, 1)), r.int64(0, 2) + 1,
                 r.boolean(0, 3) ? r.int64(0, 4) : 0};
    out = &tables.emplace(table_id, s).first->second;
    return status::success();
  }

  // The slot of an existing table, or nullptr and why. Reconnects first if need be.
  table_slot* slot(const std::string& table_id, status& error) {
    table_slot* t = nullptr;
    error = ensure_connected();
    if (!error) return nullptr;
    error = find_slot(table_id, t);
    if (error && !t) error = status::failure("no table \"" + table_id + "\"");
    return t;
  }

  static pg_params config_params(std::int64_t ref_or_none, const std::string* table_id,
                                 const table_config& c) {
    pg_params p;
    if (table_id)
      p.text(*table_id);
    else
      p.number(ref_or_none);
    p.text(c.game)
        .text(c.options_json)
        .number(c.seat_count)
        .number(static_cast<int>(c.visibility))
        .boolean(c.allow_spectators)
        .number(c.clock.bank_ms)
        .number(c.clock.increment_ms)
        .text(c.invite_code)
        .text(c.host_player_id)
        .number(c.created_at_ms)
        .text(c.extra_json);
    return p;
  }

  // Runs the writes of `body` (returning status) to table `t`. A server alone on its
  // database runs them as they are (`atomic`: in one transaction). A node runs them in a
  // transaction that first takes the table's row, shared, with this node's fence: a node
  // that has lost the table writes nothing, and a node claiming it waits until these
  // writes are in (and then loads them).
  template <class F>
  status write_table(const std::string& table_id, const table_slot& t, bool atomic, F body) {
    if (!node()) return atomic ? in_transaction(body) : body();
    return in_transaction([&] {
      auto r = pg_params().number(t.ref).text(node_id).number(t.fence).exec(conn, "check_fence");
      if (!r.ok()) return fail("check lease", r);
      if (r.rows() == 0) {
        lease_lost = true;
        return status::failure(lost_lease(table_id));
      }
      return body();
    });
  }

  // After a failed append: whether these very actions are in the log all the same. A link
  // that breaks after PostgreSQL committed but before its answer arrived leaves a commit
  // the store cannot see; refusing it would make the table forget actions that are stored,
  // and every later append of that table would be refused for its number.
  bool already_stored(const table_slot& t, std::span<const action_entry> entries) {
    if (!ensure_connected()) return false;
    auto r = pg_params().number(t.ref).number(t.next_seq).exec(conn, "stored_actions");
    if (!r.ok() || r.rows() != static_cast<int>(entries.size())) return false;
    for (int i = 0; i < r.rows(); ++i) {
      const auto& e = entries[static_cast<std::size_t>(i)];
      if (r.int32(i, 0) != e.seat || r.text(i, 1) != e.action_json) return false;
    }
    return true;
  }

  static pg_params action_params(const table_slot& t, const action_entry& e) {
    pg_params p;
    p.number(t.ref)
        .number(e.seq)
        .number(e.seat)
        .text(e.action_json)
        .text(clock_to_text(e.clock_ms))
        .number(e.at_ms);
    return p;
  }

  status insert_actions(const table_slot& t, std::span<const action_entry> entries) {
    for (const auto& e : entries)
      if (auto st = run("insert_action", action_params(t, e), "append action"); !st) return st;
    return status::success();
  }

  // A node's single action: stored with its fence check in one statement.
  status insert_action_fenced(const std::string& table_id, const table_slot& t,
                              const action_entry& e) {
    auto r = action_params(t, e).text(node_id).number(t.fence).exec(conn, "insert_action_fenced");
    if (!r.ok()) return fail("append action", r);
    if (r.affected() == 0) {
      lease_lost = true;
      return status::failure(lost_lease(table_id));
    }
    return status::success();
  }

  // Claims up to `limit` tables nobody holds and loads them (`with_own`: and those this
  // node held already), in one transaction: the claim holds their rows until the load has
  // read them.
  result<std::vector<stored_table>> take_over(int limit, bool with_own) {
    if (auto st = ensure_connected(); !st) return st;
    std::unordered_map<std::int64_t, std::int64_t> fences;  // of the claimed tables, by ref
    detail::stored_tables_builder built;
    auto st = in_transaction([&] {
      auto now = pg_params().exec(conn, "database_clock");
      if (!now.ok() || now.rows() != 1) return fail("read the database's clock", now);
      const std::int64_t reached_at_ms = now.int64(0, 0);
      const bool lapsed_too = reach->reached(reached_at_ms);
      auto c = pg_params()
                   .text(node_id)
                   .number(options.lease_ms)
                   .number(limit)
                   .boolean(lapsed_too)
                   .number(reached_at_ms)
                   .exec(conn, "claim_tables");
      if (!c.ok()) return fail("claim tables", c);
      if (with_own) {
        c = pg_params().text(node_id).exec(conn, "owned_tables");
        if (!c.ok()) return fail("find own tables", c);
      }
      if (c.rows() == 0) return status::success();
      std::string refs = "{";
      for (int i = 0; i < c.rows(); ++i) {
        fences.emplace(c.int64(i, 0), c.int64(i, 1));
        refs += (i ? "," : "") + std::to_string(c.int64(i, 0));
      }
      refs += "}";
      auto q = pg_params().text(refs).exec(conn, "load_tables_in");
      if (!q.ok()) return fail("load tables", q);
      for (int i = 0; i < q.rows(); ++i)
        if (auto s = built.add_table(pg_row{q, i}); !s) return s;
      q = pg_params().text(refs).exec(conn, "load_seats_in");
      if (!q.ok()) return fail("load seats", q);
      for (int i = 0; i < q.rows(); ++i) built.add_seat(pg_row{q, i});
      q = pg_params().text(refs).exec(conn, "load_actions_in");
      if (!q.ok()) return fail("load actions", q);
      for (int i = 0; i < q.rows(); ++i)
        if (auto s = built.add_action(pg_row{q, i}); !s) return s;
      return status::success();
    });
    if (!st) return st;
    built.remember(tables);
    for (auto& [id, slot] : tables)
      if (auto f = fences.find(slot.ref); f != fences.end()) slot.fence = f->second;
    return built.take();
  }
};

postgres_store::postgres_store(std::unique_ptr<impl> p) : impl_(std::move(p)) {}
postgres_store::~postgres_store() = default;

result<std::unique_ptr<postgres_store>> postgres_store::open(const std::string& conninfo,
                                                             const postgres_options& options) {
  auto p = std::make_unique<impl>();
  p->conninfo = conninfo;
  p->options = options;
  if (!options.node.empty()) p->node_id = node_instance(options.node);
  p->reach.emplace(options.lease_ms);
  p->lookups.emplace(conninfo, options.node.empty()
                                   ? std::string("crownhall look-ups")
                                   : "crownhall look-ups (node " + options.node + ")");
  if (auto e = p->connect(); !e.empty()) return status::failure(std::move(e));
  return std::unique_ptr<postgres_store>(new postgres_store(std::move(p)));
}

status postgres_store::save_table(const table_config& config) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  if (auto st = d.ensure_connected(); !st) return st;
  table_slot* t = nullptr;
  if (auto st = d.find_slot(config.table_id, t); !st) return st;
  if (t)
    return d.write_table(config.table_id, *t, false, [&] {
      return d.run("update_table", impl::config_params(t->ref, nullptr, config), "save table");
    });
  auto p = impl::config_params(0, &config.table_id, config);
  if (d.node())
    p.text(d.node_id);
  else
    p.null();
  auto r = p.number(d.options.lease_ms).exec(d.conn, "insert_table");
  if (!r.ok() || r.rows() != 1) return d.fail("create table", r);
  d.tables[config.table_id] = {r.int64(0, 0), table_state::waiting, 1, 1};
  return status::success();
}

status postgres_store::save_seat(const std::string& table_id, const seat_entry& seat) {
  return detail::on_table_slot(*impl_, table_id, [&](impl& d, detail::table_slot* t) -> status {
    pg_params p;
    p.number(t->ref).number(seat.seat).text(seat.player_id).text(seat.display_name);
    if (seat.token_hash)
      p.bytes(seat.token_hash->bytes());
    else
      p.null();
    p.boolean(seat.is_bot);
    return d.write_table(table_id, *t, false, [&] { return d.run("upsert_seat", p, "save seat"); });
  });
}

status postgres_store::clear_seat(const std::string& table_id, int seat) {
  return detail::on_table_slot(*impl_, table_id, [&](impl& d, detail::table_slot* t) -> status {
    return d.write_table(table_id, *t, false, [&] {
      return d.run("delete_seat", pg_params().number(t->ref).number(seat), "clear seat");
    });
  });
}

status postgres_store::start_game(const std::string& table_id, const game_start& start) {
  return detail::on_table_slot(*impl_, table_id, [&](impl& d, detail::table_slot* t) -> status {
    if (auto st = detail::check_startable(table_id, *t); !st) return st;
    auto st = d.write_table(table_id, *t, true, [&] {
      if (auto s = d.run("delete_actions", pg_params().number(t->ref), "start game"); !s) return s;
      return d.run("start_table",
                   pg_params()
                       .number(t->ref)
                       .text(start.game_id)
                       .number(seed_to_sql(start.seed))
                       .text(start.salt)
                       .text(start.commitment)
                       .number(start.started_at_ms)
                       .text(clock_to_text(start.clock_ms)),
                   "start game");
    });
    if (!st) return st;
    t->state = table_state::playing;
    t->next_seq = 1;
    return status::success();
  });
}

status postgres_store::append_action(const std::string& table_id, const action_entry& entry) {
  return append_actions(table_id, std::span<const action_entry>(&entry, 1));
}

status postgres_store::append_actions(const std::string& table_id,
                                      std::span<const action_entry> entries) {
  if (entries.empty()) return status::success();
  return detail::on_table_slot(*impl_, table_id, [&](impl& d, detail::table_slot* t) -> status {
    if (auto st = detail::check_appendable(table_id, *t, entries); !st) return st;
    // One statement outside a transaction is its own transaction: committed when it returns.
    status st;
    d.lease_lost = false;
    if (entries.size() == 1 && d.node())
      st = d.insert_action_fenced(table_id, *t, entries[0]);
    else
      st = d.write_table(table_id, *t, entries.size() > 1,
                         [&] { return d.insert_actions(*t, entries); });
    // A refused fence is no lost answer: the actions at these numbers, if any, are another
    // node's, even should they be the same moves.
    if (!st && (d.lease_lost || !d.already_stored(*t, entries))) return st;
    t->next_seq += static_cast<std::int64_t>(entries.size());
    return status::success();
  });
}

status postgres_store::finish_table(const std::string& table_id, const finished_game& game) {
  return detail::on_table_slot(*impl_, table_id, [&](impl& d, detail::table_slot* t) -> status {
    if (auto st = detail::check_playing(table_id, *t); !st) return st;
    auto st = d.write_table(table_id, *t, true, [&] {
      auto s = d.run("insert_record",
                     pg_params()
                         .number(t->ref)
                         .number(game.finished_at_ms)
                         .text(game.summary_json)
                         .text(game.record_json),
                     "store game record");
      if (s)
        s = d.run("insert_record_players", pg_params().number(t->ref).number(game.finished_at_ms),
                  "list game in players' history");
      if (s) s = d.run("delete_actions", pg_params().number(t->ref), "drop log");
      if (s)
        s = d.run("set_table_state",
                  pg_params()
                      .number(t->ref)
                      .number(static_cast<int>(table_state::finished))
                      .number(game.finished_at_ms),
                  "mark table finished");
      return s;
    });
    if (!st) return st;
    if (d.node())
      t->state = table_state::finished;  // the slot keeps this node's fence
    else
      d.tables.erase(table_id);  // a finished table is read again only if it plays again
    return status::success();
  });
}

status postgres_store::close_table(const std::string& table_id) {
  return detail::on_table_slot(*impl_, table_id, [&](impl& d, detail::table_slot* t) -> status {
    auto st = d.write_table(table_id, *t, true, [&] {
      auto s = d.run("delete_actions", pg_params().number(t->ref), "close table");
      if (s)
        s = d.run("set_table_state",
                  pg_params().number(t->ref).number(static_cast<int>(table_state::closed)).null(),
                  "close table");
      return s;
    });
    if (!st) return st;
    d.tables.erase(table_id);
    return status::success();
  });
}

result<std::vector<stored_table>> postgres_store::load_in_progress() {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  // A node's tables: those it holds, and those no other node holds (claimed now).
  if (d.node()) return d.take_over(std::numeric_limits<int>::max(), true);
  if (auto st = d.ensure_connected(); !st) return st;
  // One snapshot for the three queries, so they see the same moment.
  if (auto r = d.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); !r.ok())
    return d.fail("begin", r);
  auto abort = [&](status st) -> status {
    d.rollback_tx();
    return st;
  };
  detail::stored_tables_builder built;
  {
    auto q = pg_params().exec(d.conn, "load_tables");
    if (!q.ok()) return abort(d.fail("load tables", q));
    for (int i = 0; i < q.rows(); ++i)
      if (auto st = built.add_table(pg_row{q, i}); !st) return abort(st);
  }
  {
    auto q = pg_params().exec(d.conn, "load_seats");
    if (!q.ok()) return abort(d.fail("load seats", q));
    for (int i = 0; i < q.rows(); ++i) built.add_seat(pg_row{q, i});
  }
  {
    auto q = pg_params().exec(d.conn, "load_actions");
    if (!q.ok()) return abort(d.fail("load actions", q));
    for (int i = 0; i < q.rows(); ++i)
      if (auto st = built.add_action(pg_row{q, i}); !st) return abort(st);
  }
  d.rollback_tx();  // read only: nothing to commit
  built.remember(d.tables);
  return built.take();
}

result<std::vector<finished_summary>> postgres_store::list_finished_for_player(
    const std::string& player_id, int limit) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  if (auto st = d.ensure_connected(); !st) return st;
  auto q = pg_params().text(player_id).number(limit).exec(d.conn, "list_finished");
  if (!q.ok()) return d.fail("list finished games", q);
  std::vector<finished_summary> out;
  for (int i = 0; i < q.rows(); ++i) out.push_back(detail::summary_from_row(pg_row{q, i}));
  return out;
}

result<std::optional<std::string>> postgres_store::get_record(const std::string& game_id) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  if (auto st = d.ensure_connected(); !st) return st;
  auto q = pg_params().text(game_id).exec(d.conn, "select_record");
  if (!q.ok()) return d.fail("read game record", q);
  if (q.rows() == 0) return std::optional<std::string>();
  return std::optional<std::string>(std::string(q.text(0, 0)));
}

status postgres_store::save_session(const session_entry& s) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  if (auto st = d.ensure_connected(); !st) return st;
  return d.run("upsert_session",
               pg_params()
                   .text(s.player_id)
                   .text(s.display_name)
                   .bytes(s.token_hash.bytes())
                   .number(s.created_at_ms)
                   .number(s.last_seen_ms),
               "save session");
}

result<std::optional<session_entry>> postgres_store::find_session(const secret_hash& token_hash) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  if (auto st = d.ensure_connected(); !st) return st;
  auto q = pg_params().bytes(token_hash.bytes()).exec(d.conn, "select_session");
  if (!q.ok()) return d.fail("find session", q);
  if (q.rows() == 0) return std::optional<session_entry>();
  auto s = detail::session_from_row(pg_row{q, 0});
  if (!s) return status::failure(s.error());
  return std::optional<session_entry>(std::move(*s));
}

status postgres_store::touch_session(const std::string& player_id, millis at_ms) {
  return touch_sessions(std::span<const std::string>(&player_id, 1), at_ms);
}

status postgres_store::touch_sessions(std::span<const std::string> player_ids, millis at_ms) {
  if (player_ids.empty()) return status::success();
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  if (auto st = d.ensure_connected(); !st) return st;
  return d.in_transaction([&] {
    for (const auto& id : player_ids)
      if (auto st =
              d.run("update_session_seen", pg_params().text(id).number(at_ms), "touch sessions");
          !st)
        return st;
    return status::success();
  });
}

const std::string& postgres_store::node_id() const { return impl_->node_id; }
const std::string& postgres_store::cluster_id() const { return impl_->cluster_id; }

result<std::vector<stored_table>> postgres_store::take_over_tables(int limit, int nodes_sharing) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  if (!d.node()) return std::vector<stored_table>{};
  if (nodes_sharing > 1) {
    // This node's share of every live table, rounded up (so that the shares cover them all).
    if (auto st = d.ensure_connected(); !st) return st;
    auto q = pg_params().text(d.node_id).exec(d.conn, "table_shares");
    if (!q.ok() || q.rows() != 1) return d.fail("count tables", q);
    const std::int64_t total = q.int64(0, 0), mine = q.int64(0, 1);
    const std::int64_t share = (total + nodes_sharing - 1) / nodes_sharing;
    if (mine >= share) return std::vector<stored_table>{};
    limit = static_cast<int>(std::min<std::int64_t>(limit, share - mine));
  }
  return d.take_over(limit, false);
}

result<std::vector<std::string>> postgres_store::renew_leases() {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  std::vector<std::string> lost;
  if (!d.node()) return lost;
  if (auto st = d.ensure_connected(); !st) return st;
  auto q = pg_params().text(d.node_id).number(d.options.lease_ms).exec(d.conn, "renew_leases");
  if (!q.ok()) return d.fail("renew leases", q);
  std::unordered_map<std::string_view, std::int64_t> held;
  for (int i = 0; i < q.rows(); ++i) held.emplace(q.text(i, 0), q.int64(i, 1));
  for (auto& [id, slot] : d.tables) {
    if (slot.fence == 0) continue;
    auto it = held.find(id);
    if (it != held.end() && it->second == slot.fence) continue;
    slot.fence = 0;
    lost.push_back(id);
  }
  for (const auto& id : lost) d.tables.erase(id);
  return lost;
}

status postgres_store::release_table(const std::string& table_id) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  if (!d.node()) return status::success();
  auto it = d.tables.find(table_id);
  if (it == d.tables.end() || it->second.fence == 0) return status::success();
  if (auto st = d.ensure_connected(); !st) return st;
  const table_slot t = it->second;
  d.tables.erase(it);
  return d.run("release_table", pg_params().number(t.ref).text(d.node_id).number(t.fence),
               "release table");
}

status postgres_store::release_tables() {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  if (!d.node()) return status::success();
  if (auto st = d.ensure_connected(); !st) return st;
  d.tables.clear();
  return d.run("release_tables", pg_params().text(d.node_id), "release tables");
}

result<std::optional<table_home>> postgres_store::find_table_home(const std::string& id_or_invite) {
  // Not under the writing connection's lock: a look-up waits for nothing a move writes.
  return impl_->lookups->table_home_of(id_or_invite);
}

int postgres_store::opened_schema_version() const { return impl_->schema_version; }

status postgres_store::check_health() {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  // A link that broke since the last statement shows only when used: then one more try,
  // on a new connection.
  for (int attempt = 0;; ++attempt) {
    if (auto st = d.ensure_connected(); !st) return st;
    auto r = d.exec("SELECT 1");
    if (r.ok()) return status::success();
    if (attempt == 1 || PQstatus(d.conn) == CONNECTION_OK) return d.fail("health check", r);
  }
}

result<std::size_t> postgres_store::expire_sessions(millis cutoff_ms) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  if (auto st = d.ensure_connected(); !st) return st;
  auto q = pg_params().number(cutoff_ms).exec(d.conn, "delete_old_sessions");
  if (!q.ok()) return d.fail("expire sessions", q);
  return q.affected();
}

result<bool> postgres_store::forget_session(const std::string& player_id) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  if (auto st = d.ensure_connected(); !st) return st;
  auto q = pg_params().text(player_id).exec(d.conn, "delete_player_session");
  if (!q.ok()) return d.fail("forget session", q);
  return q.affected() > 0;
}

status postgres_store::let_go_of_deleted() {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  if (auto st = d.ensure_connected(); !st) return st;
  auto q = d.exec(
      "VACUUM accounts, passkeys, password_hashes, sessions, guest_identities, seats,"
      " profile_settings");
  if (!q.ok()) return d.fail("vacuum the tables of people", q);
  return status::success();
}

// Guest identities: postgres_identities.cpp holds their statements.
namespace pgi = detail::postgres_identities;

status postgres_store::save_identity(const identity_entry& identity) {
  std::lock_guard lk(impl_->mutex);
  if (auto st = impl_->ensure_connected(); !st) return st;
  return pgi::save(impl_->conn, identity);
}

result<std::optional<identity_entry>> postgres_store::find_identity(const secret_hash& token_hash) {
  std::lock_guard lk(impl_->mutex);
  if (auto st = impl_->ensure_connected(); !st) return st;
  return pgi::find(impl_->conn, token_hash);
}

result<bool> postgres_store::revoke_identity(const secret_hash& token_hash, millis at_ms) {
  std::lock_guard lk(impl_->mutex);
  if (auto st = impl_->ensure_connected(); !st) return st;
  return pgi::revoke(impl_->conn, token_hash, at_ms);
}

result<std::vector<identity_entry>> postgres_store::list_identities(const std::string& player_id) {
  std::lock_guard lk(impl_->mutex);
  if (auto st = impl_->ensure_connected(); !st) return st;
  return pgi::list(impl_->conn, player_id);
}

status postgres_store::rename_player(const std::string& player_id,
                                     const std::string& display_name) {
  std::lock_guard lk(impl_->mutex);
  if (auto st = impl_->ensure_connected(); !st) return st;
  return pgi::rename(impl_->conn, player_id, display_name);
}

// Repeated deals: postgres_deals.cpp holds their statements.
result<bool> postgres_store::claim_deal(std::uint64_t seed, millis at_ms) {
  std::lock_guard lk(impl_->mutex);
  if (auto st = impl_->ensure_connected(); !st) return st;
  return detail::postgres_deals::claim(impl_->conn, seed, at_ms);
}

status postgres_store::release_deal(std::uint64_t seed) {
  std::lock_guard lk(impl_->mutex);
  if (auto st = impl_->ensure_connected(); !st) return st;
  return detail::postgres_deals::release(impl_->conn, seed);
}

account_store& postgres_store::accounts() { return impl_->accounts; }

moderation_store& postgres_store::moderation() { return impl_->moderation; }

}  // namespace crownhall::store
