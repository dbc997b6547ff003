#include "engine/games/queens_court/deal.hpp"

#include <string>

namespace crownhall::queens_court {

namespace {

game_error bad_deal(std::string why) {
  return {error_code::invalid_options, "stacked deal: " + std::move(why)};
}

// Reads `count` card ids at `where`, each in the deck and not used before in the round.
std::optional<game_error> read_cards(const json& j, int count, const std::string& where,
                                     const options& o, card_set& used, card* out) {
  if (!j.is_array() || static_cast<int>(j.size()) != count)
    return bad_deal(where + " must be a list of " + std::to_string(count) + " card ids");
  for (int i = 0; i < count; ++i) {
    const json& id = j[static_cast<std::size_t>(i)];
    const card c = id.is_string() ? card_from_id(id.get<std::string>()) : no_card;
    if (c == no_card) return bad_deal(where + ": " + id.dump() + " is not a card id");
    if (is_glove(c)) return bad_deal(where + ": Gloves are never dealt");
    if (is_queen(c) && !o.queens_wild)
      return bad_deal(where + ": Queens are dealt only with the queens_wild option");
    if (used & bit(c)) return bad_deal(where + ": " + id.dump() + " is used twice in the round");
    used |= bit(c);
    out[i] = c;
  }
  return std::nullopt;
}

}  // namespace

result<stacked_deal> parse_stacked_deal(const json& j, int players, const options& o) {
  stacked_deal deal;
  if (j.is_null()) return deal;
  if (!j.is_object()) return bad_deal("must be an object");
  for (auto it = j.begin(); it != j.end(); ++it)
    if (it.key() != "first_player" && it.key() != "rounds")
      return bad_deal("unknown field \"" + it.key() + "\" (known: first_player, rounds)");
  if (j.contains("first_player")) {
    const json& f = j["first_player"];
    if (!f.is_number_integer() || f.get<int>() < 0 || f.get<int>() >= players)
      return bad_deal("first_player must be a seat from 0 to " + std::to_string(players - 1));
    deal.first_player = f.get<int>();
  }
  if (!j.contains("rounds")) return deal;
  if (!j["rounds"].is_array()) return bad_deal("rounds must be a list");
  for (std::size_t r = 0; r < j["rounds"].size(); ++r) {
    const json& jr = j["rounds"][r];
    const std::string where = "rounds[" + std::to_string(r) + "]";
    if (!jr.is_object()) return bad_deal(where + " must be an object");
    stacked_round sr;
    card_set used = 0;
    for (auto it = jr.begin(); it != jr.end(); ++it)
      if (it.key() != "hands" && it.key() != "piles" && it.key() != "draw")
        return bad_deal(where + ": unknown field \"" + it.key() + "\" (known: hands, piles, draw)");
    for (const char* part : {"hands", "piles"}) {
      if (!jr.contains(part)) continue;
      const json& list = jr[part];
      const bool hands = std::string_view(part) == "hands";
      if (!list.is_array() || static_cast<int>(list.size()) != players)
        return bad_deal(where + "." + part + " must list one entry per seat (" +
                        std::to_string(players) + ")");
      for (int s = 0; s < players; ++s) {
        const json& entry = list[static_cast<std::size_t>(s)];
        if (entry.is_null()) continue;
        const std::string at = where + "." + part + "[" + std::to_string(s) + "]";
        auto err = hands ? read_cards(entry, hand_size, at, o, used, sr.hand[s].data())
                         : read_cards(entry, 2, at, o, used, sr.piles[s].data());
        if (err) return *err;
        (hands ? sr.has_hand : sr.has_piles)[s] = true;
      }
    }
    if (jr.contains("draw")) {
      const json& d = jr["draw"];
      if (!d.is_array() || d.size() > card_count)
        return bad_deal(where + ".draw must be a list of card ids");
      auto err =
          read_cards(d, static_cast<int>(d.size()), where + ".draw", o, used, sr.draw.data());
      if (err) return *err;
      sr.has_draw = true;
      sr.draw_size = static_cast<std::uint8_t>(d.size());
    }
    deal.rounds.push_back(sr);
  }
  return deal;
}

}  // namespace crownhall::queens_court
