// A fresh PostgreSQL database for one test, on the tests' private server, dropped
// afterwards. CTest starts that server as the `postgres` fixture (scripts/test-postgres.sh)
// and names the file with its address in CROWNHALL_TEST_POSTGRES_FILE; to run a test binary
// by hand, set CROWNHALL_TEST_POSTGRES to a key=value libpq address instead (host= port=
// user=, as the script writes it). Without either, the test fails: a PostgreSQL check is
// never skipped.
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <string>

#include <libpq-fe.h>
#include <unistd.h>

namespace crownhall::testing {

// The address of the tests' PostgreSQL server (its `postgres` database), or "" after
// reporting a failure.
inline std::string test_postgres_server() {
  if (const char* c = std::getenv("CROWNHALL_TEST_POSTGRES"); c && *c) return c;
  if (const char* f = std::getenv("CROWNHALL_TEST_POSTGRES_FILE"); f && *f) {
    std::ifstream in(f);
    std::string line;
    if (std::getline(in, line) && !line.empty()) return line;
    ADD_FAILURE() << "no PostgreSQL address in " << f << " (did the postgres_start test run?)";
    return {};
  }
  ADD_FAILURE() << "no PostgreSQL for the tests: run through ctest (the postgres fixture), "
                   "or set CROWNHALL_TEST_POSTGRES to a libpq address";
  return {};
}

// Runs one statement on the server's maintenance database; "" or why it failed.
inline std::string run_on_test_postgres(const std::string& server, const std::string& sql) {
  PGconn* c = PQconnectdb(server.c_str());
  std::string error;
  if (PQstatus(c) != CONNECTION_OK) {
    error = PQerrorMessage(c);
  } else {
    PGresult* r = PQexec(c, sql.c_str());
    if (PQresultStatus(r) != PGRES_COMMAND_OK && PQresultStatus(r) != PGRES_TUPLES_OK)
      error = PQresultErrorMessage(r);
    PQclear(r);
  }
  PQfinish(c);
  return error;
}

class postgres_database {
 public:
  postgres_database() : server_(test_postgres_server()) {
    static std::atomic<int> counter{0};
    name_ = "crownhall_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    if (server_.empty()) return;
    if (auto e = run_on_test_postgres(server_, "CREATE DATABASE " + name_); !e.empty()) {
      ADD_FAILURE() << "cannot create test database " << name_ << ": " << e;
      server_.clear();
    }
  }
  ~postgres_database() {
    if (!server_.empty())
      (void)run_on_test_postgres(server_, "DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
  }
  postgres_database(const postgres_database&) = delete;
  postgres_database& operator=(const postgres_database&) = delete;

  bool ok() const { return !server_.empty(); }
  // A libpq address of this database (later keywords override earlier ones).
  std::string conninfo() const { return server_ + " dbname=" + name_; }
  // The same as a postgres:// address, as `crownhall serve --database` takes it.
  std::string url() const;
  const std::string& name() const { return name_; }

 private:
  std::string server_;
  std::string name_;
};

// Reads host and port back out of the key=value address scripts/test-postgres.sh writes.
inline std::string postgres_database::url() const {
  auto value = [&](const std::string& key) {
    const auto at = server_.find(key + "=");
    if (at == std::string::npos) return std::string();
    const auto from = at + key.size() + 1;
    return server_.substr(from, server_.find(' ', from) - from);
  };
  return "postgresql://" + value("user") + "@" + value("host") + ":" + value("port") + "/" + name_;
}

}  // namespace crownhall::testing
