// Passwords kept as argon2id hashes with the parameters docs/accounts.md states.
#include <gtest/gtest.h>

#include "server/accounts/password_hash.hpp"

namespace crownhall::accounts {
namespace {

// docs/accounts.md, "Passwords": argon2id, version 1.3, 64 MiB, 2 passes, 1 lane.
constexpr std::string_view stated_prefix = "$argon2id$v=19$m=65536,t=2,p=1$";

TEST(password_hash, the_stored_string_is_argon2id_with_the_stated_parameters) {
  const std::string stored = hash_password("correct horse battery staple");
  EXPECT_EQ(stored.substr(0, stated_prefix.size()), stated_prefix);
  EXPECT_EQ(stored.find("correct horse"), std::string::npos);
  // A fresh salt each time: two accounts with one password do not share a hash.
  EXPECT_NE(hash_password("correct horse battery staple"), stored);
  EXPECT_FALSE(password_needs_rehash(stored));
}

TEST(password_hash, the_right_password_verifies_and_a_wrong_one_does_not) {
  const std::string stored = hash_password("correct horse battery staple");
  EXPECT_TRUE(verify_password(stored, "correct horse battery staple"));
  EXPECT_FALSE(verify_password(stored, "correct horse battery stapler"));
  EXPECT_FALSE(verify_password(stored, ""));
  EXPECT_FALSE(verify_password(std::string_view("$argon2id$v=19$garbage"), "x"));
}

TEST(password_hash, an_unknown_name_is_checked_against_a_hash_of_the_same_cost) {
  // The same work as for a real account: a hash with the stated parameters is verified.
  EXPECT_EQ(stand_in_password_hash().substr(0, stated_prefix.size()), stated_prefix);
  EXPECT_FALSE(verify_password(std::nullopt, "correct horse battery staple"));
  EXPECT_FALSE(verify_password(std::nullopt, ""));
}

TEST(password_hash, a_hash_of_other_parameters_asks_to_be_made_again) {
  const password_cost cheap{1, 8u << 20};
  const std::string old = hash_password("correct horse battery staple", cheap);
  EXPECT_EQ(old.substr(0, 30), "$argon2id$v=19$m=8192,t=1,p=1$");
  EXPECT_TRUE(verify_password(old, "correct horse battery staple"));
  EXPECT_TRUE(password_needs_rehash(old));
  EXPECT_FALSE(password_needs_rehash(old, cheap));
}

TEST(password_hash, new_passwords_have_bounds) {
  EXPECT_EQ(check_new_password("short"), password_refusal::too_short);
  // Eight characters, some of them two bytes long.
  EXPECT_EQ(check_new_password("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"),
            password_refusal::too_short);
  EXPECT_EQ(check_new_password("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"),
            std::nullopt);
  EXPECT_EQ(check_new_password(std::string(max_password_bytes + 1, 'a')),
            password_refusal::too_long);
  EXPECT_EQ(code(password_refusal::too_short), "password_too_short");
  EXPECT_EQ(code(password_refusal::too_long), "password_too_long");
}

}  // namespace
}  // namespace crownhall::accounts
