// The fourteen special cards as data: what each one does, in which hook, for how many
// points. The trick engine (trick.cpp) and the hand (play.cpp, choices.cpp) ask this table
// instead of naming cards, so a card can be corrected here alone.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "engine/games/dwarf_king/cards.hpp"

namespace crownhall::dwarf_king {

enum class effect : std::uint8_t {
  swap_hands,        // after its trick, its player swaps hands with a player of their choice
  last_trick_bonus,  // points to its player when played in the last trick
  faces_in_trick,    // points to its player per Jack, Queen, King and Ace in its trick
  taker_bonus,       // points to whoever takes it
  next_trick_bonus,  // points to whoever takes the trick after its own
  pass_hands,        // after its trick, its player sends every hand left or right
  double_score,      // whoever takes it doubles their points for the hand
  steal,             // revealed after the quest: 2 random cards from a player, 2 given back
  dragon,            // playable at any time; wins unless an Ace is in the trick
  mummy,             // a copy of the card that won the previous trick; not in the first trick
  puppeteer,         // the colour of the card before it, just above it; cannot lead
  sorcerer,          // between tricks, swaps itself for a card of the trick just played
  excalibur,         // only when you cannot follow; wins the trick
};

// Our ruling: how long the Sorcerer's window stays open for its holder to decide, unless it
// is used sooner (docs/rules/dwarf-king.md). The same for every holder, person or bot.
inline constexpr int sorcerer_window_seconds = 5;

struct special_rule {
  effect kind;
  int points;  // for the point effects; 0 otherwise
  std::string_view text;
};

inline constexpr std::array<special_rule, special_count> special_rules = {{
    {effect::swap_hands, 0,
     "Dwarf 1. After this trick its player swaps their whole hand with another player of "
     "their choice. No effect in the last trick."},
    {effect::last_trick_bonus, 3, "Knight 1. +3 points to its player if played in the last trick."},
    {effect::faces_in_trick, 1,
     "Goblin 1. +1 point to its player per Jack, Queen, King and Champion in the same trick."},
    {effect::taker_bonus, 3, "Dwarf 11. +3 points to whoever takes it."},
    {effect::next_trick_bonus, 3,
     "Dwarf 11. +3 points to whoever takes the next trick. No effect in the last trick."},
    {effect::pass_hands, 0,
     "Knight 11. After this trick its player decides whether every hand passes to the left or "
     "to the right. No effect in the last trick."},
    {effect::double_score, 2, "Knight 11. Whoever takes it doubles their points for this hand."},
    {effect::taker_bonus, -3, "Goblin 11. -3 points to whoever takes it."},
    {effect::steal, 2,
     "Goblin 11. Shown as soon as the quest is chosen: its holder takes 2 random cards from "
     "another player's hand, then gives that player back 2 cards of their choice."},
    {effect::dragon, 0,
     "No suit. May be played even when you could follow suit, and wins the trick unless a "
     "Champion is played in it: then the Champion of the led suit wins, else the last "
     "Champion played. Led, the next card sets the suit."},
    {effect::mummy, 0,
     "No suit. Becomes a copy of the card that won the previous trick. Cannot be played in "
     "the first trick."},
    {effect::puppeteer, 0,
     "No suit. Takes the suit of the card played just before it and counts just above it. "
     "Cannot lead."},
    {effect::sorcerer, 0,
     "No suit. Between two tricks, its holder takes one card of the trick just played into "
     "their hand and puts the Sorcerer in its place."},
    {effect::excalibur, 0,
     "No suit. May only be played when you cannot follow suit; it wins the trick."},
}};

constexpr const special_rule& rule_of(special s) {
  return special_rules[static_cast<std::size_t>(s)];
}
constexpr bool has_effect(card c, effect e) {
  return is_special(c) && rule_of(special_of(c)).kind == e;
}

}  // namespace crownhall::dwarf_king
