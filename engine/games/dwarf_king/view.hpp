// What one seat may know: the typed view the JSON view is written from and bots decide on.
#pragma once

#include <array>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "engine/games/dwarf_king/actions.hpp"
#include "engine/games/dwarf_king/state.hpp"

namespace crownhall::dwarf_king {

struct table_view {
  int seat = spectator;
  int players = 3;
  int planned_hands = default_hands;
  enum phase phase = phase::quest;
  seat_mask to_act = 0;
  int hand_number = 0;  // 0-based
  int dealer = 0;
  card special = no_card;  // the kind of this hand's special card (its place is not known)
  int quest = 0;           // tile index 0–19
  int side = -1;           // -1 until chosen
  int quest_holder = 0;
  int first_leader = -1;  // -1 until play begins
  card_set hand = 0;      // this seat's own cards; empty for a spectator
  std::array<std::uint8_t, max_players> hand_sizes{};
  std::array<card_set, max_players> known{};  // cards of other hands this seat knows of
  std::array<card_set, max_players> taken{};  // every trick is seen as it is taken
  std::array<std::uint8_t, max_players> tricks{};
  std::array<std::uint8_t, max_tricks> winners{};
  int trick_number = 0;  // 0-based: the trick being played
  int tricks_per_hand = 13;
  trick current;
  trick last;
  // This hand's finished tricks as played, and when the hands moved: what the search's
  // sampler reads to tell which suits a hand showed it lacks. Not in the JSON view.
  const std::array<trick, max_tricks>* hand_tricks = nullptr;
  hands_moved moved;
  int last_winner = -1;
  card previous_winner = no_card;
  std::array<std::int16_t, max_players> bonus{};
  int enchanted = -1;
  bool tinkerer_pending = false;
  int effect_seat = -1;  // who is choosing for the Druid or the Standard Bearer
  int thief = -1, victim = -1;
  card_set stolen = 0, returned = 0;  // only for the Thief's holder and victim
  std::array<std::int16_t, max_players> totals{};
  const std::vector<hand_result>* results = nullptr;  // the hands played so far

  // The legal actions of the view's seat are a function of the view alone.
  turn turn_of() const;
};

json to_json(const table_view& v);
json to_json(const hand_result& r, int players);

}  // namespace crownhall::dwarf_king
