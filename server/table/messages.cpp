// What each audience is sent: the shared part of the table message (its stable text
// kept until the next event that is not a move), each seat's game view, snapshots, publish.
#include <algorithm>
#include <limits>
#include <utility>

#include "engine/core/json_writer.hpp"
#include "protocol/server_messages.hpp"
#include "server/table/seats.hpp"
#include "server/table/spectators/every_hand.hpp"
#include "server/table/spectators/spectator_copy.hpp"
#include "server/table/table.hpp"

namespace crownhall::server {

using protocol::error;
using protocol::refusal;

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
    if (settings_.spectator_view == protocol::spectator_mode::follow_seat && st.human()) {
      entry["shared"] = st.shares_view;
      if (st.shares_view && !st.share_with.empty())
        entry["shared_with"] = {{"player", st.share_with}, {"name", st.share_with_name}};
    }
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
            {"known_deal", known_deal()},
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
      if (pause_.asked(s)) asked.push_back(s);
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
  json j = {{"seat", s}, {"role", "player"}, {"host", s == host_}};
  if (settings_.spectator_view == protocol::spectator_mode::follow_seat)
    j["followers"] = followers_of(s);
  return j;
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
    // ... and one per seat followed, for those it shows its hand to and for the others.
    std::unordered_map<int, message_ptr> following;
    for (auto& sp : spectators_) {
      if (sp.history_due || sp.following >= 0) {
        const std::string backlog = sp.history_due ? events_text(-1, rules_.event_backlog) : events;
        const bool fresh = std::exchange(sp.history_due, false);
        const int shown = shown_seat(sp);
        message_ptr& shared = following[2 * sp.following + (shown >= 0 ? 1 : 0)];
        if (fresh || !shared) {
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
  log_.mark_published();
}

void table::recompute_summary() {
  summary_ = summarize(module_, settings_.options, settings_.seats);
}

// After every applied action: the game's events of it, numbered. Seats stay numbers: the
// client names them as its table shows them.
void table::collect_events() {
  event_lines lines;
  game_->last_events(lines);
  for (const game_event& e : lines) log_.add(e, games_started_, actions_.size());
}

std::string table::events_text(int s, std::size_t limit) const {
  return log_.text_for(s, s >= 0 ? slot(s).private_from : 0, limit);
}

// The lines made since the last publish() that seat `s` (-1: a spectator) may read.
std::string table::new_events_text(int s) const {
  return log_.new_text_for(s, s >= 0 ? slot(s).private_from : 0);
}

}  // namespace crownhall::server
