#include "server/lobby/shared_state.hpp"

#include "engine/core/registry.hpp"
#include "server/cluster/node_presence.hpp"
#include "server/cluster/node_router.hpp"
#include "server/cluster/table_home_lookups.hpp"
#include "server/lobby/durable_tables.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/store_calls.hpp"
#include "server/lobby/table_room.hpp"
#include "server/search_workers.hpp"

namespace crownhall::server {

shared_state::shared_state(net::io_context& io, server_config cfg)
    : ioc(io),
      config(std::move(cfg)),
      limits(address_limits::make({config.max_connections_per_address,
                                   config.new_sessions_per_minute, config.new_tables_per_minute})),
      trusted_proxies(parse_ranges(config.trusted_proxies)),
      tables(std::make_unique<lobby>(*this)),
      search(std::make_unique<search_workers>(config.search_threads, config.coach_threads,
                                              config.coach_reports)) {
  games = nlohmann::json::array();
  for (const game_module* g : all_games())
    games.push_back({{"id", g->id()},
                     {"title", g->title()},
                     {"min_seats", g->min_seats()},
                     {"max_seats", g->max_seats()},
                     {"seat_counts", playable_seat_counts(*g)},
                     {"options", g->option_schema()}});
}

shared_state::~shared_state() {
  search.reset();      // a search running now ends before the tables it answers go
  store_work.reset();  // and a call waiting on the store, before the lobby goes
  // The threads have stopped. Sessions, their connections and their tables point at each
  // other; break those links so that everything is freed with the lobby and the registry.
  if (tables)
    for (const auto& room : tables->rooms()) room->release_people();
  for (const auto& p : sessions.all()) p->release();
}

void shared_state::add_connection(const std::shared_ptr<live_connection>& c) {
  std::lock_guard lock(mutex_);
  live_.emplace(c.get(), c);
}

void shared_state::remove_connection(const live_connection* c) {
  std::lock_guard lock(mutex_);
  live_.erase(c);
}

std::vector<std::shared_ptr<live_connection>> shared_state::connections() const {
  std::vector<std::shared_ptr<live_connection>> out;
  std::lock_guard lock(mutex_);
  out.reserve(live_.size());
  for (const auto& [p, w] : live_)
    if (auto c = w.lock()) out.push_back(std::move(c));
  return out;
}

std::size_t shared_state::connection_count() const {
  std::lock_guard lock(mutex_);
  return live_.size();
}

}  // namespace crownhall::server
