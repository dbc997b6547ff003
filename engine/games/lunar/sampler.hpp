// The search bot's sampler for Lunar: complete deals consistent with what one seat knows
// (docs/bots.md). It reads the seat's view and nothing else.
#pragma once

#include <array>
#include <optional>

#include "engine/core/prng.hpp"
#include "engine/games/lunar/view.hpp"

namespace crownhall::lunar {

// Playouts per second on one core (`crownhall arena --game lunar ... --playouts 1000`,
// docs/bots.md): turns a budget in milliseconds into the playout count a decision depends on.
inline constexpr int search_rate = 270000;

// What everyone saw of this round's tricks (the finished ones and the one on the table).
struct seen_in_round {
  card_set played_cards = 0;                   // every card played, from a hand or the Sky
  std::array<card_set, max_players> played{};  // per seat, the cards it played from its hand
  // Per seat, the suits it showed it lacks (rules, "Tricks": a suit card off the lead suit,
  // from the hand, means none of the lead suit was there; a Sky card says nothing of the
  // hand, nor does a rank card).
  std::array<std::uint8_t, max_players> voids{};
};
seen_in_round seen_this_round(const table_view& v);

// The cards the viewer cannot place: the deck less its hand, the Sky and every card played
// this round.
card_set unseen_cards(const table_view& v);

// The hidden part of one world: the other hands, and the exchange choices the viewer cannot
// see (the others' while the exchange is open; the opponents' between them once it is done).
struct sampled_deal {
  std::array<card_set, max_players> hands{};
  std::array<card_set, max_players> choices{};  // exchange open: seats that chose, not the viewer
  std::array<card_set, max_players> passed{};   // exchange done: the two opponents only
};

// Deals the unseen cards to the other seats: each as many rank and suit cards as it still
// holds (everyone holds 6 + 6 after the deal and the exchange), none of a suit it showed it
// lacks, and the partner keeps the cards the viewer passed to it until it plays them. Empty
// only if no deal fitting the voids was found in a bounded number of tries.
std::optional<sampled_deal> sample_deal(const table_view& v, prng& rng);

}  // namespace crownhall::lunar
