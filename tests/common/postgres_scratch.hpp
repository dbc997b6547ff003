// A fresh PostgreSQL database on a given server, dropped when done: for the tests
// (test_postgres.hpp) and the store benchmark (bench/store/). No test framework here.
#pragma once

#include <atomic>
#include <string>

#include <libpq-fe.h>
#include <unistd.h>

namespace crownhall::testing {

// Runs one statement on the server's maintenance database; "" or why it failed.
inline std::string run_on_postgres(const std::string& server, const std::string& sql) {
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

class scratch_database {
 public:
  // `server`: a key=value libpq address (host= port= user=), as scripts/test-postgres.sh
  // writes it. An empty server makes no database (error() says so).
  explicit scratch_database(std::string server) : server_(std::move(server)) {
    static std::atomic<int> counter{0};
    name_ = "crownhall_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    if (server_.empty()) {
      error_ = "no PostgreSQL server given";
      return;
    }
    error_ = run_on_postgres(server_, "CREATE DATABASE " + name_);
    if (!error_.empty()) server_.clear();
  }
  ~scratch_database() {
    if (!server_.empty())
      (void)run_on_postgres(server_, "DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
  }
  scratch_database(const scratch_database&) = delete;
  scratch_database& operator=(const scratch_database&) = delete;

  bool ok() const { return !server_.empty(); }
  const std::string& error() const { return error_; }
  // A libpq address of this database (later keywords override earlier ones).
  std::string conninfo() const { return server_ + " dbname=" + name_; }
  // The same as a postgres:// address, as `crownhall serve --database` takes it.
  std::string url() const {
    return "postgresql://" + value("user") + "@" + value("host") + ":" + value("port") + "/" +
           name_;
  }
  const std::string& name() const { return name_; }

 private:
  std::string value(const std::string& key) const {
    const auto at = server_.find(key + "=");
    if (at == std::string::npos) return {};
    const auto from = at + key.size() + 1;
    return server_.substr(from, server_.find(' ', from) - from);
  }
  std::string server_;
  std::string name_;
  std::string error_;
};

}  // namespace crownhall::testing
