// Rulings, Missions: the book's mission cards as data. Each has its text, what it asks of the
// round's play, and its value table by player count and hand size ("-" in the book: not
// feasible). Adding a mission is adding a row here and, for a new kind of goal, a check.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/core/types.hpp"
#include "engine/games/crown_battles/round.hpp"

namespace crownhall::crown_battles {

// What a mission asks; `count` is the mission's number (N tricks, the first N tricks).
enum class mission_goal : std::uint8_t {
  trump_trick,    // win a trick using a trump suit
  at_most,        // win at most `count` tricks ("either 0 or 1": count 1)
  none_of_first,  // win none of the first `count` tricks
  at_least        // win at least `count` tricks
};

// The book's columns (hand sizes 1-2, 3-4, 5-7, 8-10, 11-13, 14-16, 17-20) and rows (2, 3, 4,
// 5, 6 and 7-8 players). `not_feasible` is the book's "-".
inline constexpr int mission_columns = 7;
inline constexpr int mission_rows = 6;
inline constexpr std::int16_t not_feasible = -1;
using mission_table = std::array<std::array<std::int16_t, mission_columns>, mission_rows>;

struct mission {
  std::string_view name;  // the protocol's id
  std::string_view text;  // as the card says it, in a player's words
  mission_goal goal;
  int count;
  mission_table values;
};

inline constexpr int mission_count = 4;
// The book deals five mission cards to choose from; with its four missions every feasible one
// is offered (a fifth and sixth mission would need a draw of five).
inline constexpr int missions_offered = 5;
static_assert(mission_count <= missions_offered, "more missions than an offer: draw five");
// Rulings, Missions: a failed mission costs 20 points.
inline constexpr int mission_failed_points = -20;
inline constexpr int no_mission = 0xff;  // not chosen (yet)

// The book's four, in the order of its pages; ids are indices.
const mission& mission_at(int id);

// The mission's value with `players` and `hand_size` cards dealt; nullopt where the book
// prints "-" for a mission that cannot be done. A "-" where the book's deck runs out (a hand
// its 60 cards cannot deal, but a deck with Special Power cards can) takes the nearest value
// printed to its left; hands over 20 read the last column.
std::optional<int> mission_value(int id, int players, int hand_size);
// Offered this round: its value is printed and its goal can be met (a trump trick needs a
// trump suit).
bool mission_feasible(int id, int players, int hand_size, trump t);
// Bit m: mission m is offered. The same for every seat: with the book's four missions the
// offer is every feasible one, so it is public.
std::uint8_t mission_offer(int players, int hand_size, trump t);
std::optional<int> mission_from_name(std::string_view name);

// What the round's play showed about one seat, enough to judge any mission. Tricks are
// counted as bids are (at the round's end, after any Thief); the trump trick and the first
// tricks are judged as each trick was won.
struct mission_record {
  int tricks = 0;
  bool won_with_trump = false;
  int first_win = 0;  // the number (1-based) of the first trick the seat won, 0 for none
};
bool mission_completed(int id, const mission_record& r);
// Completed: the value; failed: −20.
int mission_points(int id, int players, int hand_size, bool completed);

// Rounds played for missions, not bids (Missions-Alliances: a mission per team member).
constexpr bool is_missions_round(round_type t) {
  return t == round_type::missions || t == round_type::blind_missions ||
         t == round_type::missions_alliances;
}

}  // namespace crownhall::crown_battles
