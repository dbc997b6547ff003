// The search bot's sampler for The Dwarf King: complete deals consistent with what one seat
// knows (docs/bots.md). It reads the seat's view and nothing else.
#pragma once

#include <array>

#include "engine/core/prng.hpp"
#include "engine/games/dwarf_king/view.hpp"

namespace crownhall::dwarf_king {

// Playouts per second on one core (`crownhall arena --game dwarf-king ... --playouts 1000`,
// docs/bots.md): turns a budget in milliseconds into the playout count a decision depends on.
inline constexpr int search_rate = 142000;

// The cards the viewer cannot place: this hand's deck (the basic cards and the special card,
// whose holder is secret) less its own hand, every taken trick, the trick on the table and
// the cards it knows in other hands.
card_set unseen_cards(const table_view& v);

// The suits each seat's hand has shown it lacks this hand, one bit per suit: a card played
// that no hand holding a card of the led suit could have played then (the rules' own test,
// playable_following, asked of such a hand). A hand that moved (the Druid, the Standard
// Bearer) takes its facts to its new seat. Nothing else breaks one: the Thief's exchange
// comes before the first trick, and the card a Sorcerer takes is shown to everyone.
std::array<std::uint8_t, max_players> shown_voids(const table_view& v);

// Every other hand: the cards the viewer knows are there, and as many unseen cards, drawn at
// random, as its size needs, none of a suit the hand has shown it lacks.
std::array<card_set, max_players> sample_hands(const table_view& v, prng& rng);

}  // namespace crownhall::dwarf_king
