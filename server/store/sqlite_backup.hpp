// sqlite_backup: a consistent copy of the embedded store taken while a server writes to it
// (SQLite's online backup API), and putting a copy back into a data directory no server is
// using. `crownhall backup` and `crownhall restore`; docs/storage.md, "Backups".
#pragma once

#include <cstdint>
#include <filesystem>

#include "server/store/table_store.hpp"

namespace crownhall::store {

// What a copy holds, as read back from it once written.
struct backup_contents {
  int schema_version = 0;
  std::int64_t tables = 0;          // every table, finished or not
  std::int64_t finished_games = 0;  // records
  std::int64_t sessions = 0;
  std::uintmax_t bytes = 0;
};

// Copies `data_dir`'s store into `target_dir` (created; refused if it already holds a
// store), as of one moment: every game in it whole, none half-written. A server may be
// serving `data_dir` meanwhile; it waits only while the copy reads each page.
result<backup_contents> backup_sqlite(const std::filesystem::path& data_dir,
                                      const std::filesystem::path& target_dir);

// Puts the copy in `backup_dir` back as `data_dir`'s store. Refused while a server uses
// `data_dir`, and when `data_dir` has a store of its own unless `replace`.
result<backup_contents> restore_sqlite(const std::filesystem::path& backup_dir,
                                       const std::filesystem::path& data_dir, bool replace);

}  // namespace crownhall::store
