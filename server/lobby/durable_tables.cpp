// durable_tables: what the store keeps of every table as it plays — the write after each
// request, the record at the end, restore after a restart, the leases of several nodes.
// Sessions and identities live in durable_sessions.cpp, the config row's contents in
// stored_config.cpp.
#include "server/lobby/durable_tables.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include "engine/core/record.hpp"
#include "engine/core/registry.hpp"
#include "server/cluster/node_presence.hpp"
#include "server/cluster/node_router.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/shared_state.hpp"
#include "server/lobby/stored_config.hpp"
#include "server/lobby/table_room.hpp"
#include "server/store/postgres_store.hpp"
#include "server/store/sqlite_store.hpp"

namespace crownhall::server {

using json = nlohmann::json;
namespace st = crownhall::store;

namespace {

constexpr std::string_view bot_player_prefix = "bot:";  // a bot's seat: "bot:<kind>"

std::vector<std::optional<st::seat_entry>> seats_of(const table& t) {
  std::vector<std::optional<st::seat_entry>> out;
  const auto records = t.seat_records();
  out.reserve(records.size());
  for (std::size_t i = 0; i < records.size(); ++i) {
    const auto& r = records[i];
    if (r.who == table::seat_record::kind::empty) {
      out.emplace_back();
      continue;
    }
    st::seat_entry e;
    e.seat = static_cast<int>(i);
    if (r.who == table::seat_record::kind::bot) {
      e.is_bot = true;
      e.player_id = std::string(bot_player_prefix) + std::string(to_string(r.bot));
      e.display_name = bot_display_name(r.bot);
    } else {
      e.player_id = r.person->id();
      e.display_name = r.person->name();
      if (!r.person->token().empty()) e.token_hash = st::secret_hash::of(r.person->token());
    }
    out.emplace_back(std::move(e));
  }
  return out;
}

// A seat's name and player for the record: a player who left during the game has had
// their seat emptied by the game's end, but the stored seat (kept until the record is
// written, see sync) still names them.
std::vector<std::string> seat_names(const table& t, const table_persisted& ps) {
  std::vector<std::string> names;
  const auto records = t.seat_records();
  for (std::size_t i = 0; i < records.size(); ++i) {
    const auto& r = records[i];
    const bool kept = i < ps.seats.size() && ps.seats[i].has_value();
    names.push_back(r.who == table::seat_record::kind::human ? r.person->name()
                    : r.who == table::seat_record::kind::bot ? bot_display_name(r.bot)
                    : kept                                   ? ps.seats[i]->display_name
                                                             : std::string());
  }
  return names;
}

json seat_players(const table& t, const table_persisted& ps) {
  json players = json::array();
  const auto records = t.seat_records();
  for (std::size_t i = 0; i < records.size(); ++i) {
    const auto& r = records[i];
    const bool kept = i < ps.seats.size() && ps.seats[i].has_value() && !ps.seats[i]->is_bot;
    players.push_back(r.who == table::seat_record::kind::human ? json(r.person->id())
                      : r.who == table::seat_record::kind::empty && kept
                          ? json(ps.seats[i]->player_id)
                          : json());
  }
  return players;
}

}  // namespace

std::unique_ptr<durable_tables> durable_tables::open(const std::string& data_dir,
                                                     const std::string& database,
                                                     const std::string& node) {
  if (!node.empty() && database.empty())
    throw std::runtime_error("--node: nodes share their tables through PostgreSQL; add --database");
  if (!database.empty()) {
    if (!st::postgres_store::is_address(database))
      throw std::runtime_error("--database: not a postgres:// or postgresql:// address");
    auto s = st::postgres_store::open(database, {.node = node});
    if (!s) throw std::runtime_error("--database: " + s.error());
    if (node.empty())
      spdlog::info("store: PostgreSQL");
    else
      spdlog::info("store: PostgreSQL, as node {}", (*s)->node_id());
    return std::make_unique<durable_tables>(std::move(*s));
  }
  auto s = st::sqlite_store::open(data_dir);
  if (!s) throw std::runtime_error(s.error());
  spdlog::info("store: SQLite in {}", data_dir);
  return std::make_unique<durable_tables>(std::move(*s));
}

durable_tables::durable_tables(std::unique_ptr<st::table_store> s) : store_(std::move(s)) {}

std::string durable_tables::node_id() const {
  const auto* pg = dynamic_cast<const st::postgres_store*>(store_.get());
  return pg ? pg->node_id() : std::string();
}

std::string durable_tables::cluster_id() const {
  const auto* pg = dynamic_cast<const st::postgres_store*>(store_.get());
  return pg && !pg->node_id().empty() ? pg->cluster_id() : std::string();
}
durable_tables::~durable_tables() = default;

template <class F>
st::status durable_tables::timed(F f, bool append) {
  const auto t0 = std::chrono::steady_clock::now();
  st::status r = f();
  const auto ns =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0)
          .count();
  write_latency.observe_ns(ns);
  if (append) append_latency.observe_ns(ns);
  return r;
}

json durable_tables::record_of(table_loan room, moment now) {
  const table& t = room.rules;
  game_record r;
  r.game = std::string(t.game_module_of().id());
  r.game_id = t.game_id();
  r.options = t.settings().options;
  r.seats = seat_names(t, room.written);
  r.seed = t.game_seed();
  for (std::size_t i = 0; i < t.actions_applied(); ++i)
    r.actions.push_back({t.action_seat(i), t.action_json(i)});
  r.extra = {{"table", room.id},
             {"commitment", t.deal_commitment()},
             {"salt", t.deal_salt()},
             {"commitment_format", "crownhall-deal-v1"},
             {"started_at_ms", t.game_started_unix_ms()},
             {"finished_at_ms", now.unix_ms}};
  r.extra["players"] = seat_players(t, room.written);
  // Who sat where before a late joiner took a bot's seat: `seats` names who sat at the end.
  if (!t.handovers().empty()) r.extra["handovers"] = handovers_json(t);
  if (const std::string of = t.duplicate_of(); !of.empty()) r.extra["duplicate_of"] = of;
  // A teaching table's game is marked as one: never taken for a normal game's record.
  if (t.prepared_game()) {
    r.deal = t.settings().deal_stack;
    r.extra["prepared_deal"] = true;
  }
  if (t.settings().open_hands) r.extra["open_hands"] = true;
  return to_json(r);
}

outcome durable_tables::sync(table_loan room, moment now) {
  table& t = room.rules;
  table_persisted& ps = room.written;
  auto failed = [&](const st::status& s, std::string_view what) -> outcome {
    spdlog::error("table {}: store: {}: {}", room.id, what, s.error);
    return protocol::refusal{protocol::error::internal,
                             "the server could not save this; try again"};
  };

  // 1. Configuration (created on the first call) and 2. seats: only after events other
  // than moves (comparing them meant hashing every seat's token on every move).
  // A game that just ended has emptied the seats of players who left it; the record (step
  // 5) lists the game in the History of the seats stored, so those seats are cleared on a
  // later sync, after the record.
  const bool finishing = t.state() == table_state::finished && t.game() && t.game()->is_over() &&
                         !ps.finished && t.game_id() == ps.game_id;
  bool deferred = false;
  if (!ps.known || t.lobby_changes() != ps.changes_saved) {
    st::table_config c = config_of(room, now);
    if (!ps.known || c != ps.config) {
      if (auto s = timed([&] { return store_->save_table(c); }); !s) return failed(s, "save_table");
      ps.known = true;
      ps.config = std::move(c);
    }
    auto seats = seats_of(t);
    ps.seats.resize(seats.size());
    for (std::size_t i = 0; i < seats.size(); ++i) {
      if (seats[i] == ps.seats[i]) continue;
      if (!seats[i] && finishing) {
        deferred = true;
        continue;
      }
      auto s = seats[i] ? timed([&] { return store_->save_seat(room.id, *seats[i]); })
                        : timed([&] { return store_->clear_seat(room.id, static_cast<int>(i)); });
      if (!s) return failed(s, "save_seat");
      ps.seats[i] = std::move(seats[i]);
    }
    if (!deferred) ps.changes_saved = t.lobby_changes();
  }
  if (!t.game() || t.game_id().empty()) return std::nullopt;
  // 3. A new game: its deal, before its first view goes out.
  if (t.game_id() != ps.game_id) {
    st::game_start g;
    g.game_id = t.game_id();
    g.seed = t.game_seed();
    g.salt = t.deal_salt();
    g.commitment = t.deal_commitment();
    g.started_at_ms = t.game_started_unix_ms();
    if (const auto& clock = t.settings().clock)
      for (int i = 0; i < t.seat_count(); ++i)
        g.clock_ms.push_back(std::int64_t{clock->bank_seconds} * 1000);
    if (auto s = timed([&] { return store_->start_game(room.id, g); }); !s) {
      t.rollback_actions(0, now);
      return failed(s, "start_game");
    }
    ps.game_id = g.game_id;
    ps.actions = 0;
    ps.finished = false;
  }
  // 4. New actions, before anyone learns of them.
  const std::size_t n = t.actions_applied();
  if (n > ps.actions) {
    const auto clock_list = t.clocks_ms(now);
    const st::seat_clocks clocks{std::span<const st::millis>(clock_list)};
    std::vector<st::action_entry> entries;
    entries.reserve(n - ps.actions);
    for (std::size_t i = ps.actions; i < n; ++i)
      entries.push_back({static_cast<std::int64_t>(i + 1), t.action_seat(i),
                         t.action_json(i).dump(), clocks, now.unix_ms});
    auto s = entries.size() == 1
                 ? timed([&] { return store_->append_action(room.id, entries[0]); }, true)
                 : timed([&] { return store_->append_actions(room.id, entries); }, true);
    if (!s) {
      t.rollback_actions(ps.actions, now);
      return failed(s, "append_action");
    }
    ps.actions = n;
  }
  // 5. The end: the record, and the players' history.
  if (t.state() == table_state::finished && t.game()->is_over() && !ps.finished) {
    st::finished_game f;
    f.finished_at_ms = now.unix_ms;
    f.record_json = record_of(room, now).dump();
    // Each seat's final points in the game's own measure (points, round wins, the team's
    // score), beside the outcome: a profile's averages need no game's rules.
    json points = json::array();
    for (int s = 0; s < t.game()->seat_count(); ++s) points.push_back(t.game()->points_of(s));
    // Who sat where (player ids, null for a bot), so that a name in a History leads to the
    // player's profile.
    json summary = {{"seats", seat_names(t, ps)},
                    {"players", seat_players(t, ps)},
                    {"outcome", t.game()->outcome()},
                    {"points", std::move(points)}};
    if (const std::string of = t.duplicate_of(); !of.empty()) summary["duplicate_of"] = of;
    if (t.prepared_game()) summary["prepared_deal"] = true;
    if (t.settings().open_hands) summary["open_hands"] = true;
    f.summary_json = summary.dump();
    if (auto s = timed([&] { return store_->finish_table(room.id, f); }); !s)
      return failed(s, "finish_table");  // the log stays: a restart finishes it again
    ps.finished = true;
  }
  return std::nullopt;
}

void durable_tables::closed(const std::string& table_id) {
  if (auto s = timed([&] { return store_->close_table(table_id); }); !s)
    spdlog::error("table {}: store: close_table: {}", table_id, s.error);
}

durable_tables::own_record durable_tables::played_record(const std::string& player_id,
                                                         const std::string& game_id) {
  using enum record_status;
  auto list = store_->list_finished_for_player(player_id, 200);
  if (!list) return {unavailable, {}};
  bool mine = false;
  for (const auto& g : *list) mine = mine || g.game_id == game_id;
  if (!mine) return {missing, {}};
  auto rec = store_->get_record(game_id);
  if (!rec) return {unavailable, {}};
  if (!*rec) return {missing, {}};
  return {found, std::move(**rec)};
}

std::vector<std::pair<int, json>> durable_tables::finished_log(const std::string& game_id) {
  std::vector<std::pair<int, json>> log;
  auto text = store_->get_record(game_id);
  if (!text || !*text) return log;
  auto r = record_from_json(json::parse(**text, nullptr, false));
  if (!r) return log;
  log.reserve(r->actions.size());
  for (auto& a : r->actions) log.emplace_back(a.seat, std::move(a.action));
  return log;
}

std::size_t durable_tables::restore(shared_state& state) {
  auto loaded = store_->load_in_progress();
  if (!loaded) throw std::runtime_error("cannot load the tables in progress: " + loaded.error());
  return rebuild(state, *loaded, "restored");
}

void durable_tables::keep_leases(shared_state& state) {
  auto lost = store_->renew_leases();
  if (!lost) spdlog::error("store: renew leases: {}", lost.error());
  for (const auto& id : lost ? *lost : std::vector<std::string>{}) {
    // Its people's connections follow it to the node that has it now.
    auto home = store_->find_table_home(id);
    const std::string owner = home && *home ? (*home)->owner_node : std::string();
    spdlog::warn("table {}: another node took it over ({}; this node's lease ran out)", id,
                 owner.empty() ? "not known yet" : owner);
    if (auto room = state.tables->find(id))
      room->hand_over("this table moved to another server node", owner);
  }
  // A batch at a time, so that several nodes share a dead node's tables (a claim skips the
  // rows another node is claiming), and at once batch after batch, so that one node left
  // alone takes a thousand tables within the 5 s a takeover may take.
  // And by load: each node up to its share of all live tables (node_presence counts the
  // nodes that share; a node alone, or without Redis, takes all).
  // A node draining to stop takes nothing more: its tables would only move again.
  if (state.draining) return;
  constexpr int batch = 128;
  const int sharing = state.presence ? state.presence->nodes_sharing_tables() : 1;
  for (;;) {
    auto taken = store_->take_over_tables(batch, sharing);
    if (!taken) return spdlog::error("store: take over tables: {}", taken.error());
    if (!taken->empty()) rebuild(state, *taken, "took over");
    if (taken->size() < static_cast<std::size_t>(batch) || state.stopping) return;
  }
}

std::size_t durable_tables::rebuild(shared_state& state, std::vector<st::stored_table>& loaded,
                                    const char* what) {
  const auto t0 = std::chrono::steady_clock::now();
  std::size_t restored = 0, actions = 0;
  std::vector<std::string> rebuilt_ids;
  for (st::stored_table& s : loaded) {
    const game_module* m = find_game(s.config.game);
    json options = json::parse(s.config.options_json, nullptr, false);
    if (!m || options.is_discarded()) {
      spdlog::error("table {}: cannot restore (game \"{}\"), closed", s.config.table_id,
                    s.config.game);
      (void)store_->close_table(s.config.table_id);
      continue;
    }
    stored_settings stored = settings_from(s.config, std::move(options));
    auto room = state.tables->make_restored(s.config.table_id, s.config.invite_code, *m,
                                            std::move(stored.settings));
    if (!room) continue;
    const table_loan loan = room->store_loan();
    table& t = loan.rules;
    const moment now = shared_state::now();
    // The one player object of a session at a rebuilt table, until its token comes back.
    auto member = [&](const std::string& id, const std::string& name) {
      std::lock_guard lock(mutex_);
      // A table taken over from another node: its people may have come back to this node
      // before it did (their session is here already); they are the ones seated.
      if (!restored_.count(id))
        if (auto here = state.sessions.find_by_id(id)) return here;
      auto& slot = restored_[id];
      if (!slot) {
        slot = std::make_shared<player>(std::string(), id, name);
        slot->touch(now.mono_ms);
        state.sessions.adopt(restored_key_prefix + id, slot);
      }
      return slot;
    };
    table::rebuild_plan plan;
    std::vector<std::shared_ptr<player>> people;  // each pointed at the room once rebuilt
    for (const st::seat_entry& seat : s.seats) {
      if (seat.seat < 0 || seat.seat >= t.seat_count()) continue;
      if (seat.is_bot) {
        // "bot:<kind>"; an unknown kind (a newer server's) plays as the heuristic bot.
        const std::string_view stored =
            std::string_view(seat.player_id)
                .substr(std::min(seat.player_id.size(), bot_player_prefix.size()));
        plan.seats.push_back(
            {seat.seat, nullptr, bot_kind_from(stored).value_or(bot_kind::heuristic)});
        continue;
      }
      auto p = member(seat.player_id, seat.display_name);
      plan.seats.push_back({seat.seat, p});
      people.push_back(std::move(p));
    }
    for (const auto& [id, name] : stored.spectators) {
      auto p = member(id, name);
      if (p->table() && p->table() != room) continue;  // seated elsewhere: that wins
      plan.spectators.push_back(p);
      people.push_back(std::move(p));
    }
    plan.host_player_id = s.config.host_player_id;
    table_persisted& ps = loan.written;
    ps.known = true;
    ps.config = s.config;
    // A finished table whose record cannot be read comes back without its last game.
    const bool finished = s.state == st::table_state::finished;
    std::vector<std::pair<int, json>> finished_actions;
    if (finished && s.game) finished_actions = finished_log(s.game->game_id);
    if (s.game && (!finished || !finished_actions.empty())) {
      const std::string& gid = s.game->game_id;
      if (auto dash = gid.rfind('-'); dash != std::string::npos) {
        try {
          plan.games_started = std::stoi(gid.substr(dash + 1));
        } catch (...) {
        }
      }
      table::rebuild_plan::game_log& log = plan.game.emplace();
      if (finished) {
        // A game that had just finished: its actions are in its record. The table comes
        // back at the end of that game, for the next one.
        log.actions = std::move(finished_actions);
      } else {
        log.actions.reserve(s.actions.size());
        for (const auto& a : s.actions)
          log.actions.emplace_back(a.seat, json::parse(a.action_json, nullptr, false));
      }
      const auto& last = s.actions.empty() ? s.game->clock_ms : s.actions.back().clock_ms;
      log.clock_ms.assign(last.begin(), last.end());
      log.handovers = std::move(stored.handovers);
      log.seed = s.game->seed;
      log.salt = s.game->salt;
      log.commitment = s.game->commitment;
      log.game_id = gid;
      log.started_unix_ms = s.game->started_at_ms;
    }
    const outcome rebuilt = t.rebuild(plan, now);
    // The room holds a duplicate's deal until its first game is over (table_room.cpp).
    const bool repeats = !t.settings().deal_of.empty();
    if (repeats) state.repeated_deals.add(t.settings().deal_seed);
    for (const auto& p : people) p->set_table(room);
    if (rebuilt) {
      spdlog::error("table {}: cannot replay its log ({}), closed", s.config.table_id,
                    rebuilt->reason);
      (void)store_->close_table(s.config.table_id);
      room->close("the table could not be restored");
      continue;
    }
    if (plan.game) {
      ps.game_id = plan.game->game_id;
      ps.actions = plan.game->actions.size();
      ps.finished = finished;  // its record is kept already
      actions += plan.game->actions.size();
    }
    ps.config = config_of(loan, now) == s.config ? s.config : ps.config;
    ps.seats = seats_of(t);
    if (!state.tables->add_restored(room)) {
      if (repeats) state.repeated_deals.release(t.settings().deal_seed);
      continue;
    }
    room->refresh();
    ++restored;
    rebuilt_ids.push_back(s.config.table_id);
  }
  // Several nodes: the connections on other nodes that were routed to these tables come here.
  if (state.router) state.router->tables_moved(std::move(rebuilt_ids));
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
          .count();
  spdlog::info("{} {} tables ({} actions replayed) in {} ms", what, restored, actions, ms);
  // The people at restored tables get a fresh TTL: the time the server was down is no
  // time they chose to be away.
  std::vector<std::string> members;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, p] : restored_) members.push_back(id);
  }
  if (auto st = store_->touch_sessions(members, shared_state::now().unix_ms); !st)
    spdlog::error("store: touch_sessions: {}", st.error);
  return restored;
}

}  // namespace crownhall::server
