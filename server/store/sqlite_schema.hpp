// sqlite_schema: the database layout and the migrations that bring an older file up to
// date. Internal to sqlite_store; the layout is described in docs/storage.md.
#pragma once

#include <string>

#include <sqlite3.h>

namespace crownhall::store::detail {

// PRAGMA application_id of a crownhall database: "CRNH".
inline constexpr int application_id = 0x43524e48;

// The schema version this build writes (PRAGMA user_version).
int latest_schema_version();

// Checks that the open file is an empty or crownhall database no newer than this build,
// then applies every missing migration, each in its own transaction. Empty on success,
// else why the file cannot be used. `up_to` (tests of a migration): stop at that version.
std::string migrate(sqlite3* db, int up_to = -1);

}  // namespace crownhall::store::detail
