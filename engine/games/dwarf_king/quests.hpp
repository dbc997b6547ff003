// The twenty quest tiles as data (rulings, "Quest tiles"): each side names a scoring rule
// and its numbers. score_quest() is the one hook that reads them, so a tile can be
// corrected in quests.cpp without touching the trick engine.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "engine/games/dwarf_king/cards.hpp"

namespace crownhall::dwarf_king {

inline constexpr int quest_count = 20;
inline constexpr int max_tricks = 13;

enum class quest_rule : std::uint8_t {
  card_points,       // points × (per_suit + per_rank) for every card taken
  longest_run,       // points per trick in your longest run of consecutive tricks taken
  last_tricks,       // points per trick you take among the last `param`
  neighbour_tricks,  // points per trick taken by the player before (param -1) or after (+1)
  highest_numbers,   // points to the highest total of numbered values (ties all score)
  per_trick,         // points per trick taken
  exact_tricks,      // points for exactly `param` tricks
  even_tricks,       // points for an even, non-zero number of tricks
  odd_tricks,        // points for an odd number of tricks
  unique_count,      // points if no other player took the same number of tricks
  shared_count,      // points if another player took exactly as many tricks
  third_trick_race,  // the first to take a third trick gets `points`, the next one more...
  triplets,          // points × per_rank[value] per three of a kind
  won_in_a_row,      // points if you took at least `param` tricks in a row
  lost_in_a_row,     // points if you lost at least `param` tricks in a row
  fewest_suit,       // points × your cards in the suit you took fewest of
  most_suit,         // points × your cards in the suit you took most of
  lowest_numbered,   // points × your lowest numbered card of suit `param`
  neighbour_order,   // points if fewer (param -1) / more (+1) tricks than the player before
                     // you, and points if more than the player after you
};

struct quest_side {
  std::string_view name;
  std::string_view text;
  quest_rule rule = quest_rule::per_trick;
  int points = 0;
  int param = 0;
  std::array<std::int8_t, suit_count> per_suit{};
  std::array<std::int8_t, rank_slots> per_rank{};
};

struct quest_tile {
  std::array<quest_side, 2> sides;  // side A, side B
};

// Tile n (1–20) is quest_tiles()[n - 1].
const std::array<quest_tile, quest_count>& quest_tiles();

// What a hand's scoring reads: the cards each seat took and the order of the tricks.
struct hand_summary {
  int players = 3;
  int tricks_in_hand = 0;  // 13, 10 or 8
  int tricks_played = 0;
  std::array<card_set, max_players> taken{};
  std::array<std::uint8_t, max_players> tricks{};
  std::array<std::uint8_t, max_tricks> winners{};  // who took each trick, in order
};

// Adds each seat's quest points for this side to `points`.
void score_quest(const quest_side& q, const hand_summary& h, std::array<int, max_players>& points);

}  // namespace crownhall::dwarf_king
