// Listing the plays (hand card, open pile) without a branch per action: listing is the
// largest part of a turn (20 to 50 actions), so its shape decides the engine's speed.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "engine/core/types.hpp"
#include "engine/games/queens_court/cards.hpp"

namespace crownhall::queens_court {

// The action codes of the open piles, lowest pile first, with the play tag already in: a
// card's plays are these codes with the card's bits added. Rebuilt only when a pile closes
// (a Glove, a lock), which happens a few times a round.
struct open_piles_codes {
  std::array<std::uint32_t, 12> code{};  // padded past max_piles for whole-vector copies
  std::uint16_t mask = 0;                // bit p: pile p is open
  std::uint8_t count = 0;
};

// Written in place: built in a temporary and copied, its narrow stores would stall the
// copy's wide reads.
inline void set_open_piles(open_piles_codes& o, std::uint16_t open, std::uint32_t tag) {
  o.mask = open;
  o.count = 0;
  for (std::uint32_t piles = open; piles; piles &= piles - 1)
    o.code[o.count++] = tag | static_cast<std::uint32_t>(std::countr_zero(piles));
}

namespace detail {

// K plays per card, K known at compile time: the compiler turns the K push_backs into a
// few vector ORs and stores, with no loop exit to mispredict.
template <int K>
void list_plays_k(card_set hand, const std::uint32_t* pile_codes, action_list& out) {
  // A local copy: stores into `out` cannot alias it, so the codes stay in registers.
  std::array<std::uint32_t, 12> codes;
  std::memcpy(codes.data(), pile_codes, sizeof codes);
  for (; hand; hand &= hand - 1) {
    const std::uint32_t c = static_cast<std::uint32_t>(std::countr_zero(hand)) << 8;
    for (int j = 0; j < K; ++j) out.push_back(action{codes[j] | c});
  }
}

// The codes when piles 0 to K - 1 are all open (the whole first half): constants, so the
// listing reads nothing that a recent close may still be writing.
template <std::uint32_t Tag>
inline constexpr std::array<std::uint32_t, 12> all_open_codes = [] {
  std::array<std::uint32_t, 12> codes{};
  for (std::uint32_t p = 0; p < codes.size(); ++p) codes[p] = Tag | p;
  return codes;
}();

template <int K, std::uint32_t Tag>
void list_plays_k(card_set hand, const open_piles_codes& open, action_list& out) {
  if (open.mask == (1u << K) - 1)
    list_plays_k<K>(hand, all_open_codes<Tag>.data(), out);
  else
    list_plays_k<K>(hand, open.code.data(), out);
}

}  // namespace detail

// Every (card, pile) pair: cards from the lowest, and for each card the open piles from the
// lowest. Records and random bots depend on this order. `Tag`: the play tag of every code.
template <std::uint32_t Tag>
void list_plays(card_set hand, const open_piles_codes& open, action_list& out) {
  static_assert(max_piles == 10, "one case per possible count of open piles");
  switch (open.count) {
    case 0:
      return;
    case 1:
      return detail::list_plays_k<1, Tag>(hand, open, out);
    case 2:
      return detail::list_plays_k<2, Tag>(hand, open, out);
    case 3:
      return detail::list_plays_k<3, Tag>(hand, open, out);
    case 4:
      return detail::list_plays_k<4, Tag>(hand, open, out);
    case 5:
      return detail::list_plays_k<5, Tag>(hand, open, out);
    case 6:
      return detail::list_plays_k<6, Tag>(hand, open, out);
    case 7:
      return detail::list_plays_k<7, Tag>(hand, open, out);
    case 8:
      return detail::list_plays_k<8, Tag>(hand, open, out);
    case 9:
      return detail::list_plays_k<9, Tag>(hand, open, out);
    default:
      return detail::list_plays_k<10, Tag>(hand, open, out);
  }
}

}  // namespace crownhall::queens_court
