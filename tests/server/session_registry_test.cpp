// The session registry keeps one session per player id on a node: a second token for the
// same player (an identity brought them back on another node, which gave them a new one)
// is an alias that finds that very session, counted once and forgotten with it.
#include <gtest/gtest.h>

#include "server/session_registry.hpp"

namespace crownhall::server {
namespace {

TEST(SessionRegistry, AnAliasFindsTheSameSessionAndIsCountedOnce) {
  session_registry sessions;
  auto ann = sessions.create("Ann", 1000);
  const std::string other_nodes_token(32, 'b');
  sessions.alias(other_nodes_token, ann);
  EXPECT_EQ(sessions.find(other_nodes_token), ann);
  EXPECT_EQ(sessions.find(ann->token()), ann);
  EXPECT_EQ(sessions.find_by_id(ann->id()), ann);
  EXPECT_EQ(sessions.size(), 1u);
  ASSERT_EQ(sessions.all().size(), 1u);
  // A token already in use is never taken over by an alias.
  auto bob = sessions.create("Bob", 1000);
  sessions.alias(bob->token(), ann);
  EXPECT_EQ(sessions.find(bob->token()), bob);
  EXPECT_EQ(sessions.size(), 2u);
}

TEST(SessionRegistry, AnExpiredSessionGoesWithItsAliasesAndIsReportedOnce) {
  session_registry sessions;
  auto ann = sessions.create("Ann", 1000);
  sessions.alias(std::string(32, 'b'), ann);
  sessions.alias(std::string(32, 'c'), ann);
  const auto gone = sessions.expire(1000 + 60000, 60000);
  ASSERT_EQ(gone.size(), 1u);
  EXPECT_EQ(gone[0], ann);
  EXPECT_EQ(sessions.size(), 0u);
  EXPECT_FALSE(sessions.find(std::string(32, 'b')));
  EXPECT_FALSE(sessions.find_by_id(ann->id()));
}

TEST(SessionRegistry, AForgottenSessionGoesWithEveryTokenItHad) {
  session_registry sessions;
  auto ann = sessions.create("Ann", 1000);
  auto bob = sessions.create("Bob", 1000);
  const std::string other_nodes_token(32, 'b');
  sessions.alias(other_nodes_token, ann);
  EXPECT_EQ(sessions.forget(ann->id()), ann);
  EXPECT_EQ(sessions.find(ann->token()), nullptr);
  EXPECT_EQ(sessions.find(other_nodes_token), nullptr);
  EXPECT_EQ(sessions.find_by_id(ann->id()), nullptr);
  EXPECT_EQ(sessions.find(bob->token()), bob);
  EXPECT_EQ(sessions.size(), 1u);
  EXPECT_EQ(sessions.forget(ann->id()), nullptr);
}

}  // namespace
}  // namespace crownhall::server
