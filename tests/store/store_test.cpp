// sqlite_store: schema creation, reopening, exact round trips, hashes instead of secrets,
// ordering rules, finished records, sessions, and files it must refuse.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <thread>

#include <sqlite3.h>

#include "server/store/sqlite_store.hpp"
#include "temp_dir.hpp"

namespace crownhall::store {
namespace {

using testing::temp_dir;

std::unique_ptr<sqlite_store> open_ok(const std::filesystem::path& dir,
                                      const sqlite_options& o = {}) {
  auto s = sqlite_store::open(dir, o);
  EXPECT_TRUE(s.ok()) << s.error();
  return s.ok() ? std::move(*s) : nullptr;
}

table_config sample_config(const std::string& id) {
  table_config c;
  c.table_id = id;
  c.game = "crown-battles";
  c.options_json = R"({"rounds":7,"variant":"classic"})";
  c.seat_count = 4;
  c.visibility = table_visibility::private_table;
  c.allow_spectators = false;
  c.clock = {300000, 5000};
  c.invite_code = "invite-" + id;
  c.host_player_id = "p-ann";
  c.created_at_ms = 1700000000123;
  c.extra_json = R"({"name":"Friday night"})";
  return c;
}

std::vector<seat_entry> sample_seats() {
  return {
      {0, "p-ann", "Ann", secret_hash::of("token-ann"), false},
      {1, "p-bob", "Bob", secret_hash::of("token-bob"), false},
      {2, "", "Bot 3", std::nullopt, true},
      {3, "p-dee", "Dée ♛", secret_hash::of("token-dee"), false},
  };
}

game_start sample_start() {
  game_start g;
  g.game_id = "g-1";
  g.seed = 0xfedcba9876543210ull;  // above 2^63: must survive SQLite's signed integers
  g.salt = "5a1t";
  g.commitment = sha256_hex("seed+salt");
  g.started_at_ms = 1700000001000;
  g.clock_ms = {300000, 300000, 300000, 300000};
  return g;
}

action_entry sample_action(std::int64_t seq) {
  action_entry a;
  a.seq = seq;
  a.seat = static_cast<int>(seq % 4);
  a.action_json = R"({"type":"play","card":")" + std::to_string(seq) + R"(","note":"é\"x"})";
  a.clock_ms = {300000 - seq, 299000, 0, -1};
  a.at_ms = 1700000001000 + seq * 1000;
  return a;
}

// Creates table `id` with seats and a started game with `actions` actions.
void fill_table(table_store& s, const std::string& id, int actions) {
  ASSERT_TRUE(s.save_table(sample_config(id)));
  for (const auto& seat : sample_seats()) ASSERT_TRUE(s.save_seat(id, seat));
  auto g = sample_start();
  g.game_id = "game-of-" + id;
  ASSERT_TRUE(s.start_game(id, g));
  for (int i = 1; i <= actions; ++i) ASSERT_TRUE(s.append_action(id, sample_action(i)));
}

TEST(sqlite_store, creates_directory_and_schema_on_first_open) {
  temp_dir dir;
  const auto data = dir.path() / "nested" / "data";
  {
    auto s = open_ok(data);
    ASSERT_TRUE(s);
    auto tables = s->load_in_progress();
    ASSERT_TRUE(tables.ok()) << tables.error();
    EXPECT_TRUE(tables->empty());
  }
  EXPECT_TRUE(std::filesystem::exists(data / sqlite_store::file_name));
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((data / sqlite_store::file_name).c_str(), &db), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(st, 0), sqlite_store::schema_version);
  sqlite3_finalize(st);
  ASSERT_EQ(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)), "wal");
  sqlite3_finalize(st);
  sqlite3_close(db);
}

TEST(sqlite_store, round_trips_a_table_exactly_across_reopen) {
  temp_dir dir;
  {
    auto s = open_ok(dir.path());
    fill_table(*s, "t-1", 37);
    ASSERT_TRUE(s->save_table(sample_config("t-waiting")));
    ASSERT_TRUE(s->save_seat("t-waiting", sample_seats()[0]));
  }
  auto s = open_ok(dir.path());
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  ASSERT_EQ(loaded->size(), 2u);

  const stored_table& t = (*loaded)[0];
  EXPECT_EQ(t.config, sample_config("t-1"));
  EXPECT_EQ(t.state, table_state::playing);
  EXPECT_EQ(t.seats, sample_seats());
  ASSERT_TRUE(t.game);
  auto g = sample_start();
  g.game_id = "game-of-t-1";
  EXPECT_EQ(*t.game, g);
  ASSERT_EQ(t.actions.size(), 37u);
  for (int i = 0; i < 37; ++i) EXPECT_EQ(t.actions[i], sample_action(i + 1));

  const stored_table& w = (*loaded)[1];
  EXPECT_EQ(w.config, sample_config("t-waiting"));
  EXPECT_EQ(w.state, table_state::waiting);
  EXPECT_FALSE(w.game);
  EXPECT_TRUE(w.actions.empty());
  ASSERT_EQ(w.seats.size(), 1u);

  // The log goes on where it stopped.
  EXPECT_TRUE(s->append_action("t-1", sample_action(38)));
  EXPECT_FALSE(s->append_action("t-1", sample_action(38)));
}

TEST(sqlite_store, tables_without_clock_or_invite_round_trip) {
  temp_dir dir;
  auto s = open_ok(dir.path());
  table_config c = sample_config("open");
  c.visibility = table_visibility::public_table;
  c.invite_code.clear();
  c.clock = {};
  c.extra_json = "{}";
  ASSERT_TRUE(s->save_table(c));
  game_start g = sample_start();
  g.clock_ms.clear();
  g.seed = 0;
  ASSERT_TRUE(s->start_game("open", g));
  action_entry a = sample_action(1);
  a.clock_ms.clear();
  ASSERT_TRUE(s->append_action("open", a));
  s.reset();
  s = open_ok(dir.path());
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  ASSERT_EQ(loaded->size(), 1u);
  EXPECT_EQ((*loaded)[0].config, c);
  EXPECT_EQ(*(*loaded)[0].game, g);
  EXPECT_EQ((*loaded)[0].actions, std::vector<action_entry>{a});
}

TEST(sqlite_store, config_and_seats_change_before_the_start) {
  temp_dir dir;
  auto s = open_ok(dir.path());
  table_config c = sample_config("t");
  ASSERT_TRUE(s->save_table(c));
  for (const auto& seat : sample_seats()) ASSERT_TRUE(s->save_seat("t", seat));
  c.options_json = R"({"rounds":3})";
  c.host_player_id = "p-bob";
  ASSERT_TRUE(s->save_table(c));
  ASSERT_TRUE(s->clear_seat("t", 0));
  seat_entry bot{1, "", "Bot 2", std::nullopt, true};
  ASSERT_TRUE(s->save_seat("t", bot));
  s.reset();
  s = open_ok(dir.path());
  // Saving a table known only from disk updates it rather than creating a second one.
  c.extra_json = R"({"name":"renamed"})";
  ASSERT_TRUE(s->save_table(c));
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  ASSERT_EQ(loaded->size(), 1u);
  EXPECT_EQ((*loaded)[0].config, c);
  auto seats = sample_seats();
  std::vector<seat_entry> expected = {bot, seats[2], seats[3]};
  EXPECT_EQ((*loaded)[0].seats, expected);
}

TEST(sqlite_store, refuses_actions_out_of_order_or_without_a_game) {
  temp_dir dir;
  auto s = open_ok(dir.path());
  EXPECT_FALSE(s->append_action("nope", sample_action(1)));
  ASSERT_TRUE(s->save_table(sample_config("t")));
  EXPECT_FALSE(s->append_action("t", sample_action(1)));  // not started
  ASSERT_TRUE(s->start_game("t", sample_start()));
  EXPECT_FALSE(s->start_game("t", sample_start()));  // already playing
  EXPECT_FALSE(s->append_action("t", sample_action(2)));
  EXPECT_TRUE(s->append_action("t", sample_action(1)));
  EXPECT_FALSE(s->append_action("t", sample_action(1)));
  EXPECT_FALSE(s->append_action("t", sample_action(3)));
  std::vector<action_entry> batch = {sample_action(2), sample_action(3), sample_action(4)};
  EXPECT_TRUE(s->append_actions("t", batch));
  std::vector<action_entry> gap = {sample_action(5), sample_action(7)};
  EXPECT_FALSE(s->append_actions("t", gap));
  EXPECT_TRUE(s->append_action("t", sample_action(5)));
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok());
  ASSERT_EQ((*loaded)[0].actions.size(), 5u);
  for (int i = 0; i < 5; ++i) EXPECT_EQ((*loaded)[0].actions[i].seq, i + 1);
}

TEST(sqlite_store, a_batch_that_fails_in_the_database_leaves_nothing_behind) {
  temp_dir dir;
  auto s = open_ok(dir.path());
  fill_table(*s, "t", 2);
  // Written behind the store's back, so the store's own check passes and SQLite refuses.
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((dir.path() / sqlite_store::file_name).c_str(), &db), SQLITE_OK);
    sqlite3_busy_timeout(db, 2000);
    ASSERT_EQ(sqlite3_exec(db,
                           "INSERT INTO actions SELECT id, 4, 0, '{}', '', 0 FROM tables"
                           " WHERE table_id = 't'",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
  }
  std::vector<action_entry> batch = {sample_action(3), sample_action(4)};
  EXPECT_FALSE(s->append_actions("t", batch));
  // The failed batch left no transaction open and no row 3.
  EXPECT_TRUE(s->append_action("t", sample_action(3)));
}

// Every byte in the data directory: the database, its write-ahead log, the lock file.
std::string all_bytes(const std::filesystem::path& dir) {
  std::string bytes;
  for (const auto& f : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(f.path(), std::ios::binary);
    bytes.append(std::istreambuf_iterator<char>(in), {});
  }
  return bytes;
}

TEST(sqlite_store, stores_tokens_only_as_hashes) {
  temp_dir dir;
  const std::string token = "tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
  const secret_hash::digest digest = secret_hash::of(token).bytes();
  const std::string digest_bytes(digest.begin(), digest.end());
  auto check = [&](const std::string& bytes) {
    ASSERT_FALSE(bytes.empty());
    EXPECT_EQ(bytes.find(token), std::string::npos);
    EXPECT_EQ(bytes.find(secret_hash::of(token).hex()), std::string::npos);  // kept as bytes
    EXPECT_NE(bytes.find(digest_bytes), std::string::npos);
  };
  {
    auto s = open_ok(dir.path());
    ASSERT_TRUE(s->save_table(sample_config("t")));
    ASSERT_TRUE(s->save_seat("t", {0, "p-1", "Ann", secret_hash::of(token), false}));
    ASSERT_TRUE(s->save_session({"p-1", "Ann", secret_hash::of(token), 1, 2}));
    auto found = s->find_session(secret_hash::of(token));
    ASSERT_TRUE(found.ok() && found->has_value());
    check(all_bytes(dir.path()));  // while open: the rows are in the write-ahead log
  }
  check(all_bytes(dir.path()));  // closed: checkpointed into the database file
}

TEST(secret_hash, is_sha256_and_parses_hex) {
  // FIPS 180-2 test vector.
  EXPECT_EQ(secret_hash::of("abc").hex(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  auto h =
      secret_hash::from_hex("BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD");
  ASSERT_TRUE(h);
  EXPECT_EQ(*h, secret_hash::of("abc"));
  EXPECT_FALSE(secret_hash::from_hex("abc"));
  EXPECT_FALSE(secret_hash::from_hex(std::string(64, 'g')));
}

TEST(sqlite_store, sessions_are_found_by_token_hash_after_restart) {
  temp_dir dir;
  session_entry ann{"p-ann", "Ann", secret_hash::of("t-ann"), 100, 100};
  session_entry bob{"p-bob", "Bob", secret_hash::of("t-bob"), 200, 250};
  {
    auto s = open_ok(dir.path());
    ASSERT_TRUE(s->save_session(ann));
    ASSERT_TRUE(s->save_session(bob));
    ASSERT_TRUE(s->touch_session("p-ann", 999));
    ann.last_seen_ms = 999;
    ann.display_name = "Annie";
    ASSERT_TRUE(s->save_session(ann));  // renamed
  }
  auto s = open_ok(dir.path());
  auto a = s->find_session(secret_hash::of("t-ann"));
  ASSERT_TRUE(a.ok()) << a.error();
  ASSERT_TRUE(a->has_value());
  EXPECT_EQ(**a, ann);
  auto b = s->find_session(secret_hash::of("t-bob"));
  ASSERT_TRUE(b.ok() && b->has_value());
  EXPECT_EQ(**b, bob);
  auto none = s->find_session(secret_hash::of("t-forged"));
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(none->has_value());
}

// Issue 14: the sessions table held every session ever made; expired ones are deleted.
TEST(sqlite_store, expired_sessions_are_deleted_and_touched_ones_kept) {
  temp_dir dir;
  auto s = open_ok(dir.path());
  ASSERT_TRUE(s->save_session({"p-old", "Old", secret_hash::of("t-old"), 1, 1000}));
  ASSERT_TRUE(s->save_session({"p-new", "New", secret_hash::of("t-new"), 1, 1000}));
  const std::vector<std::string> seen = {"p-new"};
  ASSERT_TRUE(s->touch_sessions(seen, 5000));
  auto gone = s->expire_sessions(2000);
  ASSERT_TRUE(gone.ok()) << gone.error();
  EXPECT_EQ(*gone, 1u);
  EXPECT_FALSE(s->find_session(secret_hash::of("t-old"))->has_value());
  auto kept = s->find_session(secret_hash::of("t-new"));
  ASSERT_TRUE(kept.ok() && kept->has_value());
  EXPECT_EQ((*kept)->last_seen_ms, 5000);
  EXPECT_EQ(*s->expire_sessions(2000), 0u);
}

TEST(sqlite_store, finished_tables_leave_a_record_and_history) {
  temp_dir dir;
  auto s = open_ok(dir.path());
  fill_table(*s, "t-1", 5);
  fill_table(*s, "t-2", 3);
  const std::string record = R"({"format":"crownhall-game-record","version":1,"game_id":"x"})";
  ASSERT_TRUE(s->finish_table("t-1", {record, R"({"winner":"Ann"})", 5000}));
  ASSERT_TRUE(s->finish_table("t-2", {record + " ", "{}", 6000}));
  EXPECT_FALSE(s->finish_table("t-2", {record, "{}", 7000}));  // already finished
  EXPECT_FALSE(s->append_action("t-1", sample_action(6)));

  // A finished table still has its players (for the next game): it is loaded, with its
  // last game's deal and no log — the record has the actions (issue 14).
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok());
  ASSERT_EQ(loaded->size(), 2u);
  for (const auto& t : *loaded) {
    EXPECT_EQ(t.state, table_state::finished);
    ASSERT_TRUE(t.game.has_value());
    EXPECT_EQ(t.game->game_id, "game-of-" + t.config.table_id);
    EXPECT_TRUE(t.actions.empty());
    EXPECT_FALSE(t.seats.empty());
  }

  auto r = s->get_record("game-of-t-1");
  ASSERT_TRUE(r.ok() && r->has_value());
  EXPECT_EQ(**r, record);
  auto missing = s->get_record("game-of-nothing");
  ASSERT_TRUE(missing.ok());
  EXPECT_FALSE(missing->has_value());

  auto history = s->list_finished_for_player("p-dee");
  ASSERT_TRUE(history.ok()) << history.error();
  ASSERT_EQ(history->size(), 2u);
  EXPECT_EQ((*history)[0].game_id, "game-of-t-2");  // newest first
  EXPECT_EQ((*history)[0].finished_at_ms, 6000);
  EXPECT_EQ((*history)[1].game_id, "game-of-t-1");
  EXPECT_EQ((*history)[1].table_id, "t-1");
  EXPECT_EQ((*history)[1].game, "crown-battles");
  EXPECT_EQ((*history)[1].seat, 3);
  EXPECT_EQ((*history)[1].summary_json, R"({"winner":"Ann"})");
  EXPECT_EQ(s->list_finished_for_player("p-dee", 1)->size(), 1u);
  EXPECT_TRUE(s->list_finished_for_player("")->empty());  // bots have no history
  EXPECT_TRUE(s->list_finished_for_player("p-nobody")->empty());

  // The same table plays again: a new game with its own log.
  auto g = sample_start();
  g.game_id = "rematch";
  ASSERT_TRUE(s->start_game("t-1", g));
  ASSERT_TRUE(s->append_action("t-1", sample_action(1)));
  ASSERT_TRUE(s->close_table("t-2"));  // everyone left t-2: it is not loaded any more
  loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok());
  ASSERT_EQ(loaded->size(), 1u);
  EXPECT_EQ((*loaded)[0].state, table_state::playing);
  EXPECT_EQ((*loaded)[0].game->game_id, "rematch");
  EXPECT_EQ((*loaded)[0].actions.size(), 1u);
}

TEST(sqlite_store, closed_tables_are_not_loaded) {
  temp_dir dir;
  auto s = open_ok(dir.path());
  fill_table(*s, "t", 4);
  ASSERT_TRUE(s->close_table("t"));
  EXPECT_FALSE(s->start_game("t", sample_start()));
  s.reset();
  s = open_ok(dir.path());
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok());
  EXPECT_TRUE(loaded->empty());
}

TEST(sqlite_store, concurrent_writers_keep_every_log_in_order) {
  temp_dir dir;
  auto s = open_ok(dir.path());
  constexpr int threads = 4, tables_per_thread = 5, actions = 60;
  std::vector<std::string> ids;
  for (int i = 0; i < threads * tables_per_thread; ++i) {
    ids.push_back("t" + std::to_string(i));
    ASSERT_TRUE(s->save_table(sample_config(ids.back())));
    ASSERT_TRUE(s->start_game(ids.back(), sample_start()));
  }
  std::vector<std::thread> writers;
  std::atomic<int> failures{0};
  for (int w = 0; w < threads; ++w)
    writers.emplace_back([&, w] {
      for (int seq = 1; seq <= actions; ++seq)
        for (int k = 0; k < tables_per_thread; ++k)
          if (!s->append_action(ids[static_cast<std::size_t>(w * tables_per_thread + k)],
                                sample_action(seq)))
            ++failures;
    });
  for (auto& t : writers) t.join();
  EXPECT_EQ(failures, 0);
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok());
  ASSERT_EQ(loaded->size(), static_cast<std::size_t>(threads * tables_per_thread));
  for (const auto& t : *loaded) {
    ASSERT_EQ(t.actions.size(), static_cast<std::size_t>(actions));
    for (int i = 0; i < actions; ++i) EXPECT_EQ(t.actions[i], sample_action(i + 1));
  }
}

TEST(sqlite_store, power_loss_durability_works_too) {
  temp_dir dir;
  sqlite_options o;
  o.level = durability::power_loss;
  o.background_checkpoint = false;
  {
    auto s = open_ok(dir.path(), o);
    fill_table(*s, "t", 10);
  }
  auto s = open_ok(dir.path(), o);
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok());
  ASSERT_EQ((*loaded)[0].actions.size(), 10u);
}

TEST(sqlite_store, a_second_process_on_the_same_directory_is_refused) {
  temp_dir dir;
  auto first = open_ok(dir.path());
  auto second = sqlite_store::open(dir.path());
  ASSERT_FALSE(second.ok());
  EXPECT_NE(second.error().find("in use"), std::string::npos) << second.error();
  first.reset();
  EXPECT_TRUE(open_ok(dir.path()));
}

void write_file(const std::filesystem::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << bytes;
}

TEST(sqlite_store, garbage_file_is_a_clear_error) {
  temp_dir dir;
  std::string garbage;
  std::uint32_t x = 12345;
  for (int i = 0; i < 64 * 1024; ++i)
    garbage.push_back(static_cast<char>((x = x * 1103515245 + 12345) >> 24));
  write_file(dir.path() / sqlite_store::file_name, garbage);
  auto s = sqlite_store::open(dir.path());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("not a database"), std::string::npos) << s.error();
  EXPECT_NE(s.error().find(sqlite_store::file_name), std::string::npos) << s.error();
  // And the file was left as it was, for someone to look at.
  std::ifstream in(dir.path() / sqlite_store::file_name, std::ios::binary);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), garbage);
}

TEST(sqlite_store, damaged_database_is_a_clear_error) {
  temp_dir dir;
  {
    auto s = open_ok(dir.path());
    for (int i = 0; i < 40; ++i) fill_table(*s, std::to_string(i) + "-t", 50);
  }
  // Overwrite every page after the first (the header stays valid) with noise.
  const auto file = dir.path() / sqlite_store::file_name;
  std::string bytes;
  {
    std::ifstream in(file, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  ASSERT_GT(bytes.size(), 8192u);
  for (std::size_t i = 4096; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 131 + 7);
  write_file(file, bytes);
  auto s = sqlite_store::open(dir.path());
  if (!s.ok()) {
    EXPECT_FALSE(s.error().empty());
    return;
  }
  auto loaded = (*s)->load_in_progress();
  ASSERT_FALSE(loaded.ok());
  EXPECT_NE(loaded.error().find("malformed"), std::string::npos) << loaded.error();
}

TEST(sqlite_store, foreign_sqlite_database_is_refused) {
  temp_dir dir;
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((dir.path() / sqlite_store::file_name).c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "CREATE TABLE notes (t TEXT)", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  auto s = sqlite_store::open(dir.path());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("not a crownhall database"), std::string::npos) << s.error();
}

TEST(sqlite_store, database_from_a_newer_build_is_refused) {
  temp_dir dir;
  { ASSERT_TRUE(open_ok(dir.path())); }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((dir.path() / sqlite_store::file_name).c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "PRAGMA user_version = 99", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  const std::string before = all_bytes(dir.path());
  auto s = sqlite_store::open(dir.path());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("newer"), std::string::npos) << s.error();
  EXPECT_EQ(all_bytes(dir.path()), before);  // refused, and left as it was
}

TEST(sqlite_store, unusable_data_directory_is_a_clear_error) {
  temp_dir dir;
  write_file(dir.path() / "file", "x");
  auto s = sqlite_store::open(dir.path() / "file" / "data");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("data directory"), std::string::npos) << s.error();
}

}  // namespace
}  // namespace crownhall::store
