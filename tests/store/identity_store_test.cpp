// Guest identities in every store (SQLite, PostgreSQL alone and as a node): kept by their
// token's hash across a reopen, revoked for good, listed per player, renamed; and the schema
// step that makes every stored session an identity with the same hash, so that a browser
// sending its old session token as its identity is still its player.
#include <gtest/gtest.h>

#include <chrono>
#include <optional>

#include "any_store.hpp"
#include "server/store/postgres_query.hpp"
#include "server/store/postgres_schema.hpp"
#include "server/store/postgres_store.hpp"
#include "server/store/sqlite_schema.hpp"
#include "server/store/sqlite_store.hpp"

namespace crownhall::store {
namespace {

using namespace testing;

constexpr millis year_ms = 365LL * 24 * 3600 * 1000;

millis unix_now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

identity_entry ann_on(std::string_view token, millis issued) {
  return {"p-ann", "Ann", secret_hash::of(token), issued, issued + year_ms, 0};
}

class identity_store : public any_store {
 protected:
  // A store of the schema version before guest identities, holding one session: Ann's, by
  // the hash of `token`.
  void make_store_before_identities(std::string_view token) {
    const std::string hash_hex = secret_hash::of(token).hex();
    make_store_at(1, 4, "INSERT INTO sessions VALUES ('p-ann', 'Ann', x'" + hash_hex + "', 10, 20)",
                  "INSERT INTO sessions VALUES ('p-ann', 'Ann', '\\x" + hash_hex + "', 10, 20)");
  }
};

TEST_P(identity_store, an_identity_is_found_by_its_token_hash_after_reopen) {
  const identity_entry phone = ann_on("token-phone", 1000);
  {
    auto s = open();
    ASSERT_TRUE(s);
    ASSERT_TRUE(s->save_identity(phone));
  }
  auto s = open();
  ASSERT_TRUE(s);
  auto found = s->find_identity(secret_hash::of("token-phone"));
  ASSERT_TRUE(found.ok()) << found.error();
  ASSERT_TRUE(found->has_value());
  EXPECT_EQ(**found, phone);
  auto none = s->find_identity(secret_hash::of("token-forged"));
  ASSERT_TRUE(none.ok()) << none.error();
  EXPECT_FALSE(none->has_value());
}

TEST_P(identity_store, a_revoked_identity_keeps_its_first_revocation) {
  auto s = open();
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->save_identity(ann_on("token-phone", 1000)));
  auto revoked = s->revoke_identity(secret_hash::of("token-phone"), 5000);
  ASSERT_TRUE(revoked.ok()) << revoked.error();
  EXPECT_TRUE(*revoked);
  ASSERT_TRUE(s->revoke_identity(secret_hash::of("token-phone"), 9000).ok());
  auto found = s->find_identity(secret_hash::of("token-phone"));
  ASSERT_TRUE(found.ok() && found->has_value());
  EXPECT_EQ((*found)->revoked_at_ms, 5000);
  auto unknown = s->revoke_identity(secret_hash::of("token-forged"), 5000);
  ASSERT_TRUE(unknown.ok()) << unknown.error();
  EXPECT_FALSE(*unknown);
}

TEST_P(identity_store, a_players_identities_are_listed_newest_first_and_renamed_together) {
  auto s = open();
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->save_identity(ann_on("token-laptop", 1000)));
  ASSERT_TRUE(s->save_identity(ann_on("token-phone", 2000)));
  ASSERT_TRUE(s->save_identity({"p-bob", "Bob", secret_hash::of("token-bob"), 1500, 9000, 0}));
  ASSERT_TRUE(s->rename_player("p-ann", "Ann the Bold"));
  auto listed = s->list_identities("p-ann");
  ASSERT_TRUE(listed.ok()) << listed.error();
  ASSERT_EQ(listed->size(), 2u);
  EXPECT_EQ((*listed)[0].token_hash, secret_hash::of("token-phone"));
  EXPECT_EQ((*listed)[1].token_hash, secret_hash::of("token-laptop"));
  for (const auto& e : *listed) EXPECT_EQ(e.display_name, "Ann the Bold");
  auto bob = s->find_identity(secret_hash::of("token-bob"));
  ASSERT_TRUE(bob.ok() && bob->has_value());
  EXPECT_EQ((*bob)->display_name, "Bob");
  auto nobody = s->list_identities("p-nobody");
  ASSERT_TRUE(nobody.ok());
  EXPECT_TRUE(nobody->empty());
}

TEST_P(identity_store, the_schema_step_makes_each_stored_session_an_identity) {
  const std::string token = "0123456789abcdef0123456789abcdef";  // a session token's form
  make_store_before_identities(token);
  const millis before = unix_now_ms();
  auto s = open();
  ASSERT_TRUE(s);
  const millis after = unix_now_ms();
  auto found = s->find_identity(secret_hash::of(token));
  ASSERT_TRUE(found.ok()) << found.error();
  ASSERT_TRUE(found->has_value()) << "the stored session did not become an identity";
  const identity_entry& e = **found;
  EXPECT_EQ(e.player_id, "p-ann");
  EXPECT_EQ(e.display_name, "Ann");
  EXPECT_EQ(e.revoked_at_ms, 0);
  // Issued at the migration (SQLite's clock counts whole seconds), lasting a year from it.
  EXPECT_GE(e.issued_at_ms, before - 1000);
  EXPECT_LE(e.issued_at_ms, after);
  EXPECT_EQ(e.expires_at_ms, e.issued_at_ms + year_ms);
  // The session itself is still there: a token resume works as before.
  auto session = s->find_session(secret_hash::of(token));
  ASSERT_TRUE(session.ok() && session->has_value());
}

INSTANTIATE_TEST_SUITE_P(stores, identity_store,
                         ::testing::Values("sqlite", "postgres", "postgres_node"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace crownhall::store
