// sqlite_store's own checks: schema creation, WAL mode, hashes instead of secrets on disk,
// durability levels, the directory lock, and files it must refuse. What every store must
// do is in store_contract_test.cpp.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <thread>

#include <sqlite3.h>

#include "server/store/sqlite_store.hpp"
#include "store_samples.hpp"
#include "temp_dir.hpp"

namespace crownhall::store {
namespace {

using namespace testing;

std::unique_ptr<sqlite_store> open_ok(const std::filesystem::path& dir,
                                      const sqlite_options& o = {}) {
  auto s = sqlite_store::open(dir, o);
  EXPECT_TRUE(s.ok()) << s.error();
  return s.ok() ? std::move(*s) : nullptr;
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

// The sessions table held every session ever made; expired ones are deleted.
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
