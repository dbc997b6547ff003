// Table options: their schema, their validation, and the settings a game keeps from them
// (settings never change during a game; the state that does lives in state.hpp).
#pragma once

#include <array>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "engine/core/types.hpp"
#include "engine/games/crown_battles/cards.hpp"
#include "engine/games/crown_battles/leaks.hpp"
#include "engine/games/crown_battles/round.hpp"

namespace crownhall::crown_battles {

using json = nlohmann::json;

inline constexpr int min_players = 2;
inline constexpr int max_players = 8;
inline constexpr int max_rounds = 100;  // longest schedule a table may ask for
inline constexpr int max_bid_cap = 38;  // half of every card there is
inline constexpr int uncapped = 255;    // the token cap when lifted

// Rulebook, Set up 3: bid tokens 0–10; 0–9 with 7 players, 0–8 with 8.
constexpr int standard_bid_cap(int players) { return players == 8 ? 8 : players == 7 ? 9 : 10; }

struct settings {
  int players = 0;
  card_set deck;
  int deck_size = 0;
  std::array<std::uint8_t, max_rounds> schedule{};  // cards dealt per round
  int rounds = 0;
  std::array<round_type, round_type_count> types{};  // the chosen set, in enum order
  int type_count = 0;
  // A fixed sequence of round types instead of a draw (option `round_sequence`): round k
  // plays sequence[k % length]. Empty: each round's type is drawn from `types`.
  std::array<round_type, max_rounds> sequence{};
  int sequence_length = 0;
  bool screw_the_dealer = false;
  int bid_cap = 10;             // `uncapped` when lifted
  bool shields = false;         // Bubble Shields may be bought
  bool extra_wager = false;     // Wagering: each bid is followed by an extra wager of 0, 10 or 20
  bool random_pairing = false;  // Duel Fights: pairs drawn at random, not chosen by the dealer
  bool random_teams = false;    // Alliances: teams (and the solo player) drawn at random
  leak_variation leak = leak_variation::secret;  // Leaked Suit: who picks the suit, and how
  // Special Power cards in the deck or shields on: the game takes the rules path of
  // specials.cpp for every step; a base game never does (its hot path stays as it was).
  bool special_rules = false;

  // Tie-break rounds after the schedule repeat the last hand size (rulings, Scoring).
  int hand_size(int round_index) const {
    return schedule[static_cast<std::size_t>(round_index < rounds ? round_index : rounds - 1)];
  }
  int max_bid(int hand_size) const { return hand_size < bid_cap ? hand_size : bid_cap; }
  bool has_type(round_type t) const {
    for (int i = 0; i < type_count; ++i)
      if (types[static_cast<std::size_t>(i)] == t) return true;
    return false;
  }
};

const json& option_schema();
// Checks options for a table of `players`, fills every default; errors name the field.
result<json> normalize_options(const json& options, int players);
// Reads options that normalize_options returned.
settings settings_from_options(const json& normalized, int players);

}  // namespace crownhall::crown_battles
