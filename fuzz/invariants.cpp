#include "invariants.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "engine/games/crown_battles/state.hpp"
#include "engine/games/dwarf_king/state.hpp"
#include "engine/games/lunar/state.hpp"
#include "engine/games/queens_court/state.hpp"

namespace crownhall::fuzz {

namespace {

// A broken rule: say which (the fuzzer's report shows it) and stop.
void fail_check(const char* what, int line) {
  std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, line, what);
  std::abort();
}
#define require(ok) ((ok) ? (void)0 : fail_check(#ok, __LINE__))

// The conservation checks of each game's property tests (tests/engine/*/property_test.cpp).
void conserved(const crown_battles::state& g) {
  const auto& t = g.table();
  crown_battles::card_set dealt;
  for (int s = 0; s < t.players; ++s) {
    require((dealt & g.hand(s)).empty());  // a card in two hands
    dealt = dealt | g.hand(s);
  }
  require((dealt - t.deck).empty());  // a card from outside the deck
}

void conserved(const dwarf_king::game& g) {
  dwarf_king::card_set seen = g.on_table();
  for (int s = 0; s < g.seat_count(); ++s)
    for (dwarf_king::card_set part : {g.hand(s), g.taken(s)}) {
      require(!(seen & part));
      seen |= part;
    }
  require(seen == g.deck());
}

void conserved(const lunar::game& g) {
  const lunar::card_set parts[] = {g.hand(0), g.hand(1),       g.hand(2),      g.hand(3),
                                   g.sky(),   g.trick_cards(), g.won_cards(0), g.won_cards(1)};
  lunar::card_set all = 0;
  int count = 0;
  for (lunar::card_set p : parts) {
    all |= p;
    count += std::popcount(p);
  }
  require(all == lunar::all_cards && count == lunar::card_count);
  for (int s = 0; s < g.seat_count(); ++s) require((g.pending_exchange(s) & ~g.hand(s)) == 0);
}

void conserved(const queens_court::game& g) {
  using namespace queens_court;
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
  require(all == g.deck() && count == std::popcount(g.deck()));
}

}  // namespace

std::uint64_t check_invariants(const game_module& m, const game_state& g) {
  const std::string_view id = m.id();
  if (id == "crown-battles") conserved(dynamic_cast<const crown_battles::state&>(g));
  if (id == "dwarf-king") conserved(dynamic_cast<const dwarf_king::game&>(g));
  if (id == "lunar") conserved(dynamic_cast<const lunar::game&>(g));
  if (id == "queens-court") conserved(dynamic_cast<const queens_court::game&>(g));
  // A copy is the same game.
  const std::uint64_t hash = g.state_hash();
  require(g.clone()->state_hash() == hash);
  // Nobody acts once it is over; a seat to act has something to do.
  const seat_mask to_act = g.seats_to_act();
  if (g.is_over()) require(to_act == 0);
  for (int s = 0; s < g.seat_count(); ++s) {
    action_list legal;
    g.legal_actions(s, legal);
    if (has_seat(to_act, s)) require(legal.size() > 0);
  }
  return hash;
}

namespace {

// Whether a schema value is for `seats` players (no "players": for every count).
bool for_seats(const json& value, int seats) {
  if (!value.contains("players")) return true;
  const json& counts = value["players"];
  return std::find(counts.begin(), counts.end(), json(seats)) != counts.end();
}

// One variant's choices; `every_value` widens variant 2's sets to all their values. Values
// the schema marks for other player counts are left out, as the create form leaves them.
json chosen_options(const game_module& m, int seats, int variant, bool every_value) {
  json chosen = json::object();
  for (const json& o : m.option_schema()["options"]) {
    const std::string type = o.value("type", "");
    const std::string& name = o["name"].get_ref<const std::string&>();
    if (type == "set" && (variant == 1 || variant == 2)) {
      json values = json::array();
      const json& all = o["values"];
      for (std::size_t i = 0; i < all.size(); ++i)
        if ((variant == 1 || every_value || i % 2 == 1) && for_seats(all[i], seats))
          values.push_back(all[i]["value"]);
      chosen[name] = std::move(values);
    } else if (type == "list" && variant == 1) {  // every value once, in order
      json values = json::array();
      for (const json& v : o["values"])
        if (for_seats(v, seats)) values.push_back(v["value"]);
      chosen[name] = std::move(values);
    } else if (type == "bool" && variant == 2) {
      chosen[name] = !o.value("default", false);
    } else if (type == "int" && (variant == 1 || variant == 2)) {
      // Stated at its default: Crown Battles builds a deck of its own (room for every
      // special) once the Peasants are given.
      const std::string players = std::to_string(seats);
      if (o.contains("default")) chosen[name] = o["default"];
      if (o.contains("default_by_players") && o["default_by_players"].contains(players))
        chosen[name] = o["default_by_players"][players];
    } else if (type == "enum" && variant == 3 && !o["values"].empty()) {
      chosen[name] = o["values"].back()["value"];
    }
  }
  return chosen;
}

}  // namespace

json options_variant(const game_module& m, int seats, int variant) {
  auto normalized = m.normalize_options(chosen_options(m, seats, variant, false), seats);
  // A bool turned on may need a value the other half of a set lacks (Crown Battles' extra
  // wager needs Wagering rounds): then variant 2 takes every value of its sets.
  if (!normalized && variant == 2)
    normalized = m.normalize_options(chosen_options(m, seats, variant, true), seats);
  if (normalized) return *normalized;
  // Variants 1 and 2 are meant to be playable at every seat count (else they fuzz nothing
  // new); only a preset may be for another player count.
  require(variant == 3);
  auto defaults = m.normalize_options(json::object(), seats);
  require(static_cast<bool>(defaults));  // the defaults are always playable
  return *defaults;
}

}  // namespace crownhall::fuzz
