// The stacked deal: fixed hands (and Sky) per round, and the first start player.
#pragma once

#include <array>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/types.hpp"
#include "engine/games/lunar/cards.hpp"

namespace crownhall::lunar {

inline constexpr int max_players = 4;
inline constexpr int hand_ranks = 6, hand_suits = 6;  // rulings: 6 rank + 6 suit each
inline constexpr int sky_ranks = 12, sky_suits = 12;  // two players: the rest is the Sky

struct stacked_round {
  std::array<bool, max_players> has_hand{};
  std::array<card_set, max_players> hand{};
  bool has_sky = false;
  card_set sky = 0;
};

struct stacked_deal {
  int start_player = -1;  // -1: drawn from the seed
  std::vector<stacked_round> rounds;
};

result<stacked_deal> parse_stacked_deal(const nlohmann::json& j, int players);

}  // namespace crownhall::lunar
