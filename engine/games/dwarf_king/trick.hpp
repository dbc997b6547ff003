// One trick: what each card counts as when played, which cards a hand may play, and who
// takes the trick. Pure functions over small values, shared by the game, the view and the
// bots.
#pragma once

#include <array>
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

// What a magic card counts as if played now into `t` (the Mummy, the Puppeteer).
played_card magic_played_as(card c, int seat, const trick& t, card previous_winner);

// What `c` counts as if played now into `t`; `previous_winner` is the card that won the
// previous trick of the hand (no_card in the first trick).
inline played_card played_as(card c, int seat, const trick& t, card previous_winner) {
  if (is_magic(c)) return magic_played_as(c, seat, t, previous_winner);
  const card_face f = face_of(c);
  return {c, static_cast<std::uint8_t>(seat), f.s, static_cast<std::uint8_t>(2 * f.rank)};
}

// Adds a card to the trick (setting the led suit when it is the first suited card).
inline void add_play(trick& t, const played_card& p) {
  t.plays[t.count++] = p;
  if (t.led == suit::none) t.led = p.as;
}

inline constexpr card mummy_card = special_card(special::mummy);
inline constexpr card puppeteer_card = special_card(special::puppeteer);
inline constexpr card dragon_card = special_card(special::dragon);
inline constexpr card excalibur_card = special_card(special::excalibur);
inline constexpr int ace_strength = 2 * rank_ace;

// The cards of `hand` that may be played now (rulebook, "Playing a hand"; rulings,
// "Special cards"; docs/rules/dwarf-king.md, "Decisions"). `first_trick` forbids the Mummy.
// Inline: the game derives it after every card played.
inline card_set playable(card_set hand, const trick& t, card previous_winner, bool first_trick) {
  const card_set not_now = first_trick ? bit(mummy_card) : 0;  // rulings, Mummy
  card_set out = 0;
  if (t.empty()) {
    // The Puppeteer cannot lead and Excalibur needs a suit it cannot follow; both may
    // still be led as a last card (docs/rules/dwarf-king.md, "Decisions").
    out = hand & ~not_now & ~bit(puppeteer_card) & ~bit(excalibur_card);
  } else if (t.led == suit::none) {
    out = hand & ~not_now;  // after a led Dragon: this card sets the suit
  } else {
    const card_set follow = hand & suit_masks[static_cast<std::size_t>(t.led)];
    if (follow == 0) {
      out = hand & ~not_now;
    } else {
      // Follow suit; the Dragon may always be played; a Mummy or Puppeteer may be played
      // when the suit it takes is the led suit, but never obliges (docs, "Decisions").
      out = follow | (hand & bit(dragon_card));
      if (!first_trick && previous_winner != no_card && face_of(previous_winner).s == t.led)
        out |= hand & bit(mummy_card);
      if (t.plays[static_cast<std::size_t>(t.count - 1)].as == t.led)
        out |= hand & bit(puppeteer_card);
    }
  }
  return out != 0 ? out : hand;
}

// Who takes a trick with the Dragon or Excalibur in it (rare: at most once a hand).
int special_winning_play(const trick& t);

// The index in `t.plays` of the card that takes a complete trick without the Dragon or
// Excalibur: the first of the highest cards of the led suit, else the first card. A card
// of the led suit ranks by strength + 1, any other card 0; a running maximum, so the
// compiler can choose without branches the cards make unpredictable.
inline int led_suit_winning_play(const trick& t) {
  int best = 0, best_key = 0;
  for (int i = 0; i < t.count; ++i) {
    const played_card& p = t.plays[static_cast<std::size_t>(i)];
    const int key = p.as == t.led ? p.strength + 1 : 0;
    if (key > best_key) {
      best_key = key;
      best = i;
    }
  }
  return best;
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
