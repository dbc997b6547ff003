// crownhall backup and restore of the embedded store: the copy holds what the server had
// written, including what is still in its write-ahead log; a copy never overwrites another,
// a restore never runs under a server or over a store unless told to, and a file that is
// not a crownhall store is never put back.
#include <gtest/gtest.h>

#include <fstream>

#include "server/store/sqlite_backup.hpp"
#include "server/store/sqlite_store.hpp"
#include "store_samples.hpp"
#include "temp_dir.hpp"

namespace crownhall::store::testing {
namespace {

namespace fs = std::filesystem;

// A store with one game in progress (three actions), left open: its last writes are in the
// write-ahead log, not yet in crownhall.db.
std::unique_ptr<sqlite_store> store_in_play(const fs::path& dir) {
  auto s = sqlite_store::open(dir, {.background_checkpoint = false});
  EXPECT_TRUE(s);
  fill_table(**s, "t-1", 3);
  return std::move(*s);
}

TEST(SqliteBackup, CopiesWhatTheServerWroteWhileItRuns) {
  temp_dir data, target;
  auto live = store_in_play(data.path());
  const auto copied = backup_sqlite(data.path(), target.path() / "copy");
  ASSERT_TRUE(copied) << copied.error();
  EXPECT_EQ(copied->tables, 1);
  EXPECT_EQ(copied->schema_version, sqlite_store::schema_version);
  EXPECT_FALSE(fs::exists(target.path() / "copy" / "crownhall.db-wal"));  // one file
  live.reset();
  // The copy opens as a store, with the game and its three actions.
  auto reopened = sqlite_store::open(target.path() / "copy");
  ASSERT_TRUE(reopened) << reopened.error();
  auto tables = (*reopened)->load_in_progress();
  ASSERT_TRUE(tables);
  ASSERT_EQ(tables->size(), 1u);
  EXPECT_EQ((*tables)[0].actions.size(), 3u);
}

TEST(SqliteBackup, NeverOverwritesACopy) {
  temp_dir data, target;
  auto live = store_in_play(data.path());
  ASSERT_TRUE(backup_sqlite(data.path(), target.path()));
  const auto again = backup_sqlite(data.path(), target.path());
  ASSERT_FALSE(again);
  EXPECT_NE(again.error().find("already holds a store"), std::string::npos);
  EXPECT_FALSE(backup_sqlite(target.path() / "none", target.path() / "x"));  // no store there
}

TEST(SqliteBackup, RestoreWaitsForTheServerToStopAndAsksBeforeReplacing) {
  temp_dir data, copy;
  auto live = store_in_play(data.path());
  ASSERT_TRUE(backup_sqlite(data.path(), copy.path() / "b"));
  const auto under_server = restore_sqlite(copy.path() / "b", data.path(), true);
  ASSERT_FALSE(under_server);
  EXPECT_NE(under_server.error().find("in use"), std::string::npos);
  live.reset();
  const auto over_store = restore_sqlite(copy.path() / "b", data.path(), false);
  ASSERT_FALSE(over_store);
  EXPECT_NE(over_store.error().find("--replace"), std::string::npos);
  const auto replaced = restore_sqlite(copy.path() / "b", data.path(), true);
  ASSERT_TRUE(replaced) << replaced.error();
  EXPECT_EQ(replaced->tables, 1);
  temp_dir fresh;
  ASSERT_TRUE(restore_sqlite(copy.path() / "b", fresh.path() / "new", false));
  auto served = sqlite_store::open(fresh.path() / "new");
  ASSERT_TRUE(served) << served.error();
  EXPECT_EQ((*served)->load_in_progress()->size(), 1u);
}

TEST(SqliteBackup, RefusesToRestoreWhatIsNotAStore) {
  temp_dir bogus, data;
  std::ofstream(bogus.path() / "crownhall.db") << "not a database at all, just some text";
  const auto restored = restore_sqlite(bogus.path(), data.path() / "d", false);
  ASSERT_FALSE(restored);
  EXPECT_FALSE(fs::exists(data.path() / "d" / "crownhall.db"));
}

}  // namespace
}  // namespace crownhall::store::testing
