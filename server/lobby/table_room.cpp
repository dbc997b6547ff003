#include "server/lobby/table_room.hpp"

#include <algorithm>
#include <chrono>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "engine/core/search.hpp"
#include "protocol/server_messages.hpp"
#include "server/lobby/lobby.hpp"
#include "server/overloaded.hpp"
#include "server/search_workers.hpp"

namespace crownhall::server {

using json = nlohmann::json;
using protocol::error;

table_room::table_room(shared_state& state, std::string id, std::string invite,
                       const game_module& game, table_settings settings, std::uint64_t seed)
    : state_(state),
      id_(std::move(id)),
      invite_(std::move(invite)),
      strand_(net::make_strand(state.ioc)),
      timer_(strand_),
      table_(id_, invite_, game, std::move(settings), state.config.rules, seed),
      abandonment_(state.config.rules.unattended_stop_ms) {
  // Its creator claimed the deal (websocket_session), a restart added it (durable_tables).
  holds_deal_ = !table_.settings().deal_of.empty();
  spdlog::info("table {} opened: {} for {} seats, {}", id_, game.id(), table_.seat_count(),
               table_.is_private() ? "private" : "public");
}

table_room::~table_room() = default;

template <class F>
void table_room::run(std::shared_ptr<player> p, json id, F f) {
  run(std::move(p), std::move(id), nullptr, std::move(f));
}

template <class F>
void table_room::run(std::shared_ptr<player> p, json id, latency_histogram* timing, F f) {
  net::post(strand_, [self = shared_from_this(), p = std::move(p), id = std::move(id),
                      f = std::move(f), timing]() mutable {
    outcome result;
    if (self->closed_) {
      result = protocol::refusal{error::no_such_table, "the table has closed"};
    } else {
      const auto started = std::chrono::steady_clock::now();
      const moment now = shared_state::now();
      result = f(now);
      if (auto failed = self->persist(now); failed && !result) result = std::move(failed);
      self->after(now);
      if (timing)
        timing->observe_ns(std::chrono::duration_cast<std::chrono::nanoseconds>(
                               std::chrono::steady_clock::now() - started)
                               .count());
    }
    if (!p) return;
    if (result) {
      self->state_.metrics.count_error(result->code);
      p->send(make_message(protocol::encode_error(result->code, result->reason, id)));
    } else if (!id.is_null()) {
      p->send(make_message(protocol::encode_ack(id)));
    }
  });
}

void table_room::join(std::shared_ptr<player> p, protocol::join_table m, bool with_invite,
                      std::shared_ptr<table_room> previous, json id) {
  net::post(strand_, [self = shared_from_this(), p = std::move(p), m = std::move(m), with_invite,
                      previous = std::move(previous), id = std::move(id)] {
    outcome r;
    const moment now = shared_state::now();
    if (self->closed_) {
      r = protocol::refusal{error::no_such_table, "the table has closed"};
    } else {
      r = self->table_.join(p, m.as, m.seat, with_invite, now);
      (void)self->persist(now);
      self->after(now);
    }
    if (!r) {
      if (previous && previous != self) previous->leave(p, nullptr);
      spdlog::info("table {}: {} joined as {}", self->id_, p->id(),
                   m.as == protocol::join_role::player ? "player" : "spectator");
      if (!id.is_null()) p->send(make_message(protocol::encode_ack(id)));
    } else {
      p->restore_table(self.get(), previous);
      self->state_.metrics.count_error(r->code);
      p->send(make_message(protocol::encode_error(r->code, r->reason, id)));
    }
  });
}

void table_room::opened_by(const std::shared_ptr<player>& p) {
  p->hold_table({id_, std::string(table_.game_module_of().id())});
  net::post(strand_, [self = shared_from_this(), p] { self->holders_.push_back(p); });
}

void table_room::note_holders() {
  std::vector<std::shared_ptr<player>> now;
  const table_state s = table_.state();
  if (s != table_state::finished && !closed_)
    for (auto& r : table_.seat_records())
      if (r.who == table::seat_record::kind::human) now.push_back(std::move(r.person));
  for (const auto& p : holders_)
    if (std::find(now.begin(), now.end(), p) == now.end()) p->release_table(id_);
  const player::open_table line{id_, std::string(table_.game_module_of().id()),
                                s == table_state::playing, abandonment_.stopped()};
  for (const auto& p : now) p->hold_table(line);
  holders_ = std::move(now);
}

void table_room::leave(std::shared_ptr<player> p, json id) {
  run(p, std::move(id), [this, p](moment now) -> outcome {
    auto r = table_.leave(*p, now);
    if (!r) spdlog::info("table {}: {} left", id_, p->id());
    return r;
  });
}

void table_room::connection_changed(std::shared_ptr<player> p) {
  run(nullptr, nullptr, [this, p](moment now) -> outcome {
    table_.connection_changed(*p, now);
    return std::nullopt;
  });
}

void table_room::renamed(std::shared_ptr<player> p) {
  run(nullptr, nullptr, [this, p](moment) -> outcome {
    table_.name_changed(*p);
    return std::nullopt;
  });
}

void table_room::request(std::shared_ptr<player> p, protocol::request r) {
  // Only moves are timed: they are what players wait on, and what the load targets count.
  latency_histogram* timing =
      std::holds_alternative<protocol::act>(r.message) ? &state_.metrics.action_latency : nullptr;
  auto handle = [this, p, m = std::move(r.message)](moment now) mutable -> outcome {
    const player& who = *p;
    return std::visit(
        overloaded{
            [&](protocol::take_seat& x) { return table_.take_seat(who, x.seat, x.cancel, now); },
            [&](protocol::ready& x) { return table_.set_ready(who, x.value, now); },
            [&](protocol::set_options& x) { return table_.set_options(who, x, now); },
            [&](protocol::add_bot& x) { return table_.add_bot(who, x.kind, x.seat, now); },
            [&](protocol::remove_bot& x) { return table_.remove_bot(who, x.seat, now); },
            [&](protocol::kick& x) { return table_.kick(who, x.seat, now); },
            [&](protocol::transfer_host& x) { return table_.transfer_host(who, x.seat, now); },
            [&](protocol::start&) { return table_.start(who, now); },
            [&](protocol::rematch&) { return table_.rematch(who, now); },
            [&](protocol::act& x) { return table_.act(who, x.action, x.seq, now); },
            [&](protocol::back&) { return table_.back(who, now); },
            [&](protocol::pause_game& x) { return table_.pause(who, x.value, now); },
            [&](protocol::follow& x) { return table_.follow(who, x.seat, now); },
            [&](protocol::share_view& x) { return table_.share_view(who, x.value, x.with, now); },
            [&](protocol::chat& x) { return table_.chat(who, x.text, now); },
            [&](protocol::resume& x) -> outcome {
              if (x.table != id_)
                return protocol::refusal{error::not_at_table, "you are not at that table"};
              return table_.resume(who, x.seq, now);
            },
            [&](auto&) -> outcome {
              return protocol::refusal{error::internal, "not a table message"};
            },
        },
        m);
  };
  run(p, std::move(r.id), timing, std::move(handle));
}

void table_room::close(std::string reason) {
  net::post(strand_, [self = shared_from_this(), reason = std::move(reason)] {
    if (!self->closed_) self->close_now(reason);
  });
}

void table_room::stop() {
  net::post(strand_, [self = shared_from_this()] {
    self->timer_.cancel();
    self->armed_ = -1;
  });
}

void table_room::release_people() {
  for (const auto& p : table_.people()) p->clear_table(this);
}

void table_room::refresh() {
  net::post(strand_, [self = shared_from_this()] {
    if (!self->closed_) self->after(shared_state::now());
  });
}

void table_room::admin_summary(std::function<void(std::optional<json>)> done) {
  net::post(strand_, [self = shared_from_this(), done = std::move(done)] {
    if (self->closed_) return done(std::nullopt);
    const moment now = shared_state::now();
    json j = self->table_.admin_summary(now);
    j["opened_at"] = self->opened_unix_ms_;
    j["age_seconds"] = (now.unix_ms - self->opened_unix_ms_) / 1000;
    j["last_action_at"] =
        self->last_action_unix_ms_ ? json(self->last_action_unix_ms_) : json(nullptr);
    done(std::move(j));
  });
}

void table_room::admin_view(int seat, std::function<void(std::optional<std::string>)> done) {
  net::post(strand_, [self = shared_from_this(), seat, done = std::move(done)] {
    if (self->closed_ || seat < -1 || seat >= self->table_.seat_count()) return done(std::nullopt);
    done(self->table_.message_for(seat, shared_state::now()));
  });
}

outcome table_room::persist(moment now) {
  if (!state_.durable || closed_) return std::nullopt;
  return state_.durable->sync(store_loan(), now);
}

// After every change: the views, the players who left, the lobby's line, the timer.
void table_room::after(moment now) {
  const bool was_stopped = abandonment_.stopped();
  const bool stopped = abandonment_.review(table_, now);  // may end a pause nobody can end
  // Seats, state or settings may have changed (not with a mere move). The people's open
  // tables are brought up to date before anyone hears of it: a player told the game ended
  // finds it finished in History, not still unfinished.
  const bool changed = table_.lobby_changes() != lobby_changes_seen_ || stopped != was_stopped;
  if (changed) note_holders();
  table_.publish(now);
  for (auto& p : table_.take_removed()) p->clear_table(this);

  const table_state s = table_.state();
  if (s != last_state_) {
    if (s == table_state::playing) {
      state_.metrics.games_started.fetch_add(1, std::memory_order_relaxed);
      spdlog::info("table {}: game {} started", id_, table_.game_id());
    } else if (last_state_ == table_state::playing) {
      state_.metrics.games_finished.fetch_add(1, std::memory_order_relaxed);
      spdlog::info("table {}: game {} finished after {} actions", id_, table_.game_id(),
                   table_.actions_applied());
    }
    last_state_ = s;
    seen_state_.store(static_cast<std::uint8_t>(s));
  }
  const std::size_t applied = table_.actions_applied();
  if (applied != last_actions_) {
    if (applied > last_actions_) {
      state_.metrics.actions.fetch_add(applied - last_actions_, std::memory_order_relaxed);
      last_action_unix_ms_ = now.unix_ms;
    }
    last_actions_ = applied;
  }

  if (holds_deal_ && !table_.repeats_deal()) release_deal(true);
  if (stopped != was_stopped)
    spdlog::info("table {}: game {} {}", id_, table_.game_id(),
                 stopped ? "stopped: nobody holds a seat" : "goes on: a player is back");
  if (changed) {
    lobby_changes_seen_ = table_.lobby_changes();
    // A stopped game is nobody's to watch or join: it waits for its own players.
    json line = table_.is_private() || stopped ? json() : table_.lobby_entry();
    if (line != lobby_line_) {
      lobby_line_ = line;
      state_.tables->update(id_, std::move(line));
    }
  }
  // A game in progress outlives its people: bots play the seats of those who left, for a
  // while (table_abandonment), and a player who comes back through the table's link or their
  // History takes the seat back. The table closes once nobody is left and no game runs.
  if (table_.abandoned() && s != table_state::playing) {
    close_now("everyone left");
    return;
  }
  for (auto& r : table_.take_search_requests())
    if (!stopped) think(std::move(r));
  schedule(now);
}

void table_room::think(table::search_request r) {
  if (state_.stopping) return;
  // Shared, not moved in: a worker's job must be copyable (std::function).
  auto job = std::make_shared<table::search_request>(std::move(r));
  state_.metrics.searches_waiting.fetch_add(1, std::memory_order_relaxed);
  state_.search->post([self = shared_from_this(), job, asked = std::chrono::steady_clock::now()] {
    prng rng(job->seed);
    const action a = search_action(*job->game, job->seat, rng, {.playouts = job->playouts});
    net::post(self->strand_, [self, seat = job->seat, position = job->position, a, asked] {
      self->state_.metrics.searches_waiting.fetch_sub(1, std::memory_order_relaxed);
      self->state_.metrics.search_latency.observe_ns(
          std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() -
                                                               asked)
              .count());
      if (self->closed_ || self->state_.stopping) return;
      self->table_.search_answered(seat, position, a);
      self->after(shared_state::now());
    });
  });
}

void table_room::hand_over(std::string reason, std::string owner) {
  net::post(strand_,
            [self = shared_from_this(), reason = std::move(reason), owner = std::move(owner)] {
              if (!self->closed_) self->hand_over_now(reason, owner);
            });
}

void table_room::release_deal(bool for_good) {
  holds_deal_ = false;
  const std::uint64_t seed = table_.settings().deal_seed;
  state_.repeated_deals.release(seed);
  // A table handed over to another node deals it there still: its claim stays.
  if (for_good && state_.durable) {
    if (auto st = state_.durable->store().release_deal(seed); !st)
      spdlog::warn("table {}: its repeated deal stays claimed: {}", id_, st.error);
  }
}

// Nobody is sent away: the people play on at the table's new node, on the connection they
// have (a page told to reload is a person who may never come back).
void table_room::hand_over_now(const std::string& reason, const std::string& owner) {
  const auto closed = make_message(protocol::encode_table_closed(id_, reason));
  for (const auto& p : table_.people()) {
    if (p->table().get() != this) continue;  // left it already
    if (auto link = p->link(); link && !link->follow_table(id_, owner))
      link->deliver(closed, message_kind::other);
  }
  close_now(reason, false, false);
}

void table_room::close_now(const std::string& reason, bool in_store, bool tell) {
  closed_ = true;
  if (holds_deal_) release_deal(in_store);
  if (in_store && state_.durable) state_.durable->closed(id_);
  table_.close(reason, tell);
  for (auto& p : table_.take_removed()) p->clear_table(this);
  note_holders();
  timer_.cancel();
  armed_ = -1;
  state_.tables->remove(*this);
  spdlog::info("table {} closed: {}", id_, reason);
}

void table_room::schedule(moment now) {
  if (closed_ || state_.stopping) return;
  auto due = abandonment_.stopped() ? std::nullopt : table_.next_deadline();
  if (const auto review = abandonment_.next_review())
    due = std::min(due.value_or(*review), *review);
  if (!due) {
    if (armed_ >= 0) {
      armed_ = -1;
      timer_.cancel();
    }
    return;
  }
  if (*due <= now.mono_ms) {
    if (!timer_posted_) {
      timer_posted_ = true;
      net::post(strand_, [self = shared_from_this()] {
        self->timer_posted_ = false;
        self->fire();
      });
    }
    return;
  }
  if (armed_ == *due) return;
  armed_ = *due;
  timer_.expires_at(std::chrono::steady_clock::time_point(std::chrono::milliseconds(*due)));
  timer_.async_wait([self = shared_from_this(), due = *due](boost::system::error_code ec) {
    if (ec || self->armed_ != due) return;
    self->armed_ = -1;
    self->fire();
  });
}

void table_room::fire() {
  if (closed_ || state_.stopping) return;
  const moment now = shared_state::now();
  if (!abandonment_.stopped()) table_.on_timer(now);
  (void)persist(now);
  after(now);
}

}  // namespace crownhall::server
