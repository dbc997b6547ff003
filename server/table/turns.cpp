// Turns: applying moves, clocks, the grace of a lost connection, bots and searches, the
// step the game times, and what is due next.
#include <algorithm>
#include <limits>
#include <utility>

#include "engine/core/search.hpp"
#include "server/secure_random.hpp"
#include "server/table/seats.hpp"
#include "server/table/table.hpp"

namespace crownhall::server {

using protocol::error;
using protocol::refusal;

outcome table::apply_action(int s, action a, moment now) {
  json action_json = game_->action_to_json(a);
  // No increment for an answer in a window the table times (no clock ran for it).
  const bool on_clock = !timed_ || timed_->clocks_run;
  if (auto e = game_->apply(s, a))
    return refuse(protocol::from_engine(e->code), std::move(e->reason));
  actions_.emplace_back(s, a);
  collect_events();
  stop_clock(s, now, on_clock);
  slot(s).turn_since = -1;
  json own = {{"kind", "action"}, {"seat", s}, {"action", std::move(action_json)}};
  // Others learn of the action only what the game's view shows them: a blind bid or a
  // face-down card must not travel in last_event.
  set_event({{"kind", "action"}}, s, std::move(own));
  touch();
  after_game_change(now);
  return std::nullopt;
}

void table::after_game_change(moment now) {
  if (game_->is_over()) {
    finish(now);
    return;
  }
  seat_late_joiners(now);
  update_turns(now);
}

// Starts and stops clocks and decision times to match who may act now.
void table::update_turns(moment now) {
  // While paused nothing starts: no clock, no timed step, no seat taken back (the
  // resume runs this again).
  if (state_ != table_state::playing || paused()) return;
  arm_timed_step(now);
  // In a window the table closes on a timer (the Sorcerer's), nobody is deciding against a
  // clock: those to act are waiting, and only one of them, secretly, may do something.
  const bool clocks_run = !timed_ || timed_->clocks_run;
  const seat_mask to_act = game_->seats_to_act();
  for (int s = 0; s < settings_.seats; ++s) {
    seat_slot& st = slot(s);
    if (!has_seat(to_act, s)) {
      stop_clock(s, now, false);
      st.turn_since = -1;
      continue;
    }
    if (st.turn_since < 0) st.turn_since = now.mono_ms;
    // A player who came back (reconnected, or spoke) takes the seat at this decision.
    if (st.human() && st.away && st.returning && st.connected && !st.left) {
      take_back(s, now);
      set_event({{"kind", "back"}}, s);
      touch();
    }
    if (st.human() && !st.away && settings_.clock) {
      if (clocks_run)
        start_clock(s, now);
      else
        stop_clock(s, now, false);
    }
  }
}

// The step the game times, if any: a new request starts its own count; the same request
// standing on keeps the time it first appeared, and so does the same step handed to another
// seat (the seat it named has answered: a window's time does not start again for each
// seat that passes) (engine/core/timed_step.hpp).
void table::arm_timed_step(moment now) {
  std::optional<timed_step> req;
  if (game_ && state_ == table_state::playing) req = game_->timed_step_request();
  bool same_step = false;
  if (req && timed_) {
    timed_step other_seat = *req;
    other_seat.seat = timed_->seat;
    same_step = other_seat == *timed_;
  }
  timed_ = req;
  if (!same_step) timed_since_ = req ? now.mono_ms : -1;
}

void table::take_back(int s, moment now) {
  seat_slot& st = slot(s);
  st.away = false;
  ++lobby_changes_;  // the seat's status changes, even when a move follows (act)
  st.returning = false;
  if (settings_.clock) {
    st.remaining_ms = std::max(st.remaining_ms, rules_.return_min_ms);
    if (st.turn_since >= 0) start_clock(s, now);
  }
}

void table::finish(moment now) {
  state_ = table_state::finished;
  timed_.reset();
  timed_since_ = -1;
  pause_.clear();
  for (int s = 0; s < settings_.seats; ++s) {
    stop_clock(s, now, false);
    seat_slot& st = slot(s);
    st.turn_since = -1;
    st.successor.reset();  // no next round: a claim on a bot's seat ends with the game
    if (st.human() && st.left) {
      slot(s) = seat_slot{};
      continue;
    }
    st.away = false;
    st.returning = false;
    if (st.human()) st.ready = false;
  }
  if (host_ < 0 || !slot(host_).present()) pass_host();
  set_event({{"kind", "finished"}, {"game", game_id_}});
  touch();
}

void table::start_clock(int s, moment now) {
  seat_slot& st = slot(s);
  if (st.running_since < 0) st.running_since = now.mono_ms;
}

void table::stop_clock(int s, moment now, bool add_increment) {
  if (!settings_.clock) return;
  seat_slot& st = slot(s);
  if (st.running_since >= 0) {
    st.remaining_ms = std::max<std::int64_t>(0, st.remaining_ms - (now.mono_ms - st.running_since));
    st.running_since = -1;
  }
  if (add_increment) st.remaining_ms += std::int64_t{settings_.clock->increment_seconds} * 1000;
}

std::int64_t table::remaining(int s, moment now) const {
  const seat_slot& st = slot(s);
  if (st.running_since < 0) return st.remaining_ms;
  return std::max<std::int64_t>(0, st.remaining_ms - (now.mono_ms - st.running_since));
}

bool table::bot_plays(int s) const {
  const seat_slot& st = slot(s);
  return st.who == seat_slot::occupant::bot || (st.human() && st.away);
}

// An away player's seat is played by the heuristic bot: it answers at once.
bot_kind table::bot_of(int s) const {
  const seat_slot& st = slot(s);
  return st.who == seat_slot::occupant::bot ? st.bot : bot_kind::heuristic;
}

// Names the position of the game in progress: the game's number and its actions so far.
// Never 0 while a game runs (games are numbered from 1).
std::uint64_t table::position_key() const {
  return (static_cast<std::uint64_t>(games_started_) << 40) | actions_.size();
}

// When seat `s`'s bot (whose turn it is) is next due: its move after the bot delay; for a
// search bot, first the asking (at once), then nothing until the answer is in.
std::int64_t table::bot_due(int s) const {
  const seat_slot& st = slot(s);
  const std::int64_t move_at = st.turn_since + rules_.bot_delay_ms;
  if (bot_of(s) != bot_kind::search) return move_at;
  if (st.search_position != position_key()) return st.turn_since;
  return st.search_answer ? move_at : never;
}

void table::ask_search(int s) {
  seat_slot& st = slot(s);
  st.search_position = position_key();
  st.search_answer.reset();
  search_requests_.push_back({s, st.search_position, game_->clone(), rng_.next(),
                              playouts_for_ms(game_->search_rate(), rules_.search_ms)});
}

std::vector<table::search_request> table::take_search_requests() {
  return std::exchange(search_requests_, {});
}

void table::search_answered(int s, std::uint64_t position, action a) {
  if (state_ != table_state::playing || s < 0 || s >= settings_.seats) return;
  seat_slot& st = slot(s);
  if (st.search_position != position || position != position_key()) return;
  st.search_answer = a;
}

std::optional<std::int64_t> table::next_deadline() const {
  if (state_ != table_state::playing || paused()) return std::nullopt;
  std::int64_t due = never;
  for (int s = 0; s < settings_.seats; ++s) {
    const seat_slot& st = slot(s);
    if (st.turn_since >= 0) {
      if (bot_plays(s))
        due = std::min(due, bot_due(s));
      else if (st.running_since >= 0)
        due = std::min(due, st.running_since + st.remaining_ms);
    }
    if (st.human() && !st.connected && !st.away)
      due = std::min(due, st.disconnected_at + rules_.grace_ms);
  }
  if (timed_) due = std::min(due, timed_since_ + std::int64_t{timed_->seconds} * 1000);
  if (due == never) return std::nullopt;
  return due;
}

void table::on_timer(moment now) {
  if (state_ != table_state::playing || paused()) return;
  // Clocks that ran out, players gone past their grace: a bot plays for them (from the
  // next call, so that going away is a change of its own).
  bool went_away = false;
  for (int s = 0; s < settings_.seats; ++s) {
    seat_slot& st = slot(s);
    if (!st.human() || st.away) continue;
    const bool timed_out = st.running_since >= 0 && remaining(s, now) <= 0;
    const bool gone = !st.connected && now.mono_ms >= st.disconnected_at + rules_.grace_ms;
    if (!timed_out && !gone) continue;
    stop_clock(s, now, false);
    st.away = true;
    st.returning = false;
    set_event({{"kind", "away"}, {"reason", timed_out ? "timeout" : "disconnected"}}, s);
    touch();
    went_away = true;
  }
  if (went_away) return;
  // A step the game timed, if it is due and the game still asks for it: applied like any
  // other action (recorded, broadcast), and alone in this call.
  if (timed_ && now.mono_ms >= timed_since_ + std::int64_t{timed_->seconds} * 1000) {
    const timed_step step = *timed_;
    // Applied, the action re-arms from what the game asks next: the same step for another
    // seat keeps its (passed) time and follows at once.
    if (game_->timed_step_request() == step && !apply_action(step.seat, step.act, now)) return;
    // Stale, or refused (a game defect): start over from what the game asks now.
    timed_.reset();
    timed_since_ = -1;
    update_turns(now);
  }
  // The earliest due bot move, one per call.
  int best = -1;
  std::int64_t best_due = never;
  for (int s = 0; s < settings_.seats; ++s) {
    const seat_slot& st = slot(s);
    if (st.turn_since < 0 || !bot_plays(s)) continue;
    const std::int64_t due = bot_due(s);
    if (due <= now.mono_ms && due < best_due) best = s, best_due = due;
  }
  if (best < 0) return;
  action a{};
  if (bot_of(best) == bot_kind::search) {
    const seat_slot& st = slot(best);
    if (st.search_position != position_key() || !st.search_answer) return ask_search(best);
    a = *st.search_answer;
  } else {
    a = game_->bot_action(best, bot_of(best), rng_);
  }
  if (apply_action(best, a, now)) {
    // A bot must never stall a table: fall back to the first legal action.
    action_list legal;
    game_->legal_actions(best, legal);
    if (!legal.empty()) apply_action(best, legal[0], now);
  }
}

}  // namespace crownhall::server
