// postgres_query: the few pieces of libpq the PostgreSQL store repeats — a result that
// clears itself, parameters collected as text (or bytes, for a token hash), reading a
// text-format column back, an error's words, and statements prepared by name. Internal to
// postgres_store and postgres_schema.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <libpq-fe.h>

#include "server/store/secret_hash.hpp"

namespace crownhall::store::detail {

class pg_result {
 public:
  explicit pg_result(PGresult* r = nullptr) : r_(r) {}
  ~pg_result() { PQclear(r_); }
  pg_result(pg_result&& o) noexcept : r_(o.r_) { o.r_ = nullptr; }
  pg_result& operator=(pg_result&& o) noexcept {
    std::swap(r_, o.r_);
    return *this;
  }
  pg_result(const pg_result&) = delete;
  pg_result& operator=(const pg_result&) = delete;

  PGresult* get() const { return r_; }
  // A command or a query that succeeded.
  bool ok() const {
    const auto s = PQresultStatus(r_);
    return r_ && (s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK);
  }
  int rows() const { return PQntuples(r_); }
  bool is_null(int row, int col) const { return PQgetisnull(r_, row, col) != 0; }
  std::string_view text(int row, int col) const {
    return {PQgetvalue(r_, row, col), static_cast<std::size_t>(PQgetlength(r_, row, col))};
  }
  std::int64_t int64(int row, int col) const {
    std::int64_t v = 0;
    const auto t = text(row, col);
    std::from_chars(t.data(), t.data() + t.size(), v);
    return v;
  }
  int int32(int row, int col) const { return static_cast<int>(int64(row, col)); }
  bool boolean(int row, int col) const { return text(row, col) == "t"; }
  // A bytea column in PostgreSQL's hex output ("\x" and two digits per byte).
  std::optional<secret_hash> hash(int row, int col) const {
    auto t = text(row, col);
    if (t.substr(0, 2) != "\\x") return std::nullopt;
    return secret_hash::from_hex(t.substr(2));
  }
  // A bytea column of any length, decoded from the same hex output; nullopt when malformed.
  std::optional<std::string> bytes(int row, int col) const {
    auto t = text(row, col);
    if (t.substr(0, 2) != "\\x" || t.size() % 2 != 0) return std::nullopt;
    std::string out;
    out.reserve(t.size() / 2 - 1);
    for (std::size_t i = 2; i < t.size(); i += 2) {
      std::uint8_t b = 0;
      const auto [end, ec] = std::from_chars(t.data() + i, t.data() + i + 2, b, 16);
      if (ec != std::errc() || end != t.data() + i + 2) return std::nullopt;
      out.push_back(static_cast<char>(b));
    }
    return out;
  }
  // Rows a command touched (UPDATE, DELETE).
  std::size_t affected() const {
    std::size_t n = 0;
    const std::string_view t = PQcmdTuples(r_);
    std::from_chars(t.data(), t.data() + t.size(), n);
    return n;
  }

 private:
  PGresult* r_;
};

// Row `i` of a result, as the stores' row readers take it (stored_rows.hpp).
struct pg_row {
  const pg_result& r;
  int i;
  std::string_view text(int c) const { return r.text(i, c); }
  std::int64_t int64(int c) const { return r.int64(i, c); }
  int int32(int c) const { return r.int32(i, c); }
  bool boolean(int c) const { return r.boolean(i, c); }
  bool is_null(int c) const { return r.is_null(i, c); }
  std::optional<secret_hash> hash(int c) const { return r.hash(i, c); }
  std::optional<std::string> bytes(int c) const { return r.bytes(i, c); }
};

// A statement's parameters: text, except bytes (a token hash, a passkey's fields) sent as
// they are.
class pg_params {
 public:
  pg_params& text(std::string_view v) { return add(std::string(v), 0); }
  pg_params& number(std::int64_t v) { return add(std::to_string(v), 0); }
  pg_params& boolean(bool v) { return add(v ? "t" : "f", 0); }
  pg_params& bytes(std::span<const std::uint8_t> v) {
    return add(std::string(v.begin(), v.end()), 1);
  }
  pg_params& bytes(std::string_view v) { return add(std::string(v), 1); }
  pg_params& null() {
    values_.emplace_back();
    nulls_.push_back(true);
    formats_.push_back(0);
    return *this;
  }

  // Runs the prepared statement `name` on `conn` with these parameters.
  pg_result exec(PGconn* conn, const char* name) const {
    std::vector<const char*> values;
    std::vector<int> lengths;
    for (std::size_t i = 0; i < values_.size(); ++i) {
      values.push_back(nulls_[i] ? nullptr : values_[i].data());
      lengths.push_back(static_cast<int>(values_[i].size()));
    }
    return pg_result(PQexecPrepared(conn, name, static_cast<int>(values.size()), values.data(),
                                    lengths.data(), formats_.data(), 0));
  }

 private:
  pg_params& add(std::string v, int format) {
    values_.push_back(std::move(v));
    nulls_.push_back(false);
    formats_.push_back(format);
    return *this;
  }
  std::vector<std::string> values_;
  std::vector<bool> nulls_;
  std::vector<int> formats_;
};

// libpq's messages end in a newline (and sometimes a space).
inline std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// "what: why", why being `r`'s error, or the connection's when there is no result.
inline std::string failure_of(PGconn* conn, std::string_view what, const pg_result& r) {
  const char* msg = r.get() ? PQresultErrorMessage(r.get()) : "";
  return std::string(what) + ": " + trimmed(*msg ? std::string(msg) : PQerrorMessage(conn));
}

// A statement prepared once per connection under its name.
struct named_sql {
  const char* name;
  const char* sql;
};

// Prepares each of `list` on `conn`: empty, or why one could not be.
inline std::string prepare_statements(PGconn* conn, std::span<const named_sql> list) {
  for (const auto& s : list) {
    pg_result r(PQprepare(conn, s.name, s.sql, 0, nullptr));
    if (!r.ok())
      return std::string("cannot prepare \"") + s.sql +
             "\": " + trimmed(PQresultErrorMessage(r.get()));
  }
  return {};
}

}  // namespace crownhall::store::detail
