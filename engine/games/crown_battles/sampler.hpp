// The search bot's sampler for Crown Battles: complete deals consistent with what one seat
// knows (docs/bots.md). It reads the seat's view and nothing else.
#pragma once

#include <array>
#include <optional>

#include "engine/core/prng.hpp"
#include "engine/core/types.hpp"
#include "engine/games/crown_battles/actions.hpp"
#include "engine/games/crown_battles/view.hpp"

namespace crownhall::crown_battles {

// Playouts per second on one core (`crownhall arena ... --playouts 1000`, docs/bots.md): turns a
// budget in milliseconds into the playout count the search's decision depends on.
inline constexpr int search_rate = 288000;

// The hidden part of one world: every other seat's hand, the bids the viewer has not seen
// (Blind Bidding), for the seats in `hidden_bids`, and the missions it has not seen (chosen
// but still secret), for the seats in `hidden_missions`.
struct sampled_deal {
  std::array<card_set, max_seats> hands{};
  std::array<bid, max_seats> bids{};
  seat_mask hidden_bids = 0;
  std::array<std::uint8_t, max_seats> missions{};
  seat_mask hidden_missions = 0;
  std::array<std::uint8_t, max_seats> leaks{};  // Leaked Suit: a secret choice not yet shown
  seat_mask hidden_leaks = 0;
  // Stealth Play: the cards lying face down in the trick, by position (seat_view::face_down).
  std::array<card, max_seats> face_down{};
  // The Split: each other seat's first-half cards in its sampled hand, for the seats in
  // `split_guessed` (those that have chosen one).
  std::array<card_set, max_seats> first_half{};
  seat_mask split_guessed = 0;
};

// The cards the viewer cannot place: the deck less its hand and everything played this round.
card_set unseen_cards(const seat_view& v);
// Per seat, the suits it has shown it lacks this round (finished tricks and the current one).
std::array<std::uint8_t, max_seats> known_voids(const seat_view& v);

// Deals the unseen cards to the other seats (each its number of cards, none in a suit it
// showed void in) and guesses hidden bids and missions as the heuristic would choose them
// for those hands. The Split: while the first half is played, a suit a seat did not follow
// is missing from its first half only: the hand is dealt freely, then a first half without
// that suit is drawn from it. Empty only
// if no deal fitting the voids was found in a bounded number of tries.
std::optional<sampled_deal> sample_deal(const seat_view& v, prng& rng);

}  // namespace crownhall::crown_battles
