#include "server/table.hpp"

#include <algorithm>
#include <limits>
#include <utility>

#include "engine/core/json_writer.hpp"
#include "engine/core/search.hpp"
#include "protocol/server_messages.hpp"
#include "server/after_trick_view.hpp"
#include "server/deal_commitment.hpp"
#include "server/delayed_view.hpp"
#include "server/every_hand.hpp"
#include "server/secure_random.hpp"

namespace crownhall::server {

namespace {

void append_event(json_writer& w, std::uint64_t n, const std::string& text) {
  w.begin_object().key("n").value(static_cast<std::int64_t>(n)).key("text").value(text);
  w.end_object();
}

}  // namespace

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

namespace {

outcome refuse(error code, std::string reason) { return refusal{code, std::move(reason)}; }

constexpr std::int64_t never = std::numeric_limits<std::int64_t>::max();

// Chat text as the table keeps it: control characters become spaces.
std::string clean_chat(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  return out;
}

// "4 players" plus every option that differs from its default, from the game's own
// schema, in its one shape (docs/engine.md, "Option schema"; the conformance suite checks
// every game's): {"options": [{"name", "label", "default" or "default_by_players", ...}]}.
std::string summarize(const game_module& m, const json& options, int seats) {
  std::string s = std::to_string(seats) + " players";
  const json& schema = m.option_schema();
  if (!schema.is_object() || !schema.contains("options") || !options.is_object()) return s;
  const json* list = &schema["options"];
  for (const json& o : *list) {
    if (!o.is_object() || !o.contains("name") || !o["name"].is_string()) continue;
    const std::string& name = o["name"].get_ref<const std::string&>();
    auto it = options.find(name);
    if (it == options.end()) continue;
    // Options derived from others (`depends_on`) would only repeat them.
    if (o.contains("depends_on")) continue;
    const json* fallback = nullptr;
    if (o.contains("default"))
      fallback = &o["default"];
    else if (o.contains("default_by_players") && o["default_by_players"].is_object() &&
             o["default_by_players"].contains(std::to_string(seats)))
      fallback = &o["default_by_players"][std::to_string(seats)];
    if (!fallback || *fallback == *it) continue;
    std::string label = o.value("label", name);
    std::string value;
    if (it->is_string())
      value = it->get<std::string>();
    else if (it->is_array() && it->size() <= 4) {
      for (const json& v : *it) {
        if (!value.empty()) value += "+";
        value += v.is_string() ? v.get<std::string>() : v.dump();
      }
    } else if (it->is_array())
      value = std::to_string(it->size()) + " chosen";
    else
      value = it->dump();
    s += ", " + label + ": " + value;
    if (s.size() > 160) break;
  }
  if (s.size() > 160) s = s.substr(0, 157) + "...";
  return s;
}

}  // namespace

struct table::seat_slot {
  enum class occupant : std::uint8_t { empty, human, bot };
  occupant who = occupant::empty;
  std::shared_ptr<player> person;  // humans
  bot_kind bot = bot_kind::heuristic;
  bool ready = false;
  bool connected = false;
  bool away = false;         // a bot plays for the player
  bool returning = false;    // the player showed up since going away: theirs at the next decision
  bool left = false;         // left during the game: the seat is theirs, but they get nothing
  bool shares_view = false;  // spectators following the seat may see its view (follow_seat)
  bool history_due = true;   // the next message carries the move log's backlog (new connection)
  std::int64_t disconnected_at = 0;
  std::int64_t turn_since = -1;  // when the seat got its pending decision
  std::int64_t remaining_ms = 0;
  std::int64_t running_since = -1;
  // A search bot's move in the making: the position it was asked about (0: none) and,
  // once the search is back, its answer.
  std::uint64_t search_position = 0;
  std::optional<action> search_answer;
  // Late join (bot seats): the spectator who takes the seat when the round it was claimed
  // in ends, and that round's number (game_state::rounds_finished()).
  std::shared_ptr<player> successor;
  int claimed_in_round = 0;
  // The move-log lines numbered below this were made before this person had the seat: of
  // them, the seat reads only what a spectator could (a late joiner learns nothing of the
  // bot's hand before theirs).
  std::uint64_t private_from = 0;

  bool human() const { return who == occupant::human; }
  bool present() const { return human() && !left; }  // receives the table's messages
};

struct table::spectator_slot {
  std::shared_ptr<player> person;
  bool history_due = true;  // as seat_slot::history_due
  int following = -1;       // spectator mode follow_seat: the seat chosen, or -1
};

struct table::chat_line {
  std::uint64_t seq;
  message_ptr text;
};

table::table(std::string id, std::string invite, const game_module& game, table_settings settings,
             const table_rules& rules, std::uint64_t seed)
    : id_(std::move(id)),
      invite_(std::move(invite)),
      module_(game),
      settings_(std::move(settings)),
      rules_(rules),
      rng_(seed),
      seats_(static_cast<std::size_t>(settings_.seats)) {
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

// ---------------------------------------------------------------------------------------
// Membership

outcome table::join(const std::shared_ptr<player>& p, protocol::join_role as,
                    std::optional<int> seat, bool with_invite, moment now) {
  const int own_seat = find_seat(*p);  // includes a seat kept for a player who left
  const int own_spectator = find_spectator(*p);
  const bool member = (own_seat >= 0 && !slot(own_seat).left) || own_spectator >= 0;
  if (settings_.is_private && !with_invite && !member && own_seat < 0)
    return refuse(error::invite_required, "a private table: join with its invite code");
  if (seat && (*seat < 0 || *seat >= settings_.seats))
    return refuse(error::no_such_seat,
                  "seats are numbered 0 to " + std::to_string(settings_.seats - 1));

  if (as == protocol::join_role::spectator) {
    if (own_spectator >= 0) return std::nullopt;
    if (!settings_.spectators)
      return refuse(error::spectators_not_allowed, "this table does not allow spectators");
    if (own_seat >= 0) {
      if (state_ == table_state::playing)
        return refuse(error::game_started, "you have a seat in this game");
      empty_seat(own_seat);
    }
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

// ---------------------------------------------------------------------------------------
// Before the start

outcome table::take_seat(const player& p, int seat, bool cancel, moment now) {
  const auto member = seat_of(p);
  if (!member) return refuse(error::not_at_table, "you are not at this table");
  if (seat < 0 || seat >= settings_.seats)
    return refuse(error::no_such_seat,
                  "seats are numbered 0 to " + std::to_string(settings_.seats - 1));
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

// A late joiner's claim on a bot's seat (the caller is a spectator, the game is on).
outcome table::claim_bot_seat(const player& p, int seat, bool cancel) {
  seat_slot& st = slot(seat);
  if (cancel) {
    if (st.successor && st.successor->id() == p.id()) {
      st.successor.reset();
      set_event({{"kind", "late_join_withdrawn"}}, seat);
      touch();
    }
    return std::nullopt;
  }
  if (!settings_.late_join)
    return refuse(error::game_started, "the game has started and the host allows no late joiners");
  if (st.who != seat_slot::occupant::bot)
    return refuse(error::seat_taken, "seat " + std::to_string(seat) +
                                         " is a player's: a late joiner takes a bot's seat");
  if (st.successor && st.successor->id() != p.id())
    return refuse(error::seat_taken, "seat " + std::to_string(seat) + " is promised to " +
                                         st.successor->name() + " at the next round");
  const int i = find_spectator(p);
  drop_claims(p);  // one claim at a time: a new one replaces the old
  st.successor = spectators_[static_cast<std::size_t>(i)].person;
  st.claimed_in_round = game_->rounds_finished();
  set_event({{"kind", "late_join_claimed"}}, seat);
  touch();
  return std::nullopt;
}

void table::drop_claims(const player& p) {
  for (auto& st : seats_)
    if (st.successor && st.successor->id() == p.id()) st.successor.reset();
}

// A round has ended: those who claimed a bot's seat in an earlier round sit down. The seat's
// view is theirs from here; its move-log lines from before are read as a spectator reads them.
void table::seat_late_joiners(moment now) {
  const int round = game_->rounds_finished();
  for (int s = 0; s < settings_.seats; ++s) {
    seat_slot& st = slot(s);
    if (!st.successor || st.claimed_in_round >= round) continue;
    auto person = std::move(st.successor);
    st.successor.reset();
    const int i = find_spectator(*person);
    if (i < 0 || st.who != seat_slot::occupant::bot) continue;  // left meanwhile
    spectators_.erase(spectators_.begin() + i);
    sit(s, person, now);
    seat_slot& joined = slot(s);
    joined.ready = true;
    joined.private_from = events_made_ + 1;
    if (settings_.clock) joined.remaining_ms = std::int64_t{settings_.clock->bank_seconds} * 1000;
    set_event({{"kind", "late_joined"}}, s);
    touch();
  }
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
    if (*seat < 0 || *seat >= settings_.seats)
      return refuse(error::no_such_seat,
                    "seats are numbered 0 to " + std::to_string(settings_.seats - 1));
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
  if (seat < 0 || seat >= settings_.seats)
    return refuse(error::no_such_seat,
                  "seats are numbered 0 to " + std::to_string(settings_.seats - 1));
  if (slot(seat).who != seat_slot::occupant::bot)
    return refuse(error::no_such_seat, "seat " + std::to_string(seat) + " has no bot");
  slot(seat) = seat_slot{};
  set_event({{"kind", "bot_removed"}}, seat);
  touch();
  return std::nullopt;
}

outcome table::kick(const player& p, int seat, moment now) {
  if (auto e = host_only(p)) return e;
  if (seat < 0 || seat >= settings_.seats)
    return refuse(error::no_such_seat,
                  "seats are numbered 0 to " + std::to_string(settings_.seats - 1));
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
  if (seat < 0 || seat >= settings_.seats)
    return refuse(error::no_such_seat,
                  "seats are numbered 0 to " + std::to_string(settings_.seats - 1));
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

// ---------------------------------------------------------------------------------------
// Playing

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

// ---------------------------------------------------------------------------------------
// Spectator mode "follow one seat"

outcome table::follow(const player& p, std::optional<int> seat, moment) {
  const auto member = seat_of(p);
  if (!member) return refuse(error::not_at_table, "you are not at this table");
  if (*member >= 0) return refuse(error::bad_message, "players see their own seat");
  if (settings_.spectator_view != protocol::spectator_mode::follow_seat)
    return refuse(error::spectators_not_allowed, "this table shows spectators no one's hand");
  if (seat && (*seat < 0 || *seat >= settings_.seats))
    return refuse(error::no_such_seat,
                  "seats are numbered 0 to " + std::to_string(settings_.seats - 1));
  spectators_[static_cast<std::size_t>(find_spectator(p))].following = seat.value_or(-1);
  dirty_ = true;  // only this spectator's message changes: no event, no new seq
  return std::nullopt;
}

outcome table::share_view(const player& p, bool share, moment) {
  const auto member = seat_of(p);
  if (!member) return refuse(error::not_at_table, "you are not at this table");
  if (*member < 0) return refuse(error::not_seated, "only a seated player has a hand to show");
  if (settings_.spectator_view != protocol::spectator_mode::follow_seat)
    return refuse(error::spectators_not_allowed, "this table shows spectators no one's hand");
  if (slot(*member).shares_view != share) {
    slot(*member).shares_view = share;
    set_event({{"kind", share ? "view_shared" : "view_unshared"}}, *member);
    touch();
  }
  return std::nullopt;
}

int table::shown_seat(const spectator_slot& sp) const {
  if (settings_.spectator_view != protocol::spectator_mode::follow_seat || sp.following < 0 ||
      sp.following >= settings_.seats)
    return -1;
  const seat_slot& st = slot(sp.following);
  return st.present() && st.shares_view ? sp.following : -1;
}

json table::spectator_you(const spectator_slot& sp) const {
  json j = you(-1);
  if (sp.following >= 0) {
    j["following"] = sp.following;
    j["shown"] = shown_seat(sp) >= 0;
  }
  return j;
}

// ---------------------------------------------------------------------------------------
// Spectator modes "delayed open hands" and "after the trick"

bool table::delayed_mode() const {
  return (settings_.spectator_view == protocol::spectator_mode::delayed_open ||
          settings_.spectator_view == protocol::spectator_mode::after_trick) &&
         game_;
}

void table::catch_up_delayed() {
  if (!delayed_ || !delayed_->follows(game_seed_, actions_.size())) {
    auto start =
        module_.new_game(settings_.options, settings_.seats, game_seed_, deal_for(game_seed_));
    if (!start) return;  // cannot happen: the live game was dealt the same way
    if (settings_.spectator_view == protocol::spectator_mode::after_trick)
      delayed_ = std::make_unique<after_trick_view>(std::move(*start), game_seed_);
    else
      delayed_ =
          std::make_unique<delayed_view>(std::move(*start), game_seed_, settings_.spectator_delay);
  }
  delayed_->catch_up(actions_, *game_);
}

// Whether a delayed spectator reads line `e` yet: a line of an earlier game, or of this
// game's moves the delayed copy has made.
namespace {
template <class Line>
bool delayed_reads(const Line& e, int game, std::size_t applied) {
  return e.game < game || e.after <= applied;
}
}  // namespace

std::string table::delayed_events_text(std::uint64_t after_line, std::size_t limit) const {
  std::vector<const logged_event*> lines;
  for (auto it = events_.rbegin(); it != events_.rend() && lines.size() < limit; ++it) {
    if (it->n <= after_line) break;
    if (reads(-1, *it) && delayed_reads(*it, games_started_, delayed_->applied()))
      lines.push_back(&*it);
  }
  return lines_text(lines);
}

std::uint64_t table::last_delayed_line() const {
  for (auto it = events_.rbegin(); it != events_.rend(); ++it)
    if (delayed_reads(*it, games_started_, delayed_->applied())) return it->n;
  return 0;
}

// The last change, unless it is a move: which seat just moved is news from the live table.
json table::delayed_event() const {
  if (last_event_shared_.is_object() && last_event_shared_.value("kind", "") == "action")
    return json();
  return last_event_shared_;
}

void table::publish_delayed(const protocol::table_message& msg) {
  catch_up_delayed();
  const std::string game = delayed_->game_text(actions_.size());
  const json event = delayed_event();
  const std::string events = delayed_events_text(delayed_sent_, rules_.event_history);
  message_ptr text;  // one serialization for every spectator but the new ones
  for (auto& sp : spectators_) {
    if (std::exchange(sp.history_due, false)) {
      const std::string backlog = delayed_events_text(0, rules_.event_backlog);
      sp.person->send(make_message(msg.for_audience(you(-1), game, event, backlog)),
                      kind_of_message(backlog));
      continue;
    }
    if (!text) text = make_message(msg.for_audience(you(-1), game, event, events));
    sp.person->send(text, kind_of_message(events));
  }
  delayed_sent_ = last_delayed_line();
}

// ---------------------------------------------------------------------------------------
// Pause by consent

// Every player still playing their own seat has asked: those away (a bot plays for them)
// and those who left have no say.
bool table::everyone_asked_to_pause() const {
  for (int s = 0; s < settings_.seats; ++s) {
    const seat_slot& st = slot(s);
    if (st.present() && !st.away && !(pause_asked_ & (1u << s))) return false;
  }
  return true;
}

void table::begin_pause(moment now) {
  for (int s = 0; s < settings_.seats; ++s) stop_clock(s, now, false);
  paused_since_ = now.mono_ms;
  pause_asked_ = 0;
}

// Time stood still: a bot's delay, a timed step's count and a lost connection's grace go on
// from where they were; the clocks of those to act run again.
void table::end_pause(moment now) {
  const std::int64_t paused_for = now.mono_ms - paused_since_;
  for (int s = 0; s < settings_.seats; ++s) {
    seat_slot& st = slot(s);
    if (st.turn_since >= 0) st.turn_since += paused_for;
    if (st.human() && !st.connected)
      st.disconnected_at =
          now.mono_ms - std::max<std::int64_t>(0, paused_since_ - st.disconnected_at);
  }
  if (timed_since_ >= 0) timed_since_ += paused_for;
  paused_since_ = -1;
  update_turns(now);
}

outcome table::pause(const player& p, bool want, moment now) {
  const auto member = seat_of(p);
  if (!member) return refuse(error::not_at_table, "you are not at this table");
  if (*member < 0) return refuse(error::not_seated, "only players may pause the game");
  const int s = *member;
  note_presence(s);
  if (state_ != table_state::playing)
    return refuse(state_ == table_state::waiting ? error::game_not_started : error::game_over,
                  "no game in progress");
  if (slot(s).away) return refuse(error::bad_message, "take your seat back first");
  const std::uint32_t bit = 1u << s;
  if (want) {
    if (paused()) return std::nullopt;
    const bool asked_before = pause_asked_ & bit;
    pause_asked_ |= bit;
    // Asking again counts too: those who had not asked may have left or gone away since.
    if (everyone_asked_to_pause()) {
      begin_pause(now);
      set_event({{"kind", "paused"}}, s);
    } else if (asked_before) {
      return std::nullopt;
    } else {
      set_event({{"kind", "pause_asked"}}, s);
    }
  } else if (paused()) {
    end_pause(now);
    set_event({{"kind", "resumed"}}, s);
  } else {
    if (!(pause_asked_ & bit)) return std::nullopt;  // nothing to withdraw
    pause_asked_ &= ~bit;
    set_event({{"kind", "pause_withdrawn"}}, s);
  }
  touch();
  return std::nullopt;
}

outcome table::chat(const player& p, std::string_view text, moment now) {
  const auto member = seat_of(p);
  if (!member) return refuse(error::not_at_table, "you are not at this table");
  note_presence(*member);
  auto& times = chat_times_[p.id()];
  while (!times.empty() && times.front() <= now.mono_ms - rules_.chat_window_ms) times.pop_front();
  if (static_cast<int>(times.size()) >= rules_.chat_lines)
    return refuse(error::chat_rate_limited,
                  "at most " + std::to_string(rules_.chat_lines) + " chat lines in " +
                      std::to_string(rules_.chat_window_ms / 1000) + " seconds");
  times.push_back(now.mono_ms);
  auto line = make_message(
      protocol::encode_chat(id_, *member, p.name(), clean_chat(text), now.unix_ms, seq_));
  chat_.push_back({seq_, line});
  while (chat_.size() > rules_.chat_history) chat_.pop_front();
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
  for (const auto& line : chat_)
    if (line.seq >= seq) p.send(line.text);
  return std::nullopt;
}

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
  pause_asked_ = 0;
  paused_since_ = -1;
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

// ---------------------------------------------------------------------------------------
// Time

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

// ---------------------------------------------------------------------------------------
// Views

// Every shared member but `seq` and `clock`: these change with moves, the rest only with
// other events (lobby_changes).
json table::stable_fields() const {
  json seats = json::array();
  for (int s = 0; s < settings_.seats; ++s) {
    const seat_slot& st = slot(s);
    std::string_view status = "empty";
    json name, id;
    if (st.who == seat_slot::occupant::bot) {
      status = "bot";
      name = bot_display_name(st.bot);
    } else if (st.human()) {
      status = st.away ? "away" : "human";
      name = st.person->name();
      id = st.person->id();
    }
    json entry = {{"seat", s},
                  {"status", status},
                  {"name", std::move(name)},
                  {"player", std::move(id)},
                  {"connected", st.who == seat_slot::occupant::bot || (st.connected && !st.left)},
                  {"ready", st.ready}};
    if (st.who == seat_slot::occupant::bot) entry["bot"] = to_string(st.bot);
    if (st.successor)
      entry["next"] = {{"player", st.successor->id()}, {"name", st.successor->name()}};
    if (settings_.spectator_view == protocol::spectator_mode::follow_seat && st.human())
      entry["shared"] = st.shares_view;
    seats.push_back(std::move(entry));
  }
  json setting;
  if (settings_.clock)
    setting = {{"bank_seconds", settings_.clock->bank_seconds},
               {"increment_seconds", settings_.clock->increment_seconds}};
  json j = {{"table", id_},
            {"game_id", module_.id()},
            {"title", module_.title()},
            {"state", to_string(state_)},
            {"private", settings_.is_private},
            {"spectators", settings_.spectators},
            {"late_join", settings_.late_join},
            {"spectator_mode", protocol::to_string(settings_.spectator_view)},
            {"spectator_delay", settings_.spectator_delay},
            {"open_hands", settings_.open_hands},
            {"prepared_deal", settings_.prepared_deal},
            {"spectator_count", spectators_.size()},
            {"seat_count", settings_.seats},
            {"host", host_ < 0 ? json() : json(host_)},
            {"seats", std::move(seats)},
            {"clock_setting", std::move(setting)}};
  j["options"] = settings_.options;
  if (settings_.is_private) j["invite"] = invite_;
  if (game_) {
    // Verifiable deals: the commitment from the start, seed and salt once it is over.
    json deal = {{"commitment", deal_commitment_}};
    if (game_->is_over()) {
      deal["seed"] = std::to_string(game_seed_);
      deal["salt"] = deal_salt_;
    }
    j["deal"] = std::move(deal);
  }
  if (state_ == table_state::playing) {
    json asked = json::array();
    for (int s = 0; s < settings_.seats; ++s)
      if (pause_asked_ & (1u << s)) asked.push_back(s);
    j["pause"] = {{"paused", paused()}, {"asked", std::move(asked)}};
  }
  if (state_ == table_state::finished) j["rematch"] = rematch_offered_;
  if (!settings_.deal_of.empty() && games_started_ <= 1) {
    j["deal_of"] = settings_.deal_of;
    j["rotate"] = settings_.rotate;
    if (!settings_.hands_were.empty()) j["hands_were"] = settings_.hands_were;
  }
  return j;
}

json table::clock_field(moment now) const {
  json clock;
  if (settings_.clock && state_ != table_state::waiting) {
    json ms = json::array(), running = json::array();
    for (int s = 0; s < settings_.seats; ++s) {
      ms.push_back(remaining(s, now));
      if (slot(s).running_since >= 0) running.push_back(s);
    }
    clock = {{"remaining_ms", std::move(ms)},
             {"running", running.empty() ? json() : running[0]},
             {"running_seats", std::move(running)}};
  }
  return clock;
}

json table::shared_fields(moment now) const {
  json j = stable_fields();
  j["seq"] = seq_;
  j["clock"] = clock_field(now);
  return j;
}

// What every audience's table message shares, serialized once per change. Most of it moves
// only with events that are not moves, so its text is kept until the next such event.
protocol::table_message table::shared_message(moment now) const {
  if (stable_prefix_changes_ != lobby_changes_ || stable_prefix_.empty()) {
    stable_prefix_ = protocol::table_message(stable_fields()).prefix();
    stable_prefix_changes_ = lobby_changes_;
  }
  auto msg = protocol::table_message::from_prefix(stable_prefix_);
  msg.add_member("seq", std::to_string(seq_));
  msg.add_member("clock", clock_field(now).dump());
  return msg;
}

// The `game` member of a seat's table message, as JSON text: written by the game itself
// (game_state::write_view), since building it as a json tree per seat per move was most of
// a move's cost on the server (docs/performance.md).
std::string table::game_text(int s, moment now, bool for_follower) const {
  if (!game_) return "null";
  std::string out, part;
  out.reserve(4096);
  json_writer w(out);
  w.begin_object().key("legal").begin_array();
  if (s >= 0 && !for_follower && has_seat(game_->seats_to_act(), s)) {
    action_list list;
    game_->legal_actions(s, list);
    for (action a : list) {
      part.clear();
      game_->write_action(a, part);
      w.raw(part);
    }
  }
  w.end_array();
  if (game_->is_over())
    w.key("outcome").raw(game_->outcome().dump(-1, ' ', false, json::error_handler_t::replace));
  // The seat a timed step is for learns how long it has (the Spy's look counts down on its
  // screen); nobody else does, so a window closed for everyone names no one.
  if (timed_ && s >= 0 && !for_follower && timed_->seat == s)
    w.key("time_left_ms")
        .value(std::max<std::int64_t>(
            0, std::int64_t{timed_->seconds} * 1000 - (now.mono_ms - timed_since_)));
  w.key("to_act").begin_array();
  const seat_mask m = game_->seats_to_act();
  for (int i = 0; i < settings_.seats; ++i)
    if (has_seat(m, i)) w.value(i);
  part.clear();
  game_->write_view(s < 0 ? spectator : s, part);
  w.end_array().key("view").raw(part);
  if (settings_.open_hands) w.key("hands").raw(every_hand_text(*game_));
  w.end_object();
  return out;
}

json table::you(int s) const {
  if (s < 0) return {{"seat", nullptr}, {"role", "spectator"}, {"host", false}};
  return {{"seat", s}, {"role", "player"}, {"host", s == host_}};
}

// A table message may stand in for an older unsent one only when it carries no move-log
// lines: a slow connection that skipped a message with lines would never read them (its
// log would show a gap, as for lines meant for someone else).
message_kind table::kind_of_message(const std::string& events) {
  return events.empty() ? message_kind::table_snapshot : message_kind::other;
}

void table::send_snapshot(const player& p, moment now) {
  const auto member = seat_of(p);
  if (!member) return;
  if (*member < 0 && delayed_mode()) {  // a delayed spectator: the delayed game
    catch_up_delayed();
    const std::string backlog = delayed_events_text(0, rules_.event_backlog);
    p.send(make_message(shared_message(now).for_audience(
               you(-1), delayed_->game_text(actions_.size()), delayed_event(), backlog)),
           message_kind::other);
    return;
  }
  if (*member < 0) {  // a spectator: the seat it follows, if shown
    const spectator_slot& sp = spectators_[static_cast<std::size_t>(find_spectator(p))];
    const int shown = shown_seat(sp);
    const protocol::table_message msg = shared_message(now);
    p.send(make_message(msg.for_audience(
               spectator_you(sp), shown >= 0 ? game_text(shown, now, true) : game_text(-1, now),
               last_event_shared_, events_text(-1, rules_.event_backlog))),
           message_kind::other);
    return;
  }
  // The first message after a (re)join carries the audience's backlog of lines.
  p.send(make_message(message_for(*member, now)), message_kind::other);
}

std::string table::message_for(int s, moment now) const {
  const protocol::table_message msg = shared_message(now);
  const json& event = (s >= 0 && s == last_event_seat_ && !last_event_own_.is_null())
                          ? last_event_own_
                          : last_event_shared_;
  return msg.for_audience(you(s), game_text(s, now), event, events_text(s, rules_.event_backlog));
}

json table::admin_summary(moment now) const {
  json j = shared_fields(now);
  json to_act = json::array();
  if (game_) {
    const seat_mask m = game_->seats_to_act();
    for (int i = 0; i < settings_.seats; ++i)
      if (has_seat(m, i)) to_act.push_back(i);
  }
  j["to_act"] = std::move(to_act);
  j["actions"] = actions_.size();
  j["summary"] = summary_;
  return j;
}

void table::publish(moment now) {
  if (!dirty_) return;
  dirty_ = false;
  const protocol::table_message msg = shared_message(now);
  for (int s = 0; s < settings_.seats; ++s) {
    seat_slot& st = slot(s);
    if (!st.present() || !st.connected) continue;
    const json& event = (s == last_event_seat_ && !last_event_own_.is_null()) ? last_event_own_
                                                                              : last_event_shared_;
    const std::string events =
        st.history_due ? events_text(s, rules_.event_backlog) : new_events_text(s);
    st.history_due = false;
    st.person->send(make_message(msg.for_audience(you(s), game_text(s, now), event, events)),
                    kind_of_message(events));
  }
  if (delayed_mode()) {
    publish_delayed(msg);
  } else if (!spectators_.empty()) {
    const std::string game = game_text(-1, now);
    const std::string events = new_events_text(-1);
    message_ptr text;  // one serialization for every spectator but the new ones
    std::unordered_map<int, message_ptr> following;  // and one per seat followed
    for (auto& sp : spectators_) {
      if (sp.history_due || sp.following >= 0) {
        const std::string backlog = sp.history_due ? events_text(-1, rules_.event_backlog) : events;
        const bool fresh = std::exchange(sp.history_due, false);
        message_ptr& shared = following[sp.following];
        if (fresh || !shared) {
          const int shown = shown_seat(sp);
          auto m = make_message(msg.for_audience(spectator_you(sp),
                                                 shown >= 0 ? game_text(shown, now, true) : game,
                                                 last_event_shared_, backlog));
          if (!fresh) shared = m;
          sp.person->send(m, kind_of_message(backlog));
        } else {
          sp.person->send(shared, kind_of_message(events));
        }
        continue;
      }
      if (!text) text = make_message(msg.for_audience(you(-1), game, last_event_shared_, events));
      sp.person->send(text, kind_of_message(events));
    }
  }
  published_events_ = events_made_;
}

// ---------------------------------------------------------------------------------------
// The move log

// "{2} played G7" -> "Cy played G7": the seat's name as the table shows it.
std::string table::fill_names(std::string_view text) const {
  std::string out;
  out.reserve(text.size() + 16);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{' && i + 2 < text.size() && text[i + 2] == '}' && text[i + 1] >= '0' &&
        text[i + 1] <= '9' && text[i + 1] - '0' < settings_.seats) {
      const seat_slot& st = slot(text[i + 1] - '0');
      // Bots share one name; the move log tells them apart by seat, as the table does
      // ("Bot 2 (heuristic)" is seat 1): "Alliances: Ann and Bot 3 (heuristic)" must say who.
      if (st.who == seat_slot::occupant::bot)
        out += "Bot " + std::to_string(text[i + 1] - '0' + 1) + " (" +
               std::string(to_string(st.bot)) + ")";
      else if (st.human())
        out += st.person->name();
      else
        out += "seat " + std::to_string(text[i + 1] - '0');
      i += 2;
      continue;
    }
    out += text[i];
  }
  return out;
}

// After every applied action: the game's lines of it, names filled in, numbered.
void table::collect_events() {
  event_lines lines;
  game_->last_events(lines);
  for (game_event& e : lines) {
    events_.push_back({++events_made_, e.to, fill_names(e.text), games_started_, actions_.size()});
    if (events_.size() > rules_.event_history) events_.pop_front();
  }
}

// Whether seat `s` (-1: a spectator) reads line `e`: a seat taken over by a late joiner reads
// the lines from before as a spectator did.
bool table::reads(int s, const logged_event& e) const {
  if (!e.to.includes(s)) return false;
  return s < 0 || e.n >= slot(s).private_from || e.to.includes(-1);
}

std::string table::events_text(int s, std::size_t limit) const {
  std::vector<const logged_event*> mine;
  for (auto it = events_.rbegin(); it != events_.rend() && mine.size() < limit; ++it)
    if (reads(s, *it)) mine.push_back(&*it);
  return lines_text(mine);
}

// Move-log lines gathered newest first, written oldest first as a JSON array ("" for none).
std::string table::lines_text(const std::vector<const logged_event*>& newest_first) {
  if (newest_first.empty()) return {};
  std::string out;
  json_writer w(out);
  w.begin_array();
  for (auto it = newest_first.rbegin(); it != newest_first.rend(); ++it)
    append_event(w, (*it)->n, (*it)->text);
  w.end_array();
  return out;
}

// The lines made since the last publish() that seat `s` (-1: a spectator) may read.
std::string table::new_events_text(int s) const {
  std::string out;
  json_writer w(out);
  bool any = false;
  for (auto it = std::lower_bound(events_.begin(), events_.end(), published_events_ + 1,
                                  [](const logged_event&e, std::uint64_t n) { return e.n < n; });
       it != events_.end(); ++it) {
    if (!reads(s, *it)) continue;
    if (!any) w.begin_array();
    any = true;
    append_event(w, it->n, it->text);
  }
  if (any) w.end_array();
  return out;
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
          {"host", std::move(host)}};
}

bool table::abandoned() const {
  if (!spectators_.empty()) return false;
  for (const auto& st : seats_)
    if (st.present()) return false;
  return true;
}

void table::close(std::string_view reason) {
  auto text = make_message(protocol::encode_table_closed(id_, reason));
  for (auto& st : seats_)
    if (st.present()) {
      st.person->send(text);
      removed_.push_back(st.person);
    }
  for (auto& sp : spectators_) {
    sp.person->send(text);
    removed_.push_back(sp.person);
  }
  spectators_.clear();
  for (auto& st : seats_) st = seat_slot{};
  host_ = -1;
  game_.reset();
  state_ = table_state::finished;
}

void table::recompute_summary() {
  summary_ = summarize(module_, settings_.options, settings_.seats);
}

// ---------------------------------------------------------------------------------------
// Durability (server/durable_tables.cpp)

std::vector<table::seat_record> table::seat_records() const {
  std::vector<seat_record> out(static_cast<std::size_t>(settings_.seats));
  for (int s = 0; s < settings_.seats; ++s) {
    const seat_slot& st = slot(s);
    seat_record& r = out[static_cast<std::size_t>(s)];
    if (st.who == seat_slot::occupant::bot) {
      r.who = seat_record::kind::bot;
      r.bot = st.bot;
    } else if (st.human()) {
      r.who = seat_record::kind::human;
      r.person = st.person;
    }
  }
  return out;
}

std::string table::duplicate_of() const {
  return games_started_ == 1 ? settings_.deal_of : std::string();
}

bool table::prepared_game() const { return settings_.prepared_deal && games_started_ == 1; }

// The stacked deal of the game dealt from `seed`: a teaching table's prepared one for its
// first game's seed, else none.
json table::deal_for(std::uint64_t seed) const {
  return settings_.prepared_deal && seed == settings_.deal_seed ? settings_.deal_stack : json();
}

std::string table::host_player_id() const {
  if (host_ < 0 || !slot(host_).human()) return {};
  return slot(host_).person->id();
}

json table::action_json(std::size_t i) const { return game_->action_to_json(actions_[i].second); }

std::vector<std::int64_t> table::clocks_ms(moment now) const {
  std::vector<std::int64_t> out;
  if (!settings_.clock) return out;
  for (int s = 0; s < settings_.seats; ++s) out.push_back(remaining(s, now));
  return out;
}

void table::rollback_actions(std::size_t n, moment now) {
  if (!game_ || n >= actions_.size()) return;
  auto g = module_.new_game(settings_.options, settings_.seats, game_seed_, deal_for(game_seed_));
  if (!g) return;
  actions_.resize(n);
  for (const auto& [s, a] : actions_) (void)(*g)->apply(s, a);
  game_ = std::move(*g);
  if (state_ == table_state::finished) state_ = table_state::playing;
  for (auto& st : seats_) st.turn_since = -1;
  set_event({{"kind", "action"}});
  touch();
  update_turns(now);
}

void table::restore_seat(int s, const std::shared_ptr<player>& p, moment now) {
  sit(s, p, now);
  slot(s).ready = false;
}

std::vector<std::shared_ptr<player>> table::spectator_people() const {
  std::vector<std::shared_ptr<player>> out;
  for (const auto& sp : spectators_) out.push_back(sp.person);
  return out;
}

void table::restore_spectator(const std::shared_ptr<player>& p) {
  if (find_spectator(*p) < 0 && find_seat(*p) < 0) spectators_.push_back({p});
}

void table::restore_bot(int s, bot_kind kind) {
  seat_slot& st = slot(s);
  st = seat_slot{};
  st.who = seat_slot::occupant::bot;
  st.bot = kind;
  st.ready = true;
  st.connected = true;
}

void table::restore_host(const std::string& player_id) {
  for (int s = 0; s < settings_.seats; ++s)
    if (slot(s).human() && slot(s).person->id() == player_id) {
      host_ = s;
      return;
    }
  host_ = -1;
  pass_host();
}

outcome table::rebuild(const rebuild_plan& plan, moment now) {
  for (const rebuild_plan::seat& s : plan.seats) {
    if (s.seat < 0 || s.seat >= settings_.seats) continue;
    if (s.person)
      restore_seat(s.seat, s.person, now);
    else
      restore_bot(s.seat, s.bot);
  }
  for (const auto& p : plan.spectators) restore_spectator(p);
  restore_host(plan.host_player_id);
  games_started_ = plan.games_started;
  return plan.game ? restore_game(*plan.game, now) : std::nullopt;
}

outcome table::restore_game(const rebuild_plan::game_log& log, moment now) {
  const auto& actions = log.actions;
  const auto& clock_ms = log.clock_ms;
  auto g = module_.new_game(settings_.options, settings_.seats, log.seed, deal_for(log.seed));
  if (!g) return refuse(error::internal, "the game could not start: " + g.error().reason);
  game_ = std::move(*g);
  game_seed_ = log.seed;
  deal_salt_ = log.salt;
  deal_commitment_ = log.commitment;
  game_id_ = log.game_id;
  game_started_unix_ms_ = log.started_unix_ms;
  actions_.clear();
  actions_.reserve(actions.size());
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const auto& [s, j] = actions[i];
    auto a = game_->action_from_json(j);
    if (!a)
      return refuse(error::internal, "action " + std::to_string(i + 1) + ": " + a.error().reason);
    if (auto e = game_->apply(s, *a))
      return refuse(error::internal, "action " + std::to_string(i + 1) + ": " + e->reason);
    actions_.emplace_back(s, *a);
    collect_events();  // the move log comes back with the game
  }
  state_ = table_state::playing;
  for (int s = 0; s < settings_.seats; ++s) {
    seat_slot& st = slot(s);
    st.ready = true;
    st.turn_since = -1;
    st.running_since = -1;
    st.remaining_ms =
        static_cast<std::size_t>(s) < clock_ms.size()
            ? clock_ms[static_cast<std::size_t>(s)]
            : (settings_.clock ? std::int64_t{settings_.clock->bank_seconds} * 1000 : 0);
    if (st.human()) st.disconnected_at = now.mono_ms;  // the grace period starts again
  }
  set_event({{"kind", "started"}, {"game", game_id_}});
  touch();
  if (game_->is_over())
    finish(now);
  else
    update_turns(now);
  return std::nullopt;
}

}  // namespace crownhall::server
