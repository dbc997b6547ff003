#include "server/store/postgres_lookup_link.hpp"

#include <array>

#include "server/store/postgres_query.hpp"

namespace crownhall::store::detail {

namespace {

// An owner whose lease ran out holds the table no more.
constexpr const char* table_home_sql =
    "SELECT table_id, CASE WHEN lease_until > clock_timestamp() THEN owner_node ELSE '' END"
    " FROM tables WHERE (table_id = $1 OR invite_code = $1) AND state < 3 LIMIT 1";

}  // namespace

postgres_lookup_link::postgres_lookup_link(std::string conninfo, std::string application_name)
    : conninfo_(std::move(conninfo)), application_name_(std::move(application_name)) {}

postgres_lookup_link::~postgres_lookup_link() {
  if (conn_) PQfinish(conn_);
}

status postgres_lookup_link::connected() {
  if (conn_ && PQstatus(conn_) == CONNECTION_OK) return status::success();
  if (conn_) {
    PQreset(conn_);
  } else {
    // The configured address (a URL or key=value words) first, then the name: later
    // keywords win over the address's own.
    const std::array<const char*, 3> keys{"dbname", "application_name", nullptr};
    const std::array<const char*, 3> values{conninfo_.c_str(), application_name_.c_str(), nullptr};
    conn_ = PQconnectdbParams(keys.data(), values.data(), 1);
    if (conn_)
      PQsetNoticeProcessor(
          conn_, [](void*, const char*) {}, nullptr);
  }
  if (conn_ && PQstatus(conn_) == CONNECTION_OK) return status::success();
  return status::failure("cannot connect to PostgreSQL for look-ups: " +
                         trimmed(conn_ ? PQerrorMessage(conn_) : "out of memory"));
}

result<std::optional<table_home>> postgres_lookup_link::table_home_of(
    const std::string& id_or_invite) {
  std::lock_guard lock(mutex_);
  if (auto st = connected(); !st) return st;
  const char* values[] = {id_or_invite.c_str()};
  pg_result q(PQexecParams(conn_, table_home_sql, 1, nullptr, values, nullptr, nullptr, 0));
  if (!q.ok()) return status::failure(failure_of(conn_, "find table", q));
  if (q.rows() == 0) return std::optional<table_home>{};
  return std::optional<table_home>{
      table_home{std::string(q.text(0, 0)), std::string(q.text(0, 1))}};
}

}  // namespace crownhall::store::detail
