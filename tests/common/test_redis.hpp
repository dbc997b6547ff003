// The address of the tests' private Redis. CTest starts it as the `redis` fixture
// (scripts/test-redis.sh) and names the file with its address in CROWNHALL_TEST_REDIS_FILE;
// to run a test binary by hand, set CROWNHALL_TEST_REDIS to a redis://host:port URL
// instead. Without either, the test fails: a Redis check is never skipped.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

namespace crownhall::testing {

// redis://127.0.0.1:PORT, or "" after reporting a failure.
inline std::string test_redis_url() {
  if (const char* url = std::getenv("CROWNHALL_TEST_REDIS"); url && *url) return url;
  if (const char* f = std::getenv("CROWNHALL_TEST_REDIS_FILE"); f && *f) {
    std::ifstream in(f);
    std::string line;
    if (std::getline(in, line) && !line.empty()) return line;
    ADD_FAILURE() << "no Redis address in " << f << " (did the redis_start test run?)";
    return {};
  }
  ADD_FAILURE() << "no Redis for the tests: run through ctest (the redis fixture), or set "
                   "CROWNHALL_TEST_REDIS to redis://host:port";
  return {};
}

}  // namespace crownhall::testing
