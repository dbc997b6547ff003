#include "engine/games/dwarf_king/deal.hpp"

#include <string>

#include "engine/core/prng.hpp"
#include "engine/games/dwarf_king/quests.hpp"

namespace crownhall::dwarf_king {

namespace {

game_error invalid(std::string why) {
  return {error_code::invalid_options, "stacked deal: " + std::move(why)};
}

result<card> read_card(const json& j, const std::string& where) {
  if (!j.is_string()) return invalid(where + " must be a card id such as \"k5\" or \"dragon\"");
  const auto c = card_from_id(j.get<std::string>());
  if (!c) return invalid(where + ": no card \"" + j.get<std::string>() + "\"");
  return *c;
}

// Reads one hand's object; `h` is its 0-based number, for messages.
result<stacked_hand> read_hand(const json& j, int h, int players) {
  const std::string where = "hands[" + std::to_string(h) + "]";
  if (!j.is_object()) return invalid(where + " must be an object");
  stacked_hand out;
  for (auto it = j.begin(); it != j.end(); ++it)
    if (it.key() != "cards" && it.key() != "special" && it.key() != "quest" &&
        it.key() != "thief_draw")
      return invalid(where + ": unknown field \"" + it.key() +
                     "\" (known: cards, special, quest, thief_draw)");
  if (j.contains("special")) {
    auto c = read_card(j["special"], where + ".special");
    if (!c) return c.error();
    if (!is_special(*c))
      return invalid(where + ".special: \"" + std::string(card_id(*c)) +
                     "\" is not a special card");
    out.special = *c;
  }
  if (j.contains("cards")) {
    const json& seats = j["cards"];
    if (!seats.is_array() || static_cast<int>(seats.size()) != players)
      return invalid(where + ".cards must list " + std::to_string(players) +
                     " seats (an array of card ids, or null, for each)");
    const card_set deck = basic_deck(players) | (card_set{0x3fff} << basic_count);
    card_set seen = 0;
    for (int s = 0; s < players; ++s) {
      const json& list = seats[static_cast<std::size_t>(s)];
      const std::string seat_where = where + ".cards[" + std::to_string(s) + "]";
      if (list.is_null()) continue;
      if (!list.is_array()) return invalid(seat_where + " must be an array of card ids or null");
      if (static_cast<int>(list.size()) > hand_size(players))
        return invalid(seat_where + " holds more than " + std::to_string(hand_size(players)) +
                       " cards");
      for (const json& e : list) {
        auto c = read_card(e, seat_where);
        if (!c) return c.error();
        if (!contains(deck, *c))
          return invalid(seat_where + ": \"" + std::string(card_id(*c)) +
                         "\" is not in a 3-player game (the 2 of Dwarves is removed)");
        if (contains(seen, *c))
          return invalid(seat_where + ": \"" + std::string(card_id(*c)) + "\" is dealt twice");
        seen |= bit(*c);
        out.cards[static_cast<std::size_t>(s)] |= bit(*c);
        if (is_special(*c)) {
          if (out.special != no_card && out.special != *c)
            return invalid(where + ": one special card per hand, but both \"" +
                           std::string(card_id(out.special)) + "\" and \"" +
                           std::string(card_id(*c)) + "\" are named");
          out.special = *c;
        }
      }
    }
  }
  if (j.contains("quest")) {
    const json& q = j["quest"];
    if (!q.is_number_integer() || q.get<long long>() < 1 || q.get<long long>() > quest_count)
      return invalid(where + ".quest must be a tile number from 1 to " +
                     std::to_string(quest_count));
    out.quest = static_cast<std::uint8_t>(q.get<int>());
  }
  if (j.contains("thief_draw")) {
    const json& d = j["thief_draw"];
    if (!d.is_array() || d.size() != 2)
      return invalid(where + ".thief_draw must list two card ids");
    for (const json& e : d) {
      auto c = read_card(e, where + ".thief_draw");
      if (!c) return c.error();
      out.thief_draw |= bit(*c);
    }
    if (size_of(out.thief_draw) != 2)
      return invalid(where + ".thief_draw names the same card twice");
  }
  return out;
}

}  // namespace

result<stacked_deal> parse_stacked_deal(const json& j, int players) {
  stacked_deal out;
  if (j.is_null()) return out;
  if (!j.is_object()) return invalid("must be an object or null");
  for (auto it = j.begin(); it != j.end(); ++it)
    if (it.key() != "first_dealer" && it.key() != "hands")
      return invalid("unknown field \"" + it.key() + "\" (known: first_dealer, hands)");
  if (j.contains("first_dealer")) {
    const json& d = j["first_dealer"];
    if (!d.is_number_integer() || d.get<long long>() < 0 || d.get<long long>() >= players)
      return invalid("first_dealer must be a seat from 0 to " + std::to_string(players - 1));
    out.first_dealer = d.get<int>();
  }
  if (j.contains("hands")) {
    const json& hands = j["hands"];
    if (!hands.is_array()) return invalid("hands must be an array");
    if (static_cast<int>(hands.size()) > max_stacked_hands)
      return invalid("at most " + std::to_string(max_stacked_hands) + " hands");
    for (std::size_t h = 0; h < hands.size(); ++h) {
      auto hand = read_hand(hands[h], static_cast<int>(h), players);
      if (!hand) return hand.error();
      out.hands.push_back(*hand);
    }
  }
  // Specials are never reused until all 14 are spent, tiles until all 20 are (docs,
  // "Decisions"): a stacked deal may not name one twice within such a cycle.
  for (std::size_t h = 0; h < out.hands.size(); ++h)
    for (std::size_t e = h - h % special_count; e < h; ++e)
      if (out.hands[h].special != no_card && out.hands[e].special == out.hands[h].special)
        return invalid("hands[" + std::to_string(h) + "] repeats the special card \"" +
                       std::string(card_id(out.hands[h].special)) + "\" of hands[" +
                       std::to_string(e) + "]");
  for (std::size_t h = 0; h < out.hands.size(); ++h)
    for (std::size_t e = h - h % quest_count; e < h; ++e)
      if (out.hands[h].quest != 0 && out.hands[e].quest == out.hands[h].quest)
        return invalid("hands[" + std::to_string(h) + "] repeats quest tile " +
                       std::to_string(out.hands[h].quest) + " of hands[" + std::to_string(e) + "]");
  state_hasher hasher;
  hasher.add(static_cast<std::uint64_t>(out.first_dealer + 1));
  for (const stacked_hand& h : out.hands) {
    for (card_set s : h.cards) hasher.add(s);
    hasher.add(h.special);
    hasher.add(h.quest);
    hasher.add(h.thief_draw);
  }
  out.hash = out.hands.empty() && out.first_dealer < 0 ? 0 : hasher.value();
  return out;
}

}  // namespace crownhall::dwarf_king
