// What each seat has been allowed to see: one record per game of "viewer v knows that card
// c is where it is", for cards a rule showed to some seats only (a Bishop's look at a hand,
// a Smuggler's draw, a card passed or stolen, a Dwarf King reveal). Views copy a card of
// another hand (or of the undealt deck) only when the viewer knows it, so "who may see
// what" is one fact kept in one place instead of a flag per effect. Crown Battles and The
// Dwarf King both keep their seats' knowledge here.
//
// Cards are indices below `Cards` (at most 128); viewers are seats 0..max_seats-1, and
// `spectator` reads what the whole table knows (a card shown to everyone with reveal(),
// such as a Dwarf King 5 or the Thief turned face up). What a viewer knows is about a
// card, not a place: when the card moves again without the viewer seeing it, the game
// forgets it for that viewer (forget / forget_all_but), and a viewer not part of a secret
// move forgets every card of the hand it left (any of them may be the one that went); when
// it moves in plain sight (the Druid's or the Cursed card's swap of whole hands, the
// Standard Bearer's pass), nothing changes here.
#pragma once

#include <array>
#include <bitset>
#include <cstddef>

#include "engine/core/types.hpp"

namespace crownhall {

template <std::size_t Cards>
class knowledge {
 public:
  using card_bits = std::bitset<Cards>;

  void clear() { seen_ = {}; }
  // `viewer` saw card `c` (where it is now).
  void learn(int viewer, int c) { seen_[slot(viewer)].set(static_cast<std::size_t>(c)); }
  void learn_all(int viewer, const card_bits& cards) { seen_[slot(viewer)] |= cards; }
  // Cards shown to the whole table: every seat and every spectator knows where they are.
  void reveal(const card_bits& cards) {
    for (auto& s : seen_) s |= cards;
  }
  // Card `c` moved where nobody (but `keeper`, if a seat) saw it go; spectators forget too.
  void forget(int c) {
    for (auto& s : seen_) s.reset(static_cast<std::size_t>(c));
  }
  // `viewer` no longer sees card `c` (a look that has ended); others keep what they know.
  void unlearn(int viewer, int c) { seen_[slot(viewer)].reset(static_cast<std::size_t>(c)); }
  void forget_all_but(int keeper, int c) {
    for (int v = 0; v <= max_seats; ++v)
      if (v != keeper) seen_[static_cast<std::size_t>(v)].reset(static_cast<std::size_t>(c));
  }
  // `cards` changed hands between seats `a` and `b` alone (the Dwarf King's Thief and its
  // victim): everyone else, spectators included, no longer knows where they are.
  void forget_all_but(int a, int b, const card_bits& cards) {
    for (int v = 0; v <= max_seats; ++v)
      if (v != a && v != b) seen_[static_cast<std::size_t>(v)] &= ~cards;
  }
  bool knows(int viewer, int c) const {
    return viewer >= spectator && viewer < max_seats &&
           seen_[slot(viewer)].test(static_cast<std::size_t>(c));
  }
  // What `viewer` (a seat, or `spectator`: what the whole table knows) knows.
  const card_bits& known_by(int viewer) const { return seen_[slot(viewer)]; }
  friend bool operator==(const knowledge&, const knowledge&) = default;

 private:
  // Seats first, then the whole table's slot, which `spectator` reads.
  static std::size_t slot(int viewer) {
    return static_cast<std::size_t>(viewer == spectator ? max_seats : viewer);
  }
  std::array<card_bits, max_seats + 1> seen_{};
};

}  // namespace crownhall
