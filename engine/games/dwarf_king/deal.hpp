// The stacked deal: fixed hands and chance outcomes (first dealer, special card, quest
// tile, the Thief's draw) for tests and teaching tables. Format: docs/rules/dwarf-king.md.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/types.hpp"
#include "engine/games/dwarf_king/cards.hpp"

namespace crownhall::dwarf_king {

using json = nlohmann::json;

// One hand's fixed parts. Anything left out is dealt from the seed's shuffle.
struct stacked_hand {
  std::array<card_set, max_players> cards{};  // some or all of each seat's cards
  card special = no_card;                     // the special card of this hand
  std::uint8_t quest = 0;                     // tile 1–20; 0: the top of the shuffled pile
  card_set thief_draw = 0;  // the Thief's two cards, used when both are in the victim's hand
};

inline constexpr int max_stacked_hands = 64;

struct stacked_deal {
  int first_dealer = -1;  // -1: from the seed
  std::vector<stacked_hand> hands;
  std::uint64_t hash = 0;  // a digest of everything above, folded into the state hash
};

// Reads a stacked deal (null: nothing stacked). Errors name the part that is wrong.
result<stacked_deal> parse_stacked_deal(const json& j, int players);

}  // namespace crownhall::dwarf_king
