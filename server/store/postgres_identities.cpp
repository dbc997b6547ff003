#include "server/store/postgres_identities.hpp"

#include "server/store/stored_rows.hpp"

namespace crownhall::store::detail::postgres_identities {

namespace {

constexpr named_sql identity_statements[] = {
    {"identity_upsert",
     "INSERT INTO guest_identities (token_hash, player_id, display_name, issued_at_ms,"
     " expires_at_ms, revoked_at_ms) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (token_hash)"
     " DO UPDATE SET player_id = excluded.player_id, display_name = excluded.display_name,"
     " issued_at_ms = excluded.issued_at_ms, expires_at_ms = excluded.expires_at_ms,"
     " revoked_at_ms = excluded.revoked_at_ms"},
    {"identity_select",
     "SELECT player_id, display_name, token_hash, issued_at_ms, expires_at_ms, revoked_at_ms"
     " FROM guest_identities WHERE token_hash = $1"},
    {"identity_revoke",
     "UPDATE guest_identities SET revoked_at_ms = CASE WHEN revoked_at_ms = 0 THEN $2"
     " ELSE revoked_at_ms END WHERE token_hash = $1"},
    {"identity_list",
     "SELECT player_id, display_name, token_hash, issued_at_ms, expires_at_ms, revoked_at_ms"
     " FROM guest_identities WHERE player_id = $1 ORDER BY issued_at_ms DESC, token_hash"},
    {"identity_rename",
     "WITH s AS (UPDATE sessions SET display_name = $2 WHERE player_id = $1),"
     " t AS (UPDATE seats SET display_name = $2 WHERE player_id = $1)"
     " UPDATE guest_identities SET display_name = $2 WHERE player_id = $1"},
};

status fail(PGconn* conn, std::string_view what, const pg_result& r) {
  return status::failure(failure_of(conn, what, r));
}

}  // namespace

std::span<const named_sql> statements() { return identity_statements; }

status save(PGconn* conn, const identity_entry& e) {
  auto r = pg_params()
               .bytes(e.token_hash.bytes())
               .text(e.player_id)
               .text(e.display_name)
               .number(e.issued_at_ms)
               .number(e.expires_at_ms)
               .number(e.revoked_at_ms)
               .exec(conn, "identity_upsert");
  return r.ok() ? status::success() : fail(conn, "save identity", r);
}

result<std::optional<identity_entry>> find(PGconn* conn, const secret_hash& token_hash) {
  auto r = pg_params().bytes(token_hash.bytes()).exec(conn, "identity_select");
  if (!r.ok()) return fail(conn, "find identity", r);
  if (r.rows() == 0) return std::optional<identity_entry>();
  auto e = identity_from_row(pg_row{r, 0});
  if (!e) return status::failure(e.error());
  return std::optional<identity_entry>(std::move(*e));
}

result<bool> revoke(PGconn* conn, const secret_hash& token_hash, millis at_ms) {
  auto r = pg_params().bytes(token_hash.bytes()).number(at_ms).exec(conn, "identity_revoke");
  if (!r.ok()) return fail(conn, "revoke identity", r);
  return r.affected() > 0;
}

result<std::vector<identity_entry>> list(PGconn* conn, const std::string& player_id) {
  auto r = pg_params().text(player_id).exec(conn, "identity_list");
  if (!r.ok()) return fail(conn, "list identities", r);
  std::vector<identity_entry> out;
  for (int i = 0; i < r.rows(); ++i) {
    auto e = identity_from_row(pg_row{r, i});
    if (!e) return status::failure(e.error());
    out.push_back(std::move(*e));
  }
  return out;
}

status rename(PGconn* conn, const std::string& player_id, const std::string& display_name) {
  auto r = pg_params().text(player_id).text(display_name).exec(conn, "identity_rename");
  return r.ok() ? status::success() : fail(conn, "rename player", r);
}

}  // namespace crownhall::store::detail::postgres_identities
