#include "engine/games/crown_battles/duels.hpp"

#include <algorithm>
#include <vector>

#include "engine/games/crown_battles/scoring.hpp"

namespace crownhall::crown_battles {

namespace {

// Met without the bonus: 10 per trick, 5 on a double bid.
int trick_points(bid b, int tricks) { return b.is_double() ? 5 * tricks : 10 * tricks; }

int round_down_to_5(int points) { return points / 5 * 5; }

}  // namespace

int next_to_pair(const duel_groups& g, int players, int dealer) {
  for (int k = 1; k <= players; ++k) {
    const int s = (dealer + k) % players;
    if (g[static_cast<std::size_t>(s)] == no_group) return s;
  }
  return -1;
}

bool all_paired(const duel_groups& g, int players) {
  for (int s = 0; s < players; ++s)
    if (g[static_cast<std::size_t>(s)] == no_group) return false;
  return true;
}

void append_pairs(const duel_groups& g, int players, int first, action_list& out) {
  for (int s = 0; s < players; ++s)
    if (s != first && g[static_cast<std::size_t>(s)] == no_group) out.push_back(pair_action(s));
}

void new_group(duel_groups& g, int players, std::span<const int> seats, int last_size) {
  std::uint8_t next = 0;
  for (int s = 0; s < players; ++s) {
    const std::uint8_t x = g[static_cast<std::size_t>(s)];
    if (x != no_group) next = std::max<std::uint8_t>(next, static_cast<std::uint8_t>(x + 1));
  }
  for (int s : seats) g[static_cast<std::size_t>(s)] = next;
  int left = 0;
  for (int s = 0; s < players; ++s) left += g[static_cast<std::size_t>(s)] == no_group;
  if (left >= 2 && left <= last_size)  // the last group forms itself
    for (int s = 0; s < players; ++s)
      if (g[static_cast<std::size_t>(s)] == no_group)
        g[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(next + 1);
}

std::array<int, max_seats> duel_points(std::span<const bid> bids,
                                       std::span<const std::uint8_t> tricks,
                                       const duel_groups& groups) {
  std::array<int, max_seats> points{};
  const int n = static_cast<int>(bids.size());
  for (std::uint8_t group = 0; group < max_seats; ++group) {
    std::vector<int> members;
    for (int s = 0; s < n; ++s)
      if (groups[static_cast<std::size_t>(s)] == group) members.push_back(s);
    if (members.empty()) continue;
    auto at = [](int s) { return static_cast<std::size_t>(s); };
    std::vector<int> met, missed;
    for (int s : members) (miss_of(bids[at(s)], tricks[at(s)]) == 0 ? met : missed).push_back(s);
    // Everyone starts from Normal Bidding's points: a miss always loses its penalty.
    for (int s : members) points[at(s)] = round_points(bids[at(s)], tricks[at(s)]);
    if (missed.empty()) {  // all met: per trick, no bonus
      for (int s : members) points[at(s)] = trick_points(bids[at(s)], tricks[at(s)]);
      continue;
    }
    int penalties = 0;
    for (int s : missed) penalties += 10 * miss_of(bids[at(s)], tricks[at(s)]);
    if (!met.empty()) {  // those who met receive the others' penalties
      const int share =
          met.size() == 1 ? penalties : round_down_to_5(penalties / static_cast<int>(met.size()));
      for (int s : met) points[at(s)] += share;
      continue;
    }
    // None met: the smallest miss receives 10 × the difference from each other's penalty.
    int smallest = 1 << 20;
    for (int s : missed) smallest = std::min(smallest, miss_of(bids[at(s)], tricks[at(s)]));
    std::vector<int> nearest;
    int received = 0;
    for (int s : missed) {
      const int d = miss_of(bids[at(s)], tricks[at(s)]);
      if (d == smallest)
        nearest.push_back(s);
      else
        received += 10 * (d - smallest);
    }
    if (received == 0) continue;  // all tied: everything to the bank
    const int share = nearest.size() == 1
                          ? received
                          : round_down_to_5(received / static_cast<int>(nearest.size()));
    for (int s : nearest) points[at(s)] += share;
  }
  return points;
}

}  // namespace crownhall::crown_battles
