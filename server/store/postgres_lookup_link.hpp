// postgres_lookup_link: the PostgreSQL connection on which a node asks where a table lives
// (an invite link or a table link opened on another node), apart from the connection that
// writes the tables' moves: a look-up the database is slow to answer never holds a move's
// write up behind it, nor a busy writer a person's join. Internal to postgres_store.
#pragma once

#include <mutex>
#include <optional>
#include <string>

#include <libpq-fe.h>

#include "server/store/table_store.hpp"

namespace crownhall::store::detail {

class postgres_lookup_link {
 public:
  // `application_name`: how the connection shows in PostgreSQL's pg_stat_activity, so that a
  // host (or a test) can tell it from the node's writing connection.
  postgres_lookup_link(std::string conninfo, std::string application_name);
  ~postgres_lookup_link();
  postgres_lookup_link(const postgres_lookup_link&) = delete;
  postgres_lookup_link& operator=(const postgres_lookup_link&) = delete;

  // The live table with this id or invite code, and the node that holds it now (empty when
  // its owner's lease ran out); nothing when no live table has it. Connects, or connects
  // again after a lost link, first.
  result<std::optional<table_home>> table_home_of(const std::string& id_or_invite);

 private:
  status connected();

  std::string conninfo_;
  std::string application_name_;
  std::mutex mutex_;  // one statement at a time on the connection
  PGconn* conn_ = nullptr;
};

}  // namespace crownhall::store::detail
