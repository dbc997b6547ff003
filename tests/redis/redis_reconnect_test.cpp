// A Redis restart seen from a client and a subscriber: both report the link down, commands
// fail at once meanwhile, and both come back by themselves, the subscriber with its
// subscriptions. The test stops and starts a Redis of its own, not the shared one.
#include <gtest/gtest.h>

#include <mutex>

#include "server/cluster/redis/redis_subscriber.hpp"
#include "tests/redis/redis_test_support.hpp"

namespace crownhall::testing {
namespace {

using redis::redis_client;
using redis::redis_reply;
using redis::redis_subscriber;

// The link changes one side reported, in order.
class link_log {
 public:
  void add(bool up) {
    std::lock_guard lock(m_);
    changes_.push_back(up);
  }
  std::vector<bool> changes() const {
    std::lock_guard lock(m_);
    return changes_;
  }

 private:
  mutable std::mutex m_;
  std::vector<bool> changes_;
};

TEST(redis_reconnect, client_and_subscriber_come_back_after_a_redis_restart) {
  private_redis server("reconnect");
  io_threads threads;
  redis_client client(threads.io, server.address());
  redis_subscriber subscriber(threads.io, server.address());
  link_log client_links, subscriber_links;
  std::mutex m;
  std::vector<std::string> payloads;
  client.on_link_change([&](bool up) { client_links.add(up); });
  subscriber.on_link_change([&](bool up) { subscriber_links.add(up); });
  subscriber.on_message([&](std::string, std::string payload) {
    std::lock_guard lock(m);
    payloads.push_back(payload);
  });
  auto received = [&](const std::string& p) {
    std::lock_guard lock(m);
    return std::find(payloads.begin(), payloads.end(), p) != payloads.end();
  };
  subscriber.subscribe("news");
  subscriber.psubscribe("room:*");
  client.start();
  subscriber.start();
  ASSERT_TRUE(wait_until([&] { return client.connected() && subscriber.connected(); }));
  EXPECT_EQ(call(client, {"PUBLISH", "news", "before"}).integer, 1);
  ASSERT_TRUE(wait_until([&] { return received("before"); }));

  // A command in flight when Redis goes away is answered, with an error if need be.
  std::atomic<int> in_flight_answered{0};
  for (int i = 0; i < 50; ++i) {
    client.command({"INCR", "n"}, [&](redis_reply) { ++in_flight_answered; });
  }
  server.stop();
  ASSERT_TRUE(wait_until([&] { return !client.connected() && !subscriber.connected(); }));
  EXPECT_TRUE(wait_until([&] { return in_flight_answered == 50; }));

  auto start = std::chrono::steady_clock::now();
  auto down = call(client, {"SET", "k", "v"});
  EXPECT_LT(std::chrono::steady_clock::now() - start, 500ms) << "a command waited for Redis";
  ASSERT_TRUE(down.is_error());
  EXPECT_TRUE(down.text.starts_with("redis link down")) << down.text;

  server.start_again();
  ASSERT_TRUE(wait_until([&] { return client.connected() && subscriber.connected(); }, 10s))
      << "no reconnect within 10 s";
  EXPECT_EQ(client_links.changes(), (std::vector<bool>{true, false, true}));
  EXPECT_EQ(subscriber_links.changes(), (std::vector<bool>{true, false, true}));

  // The subscriber reports up only once its subscriptions are made again: a message
  // published now reaches it, on the channel and on the pattern.
  EXPECT_EQ(call(client, {"PUBLISH", "news", "after"}).integer, 1);
  EXPECT_EQ(call(client, {"PUBLISH", "room:5", "in the room"}).integer, 1);
  EXPECT_TRUE(wait_until([&] { return received("after") && received("in the room"); }));
  EXPECT_EQ(call(client, {"SET", "k", "v"}).text, "OK");
  EXPECT_EQ(call(client, {"GET", "k"}).text, "v");

  client.stop();
  subscriber.stop();
}

TEST(redis_reconnect, a_client_started_before_redis_connects_when_it_comes) {
  private_redis server("late");
  server.stop();
  io_threads threads;
  redis_client client(threads.io, server.address());
  client.start();
  std::this_thread::sleep_for(150ms);
  EXPECT_FALSE(client.connected());
  server.start_again();
  ASSERT_TRUE(wait_until([&] { return client.connected(); }, 10s));
  EXPECT_EQ(call(client, {"PING"}).text, "PONG");
}

}  // namespace
}  // namespace crownhall::testing
