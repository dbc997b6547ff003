// postgres_schema: the PostgreSQL layout and the migrations that bring an older database up
// to date. Internal to postgres_store; the layout mirrors sqlite_schema (docs/storage.md).
#pragma once

#include <string>

#include <libpq-fe.h>

namespace crownhall::store::detail {

// The schema version this build writes (crownhall_schema.version).
int latest_postgres_schema_version();

// Checks that the database is empty or ours and no newer than this build, then applies
// every missing migration in one transaction. Servers starting together take turns (an
// advisory lock). Empty on success, else why the database cannot be used. `up_to` (tests of
// a migration): stop at that version.
std::string migrate_postgres(PGconn* conn, int up_to = -1);

}  // namespace crownhall::store::detail
