// The JSON forms of actions:
//   {"type": "exchange", "cards": ["1a", "3b", "Wa", "Oc"]}
//   {"type": "discard_tile", "suit": "owl"}
//   {"type": "play", "card": "Wa"}
#include <string>

#include "engine/games/lunar/state.hpp"

namespace crownhall::lunar {

namespace {

game_error malformed(std::string why) { return {error_code::malformed_action, std::move(why)}; }

}  // namespace

json game::action_to_json(action a) const {
  switch (type_of(a)) {
    case action_type::exchange: {
      json cards = json::array();
      for_each_card(exchange_cards(a), [&](card c) { cards.push_back(card_id(c)); });
      return {{"type", "exchange"}, {"cards", std::move(cards)}};
    }
    case action_type::discard_tile:
      if (discarded_suit(a) < suit_count)
        return {{"type", "discard_tile"}, {"suit", suit_names[discarded_suit(a)]}};
      break;
    case action_type::play:
      if (played_card(a) < card_count) return {{"type", "play"}, {"card", card_id(played_card(a))}};
      break;
  }
  return {{"type", "unknown"}, {"code", a.code}};
}

result<action> game::action_from_json(const json& j) const {
  static const std::string known = " (Lunar knows \"exchange\", \"discard_tile\" and \"play\")";
  if (!j.is_object()) return malformed("an action is a JSON object");
  if (!j.contains("type") || !j["type"].is_string())
    return malformed("an action needs a \"type\"" + known);
  const std::string& type = j["type"].get_ref<const std::string&>();
  if (type == "play") {
    if (!j.contains("card") || !j["card"].is_string())
      return malformed("\"card\" must be a card id such as \"3b\" or \"Wa\"");
    const card c = card_from_id(j["card"].get<std::string>());
    if (c == no_card) return malformed(j["card"].dump() + " is not a card id");
    return encode_play(c);
  }
  if (type == "discard_tile") {
    const int suit = j.contains("suit") && j["suit"].is_string()
                         ? suit_from_name(j["suit"].get<std::string>())
                         : no_suit;
    if (suit == no_suit)
      return malformed("\"suit\" must be \"wolf\", \"owl\", \"lynx\" or \"bat\"");
    return encode_discard(suit);
  }
  if (type == "exchange") {
    const char* shape = "\"cards\" must list 4 different card ids: 2 rank cards and 2 suit cards";
    if (!j.contains("cards") || !j["cards"].is_array() || j["cards"].size() != 4)
      return malformed(shape);
    card_set cards = 0;
    for (const json& id : j["cards"]) {
      const card c = id.is_string() ? card_from_id(id.get<std::string>()) : no_card;
      if (c == no_card) return malformed(id.dump() + " is not a card id");
      cards |= bit(c);
    }
    if (std::popcount(cards) != 4 || std::popcount(cards & rank_cards) != 2)
      return malformed(shape);
    std::array<card, 4> c{};
    int i = 0;
    for_each_card(cards, [&](card x) { c[i++] = x; });
    return encode_exchange(c[0], c[1], c[2], c[3]);
  }
  return malformed("unknown action type " + j["type"].dump() + known);
}

}  // namespace crownhall::lunar
