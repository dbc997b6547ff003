// Who may act, what they may do, and apply(): every refusal leaves the state untouched.
#include <string>

#include "engine/games/dwarf_king/state.hpp"

namespace crownhall::dwarf_king {

void game::legal_actions(int seat, action_list& out) const {
  out.clear();
  if (seat < 0 || seat >= settings_.players) return;
  if (phase_ == phase::playing) {
    if (seat == to_act_)
      for_each_card(playable_, [&](card c) { out.push_back(make_action(action_kind::play, c)); });
    return;
  }
  dwarf_king::legal_actions(turn_of(seat), out);
}

void game::refresh_playable() {
  playable_ = phase_ == phase::playing
                  ? playable(hands_[to_act_], current_, previous_winner_, trick_no_ == 0)
                  : 0;
}

apply_result game::apply(int seat, action a) {
  // The common case first: the seat to act plays a card it may play.
  if (phase_ == phase::playing && seat == to_act_ && kind_of(a) == action_kind::play &&
      argument_of(a) < card_count && contains(playable_, static_cast<card>(argument_of(a)))) {
    play(seat, static_cast<card>(argument_of(a)));
    refresh_playable();
    return std::nullopt;
  }
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
  refresh_playable();
  return std::nullopt;
}

}  // namespace crownhall::dwarf_king
