// The store under test, one of every kind (GetParam()): "sqlite" in a temporary directory,
// "postgres" alone on a fresh database of the tests' private server, and "postgres_node",
// one node of several on it. The fixture of the tests that every store must pass.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>

#include "server/store/postgres_query.hpp"
#include "server/store/postgres_schema.hpp"
#include "server/store/postgres_store.hpp"
#include "server/store/sqlite_schema.hpp"
#include "server/store/sqlite_store.hpp"
#include "temp_dir.hpp"
#include "tests/common/test_postgres.hpp"

namespace crownhall::store {

class any_store : public ::testing::TestWithParam<std::string> {
 protected:
  // The store under test; each call in one test opens the same data again (close the last
  // one first: SQLite's directory admits one store at a time).
  std::unique_ptr<table_store> open() {
    if (GetParam() == "sqlite") {
      auto s = sqlite_store::open(sqlite_dir());
      EXPECT_TRUE(s.ok()) << s.error();
      return s.ok() ? std::move(*s) : nullptr;
    }
    if (!database().ok()) return nullptr;
    // "postgres_node": each open is a new node that takes over what the last one let go of.
    postgres_options o;
    if (GetParam() == "postgres_node") o.node = "node-" + std::to_string(++nodes_);
    auto s = postgres_store::open(database().conninfo(), o);
    EXPECT_TRUE(s.ok()) << s.error();
    return s.ok() ? std::move(*s) : nullptr;
  }

  // Where the SQLite store keeps its data, and the PostgreSQL database, for tests that
  // write behind the store's back.
  const std::filesystem::path& sqlite_dir() {
    if (!dir_) dir_.emplace();
    return dir_->path();
  }
  crownhall::testing::postgres_database& database() {
    if (!db_) db_.emplace();
    return *db_;
  }

  // The store's data at an older schema version (SQLite's `sqlite_version`, PostgreSQL's
  // `postgres_version`) with `sql` run on it (the SQL the store of GetParam() reads: a blob
  // is written x'..' in SQLite, '\\x..' in PostgreSQL): what a schema step's test upgrades.
  void make_store_at(int sqlite_version, int postgres_version, const std::string& sqlite_sql,
                     const std::string& postgres_sql) {
    if (GetParam() == "sqlite") {
      sqlite3* db = nullptr;
      ASSERT_EQ(sqlite3_open((sqlite_dir() / sqlite_store::file_name).c_str(), &db), SQLITE_OK);
      ASSERT_EQ(detail::migrate(db, sqlite_version), "");
      EXPECT_EQ(sqlite3_exec(db, sqlite_sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
          << sqlite3_errmsg(db);
      sqlite3_close(db);
      return;
    }
    ASSERT_TRUE(database().ok());
    PGconn* c = PQconnectdb(database().conninfo().c_str());
    ASSERT_EQ(PQstatus(c), CONNECTION_OK) << PQerrorMessage(c);
    EXPECT_EQ(detail::migrate_postgres(c, postgres_version), "");
    detail::pg_result r(PQexec(c, postgres_sql.c_str()));
    EXPECT_TRUE(r.ok()) << PQresultErrorMessage(r.get());
    PQfinish(c);
  }

 private:
  std::optional<testing::temp_dir> dir_;
  std::optional<crownhall::testing::postgres_database> db_;
  int nodes_ = 0;
};

}  // namespace crownhall::store
