// table_slot: what a store remembers of a table it has touched, so that appending an
// action needs no read, and the ordering rule every store enforces on its action log.
// Internal to the stores.
#pragma once

#include <cstdint>
#include <mutex>
#include <span>
#include <string>

#include "server/store/table_store.hpp"

namespace crownhall::store::detail {

struct table_slot {
  std::int64_t ref = 0;  // the table's row id
  table_state state = table_state::waiting;
  std::int64_t next_seq = 1;
  // Several nodes on one database: the fencing number of this node's lease on the table,
  // 0 when it holds none (every write is refused then).
  std::int64_t fence = 0;
};

// A game may start at a table that is neither playing nor closed.
inline status check_startable(const std::string& table_id, const table_slot& t) {
  if (t.state == table_state::playing)
    return status::failure("table \"" + table_id + "\" already has a game in progress");
  if (t.state == table_state::closed)
    return status::failure("table \"" + table_id + "\" is closed");
  return status::success();
}

// Only a game in progress may finish.
inline status check_playing(const std::string& table_id, const table_slot& t) {
  if (t.state != table_state::playing)
    return status::failure("table \"" + table_id + "\" has no game in progress");
  return status::success();
}

// An action may be appended only to a game in progress, with the log's next numbers.
inline status check_appendable(const std::string& table_id, const table_slot& t,
                               std::span<const action_entry> entries) {
  if (auto st = check_playing(table_id, t); !st) return st;
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (entries[i].seq != t.next_seq + static_cast<std::int64_t>(i))
      return status::failure(
          "table \"" + table_id + "\": action seq " + std::to_string(entries[i].seq) + " where " +
          std::to_string(t.next_seq + static_cast<std::int64_t>(i)) + " was expected");
  return status::success();
}

// A store's call on a table it has: under the store's lock, the table's slot found (read
// from the database the first time), then `body(impl, slot)`. A table the store does not
// have is the call's failure ("no table ..."). Every table call of both stores opens so.
template <class Impl, class Body>
status on_table_slot(Impl& impl, const std::string& table_id, Body&& body) {
  std::lock_guard lk(impl.mutex);
  status error;
  table_slot* t = impl.slot(table_id, error);
  if (!t) return error;
  return body(impl, t);
}

}  // namespace crownhall::store::detail
