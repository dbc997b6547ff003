// redis_subscriber against the tests' private Redis: messages on channels and patterns,
// binary payloads, subscriptions made while up, and unsubscribing.
#include <gtest/gtest.h>

#include <mutex>

#include "server/cluster/redis/redis_subscriber.hpp"
#include "tests/redis/redis_test_support.hpp"

namespace crownhall::testing {
namespace {

using redis::redis_client;
using redis::redis_subscriber;

struct message {
  std::string channel;
  std::string payload;
  bool operator==(const message&) const = default;
};

// What a subscriber received, in order.
class inbox {
 public:
  void add(std::string channel, std::string payload) {
    std::lock_guard lock(m_);
    messages_.push_back({std::move(channel), std::move(payload)});
  }
  std::vector<message> messages() const {
    std::lock_guard lock(m_);
    return messages_;
  }
  bool has(std::size_t n) const { return messages().size() >= n; }

 private:
  mutable std::mutex m_;
  std::vector<message> messages_;
};

std::string name(const std::string& suffix) {
  auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  return std::string("redis_subscriber:") + test->name() + ":" + suffix;
}

class redis_subscriber_test : public ::testing::Test {
 protected:
  // Subscriptions made before start() are confirmed by the time connected() is true.
  void start() {
    subscriber.on_message([this](std::string c, std::string p) { received.add(c, p); });
    subscriber.start();
    client.start();
    ASSERT_TRUE(wait_until([&] { return subscriber.connected() && client.connected(); }));
  }

  // How many subscribers Redis counts on `channel`.
  long long subscribers_of(const std::string& channel) {
    auto r = call(client, {"PUBSUB", "NUMSUB", channel});
    return r.elements.size() == 2 ? r.elements[1].integer : -1;
  }

  io_threads threads;
  redis_client client{threads.io, shared_redis()};
  redis_subscriber subscriber{threads.io, shared_redis()};
  inbox received;
};

TEST_F(redis_subscriber_test, a_published_message_arrives) {
  subscriber.subscribe(name("news"));
  start();
  std::string payload("binary\0payload\r\n", 16);
  EXPECT_EQ(call(client, {"PUBLISH", name("news"), payload}).integer, 1);
  EXPECT_EQ(call(client, {"PUBLISH", name("other"), "not for us"}).integer, 0);
  EXPECT_EQ(call(client, {"PUBLISH", name("news"), "second"}).integer, 1);
  ASSERT_TRUE(wait_until([&] { return received.has(2); }));
  EXPECT_EQ(received.messages(),
            (std::vector<message>{{name("news"), payload}, {name("news"), "second"}}));
}

TEST_F(redis_subscriber_test, a_pattern_gets_every_matching_channel) {
  subscriber.psubscribe(name("table:*:moves"));
  start();
  EXPECT_EQ(call(client, {"PUBLISH", name("table:7:moves"), "m1"}).integer, 1);
  EXPECT_EQ(call(client, {"PUBLISH", name("table:7:chat"), "hi"}).integer, 0);
  EXPECT_EQ(call(client, {"PUBLISH", name("table:9:moves"), "m2"}).integer, 1);
  ASSERT_TRUE(wait_until([&] { return received.has(2); }));
  EXPECT_EQ(received.messages(),
            (std::vector<message>{{name("table:7:moves"), "m1"}, {name("table:9:moves"), "m2"}}));
}

TEST_F(redis_subscriber_test, subscriptions_made_while_up) {
  start();
  subscriber.subscribe(name("late"));
  ASSERT_TRUE(wait_until([&] { return subscribers_of(name("late")) == 1; }));
  EXPECT_EQ(call(client, {"PUBLISH", name("late"), "hello"}).integer, 1);
  ASSERT_TRUE(wait_until([&] { return received.has(1); }));
  EXPECT_EQ(received.messages()[0], (message{name("late"), "hello"}));
}

TEST_F(redis_subscriber_test, unsubscribe_stops_the_messages) {
  subscriber.subscribe(name("a"));
  subscriber.subscribe(name("b"));
  subscriber.psubscribe(name("p:*"));
  start();
  subscriber.unsubscribe(name("a"));
  subscriber.punsubscribe(name("p:*"));
  ASSERT_TRUE(wait_until([&] { return subscribers_of(name("a")) == 0; }));
  // Pattern counts are server-wide; a message to a channel only the pattern matched now
  // reaches nobody once the PUNSUBSCRIBE is through.
  ASSERT_TRUE(wait_until([&] {
    return call(client, {"PUBLISH", name("p:probe"), "probe"}).integer == 0;
  }));
  EXPECT_EQ(call(client, {"PUBLISH", name("a"), "gone"}).integer, 0);
  EXPECT_EQ(call(client, {"PUBLISH", name("b"), "still"}).integer, 1);
  ASSERT_TRUE(wait_until([&] { return received.has(1); }));
  std::this_thread::sleep_for(50ms);
  for (const auto& m : received.messages()) {
    EXPECT_TRUE(m == (message{name("b"), "still"}) || m.channel == name("p:probe")) << m.channel;
  }
}

TEST_F(redis_subscriber_test, a_channel_and_a_matching_pattern_both_deliver) {
  subscriber.subscribe(name("x:1"));
  subscriber.psubscribe(name("x:*"));
  start();
  EXPECT_EQ(call(client, {"PUBLISH", name("x:1"), "twice"}).integer, 2);
  ASSERT_TRUE(wait_until([&] { return received.has(2); }));
  EXPECT_EQ(received.messages(),
            (std::vector<message>{{name("x:1"), "twice"}, {name("x:1"), "twice"}}));
}

TEST_F(redis_subscriber_test, stop_ends_the_messages) {
  subscriber.subscribe(name("s"));
  start();
  subscriber.stop();
  EXPECT_FALSE(subscriber.connected());
  auto before = received.messages().size();
  ASSERT_TRUE(wait_until([&] { return subscribers_of(name("s")) == 0; }))
      << "the connection stays open after stop()";
  call(client, {"PUBLISH", name("s"), "after"});
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(received.messages().size(), before);
}

}  // namespace
}  // namespace crownhall::testing
