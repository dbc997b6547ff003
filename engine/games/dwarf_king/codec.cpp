// Actions as JSON (the forms are listed in actions.hpp and docs/rules/dwarf-king.md).
#include <string>

#include "engine/games/dwarf_king/state.hpp"

namespace crownhall::dwarf_king {

namespace {

game_error malformed(std::string why) { return {error_code::malformed_action, std::move(why)}; }

result<card> card_field(const json& j, const char* field) {
  if (!j.contains(field) || !j[field].is_string())
    return malformed(std::string("\"") + field + "\" must be a card id such as \"d3\"");
  const auto c = card_from_id(j[field].get<std::string>());
  if (!c) return malformed("no card \"" + j[field].get<std::string>() + "\"");
  return *c;
}

result<int> seat_field(const json& j, int players) {
  if (!j.contains("seat") || !j["seat"].is_number_integer() || j["seat"].get<long long>() < 0 ||
      j["seat"].get<long long>() >= players)
    return malformed("\"seat\" must be a seat number from 0 to " + std::to_string(players - 1));
  return j["seat"].get<int>();
}

}  // namespace

json game::action_to_json(action a) const {
  const int arg = argument_of(a);
  switch (kind_of(a)) {
    case action_kind::play:
      return {{"type", "play"}, {"card", card_id(static_cast<card>(arg))}};
    case action_kind::choose_quest:
      return {{"type", "choose_quest"}, {"side", arg == 0 ? "A" : "B"}};
    case action_kind::steal:
      return {{"type", "steal"}, {"seat", arg}};
    case action_kind::give_back:
      return {{"type", "give_back"}, {"cards", {card_id(first_card(a)), card_id(second_card(a))}}};
    case action_kind::swap_hands:
      return {{"type", "swap_hands"}, {"seat", arg}};
    case action_kind::pass_hands:
      return {{"type", "pass_hands"}, {"direction", arg == pass_left ? "left" : "right"}};
    case action_kind::sorcerer:
      return {{"type", "use_sorcerer"}, {"card", card_id(static_cast<card>(arg))}};
    case action_kind::pass:
      return {{"type", "pass"}};
    case action_kind::none:
      break;
  }
  return {{"type", "none"}};
}

result<action> game::action_from_json(const json& j) const {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string())
    return malformed("an action is an object with a \"type\"");
  const std::string type = j["type"].get<std::string>();
  const int n = settings_.players;
  if (type == "play" || type == "use_sorcerer") {
    auto c = card_field(j, "card");
    if (!c) return c.error();
    return make_action(type == "play" ? action_kind::play : action_kind::sorcerer, *c);
  }
  if (type == "choose_quest") {
    const json side = j.value("side", json());
    if (side != "A" && side != "B") return malformed("\"side\" must be \"A\" or \"B\"");
    return make_action(action_kind::choose_quest, side == "A" ? 0 : 1);
  }
  if (type == "steal" || type == "swap_hands") {
    auto s = seat_field(j, n);
    if (!s) return s.error();
    return make_action(type == "steal" ? action_kind::steal : action_kind::swap_hands, *s);
  }
  if (type == "give_back") {
    if (!j.contains("cards") || !j["cards"].is_array() || j["cards"].size() != 2)
      return malformed("\"cards\" must list two card ids");
    json first = {{"card", j["cards"][0]}}, second = {{"card", j["cards"][1]}};
    auto a = card_field(first, "card");
    if (!a) return a.error();
    auto b = card_field(second, "card");
    if (!b) return b.error();
    return give_back_action(*a, *b);
  }
  if (type == "pass_hands") {
    const json d = j.value("direction", json());
    if (d != "left" && d != "right")
      return malformed("\"direction\" must be \"left\" or \"right\"");
    return make_action(action_kind::pass_hands, d == "left" ? pass_left : pass_right);
  }
  if (type == "pass") return make_action(action_kind::pass);
  return malformed(
      "unknown action type \"" + type +
      "\" (play, choose_quest, steal, give_back, swap_hands, pass_hands, use_sorcerer, pass)");
}

}  // namespace crownhall::dwarf_king
