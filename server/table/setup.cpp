// Before the start, and between games: seats, options, bots, kick, host, start, rematch.
#include <algorithm>
#include <limits>
#include <utility>

#include "server/secure_random.hpp"
#include "server/table/deals/deal_commitment.hpp"
#include "server/table/seats.hpp"
#include "server/table/table.hpp"

namespace crownhall::server {

using protocol::error;
using protocol::refusal;

outcome table::take_seat(const player& p, int seat, bool cancel, moment now) {
  const auto member = seat_of(p);
  if (!member) return refuse(error::not_at_table, "you are not at this table");
  if (auto e = seat_outside(seat, settings_.seats)) return e;
  if (state_ == table_state::playing) {
    if (*member >= 0) return refuse(error::game_started, "you have a seat in this game");
    return claim_bot_seat(p, seat, cancel);
  }
  if (cancel) return std::nullopt;  // no game, no claim to withdraw
  if (*member == seat) return std::nullopt;
  if (slot(seat).who != seat_slot::occupant::empty)
    return refuse(error::seat_taken, "seat " + std::to_string(seat) + " is taken");
  std::shared_ptr<player> person;
  if (*member >= 0) {
    person = slot(*member).person;
    const bool was_host = host_ == *member;
    slot(*member) = seat_slot{};
    sit(seat, person, now);
    if (was_host) host_ = seat;
  } else {
    const int i = find_spectator(p);
    person = spectators_[static_cast<std::size_t>(i)].person;
    spectators_.erase(spectators_.begin() + i);
    sit(seat, person, now);
  }
  set_event({{"kind", "seat"}}, seat);
  touch();
  return std::nullopt;
}

outcome table::set_ready(const player& p, bool ready, moment now) {
  const auto member = seat_of(p);
  if (!member) return refuse(error::not_at_table, "you are not at this table");
  if (*member < 0) return refuse(error::not_seated, "spectators have no ready flag");
  if (auto e = before_start()) return e;
  if (slot(*member).ready != ready) {
    slot(*member).ready = ready;
    set_event({{"kind", "ready"}}, *member);
    touch();
    start_rematch_if_ready(now);
  }
  return std::nullopt;
}

outcome table::set_options(const player& p, const protocol::set_options& m, moment) {
  if (auto e = host_only(p)) return e;
  if (auto e = before_start()) return e;
  table_settings next = settings_;
  if (m.seats) {
    if (*m.seats < module_.min_seats() || *m.seats > module_.max_seats())
      return refuse(error::invalid_options, std::string(module_.title()) + " is for " +
                                                std::to_string(module_.min_seats()) + " to " +
                                                std::to_string(module_.max_seats()) + " players");
    for (int s = *m.seats; s < settings_.seats; ++s)
      if (slot(s).who != seat_slot::occupant::empty)
        return refuse(error::invalid_options,
                      "seat " + std::to_string(s) + " is taken: free it before removing it");
    next.seats = *m.seats;
  }
  // The host's own choices are merged and normalized again, so that defaults that depend
  // on the number of seats follow a change of seats.
  json merged = settings_.requested.is_object() ? settings_.requested : json::object();
  if (m.options)
    for (auto it = m.options->begin(); it != m.options->end(); ++it) merged[it.key()] = it.value();
  auto normalized = module_.normalize_options(merged, next.seats);
  if (!normalized) return refuse(error::invalid_options, normalized.error().reason);
  next.options = std::move(*normalized);
  next.requested = std::move(merged);
  if (m.is_private) next.is_private = *m.is_private;
  if (m.spectators) next.spectators = *m.spectators;
  if (m.late_join) next.late_join = *m.late_join;
  if (m.open_hands) next.open_hands = *m.open_hands;
  if (m.spectator_view) next.spectator_view = *m.spectator_view;
  if (m.spectator_delay) next.spectator_delay = *m.spectator_delay;
  if (m.clock) next.clock = *m.clock;

  settings_ = std::move(next);
  seats_.resize(static_cast<std::size_t>(settings_.seats));
  for (auto& st : seats_)
    if (st.human()) st.ready = false;
  if (!settings_.spectators)
    while (!spectators_.empty()) remove_spectator(0, "the host turned spectators off");
  recompute_summary();
  set_event({{"kind", "options"}});
  touch();
  return std::nullopt;
}

outcome table::add_bot(const player& p, bot_kind kind, std::optional<int> seat, moment) {
  if (auto e = host_only(p)) return e;
  if (auto e = before_start()) return e;
  int s = -1;
  if (seat) {
    if (auto e = seat_outside(*seat, settings_.seats)) return e;
    if (slot(*seat).who != seat_slot::occupant::empty)
      return refuse(error::seat_taken, "seat " + std::to_string(*seat) + " is taken");
    s = *seat;
  } else if ((s = first_free_seat()) < 0) {
    return refuse(error::table_full, "no free seat");
  }
  seat_bot(s, kind);
  set_event({{"kind", "bot_added"}}, s);
  touch();
  return std::nullopt;
}

void table::seat_bot(int s, bot_kind kind) {
  seat_slot& st = slot(s);
  st = seat_slot{};
  st.who = seat_slot::occupant::bot;
  st.bot = kind;
  st.ready = true;
  st.connected = true;
}

outcome table::remove_bot(const player& p, int seat, moment) {
  if (auto e = host_only(p)) return e;
  if (auto e = before_start()) return e;
  if (auto e = seat_outside(seat, settings_.seats)) return e;
  if (slot(seat).who != seat_slot::occupant::bot)
    return refuse(error::no_such_seat, "seat " + std::to_string(seat) + " has no bot");
  slot(seat) = seat_slot{};
  set_event({{"kind", "bot_removed"}}, seat);
  touch();
  return std::nullopt;
}

outcome table::kick(const player& p, int seat, moment now) {
  if (auto e = host_only(p)) return e;
  if (auto e = seat_outside(seat, settings_.seats)) return e;
  if (seat == host_) return refuse(error::bad_message, "the host cannot kick themselves");
  seat_slot& st = slot(seat);
  if (!st.human())
    return refuse(error::no_such_seat, "seat " + std::to_string(seat) + " has no player");
  auto person = st.person;
  if (!st.left) {
    person->send(make_message(protocol::encode_kicked(id_, "removed by the host")));
    removed_.push_back(person);
  }
  if (state_ == table_state::playing) {
    // The game goes on: a bot takes the seat for good.
    stop_clock(seat, now, false);
    const std::int64_t turn_since = st.turn_since;
    st = seat_slot{};
    st.who = seat_slot::occupant::bot;
    st.bot = bot_kind::heuristic;
    st.ready = true;
    st.connected = true;
    st.turn_since = turn_since;
  } else {
    empty_seat(seat);
  }
  set_event({{"kind", "kicked"}}, seat);
  touch();
  start_rematch_if_ready(now);
  return std::nullopt;
}

outcome table::transfer_host(const player& p, int seat, moment) {
  if (auto e = host_only(p)) return e;
  if (auto e = seat_outside(seat, settings_.seats)) return e;
  if (!slot(seat).present())
    return refuse(error::no_such_seat, "seat " + std::to_string(seat) + " has no player");
  host_ = seat;
  set_event({{"kind", "host"}}, seat);
  touch();
  return std::nullopt;
}

outcome table::start(const player& p, moment now) {
  if (auto e = host_only(p)) return e;
  if (auto e = before_start()) return e;
  for (int s = 0; s < settings_.seats; ++s) {
    const seat_slot& st = slot(s);
    if (st.who == seat_slot::occupant::empty)
      return refuse(error::not_ready, "seat " + std::to_string(s) + " is empty");
    if (st.human() && s != host_ && !st.ready)
      return refuse(error::not_ready,
                    "seat " + std::to_string(s) + " (" + st.person->name() + ") is not ready");
  }
  return begin_game(now);
}

// The game starts: a new seed, deal and commitment; every seat ready; clocks full.
outcome table::begin_game(moment now) {
  game_seed_ = rng_.next();
  if ((!settings_.deal_of.empty() || settings_.prepared_deal) && games_started_ == 0)
    game_seed_ = settings_.deal_seed;
  auto g = module_.new_game(settings_.options, settings_.seats, game_seed_, deal_for(game_seed_));
  if (!g) return refuse(error::internal, "the game could not start: " + g.error().reason);
  game_ = std::move(*g);
  rematch_offered_ = false;
  ++games_started_;
  game_id_ = id_ + "-" + std::to_string(games_started_);
  deal_salt_ = secure_random_hex(16);
  deal_commitment_ = crownhall::deal_commitment(game_seed_, deal_salt_);
  game_started_unix_ms_ = now.unix_ms;
  actions_.clear();
  handovers_.clear();
  state_ = table_state::playing;
  for (int s = 0; s < settings_.seats; ++s) {
    seat_slot& st = slot(s);
    st.ready = true;
    st.away = false;
    st.returning = false;
    st.turn_since = -1;
    st.running_since = -1;
    st.remaining_ms = settings_.clock ? std::int64_t{settings_.clock->bank_seconds} * 1000 : 0;
    if (st.human() && !st.connected) st.disconnected_at = now.mono_ms;  // grace from the start
  }
  set_event({{"kind", "started"}, {"game", game_id_}});
  touch();
  update_turns(now);
  return std::nullopt;
}

outcome table::rematch(const player& p, moment now) {
  if (auto e = host_only(p)) return e;
  if (state_ != table_state::finished)
    return refuse(state_ == table_state::playing ? error::game_started : error::game_not_started,
                  "a rematch is offered once a game has ended");
  if (rematch_offered_) return std::nullopt;
  rematch_offered_ = true;
  slot(host_).ready = true;
  set_event({{"kind", "rematch_offered"}}, host_);
  touch();
  start_rematch_if_ready(now);
  return std::nullopt;
}

// Bots fill the seats nobody holds (left, declined, kicked); once every person seated has
// accepted, the game starts.
void table::start_rematch_if_ready(moment now) {
  if (!rematch_offered_ || state_ != table_state::finished) return;
  if (host_ < 0) {  // everyone left: the offer goes with them
    rematch_offered_ = false;
    return;
  }
  for (int s = 0; s < settings_.seats; ++s)
    if (slot(s).who == seat_slot::occupant::empty) seat_bot(s, bot_kind::heuristic);
  for (int s = 0; s < settings_.seats; ++s)
    if (slot(s).human() && !slot(s).ready) return;
  // A refusal here is the game's own failure (its options were checked when set): the
  // table stays finished, and the host's `start` would say why.
  (void)begin_game(now);
}

}  // namespace crownhall::server
