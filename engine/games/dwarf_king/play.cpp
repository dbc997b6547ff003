// Playing the tricks of a hand: legal actions, apply() (every refusal leaves the state
// untouched), a card played, a trick taken, and the special cards' effects at the end of a
// trick. One translation unit, so the compiler can inline a card's whole path from apply().
#include <string>

#include "engine/games/dwarf_king/specials.hpp"
#include "engine/games/dwarf_king/state.hpp"

namespace crownhall::dwarf_king {

void game::legal_actions(int seat, action_list& out) const {
  out.clear();
  // The common case first: the seat to act lists its cached playable cards (to_act_ is
  // always a seat of the table, so no range check is needed before comparing).
  if (phase_ == phase::playing) {
    if (seat == to_act_)
      for_each_card(playable_, [&](card c) { out.push_back(make_action(action_kind::play, c)); });
    return;
  }
  list_other(seat, out);
}

// Kept out of legal_actions(): the turn it builds needs a stack frame that a card's turn
// would otherwise set up too.
[[gnu::noinline]] void game::list_other(int seat, action_list& out) const {
  if (seat < 0 || seat >= settings_.players) return;
  dwarf_king::legal_actions(turn_of(seat), out);
}

apply_result game::apply(int seat, action a) {
  // The common case first: the seat to act plays a card it may play. `played` is the card
  // if `a` is a play, and 53 or more for any other action, so one unsigned compare checks
  // both the kind and the card.
  const std::uint32_t played = a.code - make_action(action_kind::play, 0).code;
  if (phase_ == phase::playing && seat == to_act_ && played < card_count &&
      ((playable_ >> played) & 1u)) {
    const card c = static_cast<card>(played);
    note_move(seat, a);
    if (current_.count + 1 == settings_.players) {  // the last card of the trick
      play(seat, c);
      refresh_turn();
      return std::nullopt;
    }
    play_within_trick(seat, c);
    return std::nullopt;
  }
  return apply_other(seat, a);
}

// A card that leaves the trick open: the next seat's turn is worked out here, from the card
// just played, without refresh_turn()'s general case.
[[gnu::always_inline]] inline void game::play_within_trick(int seat, card c) {
  const played_card p = played_as(c, seat, current_, previous_winner_);
  place_card(seat, p);
  // The next seat: no `%` by 3 or 5, and no branch on whether the seat is the last one
  // (the leader is random, so that branch would be a coin toss).
  const int next = (seat + 1) & -static_cast<int>(seat + 1 != settings_.players);
  to_act_ = static_cast<std::uint8_t>(next);
  acting_ = static_cast<seat_mask>(1u << next);
  playable_ = playable_following(hands_[static_cast<std::size_t>(next)], current_.led, p.as,
                                 previous_winner_, trick_no_ == 0);
}

// Puts `p`, played by `seat`, on the trick.
[[gnu::always_inline]] inline void game::place_card(int seat, const played_card& p) {
  add_play(current_, p);
  on_table_ |= bit(p.c);
  hands_[static_cast<std::size_t>(seat)] &= ~bit(p.c);
}

// Kept out of apply(): its refusals build strings, and the frame they need would otherwise
// be set up for every card played.
[[gnu::noinline]] apply_result game::apply_other(int seat, action a) {
  if (phase_ == phase::finished) return game_error{error_code::game_over, "the game is over"};
  if (seat < 0 || seat >= settings_.players)
    return game_error{error_code::not_your_turn, "there is no seat " + std::to_string(seat)};
  const turn t = turn_of(seat);
  if (!t.may_act) {
    if (phase_ == phase::sorcerer)
      return game_error{error_code::not_your_turn,
                        "you have already answered the Sorcerer's window"};
    return game_error{error_code::not_your_turn,
                      "it is seat " + std::to_string(to_act_) + "'s turn"};
  }
  if (!is_legal(t, a)) return game_error{error_code::illegal_action, why_illegal(t, a)};
  note_move(seat, a);
  const int arg = argument_of(a);
  switch (kind_of(a)) {
    case action_kind::play:
      play(seat, static_cast<card>(arg));
      break;
    case action_kind::choose_quest:
      choose_quest(arg);
      break;
    case action_kind::steal:
      steal(arg);
      break;
    case action_kind::give_back:
      give_back(first_card(a), second_card(a));
      break;
    case action_kind::swap_hands:
      swap_hands(arg);
      break;
    case action_kind::pass_hands:
      pass_hands(arg);
      break;
    case action_kind::sorcerer:
      use_sorcerer(seat, static_cast<card>(arg));
      break;
    case action_kind::pass:
      pending_ = static_cast<seat_mask>(pending_ & ~(1u << seat));
      if (pending_ == 0) lead_next_trick();
      break;
    case action_kind::none:
      break;
  }
  refresh_turn();
  return std::nullopt;
}

// A legal card played by the seat to act. Inline into apply(): a card's whole turn without
// a call (finish_trick() stays out).
[[gnu::always_inline]] inline void game::play(int seat, card c) {
  if (current_.count + 1 < settings_.players) {
    play_within_trick(seat, c);
    return;
  }
  place_card(seat, played_as(c, seat, current_, previous_winner_));
  finish_trick();
}

// Rulebook, "Playing a hand": the trick goes to its winner, who leads the next one. The
// special card of the hand, if it is in this trick, acts now (rulings, "Special cards").
// Out of line: once a trick, and keeping it out lets a card's turn inline into apply().
[[gnu::noinline]] void game::finish_trick() {
  const card_set cards = on_table_;
  const played_card& best = current_.plays[static_cast<std::size_t>(
      cards & (bit(dragon_card) | bit(excalibur_card)) ? special_winning_play(current_)
                                                       : led_suit_winning_play(current_))];
  const int w = best.seat;
  const auto wi = static_cast<std::size_t>(w);
  const bool last = trick_no_ + 1 == hand_size(settings_.players);
  taken_[wi] |= cards;
  ++tricks_[wi];
  ++tricks_in_game_;
  winners_[trick_no_] = static_cast<std::uint8_t>(w);
  note_.winner = static_cast<std::uint8_t>(w);

  if (tinkerer_pending_) {
    bonus_[wi] = static_cast<std::int16_t>(bonus_[wi] + rule_of(special::tinkerer).points);
    tinkerer_pending_ = false;
  }
  // The hand's special card acts only from its own trick: most tricks skip it.
  const bool choice = contains(cards, special_) && special_acts(w, last);
  last_ = current_;
  hand_tricks_[trick_no_] = current_;
  last_winner_ = static_cast<std::uint8_t>(w);
  previous_winner_ = best.c;
  current_ = {};
  on_table_ = 0;
  ++trick_no_;
  if (last) {
    end_hand();
  } else if (choice) {
    to_act_ = effect_seat_;
  } else {
    resume_play();
  }
}

// The hand's special card, in the trick just won by `w`, takes effect (rulings, "Special
// cards"). True when it leaves a choice to make (the Druid, the Standard Bearer). Out of
// line: once a hand, and its registers would otherwise be saved for every trick.
[[gnu::noinline]] bool game::special_acts(int w, bool last) {
  const card_set cards = on_table_;
  const auto wi = static_cast<std::size_t>(w);
  bool choice = false;
  for (int i = 0; i < current_.count; ++i) {
    const played_card& p = current_.plays[static_cast<std::size_t>(i)];
    if (p.c != special_) continue;
    const special_rule& r = rule_of(special_of(p.c));
    const auto by = static_cast<std::size_t>(p.seat);
    switch (r.kind) {
      case effect::last_trick_bonus:
        if (last) bonus_[by] = static_cast<std::int16_t>(bonus_[by] + r.points);
        break;
      case effect::faces_in_trick: {
        int faces = 0;
        for_each_card(cards, [&](card c) { faces += is_face(c); });
        bonus_[by] = static_cast<std::int16_t>(bonus_[by] + r.points * faces);
        break;
      }
      case effect::taker_bonus:
        bonus_[wi] = static_cast<std::int16_t>(bonus_[wi] + r.points);
        break;
      case effect::next_trick_bonus:
        tinkerer_pending_ = !last;
        break;
      case effect::double_score:
        enchanted_ = static_cast<std::uint8_t>(w);
        break;
      case effect::swap_hands:
      case effect::pass_hands:
        if (!last) {
          effect_seat_ = p.seat;
          choice = true;
          phase_ = r.kind == effect::swap_hands ? phase::swap_hands : phase::pass_hands;
        }
        break;
      default:
        break;
    }
  }
  return choice;
}

// After a trick and its choices: the Sorcerer's window while the Sorcerer is in a hand
// (every seat answers, so nobody learns who holds it), else the winner leads.
void game::resume_play() {
  effect_seat_ = no_seat;
  if (has_effect(special_, effect::sorcerer) && holder_of(special_) != no_seat) {
    phase_ = phase::sorcerer;
    pending_ = static_cast<seat_mask>((1u << settings_.players) - 1);
    return;
  }
  lead_next_trick();
}

void game::lead_next_trick() {
  pending_ = 0;
  phase_ = phase::playing;
  to_act_ = last_winner_;
}

}  // namespace crownhall::dwarf_king
