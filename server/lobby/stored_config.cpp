#include "server/lobby/stored_config.hpp"

#include <algorithm>
#include <charconv>

#include "engine/core/record.hpp"

namespace crownhall::server {

using json = nlohmann::json;
namespace st = crownhall::store;

namespace {

// A duplicate's seating plan as stored (table_config_of); a stored plan that does not read
// is dropped: people then choose their seats.
void restore_seating(const json& seating, table_settings& s) {
  const auto names = [&](const char* key) {
    std::vector<std::string> out;
    const auto it = seating.find(key);
    if (it == seating.end() || !it->is_array() || it->size() != static_cast<std::size_t>(s.seats))
      return out;
    for (const json& v : *it) out.push_back(v.is_string() ? v.get<std::string>() : std::string());
    return out;
  };
  s.seat_plan = names("plan");
  s.hands_were = names("hands_were");
  const auto r = seating.find("rotate");
  s.rotate = r != seating.end() && r->is_number_integer() ? r->get<int>() : 0;
}

std::vector<table::seat_handover> handovers_from(const json& extra) {
  std::vector<table::seat_handover> out;
  const auto it = extra.find("handovers");
  if (it == extra.end() || !it->is_array()) return out;
  for (const json& h : *it)
    if (h.is_object() && h.value("seat", json()).is_number_integer() &&
        h.value("after", json()).is_number_unsigned() && h.value("was", json()).is_string())
      out.push_back(
          {h["seat"].get<int>(), h["after"].get<std::size_t>(), h["was"].get<std::string>()});
  return out;
}

// The spectators as kept: [{"id", "name"}]; an entry that does not read is left out.
std::vector<std::pair<std::string, std::string>> spectators_from(const json& extra) {
  std::vector<std::pair<std::string, std::string>> out;
  const auto it = extra.find("spectators");
  if (it == extra.end() || !it->is_array()) return out;
  for (const json& w : *it)
    if (w.is_object() && w.value("id", json()).is_string() && w.value("name", json()).is_string())
      out.emplace_back(w["id"].get<std::string>(), w["name"].get<std::string>());
  return out;
}

}  // namespace

json handovers_json(const table& t) {
  json out = json::array();
  for (const table::seat_handover& h : t.handovers())
    out.push_back({{"seat", h.seat}, {"after", h.after}, {"was", h.was}});
  return out;
}

st::table_config config_of(const table_loan& room, moment now) {
  const table& t = room.rules;
  const table_persisted& ps = room.written;
  const table_settings& s = t.settings();
  st::table_config c;
  c.table_id = room.id;
  c.game = std::string(t.game_module_of().id());
  c.options_json = s.options.dump();
  c.seat_count = s.seats;
  c.visibility =
      s.is_private ? st::table_visibility::private_table : st::table_visibility::public_table;
  c.allow_spectators = s.spectators;
  if (s.clock)
    c.clock = {std::int64_t{s.clock->bank_seconds} * 1000,
               std::int64_t{s.clock->increment_seconds} * 1000};
  c.invite_code = room.invite;
  c.host_player_id = t.host_player_id();
  c.created_at_ms = ps.known ? ps.config.created_at_ms : now.unix_ms;
  // The host's own option choices, and who watches (so spectators keep their place
  // across a restart; their names are as they were when they came).
  json watchers = json::array();
  for (const auto& p : t.spectator_people())
    watchers.push_back({{"id", p->id()}, {"name", p->name()}});
  json extra = {{"requested", s.requested},
                {"spectators", std::move(watchers)},
                {"late_join", s.late_join},
                {"spectator_mode", protocol::to_string(s.spectator_view)},
                {"spectator_delay", s.spectator_delay},
                {"open_hands", s.open_hands}};
  if (!s.deal_of.empty() || s.prepared_deal) {
    extra["deal_of"] = s.deal_of;
    extra["deal_seed"] = seed_to_string(s.deal_seed);
  }
  if (!s.deal_of.empty())
    extra["seating"] = {{"rotate", s.rotate}, {"plan", s.seat_plan}, {"hands_were", s.hands_were}};
  if (s.prepared_deal) {
    extra["prepared_deal"] = true;
    extra["deal_stack"] = s.deal_stack;
  }
  if (!t.handovers().empty()) extra["handovers"] = handovers_json(t);
  c.extra_json = extra.dump();
  return c;
}

stored_settings settings_from(const st::table_config& c, json options) {
  stored_settings out;
  table_settings& settings = out.settings;
  settings.seats = c.seat_count;
  settings.options = std::move(options);
  const json extra = json::parse(c.extra_json, nullptr, false);
  if (extra.is_object() && extra.contains("requested") && extra["requested"].is_object())
    settings.requested = extra["requested"];
  else
    settings.requested = settings.options;
  if (extra.is_object()) {
    settings.late_join = extra.value("late_join", false);
    if (extra.contains("spectator_mode") && extra["spectator_mode"].is_string())
      settings.spectator_view =
          protocol::spectator_mode_from(extra["spectator_mode"].get<std::string>())
              .value_or(protocol::spectator_mode::public_view);
    settings.spectator_delay =
        std::clamp(extra.value("spectator_delay", 1), protocol::min_spectator_delay,
                   protocol::max_spectator_delay);
    if (extra.contains("deal_of") && extra["deal_of"].is_string() && extra.contains("deal_seed") &&
        extra["deal_seed"].is_string()) {
      const std::string& seed = extra["deal_seed"].get_ref<const std::string&>();
      if (std::from_chars(seed.data(), seed.data() + seed.size(), settings.deal_seed).ec ==
          std::errc()) {
        settings.deal_of = extra["deal_of"];
        restore_seating(extra.value("seating", json::object()), settings);
        settings.prepared_deal = extra.value("prepared_deal", false);
        if (settings.prepared_deal) settings.deal_stack = extra.value("deal_stack", json());
      }
    }
    settings.open_hands = extra.value("open_hands", false);
    out.spectators = spectators_from(extra);
    out.handovers = handovers_from(extra);
  }
  settings.is_private = c.visibility == st::table_visibility::private_table;
  settings.spectators = c.allow_spectators;
  if (c.clock.bank_ms > 0)
    settings.clock = protocol::clock_setting{static_cast<int>(c.clock.bank_ms / 1000),
                                             static_cast<int>(c.clock.increment_ms / 1000)};
  return out;
}

}  // namespace crownhall::server
