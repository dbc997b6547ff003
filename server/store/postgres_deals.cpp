#include "server/store/postgres_deals.hpp"

#include <string>

namespace crownhall::store::detail::postgres_deals {

namespace {

// A seed is 64 bits without a sign, more than BIGINT holds: it is kept as its decimal text.
constexpr named_sql deal_statements[] = {
    {"deal_claim",
     "INSERT INTO deals_in_play (seed, claimed_at_ms) VALUES ($1, $2)"
     " ON CONFLICT (seed) DO NOTHING"},
    {"deal_release", "DELETE FROM deals_in_play WHERE seed = $1"},
};

}  // namespace

std::span<const named_sql> statements() { return deal_statements; }

result<bool> claim(PGconn* conn, std::uint64_t seed, millis at_ms) {
  auto r = pg_params().text(std::to_string(seed)).number(at_ms).exec(conn, "deal_claim");
  if (!r.ok()) return status::failure(failure_of(conn, "claim a repeated deal", r));
  return r.affected() == 1;
}

status release(PGconn* conn, std::uint64_t seed) {
  auto r = pg_params().text(std::to_string(seed)).exec(conn, "deal_release");
  return r.ok() ? status::success()
                : status::failure(failure_of(conn, "release a repeated deal", r));
}

}  // namespace crownhall::store::detail::postgres_deals
