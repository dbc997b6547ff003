// Which cards a player may play into the trick: the kind-pairing rule, following suit
// and, with two players, the hand/Sky alternation. A pure function of what the player
// sees, so the engine and the bots share it.
#pragma once

#include "engine/games/lunar/state.hpp"

namespace crownhall::lunar {

// The cards a player may play at position `pos` of the trick (0-3). `hand` is the player's
// hand; `sky` the Sky; `with_sky` whether this is the two-player game (the Sky may run
// short of one kind near the end of a round). From position 2 on, `partner` is the card
// the player's side played two positions before and `partner_from_sky` whether it came
// from the Sky; `lead_suit` is the trick's lead suit so far (no_suit before a suit card).
// Apart from the trick, so the game can work it out from values in registers as it plays.
constexpr card_set playable_at(card_set hand, card_set sky, int pos, card partner,
                               bool partner_from_sky, int lead_suit, bool with_sky) {
  if (!with_sky) sky = 0;
  if (pos >= 2) {
    // Rules: the second player of a team plays the other kind than their partner; with two
    // players, the second turn also comes from the other place.
    // Masks, not branches: the partner's card's kind and place are coin tosses.
    const card_set partner_rank = card_set{0} - card_set{is_rank(partner)};
    const card_set kind = rank_cards ^ (all_cards & partner_rank);
    const card_set partner_sky = card_set{0} - card_set{partner_from_sky};
    hand &= kind & ~((card_set{0} - card_set{with_sky}) & ~partner_sky);
    sky &= kind & ~partner_sky;
  } else if (with_sky) {
    // A first turn must leave the second one possible: a Sky card of one kind needs a hand
    // card of the other kind, and a hand card needs the other kind in the Sky.
    if (!(hand & suit_cards)) sky &= ~rank_cards;
    if (!(hand & rank_cards)) sky &= ~suit_cards;
    if (!(sky & suit_cards)) hand &= ~rank_cards;
    if (!(sky & rank_cards)) hand &= ~suit_cards;
  }
  if (lead_suit != no_suit) {
    // Follow the lead suit if able, looking only at the place played from.
    const card_set lead = cards_of_suit(lead_suit);
    if (hand & lead) hand &= rank_cards | lead;
    if (sky & lead) sky &= rank_cards | lead;
  }
  return hand | sky;
}

// The cards a player may play now into `trick`.
constexpr card_set playable_cards(card_set hand, card_set sky, const trick_state& trick,
                                  bool with_sky) {
  const int pos = trick.size;
  const int first = pos >= 2 ? pos - 2 : 0;
  return playable_at(hand, sky, pos, trick.cards[first], (trick.from_sky >> first) & 1u,
                     trick.lead_suit, with_sky);
}

// The six cards of `s` in ascending order, if it holds exactly six.
inline bool six_cards(card_set s, std::array<std::uint32_t, 6>& out) {
  for (auto& c : out) {
    c = static_cast<std::uint32_t>(std::countr_zero(s));  // 64 when s is empty
    s &= s - 1;
  }
  return s == 0 && out[5] < 64;
}

// Every exchange open to a hand: each pair of its rank cards with each pair of its suit
// cards (15 x 15 with 6 + 6 cards).
inline void list_exchanges(card_set hand, action_list& out) {
  std::array<std::uint32_t, 15> rank_pairs{}, suit_pairs{};
  int ranks = 0, suits = 0;
  std::array<std::uint32_t, 6> rc{}, sc{};
  if (six_cards(hand & rank_cards, rc) && six_cards(hand & suit_cards, sc)) {
    // The usual hand, 6 + 6 (every deal gives it): the pairs unrolled, so the six cards
    // stay in registers (a table of index pairs would load them back from memory).
    std::size_t k = 0;
#pragma GCC unroll 6
    for (std::size_t i = 0; i < 6; ++i) {
#pragma GCC unroll 6
      for (std::size_t j = i + 1; j < 6; ++j, ++k) {
        rank_pairs[k] =
            encode_exchange(static_cast<card>(rc[i]), static_cast<card>(rc[j]), 0, 0).code;
        suit_pairs[k] =
            encode_exchange(0, 0, static_cast<card>(sc[i]), static_cast<card>(sc[j])).code;
      }
    }
    for (std::size_t a = 0; a < 15; ++a)
      for (std::size_t b = 0; b < 15; ++b) out.push_back(action{rank_pairs[a] | suit_pairs[b]});
    return;
  }
  for (card_set a = hand & rank_cards; a; a &= a - 1)
    for (card_set b = a & (a - 1); b; b &= b - 1)
      if (ranks < 15)
        rank_pairs[ranks++] = encode_exchange(static_cast<card>(std::countr_zero(a)),
                                              static_cast<card>(std::countr_zero(b)), 0, 0)
                                  .code;
  for (card_set a = hand & suit_cards; a; a &= a - 1)
    for (card_set b = a & (a - 1); b; b &= b - 1)
      if (suits < 15)
        suit_pairs[suits++] = encode_exchange(0, 0, static_cast<card>(std::countr_zero(a)),
                                              static_cast<card>(std::countr_zero(b)))
                                  .code;
  for (int r = 0; r < ranks; ++r)
    for (int s = 0; s < suits; ++s) out.push_back(action{rank_pairs[r] | suit_pairs[s]});
}

}  // namespace crownhall::lunar
