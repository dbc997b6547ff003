// The browser's base64url, both ways, and what is not base64url.
#include <gtest/gtest.h>

#include "server/accounts/base64url.hpp"

namespace crownhall::accounts {
namespace {

TEST(base64url, round_trips_every_length) {
  std::string bytes;
  for (int i = 0; i < 40; ++i) {
    const auto text = base64url_encode(bytes);
    EXPECT_EQ(text.find_first_of("+/="), std::string::npos);
    EXPECT_EQ(base64url_decode(text), bytes) << text;
    bytes.push_back(static_cast<char>(0xf0 + i));
  }
  EXPECT_EQ(base64url_encode("\xfb\xff"), "-_8");
  EXPECT_EQ(base64url_decode("-_8="), "\xfb\xff");
}

TEST(base64url, refuses_what_is_not_base64url) {
  EXPECT_EQ(base64url_decode("ab+c"), std::nullopt);   // standard base64's digit
  EXPECT_EQ(base64url_decode("abcde"), std::nullopt);  // no length leaves 6 bits over
  EXPECT_EQ(base64url_decode("-_9"), std::nullopt);    // bits set past the last byte
  EXPECT_EQ(base64url_decode("ab c"), std::nullopt);
}

}  // namespace
}  // namespace crownhall::accounts
