// Accounts in every store (SQLite, PostgreSQL alone and as a node): accounts, passkeys and
// password hashes kept byte for byte across a reopen; a name and a player have one account
// each; deleting an account takes its passkeys and password with it; a passkey's counter
// only goes up; WebAuthn challenges taken once, also by two takers at the same moment (on
// PostgreSQL, two nodes); and the schema step that adds them to a store of the version before.
#include <gtest/gtest.h>

#include <atomic>
#include <initializer_list>
#include <latch>
#include <optional>
#include <thread>

#include "any_store.hpp"
#include "server/store/account_store.hpp"
#include "server/store/postgres_query.hpp"
#include "server/store/postgres_schema.hpp"
#include "server/store/postgres_store.hpp"
#include "server/store/sqlite_schema.hpp"
#include "server/store/sqlite_store.hpp"

namespace crownhall::store {
namespace {

using namespace testing;

// Bytes as the WebAuthn library has them, in a std::string; zero bytes and 0xff included.
std::string bytes(std::initializer_list<int> b) {
  std::string s;
  for (int c : b) s.push_back(static_cast<char>(c));
  return s;
}

account_entry ann() { return {"p-ann", "Ann", "ann", 1000}; }
account_entry bob() { return {"p-bob", "Bob", "bob", 1100}; }

passkey_entry ann_phone() {
  passkey_entry p;
  p.credential_id = bytes({0x00, 0xff, 0x10, 0x00, 0x7f, 0x80, 0xff});
  p.player_id = "p-ann";
  p.user_handle = bytes({0xff, 0x00, 0x00, 0x01});
  p.public_key = bytes({0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x00, 0xff});
  p.algorithm = -7;
  p.sign_count = 4000000000u;  // above INT32_MAX: kept unsigned
  p.aaguid = {0x00, 0xff, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0x00, 0xff};
  p.backup_eligible = true;
  p.backed_up = false;
  p.created_at_ms = 2000;
  p.last_used_ms = 2500;
  return p;
}

passkey_entry ann_laptop() {
  passkey_entry p = ann_phone();
  p.credential_id = bytes({0x00});
  p.public_key = std::string(1100, '\xff');  // an RSA key's size
  p.algorithm = -257;
  p.sign_count = 0;
  p.aaguid = {};
  p.backup_eligible = false;
  p.backed_up = true;
  p.created_at_ms = 1500;  // older than the phone's
  p.last_used_ms = 1500;
  return p;
}

const std::string argon2_hash = "$argon2id$v=19$m=65536,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2g";

template <class T>
T value_of(result<T> r) {
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? std::move(*r) : T{};
}

class stored_accounts : public any_store {
 protected:
  // A store of the schema version before accounts (SQLite's 2, PostgreSQL's 5: numbers, not
  // the latest less one, which a later step moves), holding a guest identity: Ann's.
  void make_store_before_accounts() {
    const std::string hash_hex = secret_hash::of("token-ann").hex();
    const std::string row = "', 'p-ann', 'Ann', 10, 20, 0)";
    make_store_at(2, 5, "INSERT INTO guest_identities VALUES (x'" + hash_hex + row,
                  "INSERT INTO guest_identities VALUES ('\\x" + hash_hex + row);
  }
};

TEST_P(stored_accounts, every_field_is_kept_byte_for_byte_across_a_reopen) {
  {
    auto s = open();
    ASSERT_TRUE(s);
    auto& a = s->accounts();
    EXPECT_TRUE(value_of(a.create_account(ann())));
    EXPECT_TRUE(value_of(a.add_passkey(ann_phone())));
    EXPECT_TRUE(value_of(a.add_passkey(ann_laptop())));
    EXPECT_TRUE(value_of(a.set_password_hash("p-ann", argon2_hash, 3000)));
    ASSERT_TRUE(a.put_challenge({"session-ann", bytes({0x00, 0xff, 0x00, 0x41}), 4000, 9000}));
  }
  auto s = open();
  ASSERT_TRUE(s);
  auto& a = s->accounts();
  EXPECT_EQ(value_of(a.find_account("p-ann")), ann());
  EXPECT_EQ(value_of(a.find_account_by_name("ann")), ann());
  EXPECT_EQ(value_of(a.find_passkey(ann_phone().credential_id)), ann_phone());
  EXPECT_EQ(value_of(a.find_passkey(ann_laptop().credential_id)), ann_laptop());
  EXPECT_EQ(value_of(a.find_password_hash("p-ann")), argon2_hash);
  EXPECT_EQ(value_of(a.take_challenge("session-ann", 5000)), bytes({0x00, 0xff, 0x00, 0x41}));
  // Nothing for what was never stored; a credential id is compared whole, zero bytes too.
  EXPECT_EQ(value_of(a.find_account("p-bob")), std::nullopt);
  EXPECT_EQ(value_of(a.find_account_by_name("Ann")), std::nullopt);
  EXPECT_EQ(value_of(a.find_passkey(bytes({0x00, 0xff, 0x10}))), std::nullopt);
  EXPECT_EQ(value_of(a.find_passkey(bytes({0x00, 0x00}))), std::nullopt);
  EXPECT_EQ(value_of(a.find_password_hash("p-bob")), std::nullopt);
}

TEST_P(stored_accounts, a_name_key_and_a_player_have_one_account_each) {
  auto s = open();
  ASSERT_TRUE(s);
  auto& a = s->accounts();
  EXPECT_TRUE(value_of(a.create_account(ann())));
  // Another player under Ann's key: refused, whatever the name as shown.
  EXPECT_FALSE(value_of(a.create_account({"p-bob", "ANN", "ann", 1200})));
  // A second account for Ann: refused, under a free key too.
  EXPECT_FALSE(value_of(a.create_account({"p-ann", "Annie", "annie", 1300})));
  EXPECT_EQ(value_of(a.find_account("p-ann")), ann());
  EXPECT_EQ(value_of(a.find_account("p-bob")), std::nullopt);
  EXPECT_EQ(value_of(a.find_account_by_name("annie")), std::nullopt);
  EXPECT_TRUE(value_of(a.create_account(bob())));
  EXPECT_EQ(value_of(a.find_account_by_name("bob")), bob());
}

TEST_P(stored_accounts, a_rename_to_a_taken_key_is_refused_and_to_a_free_one_is_found) {
  auto s = open();
  ASSERT_TRUE(s);
  auto& a = s->accounts();
  ASSERT_TRUE(value_of(a.create_account(ann())));
  ASSERT_TRUE(value_of(a.create_account(bob())));
  EXPECT_FALSE(value_of(a.rename_account("p-ann", "BOB", "bob")));
  EXPECT_EQ(value_of(a.find_account("p-ann")), ann());
  EXPECT_EQ(value_of(a.find_account_by_name("bob")), bob());

  EXPECT_TRUE(value_of(a.rename_account("p-ann", "Queen Ann", "queen ann")));
  const account_entry renamed{"p-ann", "Queen Ann", "queen ann", 1000};
  EXPECT_EQ(value_of(a.find_account("p-ann")), renamed);
  EXPECT_EQ(value_of(a.find_account_by_name("queen ann")), renamed);
  // Its old key is free again.
  EXPECT_EQ(value_of(a.find_account_by_name("ann")), std::nullopt);
  EXPECT_TRUE(value_of(a.create_account({"p-cat", "ann", "ann", 1400})));
  // A new name as shown under the same key is no conflict with itself.
  EXPECT_TRUE(value_of(a.rename_account("p-ann", "QUEEN ANN", "queen ann")));
  EXPECT_EQ(value_of(a.find_account_by_name("queen ann"))->name, "QUEEN ANN");
  // No account, nothing renamed.
  EXPECT_FALSE(value_of(a.rename_account("p-nobody", "Nobody", "nobody")));
  EXPECT_EQ(value_of(a.find_account_by_name("nobody")), std::nullopt);
}

TEST_P(stored_accounts, deleting_an_account_removes_its_passkeys_and_password_and_frees_its_name) {
  auto s = open();
  ASSERT_TRUE(s);
  auto& a = s->accounts();
  ASSERT_TRUE(value_of(a.create_account(ann())));
  ASSERT_TRUE(value_of(a.create_account(bob())));
  ASSERT_TRUE(value_of(a.add_passkey(ann_phone())));
  ASSERT_TRUE(value_of(a.add_passkey(ann_laptop())));
  passkey_entry bobs = ann_phone();
  bobs.credential_id = bytes({0xb0, 0x00});
  bobs.player_id = "p-bob";
  ASSERT_TRUE(value_of(a.add_passkey(bobs)));
  ASSERT_TRUE(value_of(a.set_password_hash("p-ann", argon2_hash, 3000)));
  ASSERT_TRUE(value_of(a.set_password_hash("p-bob", argon2_hash + "b", 3000)));

  EXPECT_TRUE(value_of(a.delete_account("p-ann")));
  EXPECT_EQ(value_of(a.find_account("p-ann")), std::nullopt);
  EXPECT_EQ(value_of(a.find_passkey(ann_phone().credential_id)), std::nullopt);
  EXPECT_EQ(value_of(a.find_passkey(ann_laptop().credential_id)), std::nullopt);
  EXPECT_TRUE(value_of(a.list_passkeys("p-ann")).empty());
  EXPECT_EQ(value_of(a.find_password_hash("p-ann")), std::nullopt);
  EXPECT_FALSE(value_of(a.delete_account("p-ann")));
  // Nothing of Bob's went with it.
  EXPECT_EQ(value_of(a.find_account("p-bob")), bob());
  EXPECT_EQ(value_of(a.find_passkey(bobs.credential_id)), bobs);
  EXPECT_EQ(value_of(a.find_password_hash("p-bob")), argon2_hash + "b");
  // A passkey or a password for the deleted account is refused: none outlives it.
  EXPECT_FALSE(value_of(a.add_passkey(ann_phone())));
  EXPECT_FALSE(value_of(a.set_password_hash("p-ann", argon2_hash, 4000)));
  EXPECT_EQ(value_of(a.find_password_hash("p-ann")), std::nullopt);
  // The name is free, for the same player too.
  EXPECT_TRUE(value_of(a.create_account({"p-cat", "Ann", "ann", 5000})));
  EXPECT_FALSE(value_of(a.create_account(ann())));
  EXPECT_TRUE(value_of(a.delete_account("p-cat")));
  EXPECT_TRUE(value_of(a.create_account(ann())));
  EXPECT_TRUE(value_of(a.list_passkeys("p-ann")).empty());
  EXPECT_EQ(value_of(a.find_password_hash("p-ann")), std::nullopt);
}

TEST_P(stored_accounts, a_passkey_is_added_once_removed_by_its_player_and_listed_oldest_first) {
  auto s = open();
  ASSERT_TRUE(s);
  auto& a = s->accounts();
  ASSERT_TRUE(value_of(a.create_account(ann())));
  ASSERT_TRUE(value_of(a.create_account(bob())));
  EXPECT_TRUE(value_of(a.add_passkey(ann_phone())));
  // The same credential id again, for Ann or for Bob: refused, the first one unchanged.
  passkey_entry again = ann_phone();
  again.public_key = bytes({0x01});
  EXPECT_FALSE(value_of(a.add_passkey(again)));
  again.player_id = "p-bob";
  EXPECT_FALSE(value_of(a.add_passkey(again)));
  EXPECT_EQ(value_of(a.find_passkey(ann_phone().credential_id)), ann_phone());
  EXPECT_TRUE(value_of(a.list_passkeys("p-bob")).empty());
  // No account, no passkey.
  passkey_entry stray = ann_laptop();
  stray.player_id = "p-nobody";
  EXPECT_FALSE(value_of(a.add_passkey(stray)));

  EXPECT_TRUE(value_of(a.add_passkey(ann_laptop())));
  const auto listed = value_of(a.list_passkeys("p-ann"));
  ASSERT_EQ(listed.size(), 2u);
  EXPECT_EQ(listed[0], ann_laptop());  // made at 1500, the phone at 2000
  EXPECT_EQ(listed[1], ann_phone());

  EXPECT_FALSE(value_of(a.remove_passkey(ann_phone().credential_id, "p-bob")));
  EXPECT_EQ(value_of(a.find_passkey(ann_phone().credential_id)), ann_phone());
  EXPECT_TRUE(value_of(a.remove_passkey(ann_phone().credential_id, "p-ann")));
  EXPECT_EQ(value_of(a.find_passkey(ann_phone().credential_id)), std::nullopt);
  EXPECT_FALSE(value_of(a.remove_passkey(ann_phone().credential_id, "p-ann")));
  EXPECT_EQ(value_of(a.list_passkeys("p-ann")), std::vector<passkey_entry>{ann_laptop()});
}

TEST_P(stored_accounts, a_use_is_recorded_only_while_the_counter_goes_up) {
  auto s = open();
  ASSERT_TRUE(s);
  auto& a = s->accounts();
  ASSERT_TRUE(value_of(a.create_account(ann())));
  passkey_entry p = ann_phone();
  p.sign_count = 7;
  ASSERT_TRUE(value_of(a.add_passkey(p)));
  EXPECT_TRUE(value_of(a.record_passkey_use(p.credential_id, 4000000001u, true, 6000)));
  p.sign_count = 4000000001u;
  p.backed_up = true;
  p.last_used_ms = 6000;
  EXPECT_EQ(value_of(a.find_passkey(p.credential_id)), p);
  // The same counter again (a second sign-in that checked the old one), or a lower one.
  EXPECT_FALSE(value_of(a.record_passkey_use(p.credential_id, 4000000001u, false, 7000)));
  EXPECT_FALSE(value_of(a.record_passkey_use(p.credential_id, 8, false, 7000)));
  EXPECT_EQ(value_of(a.find_passkey(p.credential_id)), p);
  // An authenticator that keeps no counter: 0 after 0, every time.
  ASSERT_TRUE(value_of(a.add_passkey(ann_laptop())));
  EXPECT_TRUE(value_of(a.record_passkey_use(ann_laptop().credential_id, 0, false, 6500)));
  EXPECT_TRUE(value_of(a.record_passkey_use(ann_laptop().credential_id, 0, true, 6600)));
  passkey_entry laptop = ann_laptop();
  laptop.last_used_ms = 6600;
  EXPECT_EQ(value_of(a.find_passkey(laptop.credential_id)), laptop);
  EXPECT_FALSE(value_of(a.record_passkey_use(bytes({0x42}), 9, false, 6000)));
}

TEST_P(stored_accounts, a_password_hash_is_set_replaced_and_removed) {
  auto s = open();
  ASSERT_TRUE(s);
  auto& a = s->accounts();
  ASSERT_TRUE(value_of(a.create_account(ann())));
  EXPECT_EQ(value_of(a.find_password_hash("p-ann")), std::nullopt);
  EXPECT_TRUE(value_of(a.set_password_hash("p-ann", argon2_hash, 3000)));
  EXPECT_TRUE(value_of(a.set_password_hash("p-ann", argon2_hash + "2", 4000)));
  EXPECT_EQ(value_of(a.find_password_hash("p-ann")), argon2_hash + "2");
  EXPECT_TRUE(value_of(a.remove_password_hash("p-ann")));
  EXPECT_EQ(value_of(a.find_password_hash("p-ann")), std::nullopt);
  EXPECT_FALSE(value_of(a.remove_password_hash("p-ann")));
  EXPECT_EQ(value_of(a.find_account("p-ann")), ann());  // the account stays
}

TEST_P(stored_accounts, a_challenge_is_taken_once_within_its_lifetime_and_only_the_latest) {
  auto s = open();
  ASSERT_TRUE(s);
  auto& a = s->accounts();
  const std::string first = bytes({0x00, 0x01, 0xff}), second = bytes({0xff, 0x00, 0x02});
  ASSERT_TRUE(a.put_challenge({"page-1", first, 1000, 2000}));
  ASSERT_TRUE(a.put_challenge({"page-2", second, 1000, 2000}));
  // Answerable up to and including its expiry, once.
  EXPECT_EQ(value_of(a.take_challenge("page-1", 2000)), first);
  EXPECT_EQ(value_of(a.take_challenge("page-1", 2000)), std::nullopt);
  EXPECT_EQ(value_of(a.take_challenge("nobody", 1500)), std::nullopt);
  // Past its expiry: nothing, and gone.
  EXPECT_EQ(value_of(a.take_challenge("page-2", 2001)), std::nullopt);
  EXPECT_EQ(value_of(a.take_challenge("page-2", 1500)), std::nullopt);
  // A newer ceremony replaces the older: only its challenge is answered.
  ASSERT_TRUE(a.put_challenge({"page-1", first, 3000, 4000}));
  ASSERT_TRUE(a.put_challenge({"page-1", second, 3100, 4100}));
  EXPECT_EQ(value_of(a.take_challenge("page-1", 4050)), second);
  EXPECT_EQ(value_of(a.take_challenge("page-1", 3500)), std::nullopt);
}

TEST_P(stored_accounts, expired_challenges_are_swept_and_live_ones_kept) {
  auto s = open();
  ASSERT_TRUE(s);
  auto& a = s->accounts();
  ASSERT_TRUE(a.put_challenge({"old-1", "a", 1000, 2000}));
  ASSERT_TRUE(a.put_challenge({"old-2", "b", 1000, 2999}));
  ASSERT_TRUE(a.put_challenge({"live", "c", 1000, 3000}));
  EXPECT_EQ(value_of(a.forget_expired_challenges(3000)), 2u);
  EXPECT_EQ(value_of(a.forget_expired_challenges(3000)), 0u);
  EXPECT_EQ(value_of(a.take_challenge("old-2", 1500)), std::nullopt);
  EXPECT_EQ(value_of(a.take_challenge("live", 3000)), "c");
}

// Two takers at the same moment (two threads; on PostgreSQL two nodes, each with its own
// connection): exactly one has the challenge, every round.
TEST_P(stored_accounts, of_two_concurrent_takes_exactly_one_has_the_challenge) {
  auto first = open();
  ASSERT_TRUE(first);
  std::unique_ptr<table_store> second_node;
  if (GetParam() == "postgres_node") {
    second_node = open();
    ASSERT_TRUE(second_node);
  }
  account_store& one = first->accounts();
  account_store& two = second_node ? second_node->accounts() : one;
  constexpr int rounds = 50;
  for (int round = 0; round < rounds; ++round) {
    const std::string owner = "page-" + std::to_string(round % 3);
    ASSERT_TRUE(one.put_challenge({owner, bytes({0x00, round}), 1000, 9000}));
    std::latch start(2);
    std::atomic<int> had{0}, failed{0};
    auto take = [&](account_store& a) {
      start.arrive_and_wait();
      auto r = a.take_challenge(owner, 2000);
      if (!r.ok())
        ++failed;
      else if (r->has_value() && **r == bytes({0x00, round}))
        ++had;
    };
    std::thread t1(take, std::ref(one)), t2(take, std::ref(two));
    t1.join();
    t2.join();
    ASSERT_EQ(failed.load(), 0) << "round " << round;
    ASSERT_EQ(had.load(), 1) << "round " << round;
  }
}

TEST_P(stored_accounts, the_schema_step_adds_accounts_to_a_store_of_the_version_before) {
  make_store_before_accounts();
  auto s = open();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->opened_schema_version(),
            GetParam() == "sqlite" ? sqlite_store::schema_version : postgres_store::schema_version);
  auto identity = s->find_identity(secret_hash::of("token-ann"));
  ASSERT_TRUE(identity.ok()) << identity.error();
  ASSERT_TRUE(identity->has_value()) << "the guest identity was lost";
  EXPECT_EQ((*identity)->player_id, "p-ann");
  // The guest becomes an account under the same player id.
  auto& a = s->accounts();
  EXPECT_TRUE(value_of(a.create_account(ann())));
  EXPECT_TRUE(value_of(a.add_passkey(ann_phone())));
  EXPECT_TRUE(value_of(a.set_password_hash("p-ann", argon2_hash, 3000)));
  ASSERT_TRUE(a.put_challenge({"page", "c", 1000, 2000}));
  EXPECT_EQ(value_of(a.find_account_by_name("ann")), ann());
  EXPECT_EQ(value_of(a.list_passkeys("p-ann")), std::vector<passkey_entry>{ann_phone()});
  EXPECT_EQ(value_of(a.take_challenge("page", 1500)), "c");
}

INSTANTIATE_TEST_SUITE_P(stores, stored_accounts,
                         ::testing::Values("sqlite", "postgres", "postgres_node"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace crownhall::store
