#include "server/store/sqlite_backup.hpp"

#include <chrono>
#include <string>
#include <system_error>
#include <thread>

#include <sqlite3.h>

#include "server/store/dir_lock.hpp"
#include "server/store/sqlite_schema.hpp"
#include "server/store/sqlite_store.hpp"

namespace crownhall::store {

namespace {

namespace fs = std::filesystem;

struct database {
  sqlite3* db = nullptr;
  database() = default;
  database(const database&) = delete;
  database& operator=(const database&) = delete;
  ~database() {
    if (db) sqlite3_close_v2(db);
  }
  std::string open(const fs::path& file, int flags) {
    if (sqlite3_open_v2(file.c_str(), &db, flags, nullptr) != SQLITE_OK)
      return "cannot open " + file.string() + ": " + (db ? sqlite3_errmsg(db) : "out of memory");
    sqlite3_busy_timeout(db, 5000);
    return {};
  }
  bool scalar(const char* sql, std::int64_t& out) const {
    sqlite3_stmt* s = nullptr;
    const bool ok =
        sqlite3_prepare_v2(db, sql, -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW;
    if (ok) out = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    return ok;
  }
  std::string text(const char* sql) const {
    sqlite3_stmt* s = nullptr;
    std::string out;
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
      if (const auto* t = sqlite3_column_text(s, 0)) out = reinterpret_cast<const char*>(t);
    sqlite3_finalize(s);
    return out;
  }
};

// Copies every page of `from` into `to` in one step: one read transaction, so the copy is
// the store as of one moment even while a server commits beside it. A writer holding the
// file for a moment (a checkpoint) makes the step wait and try again.
std::string copy_pages(sqlite3* from, sqlite3* to) {
  sqlite3_backup* b = sqlite3_backup_init(to, "main", from, "main");
  if (!b) return std::string("cannot start the copy: ") + sqlite3_errmsg(to);
  int rc = SQLITE_OK;
  for (int tries = 0; tries < 200; ++tries) {
    rc = sqlite3_backup_step(b, -1);
    if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  sqlite3_backup_finish(b);
  return rc == SQLITE_DONE ? std::string() : std::string("copy failed: ") + sqlite3_errstr(rc);
}

// Reads what a store file holds, after checking it whole (PRAGMA integrity_check).
result<backup_contents> contents_of(const database& d, const fs::path& file) {
  if (const std::string check = d.text("PRAGMA integrity_check"); check != "ok")
    return status::failure(file.string() + " is damaged: " + check);
  backup_contents c;
  std::int64_t app = 0, version = 0;
  if (!d.scalar("PRAGMA application_id", app) || app != detail::application_id)
    return status::failure(file.string() + " is not a crownhall database");
  if (!d.scalar("PRAGMA user_version", version) ||
      !d.scalar("SELECT count(*) FROM tables", c.tables) ||
      !d.scalar("SELECT count(*) FROM records", c.finished_games) ||
      !d.scalar("SELECT count(*) FROM sessions", c.sessions))
    return status::failure(file.string() + ": " + sqlite3_errmsg(d.db));
  c.schema_version = static_cast<int>(version);
  std::error_code ec;
  c.bytes = fs::file_size(file, ec);
  return c;
}

// Copies the store file `from` to `to` through a file beside it, renamed into place once
// complete and checked: a copy cut short never looks like a store.
result<backup_contents> copy_store(const fs::path& from, const fs::path& to) {
  database source;
  if (auto e = source.open(from, SQLITE_OPEN_READWRITE); !e.empty()) return status::failure(e);
  const fs::path partial = fs::path(to).concat(".partial");
  std::error_code ec;
  fs::remove(partial, ec);
  {
    database target;
    if (auto e = target.open(partial, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE); !e.empty())
      return status::failure(e);
    if (auto e = copy_pages(source.db, target.db); !e.empty()) {
      fs::remove(partial, ec);
      return status::failure(e);
    }
    // The copy is one file: its own write-ahead log folded in and switched off.
    sqlite3_exec(target.db, "PRAGMA journal_mode=DELETE", nullptr, nullptr, nullptr);
    auto checked = contents_of(target, partial);
    if (!checked) {
      fs::remove(partial, ec);
      return checked;
    }
  }
  for (const char* side : {"-wal", "-shm"}) fs::remove(fs::path(to).concat(side), ec);
  fs::rename(partial, to, ec);
  if (ec) return status::failure("cannot move the copy into place: " + ec.message());
  database written;
  if (auto e = written.open(to, SQLITE_OPEN_READONLY); !e.empty()) return status::failure(e);
  return contents_of(written, to);
}

}  // namespace

result<backup_contents> backup_sqlite(const fs::path& data_dir, const fs::path& target_dir) {
  const fs::path from = data_dir / sqlite_store::file_name;
  const fs::path to = target_dir / sqlite_store::file_name;
  std::error_code ec;
  if (!fs::exists(from, ec)) return status::failure("no store in " + data_dir.string());
  if (fs::exists(to, ec))
    return status::failure(target_dir.string() + " already holds a store; name a new directory");
  fs::create_directories(target_dir, ec);
  if (ec) return status::failure("cannot create " + target_dir.string() + ": " + ec.message());
  return copy_store(from, to);
}

result<backup_contents> restore_sqlite(const fs::path& backup_dir, const fs::path& data_dir,
                                       bool replace) {
  const fs::path from = backup_dir / sqlite_store::file_name;
  const fs::path to = data_dir / sqlite_store::file_name;
  std::error_code ec;
  if (!fs::exists(from, ec)) return status::failure("no store in " + backup_dir.string());
  fs::create_directories(data_dir, ec);
  if (ec) return status::failure("cannot create " + data_dir.string() + ": " + ec.message());
  detail::dir_lock lock;  // held until the copy is in place: no server starts meanwhile
  if (auto e = lock.acquire(detail::lock_file(data_dir)); !e.empty())
    return status::failure(e + "; stop it first");
  if (fs::exists(to, ec) && !replace)
    return status::failure(data_dir.string() +
                           " has a store of its own; --replace puts the copy in its place");
  return copy_store(from, to);
}

}  // namespace crownhall::store
