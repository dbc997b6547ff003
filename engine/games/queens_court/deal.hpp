// The stacked deal: fixed hands, piles and draw piles for tests and teaching tables.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/types.hpp"
#include "engine/games/queens_court/cards.hpp"
#include "engine/games/queens_court/options.hpp"

namespace crownhall::queens_court {

inline constexpr int hand_size = 3;  // rules, "Setup": three numbered cards each

// One round's fixed cards. A part left out is dealt from the seed's shuffle.
struct stacked_round {
  std::array<bool, max_players> has_hand{};
  std::array<std::array<card, hand_size>, max_players> hand{};
  std::array<bool, max_players> has_piles{};
  std::array<std::array<card, 2>, max_players> piles{};  // left, right
  bool has_draw = false;  // when set, the draw pile is exactly `draw`; unnamed cards sit out
  std::uint8_t draw_size = 0;
  std::array<card, card_count> draw{};  // top first
};

struct stacked_deal {
  int first_player = -1;  // the first round's first player; -1: from the seed
  std::vector<stacked_round> rounds;
};

// Reads a stacked deal (null: nothing stacked). Errors name the part that is wrong.
result<stacked_deal> parse_stacked_deal(const json& j, int players, const options& o);

}  // namespace crownhall::queens_court
