// sqlite_statement: a prepared statement kept for the life of its connection, reset after
// each use. Internal to sqlite_store.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <sqlite3.h>

#include "server/store/secret_hash.hpp"

namespace crownhall::store::detail {

class sqlite_statement {
 public:
  sqlite_statement() = default;
  ~sqlite_statement() { sqlite3_finalize(stmt_); }
  sqlite_statement(const sqlite_statement&) = delete;
  sqlite_statement& operator=(const sqlite_statement&) = delete;

  // SQLITE_OK, or SQLite's code; the connection holds the message.
  int prepare(sqlite3* db, std::string_view sql) {
    sqlite3_finalize(stmt_);
    stmt_ = nullptr;
    return sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()),
                              SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr);
  }

  // Parameters are numbered from 1, as in SQL (?1, ?2, ...).
  void bind(int i, std::int64_t v) { sqlite3_bind_int64(stmt_, i, v); }
  void bind(int i, int v) { sqlite3_bind_int(stmt_, i, v); }
  void bind(int i, std::string_view v) {
    sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
  }
  void bind(int i, std::span<const std::uint8_t> v) {
    sqlite3_bind_blob(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
  }
  // Bytes held in a std::string (a passkey's fields); empty is a zero-length blob, not NULL.
  void bind_blob(int i, std::string_view v) {
    sqlite3_bind_blob(stmt_, i, v.data() ? v.data() : "", static_cast<int>(v.size()),
                      SQLITE_STATIC);
  }
  void bind_null(int i) { sqlite3_bind_null(stmt_, i); }

  // SQLITE_ROW, SQLITE_DONE or an error code.
  int step() { return sqlite3_step(stmt_); }
  // Ready for the next use; drops references to bound buffers (they are SQLITE_STATIC).
  void reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }

  std::int64_t column_int64(int i) const { return sqlite3_column_int64(stmt_, i); }
  int column_int(int i) const { return sqlite3_column_int(stmt_, i); }
  bool column_is_null(int i) const { return sqlite3_column_type(stmt_, i) == SQLITE_NULL; }
  std::string_view column_text(int i) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
    return p ? std::string_view(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, i)))
             : std::string_view();
  }
  std::span<const std::uint8_t> column_blob(int i) const {
    const auto* p = static_cast<const std::uint8_t*>(sqlite3_column_blob(stmt_, i));
    return p ? std::span<const std::uint8_t>(
                   p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, i)))
             : std::span<const std::uint8_t>();
  }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

// Resets a statement when leaving the scope that used it, whatever the path out.
class statement_use {
 public:
  explicit statement_use(sqlite_statement& s) : s_(s) {}
  ~statement_use() { s_.reset(); }
  statement_use(const statement_use&) = delete;
  statement_use& operator=(const statement_use&) = delete;
  sqlite_statement* operator->() { return &s_; }
  sqlite_statement& operator*() { return s_; }

 private:
  sqlite_statement& s_;
};

// The current row of a statement, as the stores' row readers take it (stored_rows.hpp).
struct sqlite_row {
  const sqlite_statement& q;
  std::string_view text(int c) const { return q.column_text(c); }
  std::int64_t int64(int c) const { return q.column_int64(c); }
  int int32(int c) const { return q.column_int(c); }
  bool boolean(int c) const { return q.column_int(c) != 0; }
  bool is_null(int c) const { return q.column_is_null(c); }
  // A token hash: 32 bytes, or nullopt for anything else.
  std::optional<secret_hash> hash(int c) const {
    const auto b = q.column_blob(c);
    secret_hash::digest d{};
    if (b.size() != d.size()) return std::nullopt;
    std::memcpy(d.data(), b.data(), d.size());
    return secret_hash(d);
  }
  // A blob's bytes (never malformed here; optional as PostgreSQL's reader is).
  std::optional<std::string> bytes(int c) const {
    const auto b = q.column_blob(c);
    return std::string(b.begin(), b.end());
  }
};

// A statement of a store's part and its SQL, prepared together when the store opens.
struct statement_sql {
  sqlite_statement* statement;
  const char* sql;
};

// Prepares every one; the first failure said with its SQL, or empty.
inline std::string prepare_all(sqlite3* db, std::span<const statement_sql> items) {
  for (const auto& [statement, sql] : items)
    if (statement->prepare(db, sql) != SQLITE_OK)
      return std::string("cannot prepare \"") + sql + "\": " + sqlite3_errmsg(db);
  return {};
}

}  // namespace crownhall::store::detail
