// Shared helpers for the Crown Battles tests: start a game with options and a stacked deal,
// act with JSON actions, read views.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/games/crown_battles/crown_battles.hpp"
#include "engine/games/crown_battles/state.hpp"
#include "engine/games/crown_battles/view.hpp"

namespace crown_battles_test {

using crownhall::json;
namespace cb = crownhall::crown_battles;

inline const crownhall::game_module& module() { return crownhall::crown_battles_module(); }

// The move-log lines of the last action that `viewer` (a seat, or -1 for a spectator) reads.
inline std::vector<std::string> lines_read_by(const cb::state& g, int viewer) {
  crownhall::event_lines lines;
  g.last_events(lines);
  std::vector<std::string> out;
  for (const auto& e : lines)
    if (e.to.includes(viewer)) out.push_back(e.text());
  return out;
}

// A move-log event in the compact form lines_read_by() gives (game_event::text()):
// ev("played", {{"seat", 3}, {"card", "R3"}}) is `played {"card":"R3","seat":3}`.
inline std::string ev(const std::string& kind, const json& args = json::object()) {
  return crownhall::game_event{crownhall::event_audience::all(), kind, args}.text();
}

// Whether `lines` holds `line` (a move-log line read by one seat).
inline bool has_line(const std::vector<std::string>& lines, const std::string& line) {
  return std::find(lines.begin(), lines.end(), line) != lines.end();
}

// Whether seat `seat`'s legal list holds `action` (its JSON form) now.
inline bool offers(const cb::state& g, int seat, const json& action) {
  crownhall::action_list legal;
  g.legal_actions(seat, legal);
  for (crownhall::action a : legal)
    if (g.action_to_json(a) == action) return true;
  return false;
}

// A game from options and a stacked deal; fails the test (and returns null) when refused.
inline std::unique_ptr<cb::state> start(const json& options, int players,
                                        const json& deal = nullptr, std::uint64_t seed = 1) {
  auto normalized = module().normalize_options(options, players);
  EXPECT_TRUE(normalized) << normalized.error().reason;
  if (!normalized) return nullptr;
  auto g = module().new_game(*normalized, players, seed, deal);
  EXPECT_TRUE(g) << g.error().reason;
  if (!g) return nullptr;
  return std::unique_ptr<cb::state>(static_cast<cb::state*>(g->release()));
}

// Applies a JSON action; returns the refusal, if any.
inline std::optional<crownhall::game_error> act(crownhall::game_state& g, int seat,
                                                const json& action) {
  auto a = g.action_from_json(action);
  if (!a) return a.error();
  return g.apply(seat, *a);
}

// The ids of all sixteen Special Power cards, as the `specials` option lists them.
inline json all_specials() {
  json a = json::array();
  for (int i = 0; i < cb::special_count; ++i)
    a.push_back(cb::card_id(cb::special_card(static_cast<cb::special>(i))));
  return a;
}

// Hands as JSON arrays: a braced list of two strings would otherwise become a JSON object.
inline json hands_of(const std::vector<std::vector<std::string>>& hands) {
  json a = json::array();
  for (const auto& h : hands) a.push_back(h);
  return a;
}

// Four players, three cards each, no trump; the first dealer is seat 3, so seat 0 bids and
// leads first (the round-type scenarios of leaks_test.cpp and alliances_test.cpp).
inline json three_card_deal() {
  return {{"first_dealer", 3},
          {"rounds",
           {{{"hands", hands_of({{"R13", "R2", "B5"},
                                 {"GOLEM1", "B7", "PEASANT1"},
                                 {"G3", "G4", "Y9"},
                                 {"R3", "Y2", "DRAGON1"}})},
             {"spinner", "X"}}}}};
}

inline json bid(int n) { return {{"type", "bid"}, {"bid", n}}; }
inline json bid(int lo, int hi) { return {{"type", "bid"}, {"bid", {lo, hi}}}; }
inline json play(const std::string& card) { return {{"type", "play"}, {"card", card}}; }
inline json choose(const std::string& suit) { return {{"type", "choose_trump"}, {"suit", suit}}; }

#define MUST_ACT(g, seat, action)                                                 \
  do {                                                                            \
    auto refused_ = crown_battles_test::act((g), (seat), (action));               \
    ASSERT_FALSE(refused_) << "seat " << (seat) << " " << (action).dump() << ": " \
                           << refused_->reason;                                   \
  } while (0)

// Property tests run a fraction of their games under sanitizers (CROWNHALL_TEST_SCALE=0.1).
inline int scaled(int games) {
  const char* s = std::getenv("CROWNHALL_TEST_SCALE");
  const double f = s ? std::atof(s) : 1.0;
  const int n = static_cast<int>(games * (f > 0 ? f : 1.0));
  return n > 0 ? n : 1;
}

}  // namespace crown_battles_test
