// Shared helpers for the Queen's Court tests: stacked games and plays by card id.
#pragma once

#include <gtest/gtest.h>

#include <bit>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/games/queens_court/queens_court.hpp"
#include "engine/games/queens_court/state.hpp"
#include "engine/games/queens_court/view.hpp"

namespace crownhall::queens_court::testing {

inline std::unique_ptr<game> start(int players, const json& deal, const json& options = {},
                                   std::uint64_t seed = 1) {
  auto g = queens_court_module().new_game(options, players, seed, deal);
  EXPECT_TRUE(g) << (g ? "" : g.error().reason);
  if (!g) return nullptr;
  return std::unique_ptr<game>(static_cast<game*>(g->release()));
}

// One entry per seat, each [left, right] or null. (A braced list of string pairs would
// otherwise become a JSON object.)
inline json piles(std::initializer_list<json> seats) {
  json list = json::array();
  for (const json& s : seats) list.push_back(s);
  return list;
}

inline json play_json(const std::string& c, int owner, const std::string& side) {
  return {{"type", "play"}, {"card", c}, {"owner", owner}, {"side", side}};
}

// Applies a play; returns the refusal, if any.
inline apply_result try_play(game& g, int seat, const std::string& c, int owner,
                             const std::string& side) {
  auto a = g.action_from_json(play_json(c, owner, side));
  if (!a) return a.error();
  return g.apply(seat, *a);
}

// Applies a play that must be legal.
inline void must_play(game& g, int seat, const std::string& c, int owner, const std::string& side) {
  auto refused = try_play(g, seat, c, owner, side);
  ASSERT_FALSE(refused) << "seat " << seat << " " << c << " -> " << owner << " " << side << ": "
                        << refused->reason;
}

// Every card of the game is in exactly one place: a hand, a pile, the draw pile, set aside
// by a stacked round, or (first half) a Glove not yet taken.
inline void check_conservation(const game& g) {
  const card_set gloves = (bit(first_queen) - 1) & ~(bit(first_glove) - 1) & g.deck();
  const card_set outside = g.phase() == "first_half" ? gloves : 0;
  const card_set parts[] = {g.cards_in_hands(), g.cards_on_piles(), g.cards_in_draw_pile(),
                            g.cards_set_aside(), outside};
  card_set all = 0;
  int count = 0;
  for (card_set p : parts) {
    all |= p;
    count += std::popcount(p);
  }
  ASSERT_EQ(all, g.deck());
  ASSERT_EQ(count, std::popcount(g.deck())) << "a card is in two places";
}

inline card id(const char* s) { return card_from_id(s); }
inline bool holds(const game& g, int seat, const char* c) {
  return (g.make_view(seat).hand & bit(id(c))) != 0;
}
inline int hand_count(const game& g, int seat) {
  return g.make_view(spectator).player[seat].hand_size;
}
inline int spread(const game& g, int seat) { return g.make_view(spectator).player[seat].spread; }

}  // namespace crownhall::queens_court::testing
