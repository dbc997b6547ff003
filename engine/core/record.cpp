#include "engine/core/record.hpp"

#include <charconv>
#include <cstdint>
#include <limits>

#include "engine/core/registry.hpp"

namespace crownhall {

namespace {

game_error bad_record(std::string why) { return {error_code::invalid_record, std::move(why)}; }

std::optional<std::uint64_t> parse_seed(const json& j) {
  if (j.is_number_unsigned()) return j.get<std::uint64_t>();
  if (!j.is_string()) return std::nullopt;
  const auto& s = j.get_ref<const std::string&>();
  std::uint64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || p != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

}  // namespace

std::string seed_to_string(std::uint64_t seed) { return std::to_string(seed); }

json to_json(const game_record& r) {
  json j = r.extra;
  j["format"] = "crownhall-game-record";
  j["version"] = record_format_version;
  j["game"] = r.game;
  j["game_id"] = r.game_id;
  j["options"] = r.options;
  j["seats"] = r.seats;
  j["seed"] = seed_to_string(r.seed);
  j["deal"] = r.deal;
  json actions = json::array();
  for (const auto& a : r.actions) actions.push_back({{"seat", a.seat}, {"action", a.action}});
  j["actions"] = std::move(actions);
  return j;
}

result<game_record> record_from_json(const json& j) {
  if (!j.is_object()) return bad_record("a record is a JSON object");
  // Compared as JSON: a "format" of another type is refused, not thrown on.
  if (!j.contains("format") || j["format"] != "crownhall-game-record")
    return bad_record("\"format\" must be \"crownhall-game-record\"");
  if (!j.contains("version") || !j["version"].is_number_integer() ||
      j["version"].get<int>() != record_format_version)
    return bad_record("unsupported record version (this build reads version " +
                      std::to_string(record_format_version) + ")");
  game_record r;
  if (!j.contains("game") || !j["game"].is_string()) return bad_record("missing \"game\"");
  r.game = j["game"].get<std::string>();
  if (j.contains("game_id") && j["game_id"].is_string())
    r.game_id = j["game_id"].get<std::string>();
  if (j.contains("options")) {
    if (!j["options"].is_object()) return bad_record("\"options\" must be an object");
    r.options = j["options"];
  }
  if (!j.contains("seats") || !j["seats"].is_array()) return bad_record("missing \"seats\"");
  for (const auto& s : j["seats"]) {
    if (!s.is_string()) return bad_record("each seat is a name (string)");
    r.seats.push_back(s.get<std::string>());
  }
  auto seed = j.contains("seed") ? parse_seed(j["seed"]) : std::nullopt;
  if (!seed) return bad_record("\"seed\" must be an unsigned 64-bit integer (as a string)");
  r.seed = *seed;
  r.deal = j.value("deal", json());
  if (!j.contains("actions") || !j["actions"].is_array()) return bad_record("missing \"actions\"");
  for (const auto& a : j["actions"]) {
    if (!a.is_object() || !a.contains("seat") || !a["seat"].is_number_integer() ||
        !a.contains("action"))
      return bad_record("each action is {\"seat\": n, \"action\": {...}}");
    // A seat too large for an int must not wrap around into a real seat.
    const std::int64_t seat = a["seat"].get<std::int64_t>();
    if (seat < std::numeric_limits<int>::min() || seat > std::numeric_limits<int>::max())
      return bad_record("no seat " + a["seat"].dump());
    r.actions.push_back({a["seat"].get<int>(), a["action"]});
  }
  for (auto it = j.begin(); it != j.end(); ++it) {
    static constexpr std::string_view known[] = {"format", "version", "game", "game_id", "options",
                                                 "seats",  "seed",    "deal", "actions"};
    bool is_known = false;
    for (auto k : known) is_known = is_known || it.key() == k;
    if (!is_known) r.extra[it.key()] = it.value();
  }
  return r;
}

result<replay_outcome> replay(const game_record& r, const replay_observer& after_each) {
  const game_module* m = find_game(r.game);
  if (!m) return bad_record("unknown game \"" + r.game + "\"");
  const int seats = static_cast<int>(r.seats.size());
  auto options = m->normalize_options(r.options, seats);
  if (!options) return options.error();
  auto started = m->new_game(*options, seats, r.seed, r.deal);
  if (!started) return started.error();
  replay_outcome out;
  out.state = std::move(*started);
  for (const auto& ra : r.actions) {
    const std::string where = "action " + std::to_string(out.applied + 1) + ": ";
    if (ra.seat < 0 || ra.seat >= seats) {
      out.error = bad_record(where + "no seat " + std::to_string(ra.seat));
      break;
    }
    auto a = out.state->action_from_json(ra.action);
    if (!a) {
      out.error = game_error{a.error().code, where + a.error().reason};
      break;
    }
    if (auto refused = out.state->apply(ra.seat, *a)) {
      out.error = game_error{refused->code, where + refused->reason};
      break;
    }
    ++out.applied;
    if (after_each) after_each(*out.state, out.applied);
  }
  return out;
}

result<game_record> simulate(const game_module& m, const json& options, int seats,
                             std::uint64_t seed, bot_kind bots) {
  auto normalized = m.normalize_options(options, seats);
  if (!normalized) return normalized.error();
  auto started = m.new_game(*normalized, seats, seed, json());
  if (!started) return started.error();
  game_record r;
  r.game = std::string(m.id());
  r.game_id = std::string(m.id()) + "-" + seed_to_string(seed);
  r.options = *normalized;
  for (int s = 0; s < seats; ++s) r.seats.push_back("Bot " + std::to_string(s + 1));
  r.seed = seed;
  auto& state = **started;
  // The bots' generator is separate from the game's, so bots never learn the deal.
  prng bot_rng(seed ^ 0x5bd1e9955bd1e995ull);
  while (!state.is_over()) {
    const seat_mask who = state.seats_to_act();
    int seat = 0;
    while (seat < seats && !has_seat(who, seat)) ++seat;
    if (seat == seats)
      return game_error{error_code::illegal_action, "no seat may act before the end"};
    const action a = state.bot_action(seat, bots, bot_rng);
    r.actions.push_back({seat, state.action_to_json(a)});
    if (auto refused = state.apply(seat, a)) return *refused;
  }
  return r;
}

}  // namespace crownhall
