// Rulings, Alliances: teams of two formed by the dealer (or at random); with an odd count the
// dealer names a solo player first. Each player bids alone; a team's bid is the sum of its
// members' and is met or missed together. Missions-Alliances: each member picks a mission
// and the team scores both together. Teams are kept as Duel Fights' groups (duels.hpp): a
// group of two is a team, a group of one the solo player.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "engine/core/types.hpp"
#include "engine/games/crown_battles/actions.hpp"
#include "engine/games/crown_battles/duels.hpp"

namespace crownhall::crown_battles {

// With an odd count and nobody named yet, the dealer names the solo player before pairing.
bool needs_solo(const duel_groups& g, int players);
// The dealer's choices of the solo player: every seat.
void append_solos(int players, action_list& out);
// `seat` plays alone: a group of its own (duels.hpp, new_group); then, if only two seats are
// left without a group, they form the last team.
void name_solo(duel_groups& g, int players, int seat);
// The seat's ally, or -1 for the solo player (and before the teams are formed).
int ally_of(const duel_groups& g, int players, int seat);

// Each seat's points from its team: `score(seat, ally)`, the ally −1 for the solo player
// (every Alliance type scores each member with its team's result).
template <class Score>
std::array<int, max_seats> team_points(const duel_groups& groups, int players, Score score) {
  std::array<int, max_seats> points{};
  for (int s = 0; s < players; ++s)
    points[static_cast<std::size_t>(s)] = score(s, ally_of(groups, players, s));
  return points;
}

// Points of an Alliances round (rulings, Alliances): a team's bid is the sum of its members'
// (a double bid when one member double-bid). Met: each member 10 per team trick + 10 (a
// double bid: 5 per trick + 5). Missed: each member −10 per trick of difference. The solo
// player: 20 per trick + 10 if met (our ruling for a double bid: half, 10 per trick + 5),
// −10 per trick missed.
std::array<int, max_seats> alliance_points(std::span<const bid> bids,
                                           std::span<const std::uint8_t> tricks,
                                           const duel_groups& groups);

// Points of a Missions-Alliances round, from each seat's mission value and outcome (rulings):
// both members completed, each scores the sum of the two values; one failed, 0 each; both
// failed, −40 each. Our ruling for the solo player: as a team of one whose both members
// played its mission — twice its value, or −40.
std::array<int, max_seats> missions_alliance_points(std::span<const int> values,
                                                    seat_mask completed, const duel_groups& groups);

}  // namespace crownhall::crown_battles
