// Moderation in every store (SQLite, PostgreSQL alone and as a node): bans replaced, lifted
// and listed newest first across a reopen; the audit log's ids increasing, also for two
// writers at once (on PostgreSQL, two nodes), and listed newest first a page at a time; the
// private-profile setting; accounts listed by name key a page at a time; a player's name
// replaced in the finished records they sat in and nowhere else; and the schema step that
// adds moderation to a store of the version before.
#include <gtest/gtest.h>

#include <latch>
#include <limits>
#include <optional>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "any_store.hpp"
#include "server/store/account_store.hpp"
#include "server/store/moderation_store.hpp"
#include "server/store/postgres_query.hpp"
#include "server/store/postgres_schema.hpp"
#include "server/store/postgres_store.hpp"
#include "server/store/sqlite_schema.hpp"
#include "server/store/sqlite_store.hpp"
#include "store_samples.hpp"

// Named, for the unity build: its helpers stand beside other tests' of the same names.
namespace crownhall::store::moderation_tests {
namespace {

using namespace store::testing;
using json = nlohmann::json;

template <class T>
T value_of(result<T> r) {
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? std::move(*r) : T{};
}

const ban_entry ann_ban{"p-ann", 1000, "abuse in chat", "root"};
const ban_entry bob_ban{"p-bob", 2000, "cheating: \"two accounts\", é ♛", "mod-1"};
const ban_entry cat_ban{"p-cat", 1500, "", "root"};

audit_entry act(millis at_ms, std::string action, std::string player_id) {
  return {0,
          at_ms,
          "root",
          std::move(action),
          std::move(player_id),
          R"({"reason":"x","old":"Ann","new":"Ann ♛"})"};
}

// A finished game's record and summary as the server writes them, the keys in the server's
// order (not sorted) and compact, with no name but the seats' in them: a rename must change
// the names' bytes and no other.
std::string record_text(const std::string& game_id, const std::vector<std::string>& names) {
  std::string seats;
  for (const auto& n : names) seats += (seats.empty() ? "\"" : ",\"") + n + "\"";
  return R"({"game":"crown-battles","game_id":")" + game_id +
         R"(","options":{"rounds":7,"variant":"classic"},"seats":[)" + seats +
         R"(],"seed":"18364758544493064720","actions":[{"seat":0,"action":{"type":"bid","value":2}},)"
         R"({"seat":1,"action":{"type":"play","card":"R7","note":"é\"x"}}],)"
         R"("extra":{"table":"t","players":["p-ann",null],"ratio":0.25}})";
}
std::string summary_text(const std::vector<std::string>& names) {
  std::string seats;
  for (const auto& n : names) seats += (seats.empty() ? "\"" : ",\"") + n + "\"";
  return R"({"seats":[)" + seats +
         R"(],"outcome":{"winner":0,"totals":[80,60,0,-10]},"points":[80,60,0,-10]})";
}

// Table `id` with `players` in its seats (empty: a bot), finished as game `id`-game.
void finish_game(table_store& s, const std::string& id, const std::vector<std::string>& players,
                 const std::vector<std::string>& names, millis at_ms) {
  table_config c = sample_config(id);
  c.seat_count = static_cast<int>(players.size());
  ASSERT_TRUE(s.save_table(c));
  for (int i = 0; i < c.seat_count; ++i) {
    const bool bot = players[i].empty();
    ASSERT_TRUE(s.save_seat(
        id, {i, players[i], names[i],
             bot ? std::nullopt : std::optional(secret_hash::of("token-" + players[i])), bot}));
  }
  game_start g = sample_start();
  g.game_id = id + "-game";
  ASSERT_TRUE(s.start_game(id, g));
  ASSERT_TRUE(s.finish_table(id, {record_text(g.game_id, names), summary_text(names), at_ms}));
}

std::string record_of(table_store& s, const std::string& game_id) {
  auto r = value_of(s.get_record(game_id));
  EXPECT_TRUE(r.has_value()) << game_id;
  return r.value_or("");
}

std::string summary_of(table_store& s, const std::string& player_id, const std::string& game_id) {
  for (const auto& f : value_of(s.list_finished_for_player(player_id)))
    if (f.game_id == game_id) return f.summary_json;
  ADD_FAILURE() << game_id << " is not in " << player_id << "'s history";
  return "";
}

class stored_moderation : public any_store {
 protected:
  // A store of the schema version before moderation (SQLite's 3, PostgreSQL's 6), holding
  // Ann's account and a game she finished at seat 1.
  void make_store_before_moderation() {
    const std::string sql =
        "INSERT INTO accounts VALUES ('p-ann', 'Ann', 'ann', 1000);"
        "INSERT INTO tables (id, table_id, game, options, seat_count, visibility,"
        " allow_spectators, clock_bank_ms, clock_increment_ms, invite_code, host_player_id,"
        " created_at_ms, extra, state, game_id) VALUES (1, 't-old', 'crown-battles', '{}', 2,"
        " 0, FALSE, 0, 0, 'invite-old', 'p-bob', 1, '{}', 2, 'g-old');"
        "INSERT INTO records VALUES ('g-old', 1, 'crown-battles', 5000, '" +
        summary_text({"Bob", "Ann"}) + "', '" + record_text("g-old", {"Bob", "Ann"}) +
        "');"
        "INSERT INTO record_players VALUES ('p-ann', 5000, 'g-old', 1);";
    make_store_at(3, 6, sql, sql);
  }
};

TEST_P(stored_moderation, bans_are_replaced_lifted_and_listed_newest_first_across_a_reopen) {
  {
    auto s = open();
    ASSERT_TRUE(s);
    auto& m = s->moderation();
    EXPECT_TRUE(value_of(m.list_bans()).empty());
    ASSERT_TRUE(m.ban(ann_ban));
    ASSERT_TRUE(m.ban(bob_ban));
    ASSERT_TRUE(m.ban(cat_ban));
    EXPECT_EQ(value_of(m.find_ban("p-bob")), bob_ban);
    EXPECT_EQ(value_of(m.find_ban("p-dee")), std::nullopt);
    EXPECT_EQ(value_of(m.list_bans()), (std::vector{bob_ban, cat_ban, ann_ban}));
    // Banned again: reason, time and admin replaced, one ban still, now the newest.
    const ban_entry again{"p-ann", 3000, "again", "mod-2"};
    ASSERT_TRUE(m.ban(again));
    EXPECT_EQ(value_of(m.find_ban("p-ann")), again);
    EXPECT_EQ(value_of(m.list_bans()), (std::vector{again, bob_ban, cat_ban}));
    EXPECT_TRUE(value_of(m.lift_ban("p-cat")));
    EXPECT_FALSE(value_of(m.lift_ban("p-cat")));
    EXPECT_FALSE(value_of(m.lift_ban("p-nobody")));
  }
  auto s = open();
  ASSERT_TRUE(s);
  auto& m = s->moderation();
  const ban_entry again{"p-ann", 3000, "again", "mod-2"};
  EXPECT_EQ(value_of(m.list_bans()), (std::vector{again, bob_ban}));
  EXPECT_EQ(value_of(m.find_ban("p-cat")), std::nullopt);
  EXPECT_EQ(value_of(m.find_ban("p-bob")), bob_ban);
}

TEST_P(stored_moderation, the_audit_log_grows_with_increasing_ids_and_pages_newest_first) {
  std::vector<audit_entry> kept;
  {
    auto s = open();
    ASSERT_TRUE(s);
    auto& m = s->moderation();
    EXPECT_TRUE(value_of(m.list_audit(10, 0)).empty());
    for (int i = 0; i < 5; ++i) {
      audit_entry e = act(1000 + i, i % 2 ? "ban" : "rename", i == 4 ? "" : "p-ann");
      e.id = value_of(m.append_audit(e));
      if (!kept.empty()) {
        EXPECT_GT(e.id, kept.back().id);
      }
      kept.push_back(e);
    }
    const std::vector newest_first(kept.rbegin(), kept.rend());
    EXPECT_EQ(value_of(m.list_audit(10, 0)), newest_first);
    EXPECT_EQ(value_of(m.list_audit(std::numeric_limits<std::size_t>::max(), 0)), newest_first);
    EXPECT_EQ(value_of(m.list_audit(2, 0)), (std::vector{kept[4], kept[3]}));
    EXPECT_EQ(value_of(m.list_audit(2, kept[3].id)), (std::vector{kept[2], kept[1]}));
    EXPECT_EQ(value_of(m.list_audit(2, kept[1].id)), (std::vector{kept[0]}));
    EXPECT_TRUE(value_of(m.list_audit(2, kept[0].id)).empty());
    EXPECT_TRUE(value_of(m.list_audit(0, 0)).empty());
  }
  // Kept across a reopen, and the next id is above every earlier one.
  auto s = open();
  ASSERT_TRUE(s);
  auto& m = s->moderation();
  audit_entry next = act(2000, "lift_ban", "p-bob");
  next.id = value_of(m.append_audit(next));
  EXPECT_GT(next.id, kept.back().id);
  kept.push_back(next);
  EXPECT_EQ(value_of(m.list_audit(10, 0)), std::vector(kept.rbegin(), kept.rend()));
}

// Two admins at the same moment (two threads; on PostgreSQL as nodes, two stores with their
// own connections): every act is kept under an id of its own.
TEST_P(stored_moderation, two_writers_appending_at_once_get_distinct_increasing_ids) {
  auto first = open();
  ASSERT_TRUE(first);
  std::unique_ptr<table_store> second_node;
  if (GetParam() == "postgres_node") {
    second_node = open();
    ASSERT_TRUE(second_node);
  }
  moderation_store& one = first->moderation();
  moderation_store& two = second_node ? second_node->moderation() : one;
  constexpr int each = 50;
  std::latch start(2);
  std::vector<std::int64_t> ids[2];
  auto append = [&](moderation_store& m, int writer) {
    start.arrive_and_wait();
    for (int i = 0; i < each; ++i) {
      auto id = m.append_audit(act(i, "ban", "p-" + std::to_string(writer)));
      ASSERT_TRUE(id.ok()) << id.error();
      ids[writer].push_back(*id);
    }
  };
  std::thread t1(append, std::ref(one), 0), t2(append, std::ref(two), 1);
  t1.join();
  t2.join();
  std::set<std::int64_t> all;
  for (const auto& of_one : ids) {
    ASSERT_EQ(of_one.size(), static_cast<std::size_t>(each));
    for (std::size_t i = 1; i < of_one.size(); ++i) EXPECT_GT(of_one[i], of_one[i - 1]);
    all.insert(of_one.begin(), of_one.end());
  }
  EXPECT_EQ(all.size(), 2u * each);
  const auto listed = value_of(one.list_audit(1000, 0));
  ASSERT_EQ(listed.size(), 2u * each);
  for (std::size_t i = 0; i < listed.size(); ++i)
    EXPECT_EQ(listed[i].id, *std::next(all.rbegin(), static_cast<std::ptrdiff_t>(i)));
}

TEST_P(stored_moderation, a_profile_is_shown_until_made_private_across_a_reopen) {
  {
    auto s = open();
    ASSERT_TRUE(s);
    auto& m = s->moderation();
    EXPECT_FALSE(value_of(m.profile_private("p-ann")));
    ASSERT_TRUE(m.set_profile_private("p-ann", true));
    ASSERT_TRUE(m.set_profile_private("p-bob", true));
    ASSERT_TRUE(m.set_profile_private("p-bob", false));
    EXPECT_TRUE(value_of(m.profile_private("p-ann")));
    EXPECT_FALSE(value_of(m.profile_private("p-bob")));
    EXPECT_FALSE(value_of(m.profile_private("p-cat")));
  }
  {
    auto s = open();
    ASSERT_TRUE(s);
    auto& m = s->moderation();
    EXPECT_TRUE(value_of(m.profile_private("p-ann")));
    EXPECT_FALSE(value_of(m.profile_private("p-bob")));
    ASSERT_TRUE(m.set_profile_private("p-ann", false));
  }
  auto s = open();
  ASSERT_TRUE(s);
  EXPECT_FALSE(value_of(s->moderation().profile_private("p-ann")));
}

TEST_P(stored_moderation, accounts_are_listed_by_name_key_a_page_at_a_time) {
  auto s = open();
  ASSERT_TRUE(s);
  // Made out of order; "Zed"'s key sorts before "abe"'s byte for byte, and "äsa"'s after
  // "zoe"'s (0xc3 > 'z'), which a language's collation would put elsewhere.
  const account_entry zoe{"p-zoe", "Zoe", "zoe", 1}, abe{"p-abe", "abe", "abe", 2},
      zed{"p-zed", "Zed", "Zed", 3}, asa{"p-asa", "Äsa", "äsa", 4}, bob{"p-bob", "Bob", "bob", 5};
  for (const auto& a : {zoe, abe, zed, asa, bob})
    ASSERT_TRUE(value_of(s->accounts().create_account(a)));
  auto& m = s->moderation();
  EXPECT_EQ(value_of(m.list_accounts(100, "")), (std::vector{zed, abe, bob, zoe, asa}));
  EXPECT_EQ(value_of(m.list_accounts(2, "")), (std::vector{zed, abe}));
  EXPECT_EQ(value_of(m.list_accounts(2, "abe")), (std::vector{bob, zoe}));
  EXPECT_EQ(value_of(m.list_accounts(2, "zoe")), (std::vector{asa}));
  EXPECT_TRUE(value_of(m.list_accounts(2, "äsa")).empty());
  // After a key that is no one's: from the next one.
  EXPECT_EQ(value_of(m.list_accounts(1, "b")), (std::vector{bob}));
  EXPECT_TRUE(value_of(m.list_accounts(0, "")).empty());
  EXPECT_EQ(value_of(m.list_accounts(std::numeric_limits<std::size_t>::max(), "bob")),
            (std::vector{zoe, asa}));
  // A deleted account is not listed.
  ASSERT_TRUE(value_of(s->accounts().delete_account("p-bob")));
  EXPECT_EQ(value_of(m.list_accounts(2, "abe")), (std::vector{zoe, asa}));
}

TEST_P(stored_moderation, a_rename_changes_only_the_players_seats_in_the_records_they_sat_in) {
  const std::string gone = "Former player";
  {
    auto s = open();
    ASSERT_TRUE(s);
    finish_game(*s, "t1", {"p-ann", "p-bob", ""}, {"Ann", "Bob", "Bot 3"}, 5000);
    finish_game(*s, "t2", {"p-bob", "", "p-ann"}, {"Bob", "Bot 2", "Dée ♛"}, 6000);
    finish_game(*s, "t3", {"p-bob", "p-cat"}, {"Bob", "Cat"}, 7000);
    // Ann twice at one table: both seats are hers.
    finish_game(*s, "t4", {"p-ann", "p-bob", "p-ann"}, {"Ann", "Bob", "Ann 2"}, 8000);
    // A bot that took Ann's name is not Ann.
    finish_game(*s, "t5", {"", "p-bob"}, {"Ann", "Bob"}, 9000);

    EXPECT_EQ(value_of(s->moderation().rename_in_records("p-ann", gone)), 3u);
  }
  auto s = open();
  ASSERT_TRUE(s);
  // Byte for byte the texts as written, but for the names at Ann's seats.
  EXPECT_EQ(record_of(*s, "t1-game"), record_text("t1-game", {gone, "Bob", "Bot 3"}));
  EXPECT_EQ(record_of(*s, "t2-game"), record_text("t2-game", {"Bob", "Bot 2", gone}));
  EXPECT_EQ(record_of(*s, "t4-game"), record_text("t4-game", {gone, "Bob", gone}));
  EXPECT_EQ(summary_of(*s, "p-ann", "t1-game"), summary_text({gone, "Bob", "Bot 3"}));
  EXPECT_EQ(summary_of(*s, "p-bob", "t2-game"), summary_text({"Bob", "Bot 2", gone}));
  EXPECT_EQ(summary_of(*s, "p-ann", "t4-game"), summary_text({gone, "Bob", gone}));
  // The games Ann did not sit in are untouched.
  EXPECT_EQ(record_of(*s, "t3-game"), record_text("t3-game", {"Bob", "Cat"}));
  EXPECT_EQ(summary_of(*s, "p-cat", "t3-game"), summary_text({"Bob", "Cat"}));
  EXPECT_EQ(record_of(*s, "t5-game"), record_text("t5-game", {"Ann", "Bob"}));
  EXPECT_EQ(summary_of(*s, "p-bob", "t5-game"), summary_text({"Ann", "Bob"}));
  // Every field but those names means what it meant.
  json before = json::parse(record_text("t2-game", {"Bob", "Bot 2", "Dée ♛"}));
  before["seats"][2] = gone;
  EXPECT_EQ(json::parse(record_of(*s, "t2-game")), before);
  // Done already: nothing changes; and a player of no record changes none.
  EXPECT_EQ(value_of(s->moderation().rename_in_records("p-ann", gone)), 0u);
  EXPECT_EQ(value_of(s->moderation().rename_in_records("p-nobody", gone)), 0u);
  EXPECT_EQ(record_of(*s, "t1-game"), record_text("t1-game", {gone, "Bob", "Bot 3"}));
  // Bob's turn: his seats, with Ann's new name left as it is.
  EXPECT_EQ(value_of(s->moderation().rename_in_records("p-bob", "B.")), 5u);
  EXPECT_EQ(record_of(*s, "t4-game"), record_text("t4-game", {gone, "B.", gone}));
  EXPECT_EQ(summary_of(*s, "p-cat", "t3-game"), summary_text({"B.", "Cat"}));
}

TEST_P(stored_moderation, a_record_that_is_not_json_fails_the_rename_and_changes_nothing) {
  auto s = open();
  ASSERT_TRUE(s);
  finish_game(*s, "t1", {"p-ann", "p-bob"}, {"Ann", "Bob"}, 5000);
  table_config c = sample_config("t2");
  c.seat_count = 2;
  ASSERT_TRUE(s->save_table(c));
  ASSERT_TRUE(s->save_seat("t2", {0, "p-ann", "Ann", secret_hash::of("token-p-ann"), false}));
  game_start g = sample_start();
  g.game_id = "t2-game";
  ASSERT_TRUE(s->start_game("t2", g));
  ASSERT_TRUE(s->finish_table("t2", {"{\"seats\":[\"Ann\"", summary_text({"Ann"}), 6000}));

  auto renamed = s->moderation().rename_in_records("p-ann", "Former player");
  ASSERT_FALSE(renamed.ok());
  EXPECT_NE(renamed.error().find("t2-game"), std::string::npos) << renamed.error();
  // One transaction: the good record was not rewritten either.
  EXPECT_EQ(record_of(*s, "t1-game"), record_text("t1-game", {"Ann", "Bob"}));
  // And the store goes on.
  EXPECT_EQ(value_of(s->moderation().rename_in_records("p-bob", "B.")), 1u);
}

TEST_P(stored_moderation, a_name_that_is_not_utf8_is_refused_and_changes_nothing) {
  auto s = open();
  ASSERT_TRUE(s);
  finish_game(*s, "t1", {"p-ann", "p-bob"}, {"Ann", "Bob"}, 5000);
  auto renamed = s->moderation().rename_in_records("p-ann", "Ann \xff");
  EXPECT_FALSE(renamed.ok());
  EXPECT_EQ(record_of(*s, "t1-game"), record_text("t1-game", {"Ann", "Bob"}));
  EXPECT_EQ(summary_of(*s, "p-ann", "t1-game"), summary_text({"Ann", "Bob"}));
}

TEST_P(stored_moderation, the_schema_step_adds_moderation_to_a_store_of_the_version_before) {
  make_store_before_moderation();
  auto s = open();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->opened_schema_version(),
            GetParam() == "sqlite" ? sqlite_store::schema_version : postgres_store::schema_version);
  auto& m = s->moderation();
  const account_entry ann{"p-ann", "Ann", "ann", 1000};
  EXPECT_EQ(value_of(m.list_accounts(10, "")), std::vector{ann});
  EXPECT_EQ(value_of(m.list_bans()), std::vector<ban_entry>{});
  ASSERT_TRUE(m.ban(ann_ban));
  EXPECT_EQ(value_of(m.find_ban("p-ann")), ann_ban);
  EXPECT_GT(value_of(m.append_audit(act(1, "ban", "p-ann"))), 0);
  EXPECT_EQ(value_of(m.list_audit(10, 0)).size(), 1u);
  EXPECT_FALSE(value_of(m.profile_private("p-ann")));
  ASSERT_TRUE(m.set_profile_private("p-ann", true));
  EXPECT_TRUE(value_of(m.profile_private("p-ann")));
  // The game finished before the step is renamed like any other.
  EXPECT_EQ(value_of(m.rename_in_records("p-ann", "Former player")), 1u);
  EXPECT_EQ(record_of(*s, "g-old"), record_text("g-old", {"Bob", "Former player"}));
  EXPECT_EQ(summary_of(*s, "p-ann", "g-old"), summary_text({"Bob", "Former player"}));
}

INSTANTIATE_TEST_SUITE_P(stores, stored_moderation,
                         ::testing::Values("sqlite", "postgres", "postgres_node"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace crownhall::store::moderation_tests
