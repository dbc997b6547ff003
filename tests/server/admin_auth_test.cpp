// The admin token check and the message rates of the admin page, without sockets.
#include <gtest/gtest.h>

#include "server/http/admin_auth.hpp"
#include "server/http/rate_sampler.hpp"

namespace crownhall::server {
namespace {

TEST(AdminAuth, OnlyTheConfiguredTokenMatches) {
  EXPECT_TRUE(admin_token_matches("s3cret", "s3cret"));
  EXPECT_FALSE(admin_token_matches("s3cret", "s3creT"));  // same length
  EXPECT_FALSE(admin_token_matches("s3cret", "s3cre"));
  EXPECT_FALSE(admin_token_matches("s3cret", "s3cret "));
  EXPECT_FALSE(admin_token_matches("s3cret", ""));
  // No token configured: nothing matches, not even an empty one.
  EXPECT_FALSE(admin_token_matches("", ""));
  EXPECT_FALSE(admin_token_matches("", "anything"));
}

TEST(AdminAuth, BearerTokenIsReadFromTheHeader) {
  EXPECT_EQ(bearer_token("Bearer abc"), "abc");
  EXPECT_EQ(bearer_token("Bearer "), "");
  EXPECT_EQ(bearer_token("Basic abc"), "");
  EXPECT_EQ(bearer_token(""), "");
}

TEST(RateSampler, RatesSpanAtLeastASecond) {
  rate_sampler s;
  auto r = s.read(1000, 100, 200);  // the first reading only takes a sample
  EXPECT_EQ(r.in_per_second, 0);
  r = s.read(1500, 150, 200);  // half a second, no full window yet: the partial rate
  EXPECT_DOUBLE_EQ(r.in_per_second, 100);
  r = s.read(3000, 300, 600);  // two seconds since the sample
  EXPECT_DOUBLE_EQ(r.in_per_second, 100);
  EXPECT_DOUBLE_EQ(r.out_per_second, 200);
  r = s.read(3100, 1000, 1000);  // too soon: the last full window again
  EXPECT_DOUBLE_EQ(r.in_per_second, 100);
  r = s.read(4000, 400, 600);
  EXPECT_DOUBLE_EQ(r.in_per_second, 100);
  EXPECT_DOUBLE_EQ(r.out_per_second, 0);
}

}  // namespace
}  // namespace crownhall::server
