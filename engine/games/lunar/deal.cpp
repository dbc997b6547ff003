#include "engine/games/lunar/deal.hpp"

#include <string>

namespace crownhall::lunar {

namespace {

using json = nlohmann::json;

game_error bad_deal(std::string why) {
  return {error_code::invalid_options, "stacked deal: " + std::move(why)};
}

// Reads a list of card ids holding exactly `ranks` rank cards and `suits` suit cards.
std::optional<game_error> read_cards(const json& j, int ranks, int suits, const std::string& where,
                                     card_set& used, card_set& out) {
  const std::string want =
      std::to_string(ranks) + " rank and " + std::to_string(suits) + " suit card ids";
  if (!j.is_array() || static_cast<int>(j.size()) != ranks + suits)
    return bad_deal(where + " must list " + want);
  out = 0;
  for (const json& id : j) {
    const card c = id.is_string() ? card_from_id(id.get<std::string>()) : no_card;
    if (c == no_card) return bad_deal(where + ": " + id.dump() + " is not a card id");
    if (used & bit(c)) return bad_deal(where + ": " + id.dump() + " is used twice in the round");
    used |= bit(c);
    out |= bit(c);
  }
  if (std::popcount(out & rank_cards) != ranks) return bad_deal(where + " must list " + want);
  return std::nullopt;
}

}  // namespace

result<stacked_deal> parse_stacked_deal(const json& j, int players) {
  stacked_deal deal;
  if (j.is_null()) return deal;
  if (!j.is_object()) return bad_deal("must be an object");
  for (auto it = j.begin(); it != j.end(); ++it)
    if (it.key() != "start_player" && it.key() != "rounds")
      return bad_deal("unknown field \"" + it.key() + "\" (known: start_player, rounds)");
  if (j.contains("start_player")) {
    const json& f = j["start_player"];
    if (!f.is_number_integer() || f.get<int>() < 0 || f.get<int>() >= players)
      return bad_deal("start_player must be a seat from 0 to " + std::to_string(players - 1));
    deal.start_player = f.get<int>();
  }
  if (!j.contains("rounds")) return deal;
  if (!j["rounds"].is_array()) return bad_deal("rounds must be a list");
  for (std::size_t r = 0; r < j["rounds"].size(); ++r) {
    const json& jr = j["rounds"][r];
    const std::string where = "rounds[" + std::to_string(r) + "]";
    if (!jr.is_object()) return bad_deal(where + " must be an object");
    for (auto it = jr.begin(); it != jr.end(); ++it)
      if (it.key() != "hands" && it.key() != "sky")
        return bad_deal(where + ": unknown field \"" + it.key() + "\" (known: hands, sky)");
    stacked_round sr;
    card_set used = 0;
    if (jr.contains("hands")) {
      const json& hands = jr["hands"];
      if (!hands.is_array() || static_cast<int>(hands.size()) != players)
        return bad_deal(where + ".hands must list one entry per seat (" + std::to_string(players) +
                        ")");
      for (int s = 0; s < players; ++s) {
        const json& h = hands[static_cast<std::size_t>(s)];
        if (h.is_null()) continue;
        const std::string at = where + ".hands[" + std::to_string(s) + "]";
        if (auto err = read_cards(h, hand_ranks, hand_suits, at, used, sr.hand[s])) return *err;
        sr.has_hand[s] = true;
      }
    }
    if (jr.contains("sky") && !jr["sky"].is_null()) {
      if (players != 2) return bad_deal(where + ".sky: only the two-player game has a Sky");
      if (auto err = read_cards(jr["sky"], sky_ranks, sky_suits, where + ".sky", used, sr.sky))
        return *err;
      sr.has_sky = true;
    }
    deal.rounds.push_back(sr);
  }
  return deal;
}

}  // namespace crownhall::lunar
