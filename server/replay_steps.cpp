#include "server/replay_steps.hpp"

#include <algorithm>
#include <charconv>
#include <string>

#include "engine/core/record.hpp"

namespace crownhall::server {

using json = nlohmann::json;

namespace {

std::optional<int> non_negative(std::string_view text) {
  int v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < 0) return std::nullopt;
  return v;
}

// An event's audience as the replay tells it: everyone when absent, else the one seat that
// reads it (`only`) or the one that does not (`except`), so the browser words the step for
// the seat it shows the table as, as that seat's move log did.
json event_json(const game_event& e) {
  json j = e.args;
  j["kind"] = e.kind;
  if (e.to.who == event_audience::kind::seat) j["only"] = e.to.seat;
  if (e.to.who == event_audience::kind::all_but) j["except"] = e.to.seat;
  return j;
}

// What one step shows: every view, so a browser draws each hand with the game's own
// renderer; who may act, so it can mark them, without knowing any rule; and the move-log
// events of the action that led to it, which the browser words as a live table's log.
json step_json(const game_state& g, int step, const recorded_action* taken) {
  json views = json::array();
  for (int s = 0; s < g.seat_count(); ++s) views.push_back(g.view(s));
  json to_act = json::array();
  for (int s = 0; s < g.seat_count(); ++s)
    if (has_seat(g.seats_to_act(), s)) to_act.push_back(s);
  json j{{"step", step},
         {"seat", taken ? json(taken->seat) : json()},
         {"action", taken ? taken->action : json()},
         {"phase", std::string(g.phase())},
         {"to_act", std::move(to_act)},
         {"over", g.is_over()},
         {"views", std::move(views)},
         {"spectator", g.view(spectator)}};
  // The renderers draw their end-of-game panels from the outcome, as at a live table.
  if (g.is_over()) j["outcome"] = g.outcome();
  json events = json::array();
  if (taken) {
    event_lines lines;
    g.last_events(lines);
    for (const game_event& e : lines) events.push_back(event_json(e));
  }
  j["events"] = std::move(events);
  return j;
}

// Which seats were bots: the server's records list player ids by seat, null for a bot.
json bot_seats(const game_record& r) {
  json bots = json::array();
  const auto players = r.extra.find("players");
  for (std::size_t s = 0; s < r.seats.size(); ++s) {
    const bool known = players != r.extra.end() && players->is_array() && s < players->size();
    bots.push_back(known && (*players)[s].is_null());
  }
  return bots;
}

}  // namespace

std::optional<replay_window> parse_replay_window(std::string_view query) {
  replay_window w;
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    const auto eq = pair.find('=');
    const std::string_view key = pair.substr(0, eq);
    if (key != "from" && key != "count") continue;  // other parameters are not ours
    auto v = eq == std::string_view::npos ? std::nullopt : non_negative(pair.substr(eq + 1));
    if (!v) return std::nullopt;
    (key == "from" ? w.from : w.count) = *v;
  }
  w.count = std::clamp(w.count, 1, max_replay_window);
  return w;
}

result<json> replay_steps(const json& record_json, replay_window window) {
  auto record = record_from_json(record_json);
  if (!record) return record.error();
  // The whole game first: a stored record that does not replay to its end is refused
  // rather than shown half, and its outcome is what the last step must reach.
  auto whole = replay(*record);
  if (!whole) return whole.error();
  if (whole->error) return *whole->error;
  const int last = whole->applied;

  // Then the state at `from`, by replaying the prefix, and one action at a time from there.
  game_record prefix = *record;
  const int from = std::min(window.from, last + 1);
  prefix.actions.resize(static_cast<std::size_t>(std::min(from, last)));
  auto at = replay(prefix);
  if (!at) return at.error();
  json steps = json::array();
  const int count = std::clamp(window.count, 1, max_replay_window);
  const int end = std::min(last, from + count - 1);
  for (int k = from; k <= end; ++k) {
    const recorded_action* taken =
        k > 0 ? &record->actions[static_cast<std::size_t>(k - 1)] : nullptr;
    if (k > from) {
      // The whole game replayed, so every action here parses and applies.
      at->state->apply(taken->seat, *at->state->action_from_json(taken->action));
    }
    steps.push_back(step_json(*at->state, k, taken));
  }

  return json{{"game", record->game},
              {"game_id", record->game_id},
              {"seats", record->seats},
              {"bots", bot_seats(*record)},
              // Late joiners: each seat's step from which `seats` names who sat there.
              {"handovers", record->extra.value("handovers", json::array())},
              {"options", record->options},
              {"steps_total", last + 1},
              {"from", from},
              {"steps", std::move(steps)},
              {"finished", whole->state->is_over()},
              {"outcome", whole->state->outcome()}};
}

}  // namespace crownhall::server
