#include "engine/games/crown_battles/alliances.hpp"

#include <algorithm>

#include "engine/games/crown_battles/scoring.hpp"

namespace crownhall::crown_battles {

namespace {

int group_size(const duel_groups& g, int players, std::uint8_t group) {
  int n = 0;
  for (int s = 0; s < players; ++s) n += g[static_cast<std::size_t>(s)] == group;
  return n;
}

}  // namespace

bool needs_solo(const duel_groups& g, int players) {
  if (players % 2 == 0) return false;
  for (int s = 0; s < players; ++s) {
    const std::uint8_t x = g[static_cast<std::size_t>(s)];
    if (x != no_group && group_size(g, players, x) == 1) return false;
  }
  return true;
}

void append_solos(int players, action_list& out) {
  for (int s = 0; s < players; ++s) out.push_back(solo_action(s));
}

void name_solo(duel_groups& g, int players, int seat) {
  const int alone[] = {seat};
  new_group(g, players, alone, 2);  // then the last two form the last team
}

int ally_of(const duel_groups& g, int players, int seat) {
  const std::uint8_t mine = g[static_cast<std::size_t>(seat)];
  if (mine == no_group) return -1;
  for (int s = 0; s < players; ++s)
    if (s != seat && g[static_cast<std::size_t>(s)] == mine) return s;
  return -1;
}

std::array<int, max_seats> alliance_points(std::span<const bid> bids,
                                           std::span<const std::uint8_t> tricks,
                                           const duel_groups& groups) {
  return team_points(groups, static_cast<int>(bids.size()), [&](int s, int ally) {
    const auto i = static_cast<std::size_t>(s);
    if (ally < 0) {  // the solo player: double points for a trick, the base bonus halved
      const bid b = bids[i];
      const int t = tricks[i];
      return miss_of(b, t) ? -10 * miss_of(b, t) : b.is_double() ? 10 * t + 5 : 20 * t + 10;
    }
    const auto j = static_cast<std::size_t>(ally);
    const bid team{static_cast<std::uint8_t>(bids[i].lo + bids[j].lo),
                   static_cast<std::uint8_t>(bids[i].hi + bids[j].hi)};
    const int t = tricks[i] + tricks[j];
    return miss_of(team, t) ? -10 * miss_of(team, t) : team.is_double() ? 5 * t + 5 : 10 * t + 10;
  });
}

std::array<int, max_seats> missions_alliance_points(std::span<const int> values,
                                                    seat_mask completed,
                                                    const duel_groups& groups) {
  return team_points(groups, static_cast<int>(values.size()), [&](int s, int ally) {
    const int partner = ally < 0 ? s : ally;  // the solo player counts its own twice
    const bool mine = has_seat(completed, s), theirs = has_seat(completed, partner);
    return mine && theirs
               ? values[static_cast<std::size_t>(s)] + values[static_cast<std::size_t>(partner)]
           : mine || theirs ? 0
                            : -40;
  });
}

}  // namespace crownhall::crown_battles
