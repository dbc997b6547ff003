// A fresh PostgreSQL database for one test, on the tests' private server, dropped
// afterwards. CTest starts that server as the `postgres` fixture (scripts/test-postgres.sh)
// and names the file with its address in CROWNHALL_TEST_POSTGRES_FILE; to run a test binary
// by hand, set CROWNHALL_TEST_POSTGRES to a key=value libpq address instead (host= port=
// user=, as the script writes it). Without either, the test fails: a PostgreSQL check is
// never skipped.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "tests/common/postgres_scratch.hpp"

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

// A scratch database on the tests' server; a test that cannot have one fails.
class postgres_database : public scratch_database {
 public:
  postgres_database() : scratch_database(test_postgres_server()) {
    if (!ok()) ADD_FAILURE() << "cannot create test database " << name() << ": " << error();
  }
};

}  // namespace crownhall::testing
