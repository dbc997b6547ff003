#include "engine/games/lunar/options.hpp"

#include <string>

namespace crownhall::lunar {

namespace {

game_error invalid(std::string why) { return {error_code::invalid_options, std::move(why)}; }

json default_track() {
  json t = json::array();
  for (auto p : ruling_table.track) t.push_back(p);
  return t;
}

}  // namespace

json option_schema() {
  return {{"options",
           json::array({
               {{"name", "target_score"},
                {"label", "Points to win"},
                {"type", "int"},
                {"min", 1},
                {"max", max_target_score},
                {"default", default_target_score},
                {"description",
                 "The game ends after a round in which a team reaches this score; the higher "
                 "score wins, a tie plays on."}},
               {{"name", "track_points"},
                {"label", "Track points by tricks won (0-12)"},
                {"type", "int_list"},
                {"min", 0},
                {"max", max_track_points},
                {"min_length", tricks_per_round + 1},
                {"max_length", tricks_per_round + 1},
                {"default", default_track()},
                {"description",
                 "Points for a team's marker position after a round, for 0, 1, ..., 12 tricks "
                 "won. Each retained starred card adds 1."}},
           })}};
}

namespace {

// Why `given` cannot be played by `players` seats, if it cannot.
std::optional<game_error> check(const json& given, int players) {
  if (players != 2 && players != 4)
    return invalid("Lunar is played by 4 players in two teams, or by 2 with the Sky, not " +
                   std::to_string(players));
  if (!given.is_null() && !given.is_object()) return invalid("options must be a JSON object");
  if (given.is_null()) return std::nullopt;
  for (auto it = given.begin(); it != given.end(); ++it) {
    const std::string& k = it.key();
    const json& v = it.value();
    if (k == "target_score") {
      if (!v.is_number_integer() || v.get<int>() < 1 || v.get<int>() > max_target_score)
        return invalid("target_score must be a whole number from 1 to " +
                       std::to_string(max_target_score));
    } else if (k == "track_points") {
      if (!v.is_array() || v.size() != tricks_per_round + 1)
        return invalid("track_points must list 13 numbers: the points for 0 to 12 tricks");
      for (const json& p : v)
        if (!p.is_number_integer() || p.get<int>() < 0 || p.get<int>() > max_track_points)
          return invalid("track_points entries must be whole numbers from 0 to " +
                         std::to_string(max_track_points));
    } else {
      return invalid("unknown option \"" + k + "\" (known: target_score, track_points)");
    }
  }
  return std::nullopt;
}

}  // namespace

result<json> normalize_options(const json& given, int players) {
  if (auto refused = check(given, players)) return *refused;
  json out = {{"target_score", default_target_score}, {"track_points", default_track()}};
  if (given.is_null()) return out;
  for (auto it = given.begin(); it != given.end(); ++it) out[it.key()] = it.value();
  return out;
}

result<options> read_options(const json& given, int players) {
  if (auto refused = check(given, players)) return *refused;
  // What options_from_json(normalize_options(given)) gives, without building the JSON.
  options o;
  if (given.is_null()) return o;
  if (auto it = given.find("target_score"); it != given.end()) o.target_score = it->get<int>();
  if (auto it = given.find("track_points"); it != given.end())
    for (std::size_t i = 0; i < o.track.size(); ++i)
      o.track[i] = static_cast<std::uint8_t>((*it)[i].get<int>());
  return o;
}

options options_from_json(const json& normalized) {
  options o;
  o.target_score = normalized.value("target_score", default_target_score);
  if (normalized.contains("track_points"))
    for (std::size_t i = 0; i < o.track.size(); ++i)
      o.track[i] = static_cast<std::uint8_t>(normalized["track_points"][i].get<int>());
  return o;
}

}  // namespace crownhall::lunar
