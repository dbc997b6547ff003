// Shared helpers for the Lunar tests: stacked games, actions by JSON, and a scripted deal.
#pragma once

#include <gtest/gtest.h>

#include <bit>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/games/lunar/lunar.hpp"
#include "engine/games/lunar/state.hpp"
#include "engine/games/lunar/view.hpp"

namespace crownhall::lunar::testing {

inline std::unique_ptr<game> start(int players, const json& deal, const json& options = {},
                                   std::uint64_t seed = 1) {
  auto g = lunar_module().new_game(options, players, seed, deal);
  EXPECT_TRUE(g) << (g ? "" : g.error().reason);
  if (!g) return nullptr;
  return std::unique_ptr<game>(static_cast<game*>(g->release()));
}

inline apply_result try_act(game& g, int seat, const json& j) {
  auto a = g.action_from_json(j);
  if (!a) return a.error();
  return g.apply(seat, *a);
}

inline void must_act(game& g, int seat, const json& j) {
  auto refused = try_act(g, seat, j);
  ASSERT_FALSE(refused) << "seat " << seat << " " << j << ": " << refused->reason;
}

inline json play(const char* c) { return {{"type", "play"}, {"card", c}}; }
inline json discard(const char* suit) { return {{"type", "discard_tile"}, {"suit", suit}}; }
inline json pass(std::initializer_list<const char*> cards) {
  json list = json::array();
  for (const char* c : cards) list.push_back(c);
  return {{"type", "exchange"}, {"cards", list}};
}

inline card id(const char* s) { return card_from_id(s); }
inline card_set set_of(std::initializer_list<const char*> ids) {
  card_set s = 0;
  for (const char* c : ids) s |= bit(id(c));
  return s;
}

inline json hand(std::initializer_list<const char*> ids) {
  json list = json::array();
  for (const char* c : ids) list.push_back(c);
  return list;
}

// Four players, seat 0 starts. After the exchange in `exchange_and_trump` the hands are:
//   0: 1a 2a 3a 4a 7b 8b  Wa Wb Wc Oa Le Lf
//   1: 7a 8a 1b 2b 7c 8c  Wd We La Lb Be Bf
//   2: 5b 6b 1c 2c 5a 6a  Wf Od Oe Ba Ob Oc
//   3: 3c 4c 5c 6c 3b 4b  Of Bb Bc Bd Lc Ld
inline json four_player_deal() {
  return {
      {"start_player", 0},
      {"rounds",
       json::array(
           {{{"hands",
              json::array(
                  {hand({"1a", "2a", "3a", "4a", "5a", "6a", "Wa", "Wb", "Wc", "Oa", "Ob", "Oc"}),
                   hand({"7a", "8a", "1b", "2b", "3b", "4b", "Wd", "We", "La", "Lb", "Lc", "Ld"}),
                   hand({"5b", "6b", "7b", "8b", "1c", "2c", "Wf", "Od", "Oe", "Le", "Lf", "Ba"}),
                   hand({"3c", "4c", "5c", "6c", "7c", "8c", "Of", "Bb", "Bc", "Bd", "Be",
                         "Bf"})})}}})}};
}

// The exchange above, then tiles: wolf, owl, lynx turned down, so Bat is trump.
inline void exchange_and_trump(game& g) {
  must_act(g, 0, pass({"5a", "6a", "Ob", "Oc"}));
  must_act(g, 1, pass({"3b", "4b", "Lc", "Ld"}));
  must_act(g, 2, pass({"7b", "8b", "Le", "Lf"}));
  must_act(g, 3, pass({"7c", "8c", "Be", "Bf"}));
  must_act(g, 0, discard("wolf"));
  must_act(g, 1, discard("owl"));
  must_act(g, 2, discard("lynx"));
}

// Plays the rest of the game with the first legal action each time.
inline void play_out(game& g) {
  action_list legal;
  while (!g.is_over()) {
    const int seat = std::countr_zero(g.seats_to_act());
    g.legal_actions(seat, legal);
    ASSERT_FALSE(legal.empty());
    ASSERT_FALSE(g.apply(seat, legal[0]));
  }
}

}  // namespace crownhall::lunar::testing
