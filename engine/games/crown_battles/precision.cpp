#include "engine/games/crown_battles/precision.hpp"

#include <bit>

#include "engine/games/crown_battles/alliances.hpp"
#include "engine/games/crown_battles/scoring.hpp"

namespace crownhall::crown_battles {

suit_mask placement_suits(card winning, lead lead_suit, trump t) {
  constexpr suit_mask any = 0b1111;
  if (!is_numbered(winning)) return any;
  const auto own = static_cast<suit_mask>(1u << static_cast<int>(suit_of(winning)));
  if (is_suit(lead_suit) && suit_of(lead_suit) == suit_of(winning)) return own;
  if (is_trump(t, suit_of(winning)))
    return is_suit(lead_suit)
               ? static_cast<suit_mask>(own | 1u << static_cast<int>(suit_of(lead_suit)))
               : own;
  return any;  // a numbered card that neither follows nor trumps won only as a Peasant would
}

std::string suits_text(suit_mask m) {
  std::string out;
  const int n = std::popcount(m);
  int k = 0;
  for (int s = 0; s < suit_count; ++s) {
    if (!((m >> s) & 1u)) continue;
    out += k == 0 ? "" : k + 1 == n ? " or " : ", ";
    out += suit_name(static_cast<suit>(s));
    ++k;
  }
  return out;
}

bid total_of(const suit_bids& b) {
  int lo = 0, hi = 0;
  for (bid x : b) lo += x.lo, hi += x.hi;
  return {static_cast<std::uint8_t>(lo), static_cast<std::uint8_t>(hi)};
}

suit_bids sum_of(const suit_bids& a, const suit_bids& b) {
  suit_bids out{};
  for (std::size_t s = 0; s < out.size(); ++s)
    out[s] = {static_cast<std::uint8_t>(a[s].lo + b[s].lo),
              static_cast<std::uint8_t>(a[s].hi + b[s].hi)};
  return out;
}

suit_counts sum_of(const suit_counts& a, const suit_counts& b) {
  suit_counts out{};
  for (std::size_t s = 0; s < out.size(); ++s) out[s] = static_cast<std::uint8_t>(a[s] + b[s]);
  return out;
}

int precision_points(const suit_bids& bids, const suit_counts& tricks, int per_trick) {
  bool all_met = true, all_zero = true;
  for (std::size_t s = 0; s < bids.size(); ++s) {
    all_met = all_met && miss_of(bids[s], tricks[s]) == 0;
    all_zero = all_zero && bids[s].hi == 0;
  }
  if (all_met && all_zero) return 10;
  int points = 0;
  for (std::size_t s = 0; s < bids.size(); ++s) {
    const int miss = miss_of(bids[s], tricks[s]);
    const int worth = bids[s].is_double() ? per_trick / 2 : per_trick;
    if (miss) {
      points -= 10 * miss;
      continue;
    }
    points += worth * tricks[s];
    if (all_met && tricks[s] > 0) points += bids[s].is_double() ? 5 : 10;
  }
  return points;
}

std::array<int, max_seats> precision_alliance_points(std::span<const suit_bids> bids,
                                                     std::span<const suit_counts> tricks,
                                                     const duel_groups& groups) {
  return team_points(groups, static_cast<int>(bids.size()), [&](int s, int ally) {
    const auto i = static_cast<std::size_t>(s);
    if (ally < 0) return precision_points(bids[i], tricks[i], 20);
    const auto j = static_cast<std::size_t>(ally);
    return precision_points(sum_of(bids[i], bids[j]), sum_of(tricks[i], tricks[j]));
  });
}

}  // namespace crownhall::crown_battles
