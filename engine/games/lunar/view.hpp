// What one seat may know: the typed view the JSON view is written from and bots decide on.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include <nlohmann/json.hpp>

#include "engine/core/types.hpp"
#include "engine/games/lunar/state.hpp"

namespace crownhall::lunar {

struct table_view {
  int seat = spectator;
  int players = 4;
  options opts;
  enum phase phase = phase::exchange;
  int round = 1;  // 1-based
  int start_player = 0;
  seat_mask to_act = 0;
  card_set hand = 0;  // this seat's own hand; empty for a spectator
  std::array<std::uint8_t, max_players> hand_size{};
  card_set sky = 0;  // two players: public
  // The exchange, this seat's side only: its pending choice, then what moved.
  std::uint8_t chosen = 0;  // which seats have chosen (public: they no longer act)
  card_set my_choice = 0, passed = 0, received = 0;
  std::uint8_t tiles_up = 0b1111;
  int trump = no_suit;
  trick_state trick;
  finished_trick last_trick;
  bool has_last_trick = false;
  std::array<std::uint8_t, 2> tricks_won{};
  std::array<card_set, 2> stars_won{};
  // This round's finished tricks (every card was played face up), for the search's sampler;
  // not in the JSON view, which shows the last one. Points into the game's state.
  std::span<const trick_state> round_tricks;
  std::array<std::uint16_t, 2> scores{};
  const round_result* last_round = nullptr;
  int winner_team = -1;

  int team_of(int s) const { return players == 4 ? s % 2 : s; }
};

void legal_moves(const table_view& v, action_list& out);
json to_json(const table_view& v);
json to_json(const round_result& r);

}  // namespace crownhall::lunar
