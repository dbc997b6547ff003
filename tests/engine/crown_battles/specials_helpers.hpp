// Steps and shortcuts shared by the Special Power cards' scenario tests (specials_test.cpp,
// specials_cases_test.cpp): four players, seat 0 first.
#pragma once

#include <string>
#include <vector>

#include "helpers.hpp"

namespace crown_battles_test {

// Seats 0, 1, 2, 3 bid these numbers in turn.
inline void bid_all(cb::state& g, std::vector<int> bids) {
  for (int s = 0; s < 4; ++s) MUST_ACT(g, s, bid(bids[static_cast<std::size_t>(s)]));
}

inline json step(const std::string& type) { return {{"type", type}}; }
inline json pick_seat(int s) { return {{"type", "pick_seat"}, {"seat", s}}; }
inline json pick_card(const std::string& c) { return {{"type", "pick_card"}, {"card", c}}; }
inline json take(int s) { return {{"type", "take_points"}, {"seat", s}}; }

// A seat's hand as card ids, lowest first.
inline std::string hand_text(const cb::state& g, int seat) {
  std::string s;
  for (cb::card c : g.hand(seat)) s += (s.empty() ? "" : " ") + std::string(cb::card_id(c));
  return s;
}

}  // namespace crown_battles_test
