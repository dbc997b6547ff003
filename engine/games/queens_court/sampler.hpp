// The search bot's sampler for Queen's Court: where the cards a seat cannot see may be
// (docs/bots.md). It reads the seat's view and nothing else.
#pragma once

#include <array>
#include <optional>

#include "engine/core/prng.hpp"
#include "engine/games/queens_court/view.hpp"

namespace crownhall::queens_court {

// Playouts per second on one core (`crownhall arena --game queens-court ... --playouts 1000`,
// docs/bots.md): turns a budget in milliseconds into the playout count a decision depends on.
inline constexpr int search_rate = 108000;

// The hidden part of one world: every other seat's hand, the draw pile from its next card,
// and the cards a stacked round left out of play.
struct sampled_deal {
  std::array<card_set, max_players> hands{};
  std::array<card, card_count> draw{};  // the first `draw_size` entries
  card_set set_aside = 0;
};

// Every card on a pile (all of them face up, the cards beneath included).
card_set cards_on_piles(const table_view& v);
// The cards the viewer cannot place: the shuffled deck less its hand and every pile. The
// Gloves are not among them: each is its owner's, in hand from the second half until played.
card_set unseen_cards(const table_view& v);

// Deals the unseen cards at random: the others' hands (their sizes are public, a Glove
// still held is known), then the draw pile, and what is left was set aside.
sampled_deal sample_deal(const table_view& v, prng& rng);

}  // namespace crownhall::queens_court
