// One trick: what each card counts as when played, which cards a hand may play, and who
// takes the trick. Pure functions over small values, shared by the game, the view and the
// bots.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "engine/games/dwarf_king/cards.hpp"

namespace crownhall::dwarf_king {

// A card on the table and what it counts as in this trick. Strength is twice the rank, so
// the Puppeteer can count "just above" a card (rulings, Puppeteer); magic cards with no
// suit have strength 0.
struct played_card {
  card c = no_card;
  std::uint8_t seat = 0;
  suit as = suit::none;
  std::uint8_t strength = 0;
};

struct trick {
  std::array<played_card, max_players> plays{};
  std::uint8_t count = 0;
  suit led = suit::none;  // the first suited card sets it (a led Dragon does not)

  bool empty() const { return count == 0; }
  card_set cards() const {
    card_set s = 0;
    for (int i = 0; i < count; ++i) s |= bit(plays[static_cast<std::size_t>(i)].c);
    return s;
  }
};

// What each card counts as by its printed face, played by seat 0: one load per card played
// instead of assembling the four fields.
inline constexpr std::array<played_card, card_count> printed_plays = [] {
  std::array<played_card, card_count> out{};
  for (int c = 0; c < card_count; ++c) {
    const card_face f = printed_face(static_cast<card>(c));
    out[static_cast<std::size_t>(c)] = {static_cast<card>(c), 0, f.s,
                                        static_cast<std::uint8_t>(2 * f.rank)};
  }
  return out;
}();

// `c` as printed, played by `seat`: as one 32-bit word where the byte order allows, since
// the compiler would otherwise load and store the four fields one by one.
inline played_card as_printed(card c, int seat) {
  static_assert(sizeof(played_card) == 4 && offsetof(played_card, seat) == 1);
  if constexpr (std::endian::native == std::endian::little) {
    return std::bit_cast<played_card>(std::bit_cast<std::uint32_t>(printed_plays[c]) |
                                      static_cast<std::uint32_t>(seat & 0xff) << 8);
  } else {
    played_card p = printed_plays[c];
    p.seat = static_cast<std::uint8_t>(seat);
    return p;
  }
}

// What a magic card counts as if played now into `t` (the Mummy, the Puppeteer).
played_card magic_played_as(card c, int seat, const trick& t, card previous_winner);

// What `c` counts as if played now into `t`; `previous_winner` is the card that won the
// previous trick of the hand (no_card in the first trick).
inline played_card played_as(card c, int seat, const trick& t, card previous_winner) {
  const played_card p = as_printed(c, seat);
  if (p.as == suit::none) [[unlikely]]  // a magic card
    return magic_played_as(c, seat, t, previous_winner);
  return p;
}

// Adds a card to the trick (setting the led suit when it is the first suited card).
inline void add_play(trick& t, const played_card& p) {
  t.plays[t.count++] = p;
  if (t.led == suit::none) t.led = p.as;
}

// The cards that follow each suit, and none for `suit::none` (after a led Dragon).
inline constexpr std::array<card_set, 4> follow_masks = {suit_masks[0], suit_masks[1],
                                                         suit_masks[2], 0};
// The printed suit of any card code, `none` for magic cards and for no_card.
inline constexpr std::array<suit, 256> suit_or_none = [] {
  std::array<suit, 256> out{};
  out.fill(suit::none);
  for (int c = 0; c < card_count; ++c)
    out[static_cast<std::size_t>(c)] = printed_face(static_cast<card>(c)).s;
  return out;
}();

inline constexpr card mummy_card = special_card(special::mummy);
inline constexpr card puppeteer_card = special_card(special::puppeteer);
inline constexpr card dragon_card = special_card(special::dragon);
inline constexpr card excalibur_card = special_card(special::excalibur);
inline constexpr int ace_strength = 2 * rank_ace;

// The cards of `hand` that may be played into a trick already begun: `led` is its led suit
// (none after a led Dragon), `last_as` what its last card counts as (rulebook, "Playing a
// hand"; rulings, "Special cards"; docs/rules/dwarf-king.md, "Decisions"). `first_trick`
// forbids the Mummy. Apart from the trick, so the game can derive the next seat's cards
// from values it holds in registers while it plays a card.
inline card_set playable_following(card_set hand, suit led, suit last_as, card previous_winner,
                                   bool first_trick) {
  // Without a branch on the cards: which case applies is a coin toss for a random hand,
  // and a mispredicted branch costs more than working out every case.
  const card_set not_now = first_trick ? bit(mummy_card) : 0;  // rulings, Mummy
  const card_set follow = hand & follow_masks[static_cast<std::size_t>(led)];
  // Follow suit; the Dragon may always be played; a Mummy or Puppeteer may be played when
  // the suit it takes is the led suit, but never obliges (docs, "Decisions").
  // (A mask from each condition: GCC would turn `cond ? x : 0` into a branch.)
  const auto all_if = [](bool cond) { return card_set{0} - card_set{cond}; };
  const bool mummy_follows = !first_trick & (suit_or_none[previous_winner] == led);
  const card_set following = follow | (hand & bit(dragon_card)) |
                             (hand & bit(mummy_card) & all_if(mummy_follows)) |
                             (hand & bit(puppeteer_card) & all_if(last_as == led));
  // Unable to follow, or after a led Dragon (no led suit): any card but a forbidden Mummy.
  const card_set can_follow = all_if(follow != 0);
  const card_set out = (following & can_follow) | (hand & ~not_now & ~can_follow);
  return out != 0 ? out : hand;
}

// The cards of `hand` that may lead a trick. The Puppeteer cannot lead and Excalibur needs
// a suit it cannot follow; both may still be led as a last card (docs, "Decisions").
inline card_set playable_leading(card_set hand, bool first_trick) {
  const card_set not_now = first_trick ? bit(mummy_card) : 0;  // rulings, Mummy
  const card_set out = hand & ~not_now & ~bit(puppeteer_card) & ~bit(excalibur_card);
  return out != 0 ? out : hand;
}

// The cards of `hand` that may be played now into `t`; `previous_winner` is the card that
// took the previous trick of the hand (no_card in the first trick).
inline card_set playable(card_set hand, const trick& t, card previous_winner, bool first_trick) {
  if (t.empty()) return playable_leading(hand, first_trick);
  return playable_following(hand, t.led, t.plays[static_cast<std::size_t>(t.count - 1)].as,
                            previous_winner, first_trick);
}

// Who takes a trick with the Dragon or Excalibur in it (rare: at most once a hand).
int special_winning_play(const trick& t);

// The index in `t.plays` of the card that takes a complete trick without the Dragon or
// Excalibur: the first of the highest cards of the led suit, else the first card. A card
// of the led suit ranks by strength + 1, any other card 0. Each card's rank is packed above
// its reversed position, so the largest packed value is the first of the highest; masks
// and a running maximum, because a branch on each card's suit (a coin toss) mispredicts.
inline int led_suit_winning_play(const trick& t) {
  static_assert(max_players <= 8, "positions are packed in three bits");
  unsigned best = 0;
  for (unsigned i = 0; i < t.count; ++i) {
    const played_card& p = t.plays[i];
    const unsigned key = (p.strength + 1u) & (0u - unsigned{p.as == t.led});
    best = std::max(best, key << 3 | (7u - i));
  }
  return static_cast<int>(7u - (best & 7u));
}

// The index in `t.plays` of the card that takes the complete trick.
inline int winning_play(const trick& t) {
  bool special = false;
  for (int i = 0; i < t.count; ++i) {
    const card c = t.plays[static_cast<std::size_t>(i)].c;
    special |= c == dragon_card || c == excalibur_card;
  }
  return special ? special_winning_play(t) : led_suit_winning_play(t);
}

}  // namespace crownhall::dwarf_king
