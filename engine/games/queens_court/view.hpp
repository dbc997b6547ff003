// What one seat may know: the typed view the JSON view is written from and bots decide on.
#pragma once

#include <array>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "engine/core/types.hpp"
#include "engine/games/queens_court/state.hpp"

namespace crownhall::queens_court {

struct player_view {
  std::uint8_t hand_size = 0;
  bool locked = false;
  std::uint8_t wins = 0;
  std::array<card, 2> top{no_card, no_card};      // the visible card, possibly a Glove
  std::array<card, 2> showing{no_card, no_card};  // the card that counts for the spread
  std::array<std::uint8_t, 2> pile_size{};
  int spread = 0;  // double_queens for two Queens showing
};

struct table_view {
  int seat = spectator;
  int players = 2;
  options opts;
  enum phase phase = phase::first_half;
  int round = 1;  // 1-based
  int first_player = 0;
  int to_act = -1;  // -1 once the game is over
  int draw_size = 0;
  std::uint16_t open_piles = 0;  // piles anyone may play on
  card_set hand = 0;             // this seat's own hand; empty for a spectator
  std::array<player_view, max_players> player{};
  std::array<card, card_count> under{};  // beneath each card that lies on a pile (public)
  const round_result* last_round = nullptr;
  int winner = -1;
};

// The plays open to the view's seat; empty when it is not its turn.
void legal_plays(const table_view& v, action_list& out);
json to_json(const table_view& v);
json to_json(const round_result& r, int players);

}  // namespace crownhall::queens_court
