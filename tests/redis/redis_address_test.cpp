// redis:// URLs as --redis takes them: the forms accepted, and the words for the rest.
#include <gtest/gtest.h>

#include "server/cluster/redis/redis_address.hpp"

namespace crownhall::redis {
namespace {

redis_address parsed(std::string_view url) {
  auto p = parse_redis_address(url);
  EXPECT_TRUE(p.address) << url << ": " << p.error;
  return p.address.value_or(redis_address{});
}

std::string refusal(std::string_view url) {
  auto p = parse_redis_address(url);
  EXPECT_FALSE(p.address) << url << " was accepted";
  return p.error;
}

TEST(redis_address, host_and_port) {
  auto a = parsed("redis://10.0.0.7:6380");
  EXPECT_EQ(a.host, "10.0.0.7");
  EXPECT_EQ(a.port, 6380);
  EXPECT_EQ(a.database, 0);
  EXPECT_EQ(a.password, "");
  EXPECT_EQ(a.text(), "redis://10.0.0.7:6380/0");
}

TEST(redis_address, port_defaults_to_6379) {
  auto a = parsed("redis://cache.internal");
  EXPECT_EQ(a.host, "cache.internal");
  EXPECT_EQ(a.port, 6379);
}

TEST(redis_address, database) {
  EXPECT_EQ(parsed("redis://localhost:6379/3").database, 3);
  EXPECT_EQ(parsed("redis://localhost/15").database, 15);
  EXPECT_EQ(parsed("redis://localhost:6379/").database, 0);
}

TEST(redis_address, password_and_user) {
  auto a = parsed("redis://:s3cret@127.0.0.1:7000/2");
  EXPECT_EQ(a.user, "");
  EXPECT_EQ(a.password, "s3cret");
  EXPECT_EQ(a.host, "127.0.0.1");
  EXPECT_EQ(a.port, 7000);
  EXPECT_EQ(a.database, 2);
  EXPECT_EQ(a.text(), "redis://127.0.0.1:7000/2") << "the password stays out of log lines";

  auto b = parsed("redis://node:p@ss:word@redis:6379");
  EXPECT_EQ(b.user, "node");
  EXPECT_EQ(b.password, "p@ss:word") << "the host starts after the last '@'";
  EXPECT_EQ(b.host, "redis");
}

TEST(redis_address, ipv6_in_brackets) {
  auto a = parsed("redis://[::1]:6390");
  EXPECT_EQ(a.host, "::1");
  EXPECT_EQ(a.port, 6390);
  EXPECT_EQ(a.text(), "redis://[::1]:6390/0");
  EXPECT_EQ(parsed("redis://[::1]").port, 6379);
}

TEST(redis_address, refusals_say_what_was_expected) {
  for (std::string_view bad :
       {"", "localhost:6379", "http://localhost:6379", "redis://", "redis://:6379",
        "redis://host:", "redis://host:0", "redis://host:65536", "redis://host:63x9",
        "redis://host:-1", "redis://host:6379/db", "redis://host/-1", "redis://[::1",
        "redis://[::1]x", "redis://host?x=1", "redis://nopassword@host", "redis://user:@host"}) {
    auto error = refusal(bad);
    EXPECT_TRUE(error.starts_with("--redis: expected redis://host:port, got '")) << error;
  }
  EXPECT_NE(refusal("http://x").find("got 'http://x'"), std::string::npos);
}

TEST(redis_address, refusals_do_not_repeat_the_password) {
  auto error = refusal("redis://:hunter2@host:port");
  EXPECT_EQ(error.find("hunter2"), std::string::npos) << error;
  EXPECT_NE(error.find("redis://***@host:port"), std::string::npos) << error;
}

}  // namespace
}  // namespace crownhall::redis
