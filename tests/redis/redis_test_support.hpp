// What the Redis tests share: an io_context run by a few threads, polling waits with
// deadlines (a test sleeps only to see that nothing more comes), a blocking `call` for one
// command, and a Redis of the test's own that it may stop and start again
// (scripts/test-redis.sh).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <initializer_list>
#include <string>
#include <thread>
#include <vector>

#include "server/cluster/redis/redis_address.hpp"
#include "server/cluster/redis/redis_client.hpp"
#include "tests/common/test_redis.hpp"

namespace crownhall::testing {

using namespace std::chrono_literals;

// Runs its io_context on `threads` threads until destroyed.
class io_threads {
 public:
  explicit io_threads(int threads = 2) : work_(io.get_executor()) {
    for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { io.run(); });
  }
  ~io_threads() { stop(); }
  void stop() {
    work_.reset();
    io.stop();
    for (auto& t : threads_) {
      if (t.joinable()) t.join();
    }
  }

  boost::asio::io_context io;

 private:
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
  std::vector<std::thread> threads_;
};

// Polls `condition` every 5 ms until it holds or `deadline` passes; true if it held.
template <class Condition>
bool wait_until(Condition condition, std::chrono::milliseconds deadline = 5000ms) {
  auto end = std::chrono::steady_clock::now() + deadline;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::sleep_for(5ms);
  }
  return true;
}

inline redis::redis_address address_of(const std::string& url) {
  auto parsed = redis::parse_redis_address(url);
  EXPECT_TRUE(parsed.address) << parsed.error;
  return parsed.address.value_or(redis::redis_address{});
}

// The tests' shared Redis (the ctest fixture).
inline redis::redis_address shared_redis() { return address_of(test_redis_url()); }

// One command, waited for (a reply that never comes is reported as an error reply).
inline redis::redis_reply call(redis::redis_client& client, std::vector<std::string> args) {
  auto promise = std::make_shared<std::promise<redis::redis_reply>>();
  auto reply = promise->get_future();
  client.command(std::move(args), [promise](redis::redis_reply r) { promise->set_value(r); });
  if (reply.wait_for(10s) != std::future_status::ready) {
    ADD_FAILURE() << "no reply within 10 s";
    return redis::redis_reply::error("test: no reply");
  }
  return reply.get();
}

// A Redis of one test's own, on its own port, which the test may stop and start again at
// the same address (to see clients lose and regain it without disturbing the shared one).
class private_redis {
 public:
  explicit private_redis(const std::string& name) : state_(state_dir_for(name)) {
    run({"start", state_.string()});
    std::ifstream in(state_ / "address");
    std::getline(in, url_);
    EXPECT_FALSE(url_.empty()) << "scripts/test-redis.sh wrote no address";
  }
  ~private_redis() {
    run({"stop", state_.string()});
    std::filesystem::remove_all(state_);
  }

  const std::string& url() const { return url_; }
  redis::redis_address address() const { return address_of(url_); }

  void stop() { run({"stop", state_.string()}); }
  // Again on the same port, with nothing in it.
  void start_again() { run({"start", state_.string(), std::to_string(address().port)}); }

 private:
  static std::filesystem::path state_dir_for(const std::string& name) {
    std::string dir = "crownhall-redis-";
    dir.append(name).append("-").append(std::to_string(::getpid()));
    return std::filesystem::temp_directory_path() / dir;
  }

  static void run(std::initializer_list<std::string> arguments) {
    std::string command = CROWNHALL_TEST_REDIS_SCRIPT;
    for (const auto& a : arguments) command.append(" ").append(a);
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
  }

  std::filesystem::path state_;
  std::string url_;
};

}  // namespace crownhall::testing
