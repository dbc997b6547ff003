// The choices outside the tricks: the quest's side, the Thief's exchange, and the choices
// the Druid, the Standard Bearer and the Sorcerer give between tricks.
#include <bit>

#include "engine/games/dwarf_king/specials.hpp"
#include "engine/games/dwarf_king/state.hpp"

namespace crownhall::dwarf_king {

// Rulebook, "Dealing the cards": the holder of the 5 of Knights picks one side. Rulings,
// Thief: it is shown right after, before anyone leads.
void game::choose_quest(int side) {
  side_ = static_cast<std::uint8_t>(side);
  if (has_effect(special_, effect::steal)) {
    thief_ = static_cast<std::uint8_t>(holder_of(special_));
    reveal(special_);
    phase_ = phase::steal;
    to_act_ = thief_;
    return;
  }
  begin_play();
}

// Rulings, Thief: two random cards from the victim's hand (a stacked deal may fix them).
void game::steal(int victim) {
  victim_ = static_cast<std::uint8_t>(victim);
  card_set& from = hands_[static_cast<std::size_t>(victim)];
  const card_set victims_hand = from;
  const stacked_hand* sh = stacked(hand_);
  const int count = rule_of(special::thief).points;
  if (sh && size_of(sh->thief_draw) == count && (sh->thief_draw & ~from) == 0) {
    stolen_ = sh->thief_draw;
  } else {
    stolen_ = 0;
    for (int i = 0; i < count; ++i) {
      card_set left = from & ~stolen_;
      for (std::uint32_t k = rng_.below(static_cast<std::uint32_t>(size_of(left))); k > 0; --k)
        left &= left - 1;
      stolen_ |= bit(lowest(left));
    }
  }
  from &= ~stolen_;
  hands_[thief_] |= stolen_;
  // The victim sees which cards went (the Thief sees them in its hand); the others no
  // longer know where any card of the victim's hand is (a revealed 5 may have been taken).
  known_.forget_all_but(thief_, victim_, victims_hand);
  known_.learn_all(victim_, stolen_);
  phase_ = phase::give_back;
}

void game::give_back(card a, card b) {
  returned_ = bit(a) | bit(b);
  const card_set thiefs_hand = hands_[thief_];
  hands_[thief_] &= ~returned_;
  hands_[victim_] |= returned_;
  // The two players know what crossed (the victim sees it arrive); the others no longer
  // know where any card of the Thief's hand is either (the Thief itself may have gone back).
  known_.forget_all_but(thief_, victim_, thiefs_hand);
  known_.learn_all(thief_, returned_);
  begin_play();
}

// Rulings, Druid: its player swaps whole hands with the player of their choice.
void game::swap_hands(int with) {
  const auto a = static_cast<std::size_t>(effect_seat_), b = static_cast<std::size_t>(with);
  std::swap(hands_[a], hands_[b]);
  moved_.after_tricks = trick_no_;
  for (int s = 0; s < settings_.players; ++s)
    moved_.to[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(s);
  std::swap(moved_.to[a], moved_.to[b]);
  // Each knows the hand they gave away; the table saw the hands change places, so what
  // anyone knew of a card still holds where it went.
  known_.learn_all(effect_seat_, hands_[b]);
  known_.learn_all(with, hands_[a]);
  resume_play();
}

// Rulings, Standard Bearer: every hand passes to the next seat (left) or the previous one.
void game::pass_hands(int direction) {
  const int n = settings_.players;
  const auto to = [&](int s) {
    return static_cast<std::size_t>(direction == pass_left ? (s + 1) % n : (s + n - 1) % n);
  };
  std::array<card_set, max_players> hands{};
  // Each seat knows the hand it passed; the table saw every hand move on, so what anyone
  // knew of a card still holds where it went.
  moved_.after_tricks = trick_no_;
  for (int s = 0; s < n; ++s) {
    hands[to(s)] = hands_[static_cast<std::size_t>(s)];
    moved_.to[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(to(s));
    known_.learn_all(s, hands_[static_cast<std::size_t>(s)]);
  }
  hands_ = hands;
  resume_play();
}

// Rulings, Sorcerer: a card of the trick just played goes to its holder's hand, the
// Sorcerer takes its place in the trick (and so in its taker's pile). Everyone sees it.
void game::use_sorcerer(int seat, card c) {
  const auto w = static_cast<std::size_t>(last_winner_);
  taken_[w] = (taken_[w] & ~bit(c)) | bit(special_);
  hands_[static_cast<std::size_t>(seat)] =
      (hands_[static_cast<std::size_t>(seat)] & ~bit(special_)) | bit(c);
  for (int i = 0; i < last_.count; ++i) {
    played_card& p = last_.plays[static_cast<std::size_t>(i)];
    if (p.c == c) p = {special_, p.seat, suit::none, 0};
  }
  reveal(c);
  lead_next_trick();
}

// Rulings, Sorcerer (our ruling on its window, docs/rules/dwarf-king.md): nobody may learn
// who holds it, so the window is the same for every seat and every holder. Nobody but the
// holder is asked; the window closes when the Sorcerer is used, when every seat has passed,
// or after a fixed time: the table passes for each seat still deciding, one after another,
// as soon as the time is up (the same step for the next seat keeps the count).
std::optional<timed_step> game::timed_step_request() const {
  if (phase_ != phase::sorcerer || pending_ == 0) return std::nullopt;
  const int first = std::countr_zero(static_cast<unsigned>(pending_));
  return timed_step{first, make_action(action_kind::pass), sorcerer_window_seconds, false};
}

}  // namespace crownhall::dwarf_king
