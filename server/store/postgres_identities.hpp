// postgres_identities: the guest identities' rows in PostgreSQL (guest_identities, schema
// step 5), the same as sqlite_identities. Its statements are prepared on the store's
// connection with the store's own; every call runs on that connection under the store's
// mutex. Internal to postgres_store.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include <libpq-fe.h>

#include "server/store/postgres_query.hpp"
#include "server/store/table_store.hpp"

namespace crownhall::store::detail {

namespace postgres_identities {

// The statements below use, prepared with the store's own on every new connection.
std::span<const named_sql> statements();

status save(PGconn* conn, const identity_entry& e);
result<std::optional<identity_entry>> find(PGconn* conn, const secret_hash& token_hash);
result<bool> revoke(PGconn* conn, const secret_hash& token_hash, millis at_ms);
result<std::vector<identity_entry>> list(PGconn* conn, const std::string& player_id);
status rename(PGconn* conn, const std::string& player_id, const std::string& display_name);

}  // namespace postgres_identities

}  // namespace crownhall::store::detail
