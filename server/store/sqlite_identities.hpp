// sqlite_identities: the guest identities' rows in SQLite (guest_identities, schema step 2),
// on the store's one connection and under its mutex. Internal to sqlite_store.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <sqlite3.h>

#include "server/store/sqlite_statement.hpp"
#include "server/store/table_store.hpp"

namespace crownhall::store::detail {

class sqlite_identities {
 public:
  // Empty, or why a statement could not be prepared.
  std::string prepare(sqlite3* db);

  status save(const identity_entry& e);
  result<std::optional<identity_entry>> find(const secret_hash& token_hash);
  result<bool> revoke(const secret_hash& token_hash, millis at_ms);
  result<std::vector<identity_entry>> list(const std::string& player_id);
  status rename(const std::string& player_id, const std::string& display_name);

 private:
  status fail(std::string_view what) const;

  sqlite3* db_ = nullptr;
  sqlite_statement upsert_, select_, revoke_, list_, rename_, rename_session_, rename_seats_;
};

}  // namespace crownhall::store::detail
