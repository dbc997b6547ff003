// Bids (one number or two consecutive numbers) and which bids a seat may place.
#pragma once

#include <cstdint>

#include "engine/core/types.hpp"
#include "engine/games/crown_battles/actions.hpp"
#include "engine/games/crown_battles/round.hpp"

namespace crownhall::crown_battles {

// What limits the bids of one seat at one moment.
struct bid_rules {
  int max_bid = 0;              // min(cards dealt, token cap)
  bool doubles_allowed = true;  // rulings: no double bid when one card is dealt
  int forbidden = -1;           // screw the dealer: a number the dealer's bid may not hit
};

// Rulings: no double bid when one card is dealt, nor in a Wagering round or The Split (nor
// any bid in a Missions round).
constexpr bool doubles_allowed(int hand_size, round_type t) {
  return hand_size > 1 && t != round_type::wagering && t != round_type::missions &&
         t != round_type::blind_missions && t != round_type::the_split;
}

// Rulings, Screw the dealer: the dealer may not make the bids total the cards dealt; another
// seat's double bid counts as its lower number; a double bid is refused if either number hits.
constexpr bool allowed(bid b, const bid_rules& r) {
  if (b.hi > r.max_bid || b.hi < b.lo || b.hi > b.lo + 1) return false;
  if (b.is_double() && !r.doubles_allowed) return false;
  return b.lo != r.forbidden && b.hi != r.forbidden;
}

// Every allowed bid, singles then doubles, in increasing order.
inline void append_bids(const bid_rules& r, action_list& out) {
  append_at_most(out, 2 * r.max_bid + 1, [&r](auto push) {
    if (r.forbidden < 0) {  // the usual case: every number, with no test per bid
      for (int n = 0; n <= r.max_bid; ++n) push(bid_action(single_bid(n)));
      if (r.doubles_allowed)
        for (int n = 0; n < r.max_bid; ++n) push(bid_action(double_bid(n)));
      return;
    }
    for (int n = 0; n <= r.max_bid; ++n)
      if (n != r.forbidden) push(bid_action(single_bid(n)));
    if (!r.doubles_allowed) return;
    for (int n = 0; n < r.max_bid; ++n)
      if (n != r.forbidden && n + 1 != r.forbidden) push(bid_action(double_bid(n)));
  });
}

}  // namespace crownhall::crown_battles
