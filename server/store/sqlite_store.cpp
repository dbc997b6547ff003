// Over 700 lines: the one class that speaks to SQLite, its statements, transactions and
// its checkpointer thread sharing one connection (impl); the checkpointer is the part to
// move out next (the table calls' opening is shared already: detail::on_table_slot).
#include "server/store/sqlite_store.hpp"

#include <atomic>
#include <charconv>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <thread>
#include <unordered_map>

#include <sqlite3.h>

#include "server/store/clock_text.hpp"
#include "server/store/dir_lock.hpp"
#include "server/store/sqlite_accounts.hpp"
#include "server/store/sqlite_identities.hpp"
#include "server/store/sqlite_moderation.hpp"
#include "server/store/sqlite_schema.hpp"
#include "server/store/sqlite_statement.hpp"
#include "server/store/stored_rows.hpp"
#include "server/store/table_slot.hpp"

namespace crownhall::store {

namespace {

using detail::clock_to_text;
using detail::seed_to_sql;
using detail::sqlite_row;
using detail::sqlite_statement;
using detail::statement_use;

// Pages in the write-ahead log after which the checkpointer is woken early.
constexpr int checkpoint_pages = 1000;

}  // namespace

// Named, not anonymous: sqlite_store::impl holds connections, and a type with a name outside
// this file may not hold one that has none.
namespace detail {
struct sqlite_connection {
  sqlite3* db = nullptr;
  ~sqlite_connection() { close(); }
  void close() {
    if (db) sqlite3_close_v2(db);
    db = nullptr;
  }
};
}  // namespace detail
using detail::sqlite_connection;

namespace {
// Each connection's page cache, in KiB (negative: a size, not a page count).
constexpr const char* page_cache_pragma = "PRAGMA cache_size=-2048";
}  // namespace

std::int64_t sqlite_store::heap_bytes() { return sqlite3_memory_used(); }

struct sqlite_store::impl {
  using table_slot = detail::table_slot;

  std::filesystem::path path;
  sqlite_options options;
  detail::dir_lock lock;
  sqlite_connection conn;

  std::mutex mutex;  // guards conn, every statement and `tables`
  std::unordered_map<std::string, table_slot> tables;

  sqlite_statement begin, begin_read, commit, rollback;
  sqlite_statement find_table, insert_table, update_table;
  sqlite_statement upsert_seat, delete_seat;
  sqlite_statement start_table, delete_actions, insert_action;
  sqlite_statement insert_record, insert_record_players, set_table_state;
  sqlite_statement load_tables, load_seats, load_actions;
  sqlite_statement list_finished, select_record;
  sqlite_statement upsert_session, select_session, update_session_seen, delete_old_sessions,
      delete_player_session;
  detail::sqlite_identities identities;         // guest identities' rows, on this connection
  detail::sqlite_accounts accounts{mutex};      // accounts' rows, on this connection and mutex
  detail::sqlite_moderation moderation{mutex};  // moderation's rows, the same

  // The background checkpointer and its own connection.
  sqlite_connection checkpoint_conn;
  std::thread checkpointer;
  std::mutex checkpoint_mutex;
  std::condition_variable checkpoint_wake;
  bool checkpoint_stop = false;
  std::atomic<bool> checkpoint_due{false};

  bool opened = false;     // open() succeeded
  int schema_version = 0;  // PRAGMA user_version once migrated

  ~impl() { shutdown(); }

  status fail(std::string_view what) const {
    return status::failure(std::string(what) + ": " + sqlite3_errmsg(conn.db) + " (" +
                           path.string() + ")");
  }

  std::string exec(sqlite3* db, const char* sql) {
    char* msg = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &msg) == SQLITE_OK) return {};
    std::string e = std::string(sql) + ": " + (msg ? msg : sqlite3_errmsg(db));
    sqlite3_free(msg);
    return e;
  }

  std::string open_connection(sqlite3*& db) {
    const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
    if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK)
      return std::string("cannot open database: ") + (db ? sqlite3_errmsg(db) : "out of memory");
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, options.busy_timeout_ms);
    return {};
  }

  std::string open() {
    if (auto e = open_connection(conn.db); !e.empty()) return e;
    // The migration reads the header first, so a file that is not a database fails here
    // before anything is written to it.
    if (auto e = detail::migrate(conn.db); !e.empty()) return e;
    {
      sqlite3_stmt* s = nullptr;
      if (sqlite3_prepare_v2(conn.db, "PRAGMA user_version", -1, &s, nullptr) == SQLITE_OK &&
          sqlite3_step(s) == SQLITE_ROW)
        schema_version = sqlite3_column_int(s, 0);
      sqlite3_finalize(s);
    }
    {
      sqlite3_stmt* s = nullptr;
      std::string mode;
      if (sqlite3_prepare_v2(conn.db, "PRAGMA journal_mode=WAL", -1, &s, nullptr) == SQLITE_OK &&
          sqlite3_step(s) == SQLITE_ROW)
        mode = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
      sqlite3_finalize(s);
      if (mode != "wal")
        return "cannot switch to WAL mode: " + std::string(sqlite3_errmsg(conn.db));
    }
    const char* sync = options.level == durability::power_loss ? "PRAGMA synchronous=FULL"
                                                               : "PRAGMA synchronous=NORMAL";
    // The page cache is bounded on purpose: SQLite keeps every page it has
    // touched up to cache_size, so a 16 MiB cache made the server's memory grow with the
    // database for hours (~25 KB/s at 800 clients). The hot pages — the ends of the
    // action log and the records — fit in 2 MiB; the rest is in the OS file cache
    // (docs/performance.md, "Memory under steady load").
    // secure_delete: a name removed with its account (or replaced by "former player") is
    // overwritten with zeros in the file, not left in a page's free space to be read back.
    for (const char* sql :
         {sync, "PRAGMA foreign_keys=OFF", "PRAGMA temp_store=MEMORY", page_cache_pragma,
          "PRAGMA mmap_size=268435456", "PRAGMA secure_delete=ON"})
      if (auto e = exec(conn.db, sql); !e.empty()) return e;
    if (auto e = prepare_all(); !e.empty()) return e;
    if (options.background_checkpoint) {
      if (auto e = start_checkpointer(); !e.empty()) return e;
    }
    opened = true;
    return {};
  }

  std::string prepare_all() {
    const detail::statement_sql items[] = {
        {&begin, "BEGIN IMMEDIATE"},
        {&begin_read, "BEGIN"},
        {&commit, "COMMIT"},
        {&rollback, "ROLLBACK"},
        {&find_table,
         "SELECT id, state, (SELECT coalesce(max(seq), 0) FROM actions WHERE table_ref = tables.id)"
         " FROM tables WHERE table_id = ?1"},
        {&insert_table,
         "INSERT INTO tables (table_id, game, options, seat_count, visibility, allow_spectators,"
         " clock_bank_ms, clock_increment_ms, invite_code, host_player_id, created_at_ms, extra)"
         " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)"},
        {&update_table,
         "UPDATE tables SET game = ?2, options = ?3, seat_count = ?4, visibility = ?5,"
         " allow_spectators = ?6, clock_bank_ms = ?7, clock_increment_ms = ?8, invite_code = ?9,"
         " host_player_id = ?10, created_at_ms = ?11, extra = ?12 WHERE id = ?1"},
        {&upsert_seat,
         "INSERT OR REPLACE INTO seats (table_ref, seat, player_id, display_name, token_hash,"
         " is_bot) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"},
        {&delete_seat, "DELETE FROM seats WHERE table_ref = ?1 AND seat = ?2"},
        {&start_table,
         "UPDATE tables SET state = 1, game_id = ?2, seed = ?3, salt = ?4, commitment = ?5,"
         " started_at_ms = ?6, start_clock = ?7, finished_at_ms = NULL WHERE id = ?1"},
        {&delete_actions, "DELETE FROM actions WHERE table_ref = ?1"},
        {&insert_action,
         "INSERT INTO actions (table_ref, seq, seat, action, clock, at_ms)"
         " VALUES (?1, ?2, ?3, ?4, ?5, ?6)"},
        {&insert_record,
         "INSERT INTO records (game_id, table_ref, game, finished_at_ms, summary, record)"
         " SELECT game_id, id, game, ?2, ?3, ?4 FROM tables WHERE id = ?1"},
        {&insert_record_players,
         "INSERT OR IGNORE INTO record_players (player_id, finished_at_ms, game_id, seat)"
         " SELECT s.player_id, ?2, t.game_id, s.seat FROM seats s JOIN tables t ON t.id = "
         "s.table_ref"
         " WHERE s.table_ref = ?1 AND s.is_bot = 0 AND s.player_id <> ''"},
        {&set_table_state, "UPDATE tables SET state = ?2, finished_at_ms = ?3 WHERE id = ?1"},
        {&load_tables,
         "SELECT id, table_id, game, options, seat_count, visibility, allow_spectators,"
         " clock_bank_ms, clock_increment_ms, invite_code, host_player_id, created_at_ms, extra,"
         " state, game_id, seed, salt, commitment, started_at_ms, start_clock"
         " FROM tables WHERE state < 3 ORDER BY id"},
        {&load_seats,
         "SELECT table_ref, seat, player_id, display_name, token_hash, is_bot FROM seats"
         " WHERE table_ref IN (SELECT id FROM tables WHERE state < 3) ORDER BY table_ref, seat"},
        {&load_actions,
         "SELECT table_ref, seq, seat, action, clock, at_ms FROM actions"
         " WHERE table_ref IN (SELECT id FROM tables WHERE state < 3) ORDER BY table_ref, seq"},
        {&list_finished,
         "SELECT r.game_id, t.table_id, r.game, p.seat, r.finished_at_ms, r.summary"
         " FROM record_players p JOIN records r ON r.game_id = p.game_id"
         " JOIN tables t ON t.id = r.table_ref"
         " WHERE p.player_id = ?1 ORDER BY p.finished_at_ms DESC, p.game_id LIMIT ?2"},
        {&select_record, "SELECT record FROM records WHERE game_id = ?1"},
        {&upsert_session,
         "INSERT INTO sessions (player_id, display_name, token_hash, created_at_ms, last_seen_ms)"
         " VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (player_id) DO UPDATE SET"
         " display_name = excluded.display_name, token_hash = excluded.token_hash,"
         " created_at_ms = excluded.created_at_ms, last_seen_ms = excluded.last_seen_ms"},
        {&select_session,
         "SELECT player_id, display_name, token_hash, created_at_ms, last_seen_ms FROM sessions"
         " WHERE token_hash = ?1"},
        {&update_session_seen, "UPDATE sessions SET last_seen_ms = ?2 WHERE player_id = ?1"},
        {&delete_old_sessions, "DELETE FROM sessions WHERE last_seen_ms < ?1"},
        {&delete_player_session, "DELETE FROM sessions WHERE player_id = ?1"},
    };
    if (auto e = detail::prepare_all(conn.db, items); !e.empty()) return e;
    if (auto e = identities.prepare(conn.db); !e.empty()) return e;
    if (auto e = accounts.prepare(conn.db); !e.empty()) return e;
    return moderation.prepare(conn.db);
  }

  // --- background checkpoints -------------------------------------------------------

  static int on_wal_commit(void* self, sqlite3*, const char*, int pages) {
    auto* p = static_cast<impl*>(self);
    if (pages >= checkpoint_pages && !p->checkpoint_due.exchange(true))
      p->checkpoint_wake.notify_one();
    return SQLITE_OK;
  }

  std::string start_checkpointer() {
    if (auto e = open_connection(checkpoint_conn.db); !e.empty()) return e;
    const char* sync = options.level == durability::power_loss ? "PRAGMA synchronous=FULL"
                                                               : "PRAGMA synchronous=NORMAL";
    if (auto e = exec(checkpoint_conn.db, sync); !e.empty()) return e;
    if (auto e = exec(checkpoint_conn.db, page_cache_pragma); !e.empty()) return e;
    // Replaces SQLite's automatic checkpoint inside a commit (sqlite3_wal_autocheckpoint
    // is a wal hook too): commits only note that the log has grown.
    sqlite3_wal_hook(conn.db, &impl::on_wal_commit, this);
    checkpointer = std::thread([this] { run_checkpointer(); });
    return {};
  }

  void run_checkpointer() {
    std::unique_lock lk(checkpoint_mutex);
    while (!checkpoint_stop) {
      checkpoint_wake.wait_for(lk, std::chrono::milliseconds(500),
                               [this] { return checkpoint_stop || checkpoint_due.load(); });
      if (checkpoint_stop) break;
      checkpoint_due = false;
      lk.unlock();
      // PASSIVE never waits for, nor blocks, a writer: it copies what it can. The next
      // commit after a complete checkpoint starts the log from its beginning again.
      sqlite3_wal_checkpoint_v2(checkpoint_conn.db, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr,
                                nullptr);
      lk.lock();
    }
  }

  void shutdown() {
    if (checkpointer.joinable()) {
      {
        std::lock_guard lk(checkpoint_mutex);
        checkpoint_stop = true;
      }
      checkpoint_wake.notify_one();
      checkpointer.join();
    }
    checkpoint_conn.close();
    // Only a database this store opened and migrated is touched on the way out: a file
    // it refused is left exactly as it was.
    if (conn.db && opened) {
      sqlite3_wal_hook(conn.db, nullptr, nullptr);
      // Leaves a compact database and an empty log behind; harmless if it cannot.
      sqlite3_wal_checkpoint_v2(conn.db, nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
      exec(conn.db, "PRAGMA optimize");
    }
    // Statements must be finalized before their connection closes; sqlite3_close_v2
    // defers the close until they are.
    conn.close();
  }

  // --- helpers used under `mutex` ---------------------------------------------------

  // Finds a table: `out` is its slot, or nullptr when there is no such table.
  status find_slot(const std::string& table_id, table_slot*& out) {
    out = nullptr;
    if (auto it = tables.find(table_id); it != tables.end()) {
      out = &it->second;
      return status::success();
    }
    statement_use q(find_table);
    q->bind(1, std::string_view(table_id));
    const int rc = q->step();
    if (rc == SQLITE_DONE) return status::success();
    if (rc != SQLITE_ROW) return fail("find table");
    table_slot s{q->column_int64(0), static_cast<table_state>(q->column_int(1)),
                 q->column_int64(2) + 1};
    out = &tables.emplace(table_id, s).first->second;
    return status::success();
  }

  // The slot of an existing table, or nullptr and why.
  table_slot* slot(const std::string& table_id, status& error) {
    table_slot* t = nullptr;
    error = find_slot(table_id, t);
    if (error && !t) error = status::failure("no table \"" + table_id + "\"");
    return t;
  }

  status run(sqlite_statement& s, std::string_view what) {
    statement_use u(s);
    const int rc = u->step();
    return rc == SQLITE_DONE || rc == SQLITE_ROW ? status::success() : fail(what);
  }

  status begin_tx() { return run(begin, "begin"); }
  status commit_tx() {
    auto st = run(commit, "commit");
    if (!st) rollback_tx();
    return st;
  }
  void rollback_tx() {
    // Safe when no transaction is open (SQLite may already have rolled back on an error).
    if (!sqlite3_get_autocommit(conn.db)) (void)run(rollback, "rollback");
  }

  void bind_config(sqlite_statement& s, const table_config& c) {
    s.bind(2, std::string_view(c.game));
    s.bind(3, std::string_view(c.options_json));
    s.bind(4, c.seat_count);
    s.bind(5, static_cast<int>(c.visibility));
    s.bind(6, c.allow_spectators ? 1 : 0);
    s.bind(7, c.clock.bank_ms);
    s.bind(8, c.clock.increment_ms);
    s.bind(9, std::string_view(c.invite_code));
    s.bind(10, std::string_view(c.host_player_id));
    s.bind(11, c.created_at_ms);
    s.bind(12, std::string_view(c.extra_json));
  }

  status insert_actions(const table_slot& t, std::span<const action_entry> entries) {
    std::string clock;
    for (const auto& e : entries) {
      statement_use q(insert_action);
      clock = clock_to_text(e.clock_ms);
      q->bind(1, t.ref);
      q->bind(2, e.seq);
      q->bind(3, e.seat);
      q->bind(4, std::string_view(e.action_json));
      q->bind(5, std::string_view(clock));
      q->bind(6, e.at_ms);
      if (q->step() != SQLITE_DONE) return fail("append action");
    }
    return status::success();
  }
};

sqlite_store::sqlite_store(std::unique_ptr<impl> p) : impl_(std::move(p)) {}
sqlite_store::~sqlite_store() = default;

result<std::unique_ptr<sqlite_store>> sqlite_store::open(const std::filesystem::path& data_dir,
                                                         const sqlite_options& options) {
  std::error_code ec;
  std::filesystem::create_directories(data_dir, ec);
  if (ec)
    return status::failure("cannot create data directory " + data_dir.string() + ": " +
                           ec.message());
  auto p = std::make_unique<impl>();
  p->path = data_dir / file_name;
  p->options = options;
  if (auto e = p->lock.acquire(detail::lock_file(data_dir)); !e.empty())
    return status::failure(std::move(e));
  if (auto e = p->open(); !e.empty()) return status::failure(e + " (" + p->path.string() + ")");
  return std::unique_ptr<sqlite_store>(new sqlite_store(std::move(p)));
}

status sqlite_store::save_table(const table_config& config) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  impl::table_slot* t = nullptr;
  if (auto st = d.find_slot(config.table_id, t); !st) return st;
  if (t) {
    statement_use q(d.update_table);
    q->bind(1, t->ref);
    d.bind_config(*q, config);
    return q->step() == SQLITE_DONE ? status::success() : d.fail("save table");
  }
  statement_use q(d.insert_table);
  q->bind(1, std::string_view(config.table_id));
  d.bind_config(*q, config);
  if (q->step() != SQLITE_DONE) return d.fail("create table");
  d.tables[config.table_id] = {sqlite3_last_insert_rowid(d.conn.db), table_state::waiting, 1};
  return status::success();
}

status sqlite_store::save_seat(const std::string& table_id, const seat_entry& seat) {
  return detail::on_table_slot(*impl_, table_id, [&](impl& d, detail::table_slot* t) -> status {
    statement_use q(d.upsert_seat);
    q->bind(1, t->ref);
    q->bind(2, seat.seat);
    q->bind(3, std::string_view(seat.player_id));
    q->bind(4, std::string_view(seat.display_name));
    if (seat.token_hash)
      q->bind(5, std::span<const std::uint8_t>(seat.token_hash->bytes()));
    else
      q->bind_null(5);
    q->bind(6, seat.is_bot ? 1 : 0);
    return q->step() == SQLITE_DONE ? status::success() : d.fail("save seat");
  });
}

status sqlite_store::clear_seat(const std::string& table_id, int seat) {
  return detail::on_table_slot(*impl_, table_id, [&](impl& d, detail::table_slot* t) -> status {
    statement_use q(d.delete_seat);
    q->bind(1, t->ref);
    q->bind(2, seat);
    return q->step() == SQLITE_DONE ? status::success() : d.fail("clear seat");
  });
}

status sqlite_store::start_game(const std::string& table_id, const game_start& start) {
  return detail::on_table_slot(*impl_, table_id, [&](impl& d, detail::table_slot* t) -> status {
    if (auto st = detail::check_startable(table_id, *t); !st) return st;
    if (auto st = d.begin_tx(); !st) return st;
    {
      statement_use q(d.delete_actions);
      q->bind(1, t->ref);
      if (q->step() != SQLITE_DONE) {
        auto st = d.fail("start game");
        d.rollback_tx();
        return st;
      }
    }
    {
      const std::string clock = clock_to_text(start.clock_ms);
      statement_use q(d.start_table);
      q->bind(1, t->ref);
      q->bind(2, std::string_view(start.game_id));
      q->bind(3, seed_to_sql(start.seed));
      q->bind(4, std::string_view(start.salt));
      q->bind(5, std::string_view(start.commitment));
      q->bind(6, start.started_at_ms);
      q->bind(7, std::string_view(clock));
      if (q->step() != SQLITE_DONE) {
        auto st = d.fail("start game");
        d.rollback_tx();
        return st;
      }
    }
    if (auto st = d.commit_tx(); !st) return st;
    t->state = table_state::playing;
    t->next_seq = 1;
    return status::success();
  });
}

status sqlite_store::append_action(const std::string& table_id, const action_entry& entry) {
  return detail::on_table_slot(*impl_, table_id, [&](impl& d, detail::table_slot* t) -> status {
    const std::span<const action_entry> one(&entry, 1);
    if (auto st = detail::check_appendable(table_id, *t, one); !st) return st;
    // One statement in autocommit mode is one transaction: durable when step() returns.
    if (auto st = d.insert_actions(*t, one); !st) return st;
    ++t->next_seq;
    return status::success();
  });
}

status sqlite_store::append_actions(const std::string& table_id,
                                    std::span<const action_entry> entries) {
  if (entries.empty()) return status::success();
  return detail::on_table_slot(*impl_, table_id, [&](impl& d, detail::table_slot* t) -> status {
    if (auto st = detail::check_appendable(table_id, *t, entries); !st) return st;
    if (auto st = d.begin_tx(); !st) return st;
    if (auto st = d.insert_actions(*t, entries); !st) {
      d.rollback_tx();
      return st;
    }
    if (auto st = d.commit_tx(); !st) return st;
    t->next_seq += static_cast<std::int64_t>(entries.size());
    return status::success();
  });
}

status sqlite_store::finish_table(const std::string& table_id, const finished_game& game) {
  return detail::on_table_slot(*impl_, table_id, [&](impl& d, detail::table_slot* t) -> status {
    if (auto st = detail::check_playing(table_id, *t); !st) return st;
    if (auto st = d.begin_tx(); !st) return st;
    auto step = [&](detail::sqlite_statement& s, auto&& bind, std::string_view what) {
      statement_use q(s);
      bind(*q);
      return q->step() == SQLITE_DONE ? status::success() : d.fail(what);
    };
    status st = step(
        d.insert_record,
        [&](sqlite_statement& q) {
          q.bind(1, t->ref);
          q.bind(2, game.finished_at_ms);
          q.bind(3, std::string_view(game.summary_json));
          q.bind(4, std::string_view(game.record_json));
        },
        "store game record");
    if (st)
      st = step(
          d.insert_record_players,
          [&](sqlite_statement& q) {
            q.bind(1, t->ref);
            q.bind(2, game.finished_at_ms);
          },
          "list game in players' history");
    if (st)
      st = step(
          d.delete_actions, [&](sqlite_statement& q) { q.bind(1, t->ref); }, "drop log");
    if (st)
      st = step(
          d.set_table_state,
          [&](sqlite_statement& q) {
            q.bind(1, t->ref);
            q.bind(2, static_cast<int>(table_state::finished));
            q.bind(3, game.finished_at_ms);
          },
          "mark table finished");
    if (!st) {
      d.rollback_tx();
      return st;
    }
    if (st = d.commit_tx(); !st) return st;
    d.tables.erase(table_id);  // a finished table is read again only if it plays again
    return status::success();
  });
}

status sqlite_store::close_table(const std::string& table_id) {
  return detail::on_table_slot(*impl_, table_id, [&](impl& d, detail::table_slot* t) -> status {
    if (auto st = d.begin_tx(); !st) return st;
    status st;
    {
      statement_use q(d.delete_actions);
      q->bind(1, t->ref);
      if (q->step() != SQLITE_DONE) st = d.fail("close table");
    }
    if (st) {
      statement_use q(d.set_table_state);
      q->bind(1, t->ref);
      q->bind(2, static_cast<int>(table_state::closed));
      q->bind_null(3);
      if (q->step() != SQLITE_DONE) st = d.fail("close table");
    }
    if (!st) {
      d.rollback_tx();
      return st;
    }
    if (st = d.commit_tx(); !st) return st;
    d.tables.erase(table_id);
    return status::success();
  });
}

result<std::vector<stored_table>> sqlite_store::load_in_progress() {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  detail::stored_tables_builder built;
  // One read transaction, so the three queries see the same moment.
  if (auto st = d.run(d.begin_read, "begin"); !st) return st;
  auto abort = [&](status st) -> status {
    d.rollback_tx();
    return st;
  };
  int rc;
  {
    statement_use q(d.load_tables);
    while ((rc = q->step()) == SQLITE_ROW)
      if (auto st = built.add_table(sqlite_row{*q}); !st) return abort(st);
    if (rc != SQLITE_DONE) return abort(d.fail("load tables"));
  }
  {
    statement_use q(d.load_seats);
    while ((rc = q->step()) == SQLITE_ROW) built.add_seat(sqlite_row{*q});
    if (rc != SQLITE_DONE) return abort(d.fail("load seats"));
  }
  {
    statement_use q(d.load_actions);
    while ((rc = q->step()) == SQLITE_ROW)
      if (auto st = built.add_action(sqlite_row{*q}); !st) return abort(st);
    if (rc != SQLITE_DONE) return abort(d.fail("load actions"));
  }
  d.rollback_tx();  // read only: nothing to commit
  built.remember(d.tables);
  return built.take();
}

result<std::vector<finished_summary>> sqlite_store::list_finished_for_player(
    const std::string& player_id, int limit) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  std::vector<finished_summary> out;
  statement_use q(d.list_finished);
  q->bind(1, std::string_view(player_id));
  q->bind(2, limit);
  int rc;
  while ((rc = q->step()) == SQLITE_ROW) out.push_back(detail::summary_from_row(sqlite_row{*q}));
  if (rc != SQLITE_DONE) return d.fail("list finished games");
  return out;
}

result<std::optional<std::string>> sqlite_store::get_record(const std::string& game_id) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  statement_use q(d.select_record);
  q->bind(1, std::string_view(game_id));
  const int rc = q->step();
  if (rc == SQLITE_DONE) return std::optional<std::string>();
  if (rc != SQLITE_ROW) return d.fail("read game record");
  return std::optional<std::string>(std::string(q->column_text(0)));
}

status sqlite_store::save_session(const session_entry& s) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  statement_use q(d.upsert_session);
  q->bind(1, std::string_view(s.player_id));
  q->bind(2, std::string_view(s.display_name));
  q->bind(3, std::span<const std::uint8_t>(s.token_hash.bytes()));
  q->bind(4, s.created_at_ms);
  q->bind(5, s.last_seen_ms);
  return q->step() == SQLITE_DONE ? status::success() : d.fail("save session");
}

result<std::optional<session_entry>> sqlite_store::find_session(const secret_hash& token_hash) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  statement_use q(d.select_session);
  q->bind(1, std::span<const std::uint8_t>(token_hash.bytes()));
  const int rc = q->step();
  if (rc == SQLITE_DONE) return std::optional<session_entry>();
  if (rc != SQLITE_ROW) return d.fail("find session");
  auto s = detail::session_from_row(sqlite_row{*q});
  if (!s) return status::failure(s.error());
  return std::optional<session_entry>(std::move(*s));
}

status sqlite_store::touch_session(const std::string& player_id, millis at_ms) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  statement_use q(d.update_session_seen);
  q->bind(1, std::string_view(player_id));
  q->bind(2, at_ms);
  return q->step() == SQLITE_DONE ? status::success() : d.fail("touch session");
}

status sqlite_store::touch_sessions(std::span<const std::string> player_ids, millis at_ms) {
  if (player_ids.empty()) return status::success();
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  if (auto st = d.begin_tx(); !st) return st;
  for (const auto& id : player_ids) {
    statement_use q(d.update_session_seen);
    q->bind(1, std::string_view(id));
    q->bind(2, at_ms);
    if (q->step() != SQLITE_DONE) {
      status failed = d.fail("touch sessions");
      d.rollback_tx();
      return failed;
    }
  }
  return d.commit_tx();
}

int sqlite_store::opened_schema_version() const { return impl_->schema_version; }

account_store& sqlite_store::accounts() { return impl_->accounts; }

moderation_store& sqlite_store::moderation() { return impl_->moderation; }

result<std::size_t> sqlite_store::expire_sessions(millis cutoff_ms) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  statement_use q(d.delete_old_sessions);
  q->bind(1, cutoff_ms);
  if (q->step() != SQLITE_DONE) return d.fail("expire sessions");
  return static_cast<std::size_t>(sqlite3_changes(d.conn.db));
}

result<bool> sqlite_store::forget_session(const std::string& player_id) {
  std::lock_guard lk(impl_->mutex);
  auto& d = *impl_;
  statement_use q(d.delete_player_session);
  q->bind(1, std::string_view(player_id));
  if (q->step() != SQLITE_DONE) return d.fail("forget session");
  return sqlite3_changes(d.conn.db) > 0;
}

status sqlite_store::let_go_of_deleted() {
  std::lock_guard lk(impl_->mutex);
  // TRUNCATE waits (busy timeout) for the background checkpointer to finish its round.
  const int rc = sqlite3_wal_checkpoint_v2(impl_->conn.db, nullptr, SQLITE_CHECKPOINT_TRUNCATE,
                                           nullptr, nullptr);
  return rc == SQLITE_OK ? status::success() : impl_->fail("empty the write-ahead log");
}

status sqlite_store::save_identity(const identity_entry& identity) {
  std::lock_guard lk(impl_->mutex);
  return impl_->identities.save(identity);
}

result<std::optional<identity_entry>> sqlite_store::find_identity(const secret_hash& token_hash) {
  std::lock_guard lk(impl_->mutex);
  return impl_->identities.find(token_hash);
}

result<bool> sqlite_store::revoke_identity(const secret_hash& token_hash, millis at_ms) {
  std::lock_guard lk(impl_->mutex);
  return impl_->identities.revoke(token_hash, at_ms);
}

result<std::vector<identity_entry>> sqlite_store::list_identities(const std::string& player_id) {
  std::lock_guard lk(impl_->mutex);
  return impl_->identities.list(player_id);
}

status sqlite_store::rename_player(const std::string& player_id, const std::string& display_name) {
  std::lock_guard lk(impl_->mutex);
  return impl_->identities.rename(player_id, display_name);
}

}  // namespace crownhall::store
