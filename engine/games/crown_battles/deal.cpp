#include "engine/games/crown_battles/deal.hpp"

#include <string>

namespace crownhall::crown_battles {

namespace {

game_error invalid(std::string why) {
  return {error_code::invalid_options, "deal: " + std::move(why)};
}

result<std::array<card_set, max_seats>> parse_hands(const json& j, const settings& s, int hand_size,
                                                    const std::string& where) {
  if (!j.is_array() || static_cast<int>(j.size()) != s.players)
    return invalid(where + ": must list one hand per seat (" + std::to_string(s.players) + ")");
  std::array<card_set, max_seats> hands{};
  card_set dealt;
  for (int seat = 0; seat < s.players; ++seat) {
    const json& hand = j[static_cast<std::size_t>(seat)];
    const std::string here = where + "[" + std::to_string(seat) + "]";
    if (!hand.is_array()) return invalid(here + ": must be a list of card ids");
    if (static_cast<int>(hand.size()) != hand_size)
      return invalid(here + ": holds " + std::to_string(hand.size()) +
                     (hand.size() == 1 ? " card" : " cards") + ", but this round deals " +
                     std::to_string(hand_size));
    for (const json& id : hand) {
      auto c = id.is_string() ? card_from_id(id.get<std::string>()) : std::nullopt;
      if (!c) return invalid(here + ": " + id.dump() + " is not a card id");
      if (!s.deck.contains(*c))
        return invalid(here + ": " + std::string(card_id(*c)) + " is not in this table's deck");
      if (dealt.contains(*c))
        return invalid(here + ": " + std::string(card_id(*c)) + " is dealt twice");
      dealt.insert(*c);
      hands[static_cast<std::size_t>(seat)].insert(*c);
    }
  }
  return hands;
}

}  // namespace

result<stacked_deal> parse_stacked_deal(const json& j, const settings& s) {
  stacked_deal d;
  if (j.is_null()) return d;
  if (!j.is_object())
    return invalid("a stacked deal is an object with \"first_dealer\" and \"rounds\"");
  for (auto it = j.begin(); it != j.end(); ++it)
    if (it.key() != "first_dealer" && it.key() != "rounds")
      return invalid("unknown field \"" + it.key() + "\" (first_dealer, rounds)");
  if (j.contains("first_dealer")) {
    const json& f = j["first_dealer"];
    if (!f.is_number_integer() || f.get<std::int64_t>() < 0 || f.get<std::int64_t>() >= s.players)
      return invalid("first_dealer: must be a seat from 0 to " + std::to_string(s.players - 1));
    d.first_dealer = f.get<int>();
  }
  if (!j.contains("rounds")) return d;
  if (!j["rounds"].is_array()) return invalid("rounds: must be a list of rounds");
  for (std::size_t i = 0; i < j["rounds"].size(); ++i) {
    const json& r = j["rounds"][i];
    const std::string where = "rounds[" + std::to_string(i) + "]";
    if (!r.is_object()) return invalid(where + ": must be an object (hands, spinner, type)");
    stacked_round out;
    for (auto it = r.begin(); it != r.end(); ++it)
      if (it.key() != "hands" && it.key() != "spinner" && it.key() != "type")
        return invalid(where + ": unknown field \"" + it.key() + "\" (hands, spinner, type)");
    if (r.contains("hands")) {
      auto hands = parse_hands(r["hands"], s, s.hand_size(static_cast<int>(i)), where + ".hands");
      if (!hands) return hands.error();
      out.hands = *hands;
    }
    if (r.contains("spinner")) {
      auto f = r["spinner"].is_string() ? spinner_face_from_name(r["spinner"].get<std::string>())
                                        : std::nullopt;
      if (!f)
        return invalid(where + ".spinner: one of \"R\", \"B\", \"G\", \"Y\", \"X\", \"choice\"");
      out.spinner = *f;
    }
    if (r.contains("type")) {
      auto t =
          r["type"].is_string() ? round_type_from_name(r["type"].get<std::string>()) : std::nullopt;
      if (!t) return invalid(where + ".type: one of \"normal\", \"blind\"");
      if (!s.has_type(*t))
        return invalid(where + ".type: \"" + std::string(round_type_name(*t)) +
                       "\" is not among the table's round_types");
      out.type = *t;
    }
    d.rounds.push_back(out);
  }
  return d;
}

}  // namespace crownhall::crown_battles
