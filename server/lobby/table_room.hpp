// table_room: one table on its own strand — runs every request for the table in order,
// publishes the views, keeps the lobby's line and the table's timer (bots, clocks, grace)
// up to date. The rules of the house live in `table`; this is the plumbing.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "protocol/client_messages.hpp"
#include "server/lobby/durable_tables.hpp"
#include "server/lobby/shared_state.hpp"
#include "server/table/table.hpp"
#include "server/table/table_abandonment.hpp"

namespace crownhall::server {

class table_room : public std::enable_shared_from_this<table_room> {
 public:
  table_room(shared_state& state, std::string id, std::string invite, const game_module& game,
             table_settings settings, std::uint64_t seed);
  ~table_room();

  const std::string& id() const { return id_; }
  const std::string& invite() const { return invite_; }
  // The table's state as of its last change, from any thread (/metrics, admin).
  table_state state_now() const { return static_cast<table_state>(seen_state_.load()); }

  // Each of these runs on the room's strand, answers the player (error, or ack when the
  // request had an id) after any `table` message it caused.
  //
  // The caller has already pointed the session at this room (so that requests sent right
  // after the join reach it, in order); `previous` is the table it was at. On success the
  // session leaves `previous`; on failure it points at `previous` again.
  void join(std::shared_ptr<player> p, protocol::join_table m, bool with_invite,
            std::shared_ptr<table_room> previous, nlohmann::json id);
  // A new table counts among its creator's open tables at once, from the creator's
  // connection, before its join has run: a burst of create_table counts every table.
  void opened_by(const std::shared_ptr<player>& p);
  void request(std::shared_ptr<player> p, protocol::request r);
  void leave(std::shared_ptr<player> p, nlohmann::json id);
  void connection_changed(std::shared_ptr<player> p);
  void renamed(std::shared_ptr<player> p);
  // Closes the table: every member gets `table_closed`.
  void close(std::string reason);
  // Another node, `owner` (empty: not known yet), owns the table now (this node's lease ran
  // out): its people's connections follow it there; nothing is written to the store, where
  // the table goes on. A connection that cannot follow gets `table_closed` with `reason`.
  void hand_over(std::string reason, std::string owner);
  // Server shutdown: no more timers.
  void stop();
  // After the threads have stopped: the room's people forget it, so that the room (which
  // holds them) and they (who hold it) can be freed. Nothing is sent or stored.
  void release_people();
  // Publishes the lobby line and arms the timer of a table rebuilt after a restart.
  void refresh();

  // The admin API (server/http/admin_api.cpp). Both run on the room's strand and call `done`
  // there, so an HTTP handler never blocks waiting for a table. A closed table answers
  // nullopt.
  // The table's line in the admin list: table::admin_summary plus its age and the time of
  // its last action.
  void admin_summary(std::function<void(std::optional<nlohmann::json>)> done);
  // The `table` message seat `seat` (-1: a spectator) would receive now; nullopt also
  // when there is no such seat.
  void admin_view(int seat, std::function<void(std::optional<std::string>)> done);

  // What the store reads and writes of this table (durable_tables): on the room's strand,
  // or while a restart rebuilds the room before it runs.
  table_loan store_loan() { return {id_, invite_, table_, persisted_}; }

 private:
  template <class F>
  void run(std::shared_ptr<player> p, nlohmann::json id, F f);
  // `timing`: where to record how long the request took until its views were published.
  template <class F>
  void run(std::shared_ptr<player> p, nlohmann::json id, latency_histogram* timing, F f);
  void after(moment now);
  // Writes what changed to the store (durable_tables::sync), before after() publishes.
  outcome persist(moment now);
  void hand_over_now(const std::string& reason, const std::string& owner);
  // `tell`: the members get `table_closed` (a hand-over has told them otherwise).
  void close_now(const std::string& reason, bool in_store = true, bool tell = true);
  // The repeated deal this table held is free again here; `for_good`: in the store too.
  void release_deal(bool for_good);
  void schedule(moment now);
  void fire();
  // Hands a search bot's decision to the search workers; its answer comes back here.
  void think(table::search_request r);
  // Each person holding a seat here has this table among their open tables (and no one
  // else): after a change of seats or state.
  void note_holders();

  shared_state& state_;
  const std::string id_;
  const std::string invite_;
  strand_type strand_;
  net::steady_timer timer_;
  table table_;  // only on the strand
  table_abandonment abandonment_;
  std::vector<std::shared_ptr<player>> holders_;  // whose open tables list this one

  nlohmann::json lobby_line_;
  std::uint64_t lobby_changes_seen_ = ~std::uint64_t{0};
  table_state last_state_ = table_state::waiting;
  std::size_t last_actions_ = 0;
  const std::int64_t opened_unix_ms_ = shared_state::now().unix_ms;
  std::int64_t last_action_unix_ms_ = 0;  // 0: no action yet
  std::int64_t armed_ = -1;
  bool timer_posted_ = false;
  bool closed_ = false;
  // A duplicate counts in shared_state::repeated_deals until its first game is over.
  bool holds_deal_ = false;
  table_persisted persisted_;
  std::atomic<std::uint8_t> seen_state_{0};  // what the store holds of this table; on the strand
};

}  // namespace crownhall::server
