// table_home_lookups: where a table lives (the store's find_table_home), asked off the
// sockets' threads. A person opening another node's table waits for the answer; nobody
// else does: a database slow to answer holds up that person's request alone, never the
// pings and moves of the other connections served by the same thread.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "server/store/table_store.hpp"

namespace crownhall::server {

class table_home_lookups {
 public:
  using answer = store::result<std::optional<store::table_home>>;

  // `threads`: look-ups that may wait on the database at once.
  table_home_lookups(store::table_store& store, int threads);
  // Waits for the look-ups under way.
  ~table_home_lookups();
  table_home_lookups(const table_home_lookups&) = delete;
  table_home_lookups& operator=(const table_home_lookups&) = delete;

  // Asks where the table with this id or invite code lives; `done` is called on a look-up
  // thread with the answer (the caller posts it back to its own executor).
  void find(std::string id_or_invite, std::function<void(answer)> done);
  // No new look-up starts; those waiting are dropped.
  void stop();

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace crownhall::server
