
#include "server/table/table.hpp"

#include <algorithm>
#include <limits>
#include <utility>

#include "protocol/server_messages.hpp"
#include "server/table/seats.hpp"

namespace crownhall::server {

using protocol::error;
using protocol::refusal;

std::string_view to_string(table_state s) {
  switch (s) {
    case table_state::waiting:
      return "waiting";
    case table_state::playing:
      return "playing";
    case table_state::finished:
      return "finished";
  }
  return "waiting";
}

table::table(std::string id, std::string invite, const game_module& game, table_settings settings,
             const table_rules& rules, std::uint64_t seed)
    : id_(std::move(id)),
      invite_(std::move(invite)),
      module_(game),
      settings_(std::move(settings)),
      rules_(rules),
      rng_(seed),
      seats_(static_cast<std::size_t>(settings_.seats)),
      chat_(rules),
      log_(rules.event_history) {
  recompute_summary();
  last_event_shared_ = {{"kind", "created"}};
}

table::~table() = default;

table::seat_slot& table::slot(int s) { return seats_[static_cast<std::size_t>(s)]; }
const table::seat_slot& table::slot(int s) const { return seats_[static_cast<std::size_t>(s)]; }

int table::find_seat(const player& p) const {
  for (int s = 0; s < settings_.seats; ++s)
    if (slot(s).human() && slot(s).person->id() == p.id()) return s;
  return -1;
}

int table::find_spectator(const player& p) const {
  for (std::size_t i = 0; i < spectators_.size(); ++i)
    if (spectators_[i].person->id() == p.id()) return static_cast<int>(i);
  return -1;
}

std::optional<int> table::seat_of(const player& p) const {
  const int s = find_seat(p);
  if (s >= 0 && !slot(s).left) return s;
  if (find_spectator(p) >= 0) return -1;
  return std::nullopt;
}

int table::first_free_seat() const {
  for (int s = 0; s < settings_.seats; ++s)
    if (slot(s).who == seat_slot::occupant::empty) return s;
  return -1;
}

int table::free_seat_for(const player& p) const {
  const auto& plan = settings_.seat_plan;
  const auto planned = [&](int s) {
    return static_cast<std::size_t>(s) < plan.size() ? plan[static_cast<std::size_t>(s)]
                                                     : std::string();
  };
  const auto free = [&](int s) { return slot(s).who == seat_slot::occupant::empty; };
  for (int s = 0; s < settings_.seats; ++s)
    if (free(s) && !planned(s).empty() && planned(s) == p.id()) return s;
  for (int s = 0; s < settings_.seats; ++s)
    if (free(s) && planned(s).empty()) return s;
  return first_free_seat();
}

outcome table::host_only(const player& p) const {
  const int s = find_seat(p);
  if (s < 0 || s != host_ || slot(s).left) {
    if (!seat_of(p)) return refuse(error::not_at_table, "you are not at this table");
    return refuse(error::not_host, "only the host may do this");
  }
  return std::nullopt;
}

outcome table::before_start() const {
  if (state_ == table_state::playing)
    return refuse(error::game_started, "not possible once the game has started");
  return std::nullopt;
}

void table::touch() {
  ++seq_;
  dirty_ = true;
}

void table::set_event(json shared, int seat, json own) {
  if (own.is_null()) ++lobby_changes_;  // anything but a move may change the lobby's line
  if (seat >= 0) shared["seat"] = seat;
  last_event_shared_ = std::move(shared);
  last_event_own_ = std::move(own);
  last_event_seat_ = seat;
}

void table::note_presence(int s) {
  if (s >= 0 && slot(s).away && !slot(s).returning) slot(s).returning = true;
}

void table::sit(int s, const std::shared_ptr<player>& p, moment now) {
  seat_slot& st = slot(s);
  st = seat_slot{};
  st.who = seat_slot::occupant::human;
  st.person = p;
  st.connected = p->connected();
  st.disconnected_at = now.mono_ms;
  if (host_ < 0) host_ = s;
  // A person seated is no spectator of the table in another session of the same browser.
  for (int i = static_cast<int>(spectators_.size()) - 1; i >= 0; --i)
    if (spectators_[static_cast<std::size_t>(i)].person->same_browser(*p))
      remove_spectator(i,
                       "you took a seat at this table in another window: a player does not "
                       "watch the table too");
}

void table::empty_seat(int s) {
  slot(s) = seat_slot{};
  if (host_ == s) pass_host();
}

// The host role passes to the next seated human clockwise (protocol/README.md, Host only).
void table::pass_host() {
  const int from = host_ < 0 ? 0 : host_;
  host_ = -1;
  for (int i = 1; i <= settings_.seats; ++i) {
    const int s = (from + i) % settings_.seats;
    if (slot(s).present()) {
      host_ = s;
      return;
    }
  }
}

void table::remove_spectator(int index, std::string_view kicked_reason) {
  auto p = spectators_[static_cast<std::size_t>(index)].person;
  drop_claims(*p);
  spectators_.erase(spectators_.begin() + index);
  if (!kicked_reason.empty()) p->send(make_message(protocol::encode_kicked(id_, kicked_reason)));
  removed_.push_back(std::move(p));
}

outcome table::join(const std::shared_ptr<player>& p, protocol::join_role as,
                    std::optional<int> seat, bool with_invite, moment now) {
  const int own_seat = find_seat(*p);  // includes a seat kept for a player who left
  const int own_spectator = find_spectator(*p);
  const bool member = (own_seat >= 0 && !slot(own_seat).left) || own_spectator >= 0;
  if (settings_.is_private && !with_invite && !member && own_seat < 0)
    return refuse(error::invite_required, "a private table: join with its invite code");
  if (auto e = seat ? seat_outside(*seat, settings_.seats) : outcome{}) return e;

  if (as == protocol::join_role::spectator) {
    if (own_spectator >= 0) return std::nullopt;
    if (!settings_.spectators)
      return refuse(error::spectators_not_allowed, "this table does not allow spectators");
    if (own_seat >= 0 && state_ == table_state::playing)
      return refuse(error::seated_here,
                    "you have a seat in this game: a player does not watch the table too");
    if (auto e = seated_browser(*p)) return e;
    if (own_seat >= 0) empty_seat(own_seat);
    spectators_.push_back({p});
    set_event({{"kind", "spectator_joined"}});
    touch();
    return std::nullopt;
  }

  // As a player.
  if (own_seat >= 0) {
    seat_slot& st = slot(own_seat);
    if (st.left) {  // back to a seat kept during the game
      st.left = false;
      st.history_due = true;
      st.connected = p->connected();
      st.disconnected_at = now.mono_ms;
      st.returning = true;
      if (host_ < 0) host_ = own_seat;
      set_event({{"kind", "returned"}}, own_seat);
      touch();
      update_turns(now);
      return std::nullopt;
    }
    if (seat && *seat != own_seat) return take_seat(*p, *seat, false, now);
    return std::nullopt;
  }
  if (state_ == table_state::playing) {
    // A late joiner waits for the round's end among the spectators, with a claim on the
    // bot's seat they asked for (or the first bot's).
    if (!settings_.late_join)
      return refuse(error::game_started, "the game has started: join as a spectator");
    int bot_seat = seat.value_or(-1);
    for (int s = 0; bot_seat < 0 && s < settings_.seats; ++s)
      if (slot(s).who == seat_slot::occupant::bot && !slot(s).successor) bot_seat = s;
    if (bot_seat < 0) return refuse(error::table_full, "no bot's seat is free to take over");
    if (auto e = seated_browser(*p)) return e;  // a late joiner watches until the round's end
    if (own_spectator < 0) spectators_.push_back({p});
    if (auto e = claim_bot_seat(*p, bot_seat, false)) {
      if (own_spectator < 0) spectators_.pop_back();
      return e;
    }
    return std::nullopt;
  }
  int s = -1;
  if (seat) {
    if (slot(*seat).who != seat_slot::occupant::empty)
      return refuse(error::seat_taken, "seat " + std::to_string(*seat) + " is taken");
    s = *seat;
  } else {
    s = free_seat_for(*p);
    if (s < 0) return refuse(error::table_full, "no free seat");
  }
  if (own_spectator >= 0) spectators_.erase(spectators_.begin() + own_spectator);
  sit(s, p, now);
  set_event({{"kind", "joined"}}, s);
  touch();
  return std::nullopt;
}

outcome table::leave(const player& p, moment now) {
  if (const int i = find_spectator(p); i >= 0) {
    drop_claims(p);
    removed_.push_back(spectators_[static_cast<std::size_t>(i)].person);
    spectators_.erase(spectators_.begin() + i);
    set_event({{"kind", "spectator_left"}});
    touch();
    return std::nullopt;
  }
  const int s = find_seat(p);
  if (s < 0 || slot(s).left) return refuse(error::not_at_table, "you are not at this table");
  removed_.push_back(slot(s).person);
  if (state_ == table_state::playing) {
    // The seat stays the player's: a bot plays it, shown as away, until they come back.
    seat_slot& st = slot(s);
    st.left = true;
    st.away = true;
    st.returning = false;
    st.connected = false;
    stop_clock(s, now, false);
    if (host_ == s) pass_host();
    set_event({{"kind", "left"}}, s);
  } else {
    empty_seat(s);
    set_event({{"kind", "left"}}, s);
  }
  touch();
  start_rematch_if_ready(now);  // declining a rematch is leaving: a bot takes the seat
  return std::nullopt;
}

void table::connection_changed(const player& p, moment now) {
  const int s = find_seat(p);
  if (s < 0 || slot(s).left) {
    if (find_spectator(p) >= 0 && p.connected()) send_snapshot(p, now);
    return;
  }
  seat_slot& st = slot(s);
  const bool connected = p.connected();
  if (connected) note_presence(s);
  if (st.connected == connected) {
    if (connected) send_snapshot(p, now);  // a new connection replaced another
    return;
  }
  st.connected = connected;
  if (!connected) st.disconnected_at = now.mono_ms;
  if (connected) st.history_due = true;
  set_event({{"kind", connected ? "connected" : "disconnected"}}, s);
  touch();
  if (connected) update_turns(now);
}

void table::name_changed(const player& p) {
  if (seat_of(p)) {
    set_event({{"kind", "renamed"}}, find_seat(p));
    touch();
  }
}

outcome table::act(const player& p, const json& action_json, std::optional<std::uint64_t> seq,
                   moment now) {
  const auto member = seat_of(p);
  if (!member) return refuse(error::not_at_table, "you are not at this table");
  if (*member < 0) return refuse(error::not_seated, "spectators do not act");
  const int s = *member;
  note_presence(s);
  if (state_ == table_state::waiting)
    return refuse(error::game_not_started, "the game has not started");
  if (state_ == table_state::finished || game_->is_over())
    return refuse(error::game_over, "the game has ended");
  if (seq && *seq > seq_)
    return refuse(error::bad_message, "seq " + std::to_string(*seq) + " is ahead of the table (" +
                                          std::to_string(seq_) + ")");
  if (paused()) return refuse(error::table_paused, "the game is paused: resume it to play");
  auto a = game_->action_from_json(action_json);
  if (!a) return refuse(protocol::from_engine(a.error().code), a.error().reason);
  if (!has_seat(game_->seats_to_act(), s))
    return refuse(error::not_your_turn, "your seat may not act now");
  const bool was_away = slot(s).away;
  if (was_away) take_back(s, now);  // "at their next decision": acting takes the seat back
  auto result = apply_action(s, *a, now);
  if (result && was_away) {
    slot(s).away = true;  // refused: the bot keeps the seat until a legal move or `back`
    stop_clock(s, now, false);
  }
  return result;
}

outcome table::back(const player& p, moment now) {
  const auto member = seat_of(p);
  if (!member) return refuse(error::not_at_table, "you are not at this table");
  if (*member < 0) return refuse(error::not_seated, "spectators have no seat to take back");
  if (state_ != table_state::playing)
    return refuse(state_ == table_state::waiting ? error::game_not_started : error::game_over,
                  "no game in progress");
  if (paused()) return refuse(error::table_paused, "the game is paused: resume it first");
  if (slot(*member).away) {
    take_back(*member, now);
    set_event({{"kind", "back"}}, *member);
    touch();
  }
  return std::nullopt;
}

outcome table::chat(const player& p, std::string_view text, moment now) {
  const auto member = seat_of(p);
  if (!member) return refuse(error::not_at_table, "you are not at this table");
  note_presence(*member);
  if (!chat_.admit(p.id(), now.mono_ms))
    return refuse(error::chat_rate_limited,
                  "at most " + std::to_string(rules_.chat_lines) + " chat lines in " +
                      std::to_string(rules_.chat_window_ms / 1000) + " seconds");
  auto line = make_message(
      protocol::encode_chat(id_, *member, p.name(), chat_log::clean(text), now.unix_ms, seq_));
  chat_.keep(seq_, line);
  for (const auto& st : seats_)
    if (st.present()) st.person->send(line);
  for (const auto& sp : spectators_) sp.person->send(line);
  return std::nullopt;
}

outcome table::resume(const player& p, std::uint64_t seq, moment now) {
  const auto member = seat_of(p);
  if (!member) return refuse(error::not_at_table, "you are not at this table");
  note_presence(*member);
  send_snapshot(p, now);
  chat_.send_from(seq, p);
  return std::nullopt;
}

std::vector<std::shared_ptr<player>> table::take_removed() { return std::exchange(removed_, {}); }

std::vector<std::shared_ptr<player>> table::people() const {
  std::vector<std::shared_ptr<player>> out = removed_;
  for (const auto& st : seats_)
    if (st.person) out.push_back(st.person);
  for (const auto& sp : spectators_)
    if (sp.person) out.push_back(sp.person);
  return out;
}

json table::lobby_entry() const {
  int taken = 0;
  for (const auto& st : seats_)
    if (st.who != seat_slot::occupant::empty) ++taken;
  json host;
  if (host_ >= 0 && slot(host_).human()) host = slot(host_).person->name();
  return {{"table", id_},
          {"game", module_.id()},
          {"title", module_.title()},
          {"summary", summary_},
          {"seats", settings_.seats},
          {"taken", taken},
          {"state", to_string(state_)},
          {"spectators", settings_.spectators},
          {"late_join", settings_.late_join},
          {"open_hands", settings_.open_hands},
          {"spectator_mode", protocol::to_string(settings_.spectator_view)},
          {"spectator_delay", settings_.spectator_delay},
          {"known_deal", known_deal()},
          {"host", std::move(host)}};
}

bool table::abandoned() const {
  if (!spectators_.empty()) return false;
  for (const auto& st : seats_)
    if (st.present()) return false;
  return true;
}

std::optional<std::int64_t> table::seats_held_until() const {
  std::optional<std::int64_t> until;
  for (const auto& st : seats_) {
    if (!st.present()) continue;
    const std::int64_t end = st.connected ? never : st.disconnected_at + rules_.grace_ms;
    until = std::max(until.value_or(end), end);
  }
  return until;
}

void table::end_unattended_pause(moment now) {
  if (!paused()) return;
  end_pause(now);
  set_event({{"kind", "resumed"}, {"reason", "nobody_left"}});
  touch();
}

void table::close(std::string_view reason, bool tell) {
  auto text = make_message(protocol::encode_table_closed(id_, reason));
  for (auto& st : seats_)
    if (st.present()) {
      if (tell) st.person->send(text);
      removed_.push_back(st.person);
    }
  for (auto& sp : spectators_) {
    if (tell) sp.person->send(text);
    removed_.push_back(sp.person);
  }
  spectators_.clear();
  for (auto& st : seats_) st = seat_slot{};
  host_ = -1;
  game_.reset();
  state_ = table_state::finished;
}

}  // namespace crownhall::server
