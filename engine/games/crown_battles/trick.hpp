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

// The lead after `c` is played onto a trick whose lead was `l`.
constexpr lead lead_after(lead l, card c) {
  if (l != lead::open) return l;
  switch (kind_of(c)) {
    case card_kind::numbered:
      return lead_of(suit_of(c));
    case card_kind::golem:
    case card_kind::dragon:
      return lead::none;
    default:
      return lead::open;  // a Peasant (or a Peasant-power special) leaves it open
  }
}

// How strongly `c` bids for the trick once the lead is `l` (already updated for `c`). The
// winner is the first card of the highest strength (rulings, Tricks: first Dragon, else first
// Golem, else highest trump, else highest of the lead suit, else the first Peasant).
constexpr int strength(card c, lead l, trump t) {
  switch (kind_of(c)) {
    case card_kind::dragon:
      return 400;
    case card_kind::golem:
      return 300;
    case card_kind::numbered:
      if (is_trump(t, suit_of(c))) return 200 + rank_of(c);
      if (is_suit(l) && suit_of(l) == suit_of(c)) return 100 + rank_of(c);
      return 0;
    default:
      return 0;
  }
}

// Rulings, Tricks: a hand holding the lead suit must play it, but Golems, Dragons and
// Peasants may always be played instead.
constexpr card_set playable(card_set hand, lead l) {
  if (!is_suit(l)) return hand;
  const card_set follow = hand & suit_cards(suit_of(l));
  return follow.empty() ? hand : follow | (hand & unsuited_cards);
}

struct trick {
  std::uint8_t leader = 0;
  std::uint8_t count = 0;    // cards played so far
  std::uint8_t winning = 0;  // position (in play order) of the card winning so far
  lead lead_suit = lead::open;
  std::int16_t winning_strength = -1;
  std::array<card, max_seats> cards{};  // in play order; the i-th came from leader + i

  int seat_at(int position, int players) const { return (leader + position) % players; }
  int winner(int players) const { return seat_at(winning, players); }

  void start(int leader_seat) {
    *this = trick{};
    leader = static_cast<std::uint8_t>(leader_seat);
  }
  void play(card c, trump t) {
    lead_suit = lead_after(lead_suit, c);
    const int s = strength(c, lead_suit, t);
    if (s > winning_strength) {
      winning_strength = static_cast<std::int16_t>(s);
      winning = count;
    }
    cards[count++] = c;
  }
  // The strength `c` would have if played now (for bots deciding whether it would win).
  int strength_if_played(card c, trump t) const { return strength(c, lead_after(lead_suit, c), t); }
};

}  // namespace crownhall::crown_battles
