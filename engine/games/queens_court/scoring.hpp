// Spreads and who wins a round (rules: "Round End", and the tie-breaks that follow).
#pragma once

#include <array>
#include <cstdint>

#include "engine/games/queens_court/cards.hpp"

namespace crownhall::queens_court {

inline constexpr std::uint8_t no_seat = 0xff;
// The spread of two Queens showing: worse than any number, and it loses the round outright
// (Queens-wild variant).
inline constexpr int double_queens = 100;

// The difference between the two cards that count for a player's piles. A Queen takes
// the value of the other pile, so one Queen makes a zero spread.
constexpr int spread_of(card left, card right) {
  const bool queen_left = is_queen(left), queen_right = is_queen(right);
  if (queen_left && queen_right) return double_queens;
  if (queen_left || queen_right) return 0;
  const int d = card_values[left] - card_values[right];
  return d < 0 ? -d : d;
}

// One finished round, as the outcome reports it.
struct round_result {
  std::uint8_t round = 0;                              // 1-based
  std::uint8_t first_player = 0;                       // who played first
  std::array<std::uint8_t, max_players> spread{};      // double_queens for two Queens
  std::array<std::uint8_t, max_players> pile_cards{};  // cards in both piles, Gloves included
  std::uint8_t winner = no_seat;                       // the clean winner, if any
  std::uint8_t tied = 0;      // seats sharing the best result when nobody won cleanly
  std::uint8_t tie_wins = 0;  // of those, the seats that gained a round win
};

// Lowest spread wins; then fewest pile cards; a tie that remains gives a round win to each
// tied player who has none yet. Two Queens showing never win. `wins` is before the round.
round_result resolve_round(int players, const std::array<std::uint8_t, max_players>& spread,
                           const std::array<std::uint8_t, max_players>& pile_cards,
                           const std::array<std::uint8_t, max_players>& wins);

}  // namespace crownhall::queens_court
