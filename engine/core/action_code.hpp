// Action codes for decisions made of small steps: a kind and its arguments packed in the
// 32-bit `action::code`, so that a step's legal list stays short (one entry per player, per
// card, per amount) instead of enumerating every combination of a card's choices.
//
//   bits 24–31  kind     (1–255; 0 is reserved: codes below 1 << 24 are a game's own older
//                         compact codes, e.g. Crown Battles' plays and bids, which stay as
//                         they were so that records and trace digests keep their meaning)
//   bits 20–23  seat     (0–14; 15 = no seat)
//   bits 16–19  seat2    (0–14; 15 = no seat) — "who swaps with whom"
//   bits  8–15  card     (0–254; 255 = no card)
//   bits  0–7   amount   (0–255) — points, a choice's index, a suit, +1/−1 as 0/1 …
//
// Each game names its kinds (an enum in its actions header) and decides which fields a kind
// uses; unused fields hold their "none" value so that one decision has exactly one code.
#pragma once

#include <cstdint>

#include "engine/core/types.hpp"

namespace crownhall {

struct action_code {
  static constexpr int no_seat = 15;
  static constexpr int no_card = 255;

  std::uint8_t kind = 0;
  int seat = no_seat;
  int seat2 = no_seat;
  int card = no_card;
  int amount = 0;

  constexpr action pack() const {
    return {static_cast<std::uint32_t>(kind) << 24 | static_cast<std::uint32_t>(seat & 15) << 20 |
            static_cast<std::uint32_t>(seat2 & 15) << 16 |
            static_cast<std::uint32_t>(card & 255) << 8 | static_cast<std::uint32_t>(amount & 255)};
  }
  static constexpr action_code unpack(action a) {
    action_code c;
    c.kind = static_cast<std::uint8_t>(a.code >> 24);
    c.seat = static_cast<int>(a.code >> 20 & 15);
    c.seat2 = static_cast<int>(a.code >> 16 & 15);
    c.card = static_cast<int>(a.code >> 8 & 255);
    c.amount = static_cast<int>(a.code & 255);
    return c;
  }
  // Whether `a` is a packed step code at all (kind 0 codes belong to the game's own layout).
  static constexpr bool is_step(action a) { return (a.code >> 24) != 0; }
  friend constexpr bool operator==(const action_code&, const action_code&) = default;
};

// A step of kind `k` with the given fields; the others keep their "none" value.
constexpr action step_action(std::uint8_t k, int seat = action_code::no_seat,
                             int seat2 = action_code::no_seat, int card = action_code::no_card,
                             int amount = 0) {
  return action_code{k, seat, seat2, card, amount}.pack();
}

}  // namespace crownhall
