// Who saw a card move. A seat's `known` lists (view.cpp) are the cards of other hands it was
// allowed to see; they change only by what that seat saw happen, never by the true state
// (rulings, "What must stay hidden"):
// - a card that moves in secret (a Merchant's random card or the card given for it, a
//   Magician's pass, a Smuggler's put-back) shows which card it was to the two seats it is
//   between alone; everyone else no longer knows any card of the hand it left, since any of
//   them may be the one that went;
// - a card a Leaked Suit round showed lies face up: when it moves, everyone sees it go;
// - whole hands that change places in plain sight (the Cursed card) keep what anyone knew
//   of their cards;
// - Stealth Play: a card played face down is still its seat's to those who knew it, until
//   the trick turns up.
#include "engine/games/crown_battles/state.hpp"

namespace crownhall::crown_battles {

namespace {

knowledge<card_count>::card_bits bits_of(card_set cards) {
  knowledge<card_count>::card_bits b;
  for (card c : cards) b.set(static_cast<std::size_t>(index_of(c)));
  return b;
}

}  // namespace

card_set state::held_or_face_down(int seat) const {
  card_set cards = hands_[static_cast<std::size_t>(seat)];
  const std::uint8_t down = face_down_positions(spectator);
  for (int i = 0; i < trick_.count; ++i)
    if (((down >> i) & 1u) && trick_.seat_at(i, table_.players) == seat)
      cards.insert(trick_.cards[static_cast<std::size_t>(i)]);
  return cards;
}

state::secret_move state::begin_secret_move(int from, int to, card c) {
  const bool in_sight = leaked_in_hand(from).contains(c);
  // The seat it goes to (a seat, or `from` itself for the undealt deck) sees it arrive.
  if (!in_sight) known_.forget_all_but(from, to >= 0 ? to : from, bits_of(held_or_face_down(from)));
  // No longer shown, even if it comes back: it would show which card came.
  if (in_sight) leaked_[static_cast<std::size_t>(from)].erase(c);
  return {from, to, c, in_sight};
}

void state::end_secret_move(const secret_move& m) {
  known_.forget(index_of(m.c));
  if (m.to < 0) return;  // back in the undealt deck: nobody keeps track of it there
  known_.learn(m.from, index_of(m.c));
  if (m.in_sight) known_.reveal(bits_of(card_set::of(m.c)));
}

void state::hands_swapped_in_sight(int x, int y) {
  const card_set now_x = hands_[static_cast<std::size_t>(x)];
  const card_set now_y = hands_[static_cast<std::size_t>(y)];
  // Each of the two knows the hand the other now holds: it was theirs.
  known_.learn_all(x, bits_of(now_y));
  known_.learn_all(y, bits_of(now_x));
  // The cards a Leaked Suit showed went over face up, and are no longer shown.
  card_set& shown_x = leaked_[static_cast<std::size_t>(x)];
  card_set& shown_y = leaked_[static_cast<std::size_t>(y)];
  known_.reveal(bits_of((now_y & shown_x) | (now_x & shown_y)));
  shown_x = shown_x - now_y;
  shown_y = shown_y - now_x;
}

bool state::plays_face_down(int position, card c) const {
  return type_ == round_type::stealth && position > 0 && !is_special(c) &&
         position + 1 < trick_size_;
}

void state::face_down_cards_turned_up() {
  for (int i = 1; i < trick_.count; ++i) {
    const card k = trick_.cards[static_cast<std::size_t>(i)];
    if (!is_special(k)) known_.forget(index_of(k));
  }
}

}  // namespace crownhall::crown_battles
