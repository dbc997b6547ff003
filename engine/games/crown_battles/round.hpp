// What a round is before anyone acts: its type, the spinner's face and the trump.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/games/crown_battles/cards.hpp"

namespace crownhall::crown_battles {

// Rulings, round types: a table chooses a set; each round draws one from it. The base game's
// two and, of the expansion's twelve, Wagering, Missions, Blind Missions, Duel Fights, Leaked
// Suit, Stealth Play, Alliances, Missions-Alliances, Suit Precision, Suit Precision-Alliances,
// Long Play and The Split: all fourteen.
enum class round_type : std::uint8_t {
  normal,
  blind,
  wagering,
  missions,
  blind_missions,
  duel_fights,
  leaked_suit,
  stealth,
  alliances,
  missions_alliances,
  suit_precision,
  suit_precision_alliances,
  long_play,
  the_split
};
inline constexpr int round_type_count = 14;
using round_type_set = std::uint16_t;  // bit t: round_type t is chosen

constexpr round_type_set type_bit(round_type t) {
  return static_cast<round_type_set>(1u << static_cast<int>(t));
}

std::string_view round_type_name(round_type t);   // "normal", "blind", "wagering", …
std::string_view round_type_label(round_type t);  // "Normal Bidding", "Blind Bidding", …
std::optional<round_type> round_type_from_name(std::string_view name);
// Every round type's name, in enum order, comma-separated (for error messages).
std::string round_type_names();
// Rulings, the Round Tracker: a type is left out below a player count (Duel Fights with 2 or
// 3 players, Stealth Play with 2: the one card played face down would turn up as it is played;
// the Alliance types with 2). The Alliance types are also left out of the final round.
// The Alliance types need a team and someone to play against.
constexpr bool is_alliance_type(round_type t) {
  return t == round_type::alliances || t == round_type::missions_alliances ||
         t == round_type::suit_precision_alliances;
}
constexpr int min_players_of(round_type t) {
  return t == round_type::duel_fights ? 4 : t == round_type::stealth || is_alliance_type(t) ? 3 : 2;
}

// Rulings, Long Play: each trick takes two cards from every player, so a round has half as
// many tricks as cards dealt; with an odd number the last trick is a normal one. Every other
// type has one trick per card dealt.
constexpr int tricks_in_round(round_type t, int hand_size) {
  return t == round_type::long_play ? (hand_size + 1) / 2 : hand_size;
}

// Rulings, Trump spinner: six equally likely faces.
enum class spinner_face : std::uint8_t { red, blue, green, yellow, no_trump, dealers_choice };
inline constexpr int spinner_face_count = 6;

std::string_view spinner_face_name(spinner_face f);  // "R", "B", "G", "Y", "X", "choice"
std::optional<spinner_face> spinner_face_from_name(std::string_view name);

// Rulings: phases of a round, one function each in state.cpp. `special`: a Special Power
// card's decision is being made (specials.cpp); play or bidding goes on after it.
// `playing_specials`: `playing` in a game with specials — its own value so that the base
// game's short paths (`phase_ == playing`) never see such a game; named "playing" too.
// `mission`: a Missions round's choice of missions, in place of bidding. `pairing`: the dealer
// pairs the players for Duel Fights, before bidding. `leak`: Leaked Suit's choice of the suit
// each player reveals, before bidding. `place`: Suit Precision's winner places the trick just
// won under a suit (precision.hpp), when more than one is allowed. `split`: The Split's secret
// choice of each player's first half (split.hpp), before bidding.
enum class phase : std::uint8_t {
  choose_trump,
  bidding,
  playing,
  finished,
  special,
  playing_specials,
  mission,
  pairing,
  leak,
  place,
  split
};
// "choose_trump", "bidding", "playing", "finished", "special", "mission", "pairing", "leak",
// "place", "split"
std::string_view phase_name(phase p);

// The round's trump: a suit or none (X, or not yet named on dealer's choice).
enum class trump : std::uint8_t { red, blue, green, yellow, none };

constexpr trump trump_of(suit s) { return static_cast<trump>(s); }
constexpr bool is_trump(trump t, suit s) { return static_cast<int>(t) == static_cast<int>(s); }

}  // namespace crownhall::crown_battles
