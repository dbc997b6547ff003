// postgres_deals: the finished games' deals being played again right now, in PostgreSQL
// (deals_in_play, schema step 8), so that "Play this deal again" deals a game's cards at one
// table at a time across every node on the database. Its statements are prepared on the
// store's connection with the store's own; every call runs on that connection under the
// store's mutex. Internal to postgres_store.
#pragma once

#include <cstdint>
#include <span>

#include <libpq-fe.h>

#include "server/store/postgres_query.hpp"
#include "server/store/table_store.hpp"

namespace crownhall::store::detail::postgres_deals {

// The statements below use, prepared with the store's own on every new connection.
std::span<const named_sql> statements();

result<bool> claim(PGconn* conn, std::uint64_t seed, millis at_ms);
status release(PGconn* conn, std::uint64_t seed);

}  // namespace crownhall::store::detail::postgres_deals
