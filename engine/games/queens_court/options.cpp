#include "engine/games/queens_court/options.hpp"

#include <string>

#include "engine/games/queens_court/cards.hpp"

namespace crownhall::queens_court {

namespace {

game_error invalid(std::string why) { return {error_code::invalid_options, std::move(why)}; }

}  // namespace

json option_schema() {
  return {{"options",
           json::array({
               {{"name", "queens_wild"},
                {"label", "Queens wild"},
                {"type", "bool"},
                {"default", false},
                {"description",
                 "The five Queens are shuffled into the deck. A Queen on a pile matches the "
                 "owner's other pile (spread zero); two Queens showing lose the round."}},
               {{"name", "coins"},
                {"label", "Coin stakes"},
                {"type", "bool"},
                {"default", false},
                {"description",
                 "Every player stakes 2 coins; each round won returns one; the game's winner "
                 "takes what is left in the pot."}},
           })}};
}

result<options> check_options(const json& given, int players) {
  if (players < min_players || players > max_players)
    return invalid("Queen's Court is played by 2 to 5 players, not " + std::to_string(players));
  if (!given.is_null() && !given.is_object()) return invalid("options must be a JSON object");
  options o;
  if (given.is_null()) return o;
  for (auto it = given.begin(); it != given.end(); ++it) {
    const std::string& key = it.key();
    bool* field = key == "queens_wild" ? &o.queens_wild : key == "coins" ? &o.coins : nullptr;
    if (!field) return invalid("unknown option \"" + key + "\" (known: queens_wild, coins)");
    if (!it.value().is_boolean()) return invalid("option \"" + key + "\" must be true or false");
    *field = it.value().get<bool>();
  }
  return o;
}

json to_json(const options& o) { return {{"queens_wild", o.queens_wild}, {"coins", o.coins}}; }

result<json> normalize_options(const json& given, int players) {
  auto o = check_options(given, players);
  if (!o) return o.error();
  return to_json(*o);
}

options options_from_json(const json& normalized) {
  options o;
  o.queens_wild = normalized.value("queens_wild", false);
  o.coins = normalized.value("coins", false);
  return o;
}

}  // namespace crownhall::queens_court
