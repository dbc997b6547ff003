// Points for a round and who holds the crown (rulings, Scoring).
#pragma once

#include <array>
#include <span>

#include "engine/core/types.hpp"
#include "engine/games/crown_battles/actions.hpp"
#include "engine/games/crown_battles/round.hpp"

namespace crownhall::crown_battles {

// One line of the score table, written when a round's last trick is played.
struct round_summary {
  int number = 0;  // 1-based; tie-break rounds continue the count
  int hand_size = 0;
  round_type type = round_type::normal;
  trump trump_suit = trump::none;
  spinner_face spinner = spinner_face::no_trump;
  int dealer = 0;
  std::array<bid, max_seats> bids{};
  std::array<std::uint8_t, max_seats> tricks{};
  std::array<int, max_seats> points{};
  int pot = 0;  // Wagering: the pot played for (the stakes and any pot carried in); else 0
  std::array<std::uint8_t, max_seats> extra_wagers{};  // Wagering with the option
  // Missions rounds: each seat's mission (missions.hpp) and which were completed.
  std::array<std::uint8_t, max_seats> missions{};
  seat_mask missions_completed = 0;
  std::array<std::uint8_t, max_seats> groups{};  // Duel Fights: each seat's group (duels.hpp)
  std::array<std::uint8_t, max_seats> leaks{};   // Leaked Suit: each seat's choice (leaks.hpp)
  // Suit Precision: each seat's bids and tricks per suit, R, B, G, Y (precision.hpp).
  std::array<std::array<bid, suit_count>, max_seats> suit_bids{};
  std::array<std::array<std::uint8_t, suit_count>, max_seats> suit_tricks{};
  // The Split: each seat's bids and tricks for the first and the second half (split.hpp).
  std::array<std::array<std::uint8_t, 2>, max_seats> half_bids{};
  std::array<std::array<std::uint8_t, 2>, max_seats> half_tricks{};
};

// How far `tricks` is from the bid: 0 when met (a double bid: to its nearer number).
constexpr int miss_of(bid b, int tricks) {
  return tricks < b.lo ? b.lo - tricks : tricks > b.hi ? tricks - b.hi : 0;
}

// Single bid met: 10 per trick + 20; missed: -10 per trick of difference. Double bid met
// (either number): 5 per trick + 10; missed: -10 per trick of distance to the nearer number.
constexpr int round_points(bid b, int tricks) {
  if (tricks >= b.lo && tricks <= b.hi) return b.is_double() ? 5 * tricks + 10 : 10 * tricks + 20;
  return -10 * miss_of(b, tricks);
}

// Rulings, Wagering: everyone pays the stake into the pot, with any pot carried over from an
// earlier Wagering round nobody won. Those who meet their bid share the pot equally, each
// share rounded down to a multiple of 5 (the rest goes to the bank); the others lose their
// stake. Nobody meets: everyone loses the stake and the whole pot carries to the next
// Wagering round. No other points are scored in the round.
inline constexpr int wagering_stake = 20;
// What a Wagering round plays for: every seat's stake and the pot carried in.
constexpr int wagering_pot(int carried_in, int players) {
  return carried_in + wagering_stake * players;
}
struct wagering_outcome {
  std::array<int, max_seats> points{};  // per seat: the share less the stake, or −stake
  int share = 0;                        // each winner's share, 0 when nobody met
  int carried = 0;                      // the pot the next Wagering round starts with
};
// `extra`: each seat's extra wager (the option): met, it comes back with as much again from
// the bank; missed, it is lost.
wagering_outcome wagering_points(std::span<const bid> bids, std::span<const std::uint8_t> tricks,
                                 std::span<const std::uint8_t> extra, int carried_in);

// The seat with the unique highest total, or -1 on a tie for the top (rulings: a tie crowns
// nobody; at the end, a tie means another round).
int unique_leader(std::span<const int> totals);

// Competition ranks (1 = best; equal totals share a rank, the next rank skips).
void rank_totals(std::span<const int> totals, std::span<int> ranks);

}  // namespace crownhall::crown_battles
