// Rulings, Duel Fights: the players are paired (one group of three with an odd count), play
// the round at the full table, and each group's duel decides who receives its penalties.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "engine/core/types.hpp"
#include "engine/games/crown_battles/actions.hpp"

namespace crownhall::crown_battles {

inline constexpr std::uint8_t no_group = 0xff;
using duel_groups = std::array<std::uint8_t, max_seats>;  // per seat: its group, or no_group

// The seat the dealer pairs next: the first without a group from the dealer's left, or -1.
int next_to_pair(const duel_groups& g, int players, int dealer);
// Puts `seats` in a new group; then, when two to `last_size` seats are left without one,
// they form the last group.
void new_group(duel_groups& g, int players, std::span<const int> seats, int last_size);
// Pairs `seat` with `partner` in a new group; then, when only two or three seats are left
// without one, they form the last group (three only with an odd count).
inline void pair_seats(duel_groups& g, int players, int seat, int partner) {
  const int pair[] = {seat, partner};
  new_group(g, players, pair, 3);
}
bool all_paired(const duel_groups& g, int players);
// The dealer's choices: `first` (next_to_pair) with any other seat not yet in a group.
void append_pairs(const duel_groups& g, int players, int first, action_list& out);

// Points of a Duel Fights round. Every penalty is lost as in Normal Bidding; the duel decides
// who receives it (rulings, Duel Fights):
// - a pair: both met, each 10 per trick and no bonus (5 per trick on a double bid); one met,
//   its normal points plus the other's whole penalty; none met, the smaller miss receives
//   10 × the difference of the misses out of the other's penalty (equal misses: nothing);
// - three: all met, 10 per trick and no bonus; some met, normal points, and those who met
//   share the others' penalties, each share rounded down to 5; none met, the smallest miss
//   receives 10 × (each other's miss − the smallest) from that player's penalty, shared
//   (rounded down to 5) when two tie for the smallest; all tied, nothing.
// The rest always goes to the bank.
std::array<int, max_seats> duel_points(std::span<const bid> bids,
                                       std::span<const std::uint8_t> tricks,
                                       const duel_groups& groups);

}  // namespace crownhall::crown_battles
