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

// The cards of `hand` that may be played now (rulebook, "Playing a hand"; rulings,
// "Special cards"; docs/rules/dwarf-king.md, "Decisions"). `first_trick` forbids the Mummy.
card_set playable(card_set hand, const trick& t, card previous_winner, bool first_trick);

// The index in `t.plays` of the card that takes the complete trick.
int winning_play(const trick& t);

}  // namespace crownhall::dwarf_king
