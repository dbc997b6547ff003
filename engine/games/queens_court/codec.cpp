// The JSON form of actions: {"type": "play", "card": "7c", "owner": 2, "side": "left"}.
#include <string>

#include "engine/games/queens_court/state.hpp"

namespace crownhall::queens_court {

namespace {

game_error malformed(std::string why) { return {error_code::malformed_action, std::move(why)}; }

}  // namespace

json game::action_to_json(action a) const {
  play p;
  if (!decode(a, p)) return {{"type", "unknown"}, {"code", a.code}};
  return {{"type", "play"},
          {"card", card_id(p.c)},
          {"owner", owner_of(p.pile)},
          {"side", p.pile % 2 == 0 ? "left" : "right"}};
}

result<action> game::action_from_json(const json& j) const {
  if (!j.is_object()) return malformed("an action is a JSON object");
  if (!j.contains("type") || !j["type"].is_string())
    return malformed("an action needs a \"type\" (Queen's Court knows \"play\")");
  if (j["type"] != "play")
    return malformed("unknown action type " + j["type"].dump() + " (Queen's Court knows \"play\")");
  if (!j.contains("card") || !j["card"].is_string())
    return malformed("\"card\" must be a card id such as \"7c\", \"G1\" or \"Q2\"");
  const card c = card_from_id(j["card"].get<std::string>());
  if (c == no_card) return malformed(j["card"].dump() + " is not a card id");
  const int n = settings_.players;
  if (!j.contains("owner") || !j["owner"].is_number_integer() || j["owner"].get<int>() < 0 ||
      j["owner"].get<int>() >= n)
    return malformed("\"owner\" must be the seat (0 to " + std::to_string(n - 1) +
                     ") whose pile the card goes on");
  if (!j.contains("side") || (j["side"] != "left" && j["side"] != "right"))
    return malformed("\"side\" must be \"left\" or \"right\"");
  const int pile = pile_of(j["owner"].get<int>(), j["side"] == "left" ? 0 : 1);
  return encode(play{c, static_cast<std::uint8_t>(pile)});
}

}  // namespace crownhall::queens_court
