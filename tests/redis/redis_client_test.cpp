// redis_client against the tests' private Redis: replies of every kind, binary-safe values,
// order, several threads, and what happens when Redis is not there or the client stops.
#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <mutex>

#include "tests/redis/redis_test_support.hpp"

namespace crownhall::testing {
namespace {

using redis::redis_client;
using redis::redis_reply;

// "name" followed by a number. (Not `"name" + std::to_string(i)`: GCC 12 warns falsely on
// it, GCC bug 105651.)
std::string numbered(std::string name, int i) {
  name += std::to_string(i);
  return name;
}

class redis_client_test : public ::testing::Test {
 protected:
  // Keys of this run of this test, apart from every other test's and run's on the shared
  // Redis (--gtest_repeat runs a test again in the same process).
  std::string key(const std::string& name) const { return prefix_ + name; }

  void SetUp() override {
    static std::atomic<int> runs{0};
    prefix_ = "redis_client:";
    prefix_.append(std::to_string(::getpid())).append(":").append(std::to_string(++runs));
    prefix_.append(":").append(::testing::UnitTest::GetInstance()->current_test_info()->name());
    prefix_.append(":");
    client.start();
    ASSERT_TRUE(wait_until([&] { return client.connected(); })) << "no link to the test Redis";
  }

  io_threads threads;
  redis_client client{threads.io, shared_redis()};
  std::string prefix_;
};

TEST_F(redis_client_test, set_and_get_a_binary_value) {
  std::string value("a\0b\r\nc\0", 7);
  auto set = call(client, {"SET", key("small"), value});
  EXPECT_TRUE(set.is_status());
  EXPECT_EQ(set.text, "OK");
  auto get = call(client, {"GET", key("small")});
  ASSERT_TRUE(get.is_string());
  EXPECT_EQ(get.text, value);
}

TEST_F(redis_client_test, a_megabyte_value_round_trips) {
  std::string value(1 << 20, '\0');
  for (std::size_t i = 0; i < value.size(); ++i) value[i] = static_cast<char>(i * 7919 % 256);
  EXPECT_EQ(call(client, {"SET", key("big"), value}).text, "OK");
  auto get = call(client, {"GET", key("big")});
  ASSERT_TRUE(get.is_string());
  EXPECT_EQ(get.text.size(), value.size());
  EXPECT_TRUE(get.text == value);
}

TEST_F(redis_client_test, a_binary_key_and_nil) {
  std::string k = key(std::string("k\0ey", 4));
  EXPECT_TRUE(call(client, {"GET", k}).is_nil());
  EXPECT_EQ(call(client, {"SET", k, "v"}).text, "OK");
  EXPECT_EQ(call(client, {"GET", k}).text, "v");
  EXPECT_TRUE(call(client, {"GET", key("k")}).is_nil()) << "the key was cut at its NUL";
}

TEST_F(redis_client_test, an_error_reply_is_an_error) {
  EXPECT_EQ(call(client, {"SET", key("text"), "x"}).text, "OK");
  auto wrong_type = call(client, {"LPUSH", key("text"), "y"});
  ASSERT_TRUE(wrong_type.is_error());
  EXPECT_TRUE(wrong_type.text.starts_with("WRONGTYPE")) << wrong_type.text;

  auto unknown = call(client, {"NO-SUCH-COMMAND"});
  ASSERT_TRUE(unknown.is_error());
  EXPECT_NE(unknown.text.find("unknown command"), std::string::npos) << unknown.text;
  EXPECT_TRUE(client.connected()) << "an error reply is not a broken link";
}

TEST_F(redis_client_test, incr_is_an_integer) {
  EXPECT_EQ(call(client, {"INCR", key("n")}).integer, 1);
  auto r = call(client, {"INCRBY", key("n"), "41"});
  ASSERT_TRUE(r.is_integer());
  EXPECT_EQ(r.integer, 42);
}

TEST_F(redis_client_test, lrange_is_an_array) {
  EXPECT_EQ(call(client, {"RPUSH", key("list"), "a", std::string("\0", 1), "c"}).integer, 3);
  auto r = call(client, {"LRANGE", key("list"), "0", "-1"});
  ASSERT_TRUE(r.is_array());
  ASSERT_EQ(r.elements.size(), 3u);
  EXPECT_EQ(r.elements[0].text, "a");
  EXPECT_EQ(r.elements[1].text, std::string("\0", 1));
  EXPECT_EQ(r.elements[2].text, "c");
  EXPECT_TRUE(call(client, {"LRANGE", key("none"), "0", "-1"}).elements.empty());
}

TEST_F(redis_client_test, an_empty_command_is_refused_here) {
  auto r = call(client, {});
  EXPECT_TRUE(r.is_error());
  EXPECT_TRUE(client.connected());
}

TEST_F(redis_client_test, many_commands_in_flight_keep_their_order) {
  constexpr int count = 2000;
  std::mutex m;
  std::vector<long long> lengths;
  for (int i = 0; i < count; ++i) {
    client.command({"RPUSH", key("order"), std::to_string(i)}, [&](redis_reply r) {
      std::lock_guard lock(m);
      lengths.push_back(r.integer);
    });
  }
  ASSERT_TRUE(wait_until([&] {
    std::lock_guard lock(m);
    return lengths.size() == count;
  }));
  for (int i = 0; i < count; ++i) ASSERT_EQ(lengths[i], i + 1) << "reply " << i;
  auto list = call(client, {"LRANGE", key("order"), "0", "-1"});
  ASSERT_EQ(list.elements.size(), std::size_t{count});
  for (int i = 0; i < count; ++i) ASSERT_EQ(list.elements[i].text, std::to_string(i));
}

TEST_F(redis_client_test, commands_from_several_threads_at_once) {
  constexpr int threads_count = 4;
  constexpr int per_thread = 300;
  std::atomic<int> replies{0};
  std::atomic<int> out_of_order{0};
  std::vector<std::thread> senders;
  for (int t = 0; t < threads_count; ++t) {
    senders.emplace_back([&, t] {
      // Each thread's own list: its pushes must land, and be answered, in its order.
      auto last = std::make_shared<long long>(0);
      for (int i = 0; i < per_thread; ++i) {
        client.command({"RPUSH", key(numbered("list", t)), std::to_string(i)},
                       [&, last](redis_reply r) {
                         if (r.integer != *last + 1) ++out_of_order;
                         *last = r.integer;
                         ++replies;
                       });
        client.command({"INCR", key("shared")}, [&](redis_reply) { ++replies; });
      }
    });
  }
  for (auto& s : senders) s.join();
  ASSERT_TRUE(wait_until([&] { return replies == threads_count * per_thread * 2; }));
  EXPECT_EQ(out_of_order, 0);
  EXPECT_EQ(call(client, {"GET", key("shared")}).text, std::to_string(threads_count * per_thread));
  for (int t = 0; t < threads_count; ++t) {
    auto list = call(client, {"LRANGE", key(numbered("list", t)), "0", "-1"});
    ASSERT_EQ(list.elements.size(), std::size_t{per_thread});
    for (int i = 0; i < per_thread; ++i) ASSERT_EQ(list.elements[i].text, std::to_string(i));
  }
}

TEST_F(redis_client_test, stop_with_commands_in_flight_runs_no_callback_after) {
  std::atomic<bool> stopped{false};
  std::atomic<int> called{0};
  std::atomic<int> called_after_stop{0};
  auto count = [&](redis_reply) {
    if (stopped) ++called_after_stop;
    ++called;
  };
  // 200 answered at once, then a BLPOP that holds the connection for half a second with
  // 300 more behind it: the stop lands while those are certainly awaited.
  for (int i = 0; i < 200; ++i) client.command({"INCR", key("n")}, count);
  client.command({"BLPOP", key("empty"), "0.5"}, count);
  for (int i = 0; i < 300; ++i) client.command({"INCR", key("n")}, count);
  ASSERT_TRUE(wait_until([&] { return called == 200; }));
  client.stop();
  stopped = true;
  EXPECT_FALSE(client.connected());
  client.command({"PING"}, count);
  std::this_thread::sleep_for(800ms);  // past the BLPOP: a reply delivered after stop shows
  EXPECT_EQ(called_after_stop, 0);
  EXPECT_EQ(called, 200);
}

TEST_F(redis_client_test, stop_from_inside_a_callback) {
  std::atomic<int> called{0};
  std::atomic<bool> stop_returned{false};
  for (int i = 0; i < 100; ++i) {
    client.command({"INCR", key("n")}, [&](redis_reply) {
      if (++called == 1) {
        client.stop();
        stop_returned = true;
      }
    });
  }
  ASSERT_TRUE(wait_until([&] { return stop_returned.load(); }));
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(called, 1);
}

TEST(redis_client, destroyed_from_inside_its_callback) {
  io_threads threads(1);  // the commands are all sent before the first callback can run
  auto client = std::make_unique<redis_client>(threads.io, shared_redis());
  client->start();
  ASSERT_TRUE(wait_until([&] { return client->connected(); }));
  std::atomic<int> called{0};
  std::atomic<bool> destroyed{false};
  boost::asio::post(threads.io, [&] {
    for (int i = 0; i < 100; ++i) {
      client->command({"INCR", "redis_client:destroyed_inside:n"}, [&](redis_reply) {
        if (++called == 1) {
          client.reset();
          destroyed = true;
        }
      });
    }
  });
  ASSERT_TRUE(wait_until([&] { return destroyed.load(); }));
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(called, 1);
}

TEST(redis_client, destroyed_without_stop_and_after_its_io_context_stopped) {
  std::atomic<int> called{0};
  {
    io_threads threads;
    auto client = std::make_unique<redis_client>(threads.io, shared_redis());
    client->start();
    ASSERT_TRUE(wait_until([&] { return client->connected(); }));
    for (int i = 0; i < 100; ++i) {
      client->command({"INCR", "redis_client:destroyed:n"}, [&](redis_reply) { ++called; });
    }
    threads.stop();  // replies and the close are left to the io_context's destructor
    client.reset();
  }
  {
    io_threads threads;
    redis_client client(threads.io, shared_redis());
    client.start();
    ASSERT_TRUE(wait_until([&] { return client.connected(); }));
    client.command({"INCR", "redis_client:destroyed:n"}, [&](redis_reply) { ++called; });
  }  // destroyed while running, without stop(): the destructor stops it
  EXPECT_LE(called, 101);
}

// A port where nothing listens (taken from the system and let go).
int unused_port() {
  boost::asio::io_context io;
  boost::asio::ip::tcp::acceptor a(io, {boost::asio::ip::make_address("127.0.0.1"), 0});
  return a.local_endpoint().port();
}

TEST(redis_client, a_command_while_redis_is_down_fails_at_once) {
  io_threads threads;
  redis::redis_address nowhere;
  nowhere.host = "127.0.0.1";
  nowhere.port = unused_port();
  redis_client client(threads.io, nowhere);
  std::atomic<int> changes{0};
  client.on_link_change([&](bool) { ++changes; });
  client.start();
  std::this_thread::sleep_for(50ms);  // a first attempt has failed
  EXPECT_FALSE(client.connected());
  auto start = std::chrono::steady_clock::now();
  auto r = call(client, {"PING"});
  auto took = std::chrono::steady_clock::now() - start;
  ASSERT_TRUE(r.is_error());
  EXPECT_TRUE(r.text.starts_with("redis link down")) << r.text;
  EXPECT_LT(took, 500ms);
  EXPECT_EQ(changes, 0) << "a link that never came up is not reported down";
}

TEST(redis_client, wrong_password_keeps_the_link_down) {
  io_threads threads;
  auto address = shared_redis();
  address.password = "not-the-password";  // the test Redis has none: AUTH fails
  redis_client client(threads.io, address);
  client.start();
  std::this_thread::sleep_for(300ms);
  EXPECT_FALSE(client.connected());
  auto r = call(client, {"PING"});
  EXPECT_TRUE(r.is_error());
}

TEST(redis_client, selects_the_database_of_its_address) {
  io_threads threads;
  auto db3 = shared_redis();
  db3.database = 3;
  redis_client in_db3(threads.io, db3);
  redis_client in_db0(threads.io, shared_redis());
  in_db3.start();
  in_db0.start();
  ASSERT_TRUE(wait_until([&] { return in_db3.connected() && in_db0.connected(); }));
  EXPECT_EQ(call(in_db3, {"SET", "redis_client:select", "three"}).text, "OK");
  EXPECT_TRUE(call(in_db0, {"GET", "redis_client:select"}).is_nil());
  EXPECT_EQ(call(in_db3, {"GET", "redis_client:select"}).text, "three");
}

}  // namespace
}  // namespace crownhall::testing
