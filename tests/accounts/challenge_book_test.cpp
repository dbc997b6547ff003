// The challenges given out for passkey ceremonies: each answers once, only its owner's
// latest, only within its lifetime, and the book never grows past its capacity.
#include <gtest/gtest.h>

#include "server/accounts/challenge_book.hpp"

namespace crownhall::accounts {
namespace {

TEST(challenge_book, a_challenge_is_taken_once) {
  challenge_book book(60'000);
  const std::string c = book.issue("session-a", 0);
  EXPECT_EQ(c.size(), 32u);
  EXPECT_EQ(book.take("session-b", 1), "");
  EXPECT_EQ(book.take("session-a", 1), c);
  EXPECT_EQ(book.take("session-a", 2), "");
}

TEST(challenge_book, only_the_latest_challenge_of_an_owner_answers) {
  challenge_book book(60'000);
  const std::string first = book.issue("session-a", 0);
  const std::string second = book.issue("session-a", 1);
  EXPECT_NE(first, second);
  EXPECT_EQ(book.take("session-a", 2), second);
}

TEST(challenge_book, an_old_challenge_lapses) {
  challenge_book book(60'000);
  book.issue("session-a", 0);
  EXPECT_EQ(book.take("session-a", 60'001), "");
  EXPECT_EQ(book.size(), 0u);
}

TEST(challenge_book, a_full_book_forgets_the_oldest) {
  challenge_book book(60'000, 2);
  book.issue("a", 0);
  const std::string b = book.issue("b", 1);
  const std::string c = book.issue("c", 2);
  EXPECT_EQ(book.size(), 2u);
  EXPECT_EQ(book.take("a", 3), "");
  EXPECT_EQ(book.take("b", 3), b);
  EXPECT_EQ(book.take("c", 3), c);
}

}  // namespace
}  // namespace crownhall::accounts
