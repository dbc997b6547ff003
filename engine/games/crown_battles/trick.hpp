// One trick: the cards on the table, its lead suit, who is winning it, and which cards a
// hand may play to it (rulings, Tricks).
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/types.hpp"
#include "engine/games/crown_battles/cards.hpp"
#include "engine/games/crown_battles/round.hpp"

namespace crownhall::crown_battles {

// The lead suit of a trick in progress. `open`: no numbered card yet and no Golem or Dragon
// (nothing played, or only Peasants: the next card chooses). `none`: a Golem or Dragon came
// before any numbered card, so the trick has no lead suit.
enum class lead : std::uint8_t { red, blue, green, yellow, open, none };

constexpr lead lead_of(suit s) { return static_cast<lead>(s); }
constexpr bool is_suit(lead l) { return l < lead::open; }
constexpr suit suit_of(lead l) { return static_cast<suit>(l); }

// What a card brings to a trick, looked up rather than branched on: tricks are the hot path
// and which kind of card comes next is unpredictable.
struct card_traits {
  std::uint8_t suit = no_suit;  // 0–3, or no_suit for Golems, Dragons, Peasants, specials
  std::uint8_t rank = 0;        // 1–13 for numbered cards
  std::int16_t power = 0;       // Dragon 400, Golem 300 (rulings, Tricks: winner order)
  lead opens = lead::open;      // the lead once it is played onto an open trick
  static constexpr std::uint8_t no_suit = 6;  // equal to no suit, trump or lead value
};

inline constexpr std::array<card_traits, card_count> traits_table = [] {
  std::array<card_traits, card_count> t{};
  for (int i = 0; i < card_count; ++i) {
    const card c = card_at(i);
    card_traits& x = t[static_cast<std::size_t>(i)];
    switch (kind_of(c)) {
      case card_kind::numbered:
        x.suit = static_cast<std::uint8_t>(suit_of(c));
        x.rank = static_cast<std::uint8_t>(rank_of(c));
        x.opens = lead_of(suit_of(c));
        break;
      case card_kind::golem:
        x.power = 300, x.opens = lead::none;
        break;
      case card_kind::dragon:
        x.power = 400, x.opens = lead::none;
        break;
      case card_kind::special:
        // The Kings lead like a Golem or Dragon; every other special like a Peasant. Their
        // power in a trick is worked out by specials.cpp (state::power2).
        if (i == first_special + static_cast<int>(special::golem_king))
          x.power = 350, x.opens = lead::none;
        if (i == first_special + static_cast<int>(special::dragon_king))
          x.power = 500, x.opens = lead::none;
        break;
      default:
        break;  // a Peasant leaves the lead open
    }
  }
  return t;
}();

constexpr const card_traits& traits(card c) { return traits_table[static_cast<std::size_t>(c)]; }

// The lead after `c` is played onto a trick whose lead was `l`.
constexpr lead lead_after(lead l, card c) {
  const lead opens = traits(c).opens;  // loaded first, so the choice compiles to a select
  return l == lead::open ? opens : l;
}

// How strongly `c` bids for the trick once the lead is `l` (already updated for `c`). The
// winner is the first card of the highest strength (rulings, Tricks: first Dragon, else first
// Golem, else highest trump, else highest of the lead suit, else the first Peasant).
constexpr int strength(card c, lead l, trump t) {
  const card_traits& x = traits(c);
  const bool trumps = x.suit == static_cast<int>(t);
  const bool follows = x.suit == static_cast<int>(l);
  return x.power + trumps * (200 + x.rank) + (follows && !trumps) * (100 + x.rank);
}

// The cards of each lead value's suit (none for `open` and `none`), for branch-free lookups.
inline constexpr std::uint64_t lead_suit_cards[6] = {suit_cards(suit::red).low_word(),
                                                     suit_cards(suit::blue).low_word(),
                                                     suit_cards(suit::green).low_word(),
                                                     suit_cards(suit::yellow).low_word(),
                                                     0,
                                                     0};

// Rulings, Tricks: a hand holding the lead suit must play it, but Golems, Dragons and
// Peasants may always be played instead. Branch-free: the lead is unpredictable. (Every card
// in the high word is unsuited.)
constexpr card_set playable(card_set hand, lead l) {
  const std::uint64_t all = hand.low_word();
  const std::uint64_t follow = all & lead_suit_cards[static_cast<int>(l)];
  const std::uint64_t must = 0 - static_cast<std::uint64_t>(follow != 0);  // all ones or zero
  const std::uint64_t low = (must & (follow | (all & unsuited_cards.low_word()))) | (~must & all);
  return {low, hand.high_word()};
}

// Long Play: every player plays twice to a trick.
inline constexpr int max_trick_cards = 2 * max_seats;

// The seat k steps clockwise from seat 0 at a table of n (below 3n: a Long Play trick's
// second lap from the last seat), looked up: whether it wraps is not predictable, and the
// look-up is shorter than two branch-free wraps.
inline constexpr auto seat_after_steps = [] {
  std::array<std::array<std::uint8_t, max_seats + max_trick_cards>, max_seats + 1> t{};
  for (int n = 1; n <= max_seats; ++n)
    for (int k = 0; k < max_seats + max_trick_cards; ++k)
      t[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)] =
          static_cast<std::uint8_t>(k % n);
  return t;
}();

struct trick {
  std::uint8_t leader = 0;
  std::uint8_t count = 0;    // cards played so far
  std::uint8_t winning = 0;  // position (in play order) of the card winning so far
  lead lead_suit = lead::open;
  std::int16_t winning_strength = -1;
  // In play order; the i-th came from leader + i (Long Play: a second lap in the same order).
  std::array<card, max_trick_cards> cards{};

  int seat_at(int position, int players) const {
    return seat_after_steps[static_cast<std::size_t>(players)]
                           [static_cast<std::size_t>(leader + position)];
  }
  int winner(int players) const { return seat_at(winning, players); }

  void start(int leader_seat) {
    *this = trick{};
    leader = static_cast<std::uint8_t>(leader_seat);
  }
  void play(card c, trump t) {
    lead_suit = lead_after(lead_suit, c);
    const int s = strength(c, lead_suit, t);
    const bool better = s > winning_strength;
    winning = better ? count : winning;
    winning_strength = better ? static_cast<std::int16_t>(s) : winning_strength;
    cards[count++] = c;
  }
  // The strength `c` would have if played now (for bots deciding whether it would win).
  int strength_if_played(card c, trump t) const { return strength(c, lead_after(lead_suit, c), t); }
};

// `t` played again with the cards at `positions` (bit i: the i-th card) replaced by those of
// `with`, keeping `t`'s lead (Stealth Play: the lead everyone sees, however a Double-faced
// Golem or a face-down card set it). A viewer's trick and a sampled world's are built so.
inline trick with_cards_at(const trick& t, std::uint8_t positions,
                           const std::array<card, max_seats>& with, trump trump_suit) {
  trick out;
  out.start(t.leader);
  for (int i = 0; i < t.count; ++i) {
    const auto at = static_cast<std::size_t>(i);
    out.play((positions >> i) & 1u ? with[at] : t.cards[at], trump_suit);
  }
  out.lead_suit = t.lead_suit;
  return out;
}

}  // namespace crownhall::crown_battles
