#include "engine/games/dwarf_king/options.hpp"

#include <string>

#include "engine/games/dwarf_king/cards.hpp"

namespace crownhall::dwarf_king {

namespace {

game_error invalid(std::string why) { return {error_code::invalid_options, std::move(why)}; }

}  // namespace

json option_schema() {
  return {{"options",
           json::array({
               {{"name", "hands"},
                {"label", "Hands"},
                {"type", "int"},
                {"default", default_hands},
                {"min", 1},
                {"max", max_planned_hands},
                {"description",
                 "Hands to play; the rules say seven. A tie for the lead after the last one is "
                 "broken by extra hands until one player leads."}},
           })}};
}

result<json> normalize_options(const json& given, int players) {
  if (players < min_players || players > max_players)
    return invalid("The Dwarf King is played by 3 to 5 players, not " + std::to_string(players));
  if (!given.is_null() && !given.is_object()) return invalid("options must be a JSON object");
  json out = {{"hands", default_hands}};
  if (given.is_null()) return out;
  for (auto it = given.begin(); it != given.end(); ++it) {
    if (it.key() != "hands") return invalid("unknown option \"" + it.key() + "\" (known: hands)");
    const json& v = it.value();
    if (!v.is_number_integer() || v.get<long long>() < 1 || v.get<long long>() > max_planned_hands)
      return invalid("option \"hands\" must be a whole number from 1 to " +
                     std::to_string(max_planned_hands));
    out["hands"] = v.get<int>();
  }
  return out;
}

options options_from_json(const json& normalized) {
  options o;
  o.hands = normalized.value("hands", default_hands);
  return o;
}

}  // namespace crownhall::dwarf_king
