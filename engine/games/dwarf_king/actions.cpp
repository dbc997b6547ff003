#include "engine/games/dwarf_king/actions.hpp"

#include "engine/games/dwarf_king/specials.hpp"

namespace crownhall::dwarf_king {

namespace {

constexpr card sorcerer_card = special_card(special::sorcerer);

bool other_seat(const turn& t, int s) { return s >= 0 && s < t.players && s != t.seat; }

card_set playable_now(const turn& t) {
  return playable(t.hand, *t.current, t.previous_winner, t.first_trick);
}

}  // namespace

std::string_view phase_name(enum phase p) {
  switch (p) {
    case phase::quest:
      return "quest";
    case phase::steal:
      return "steal";
    case phase::give_back:
      return "give_back";
    case phase::playing:
      return "playing";
    case phase::swap_hands:
      return "swap_hands";
    case phase::pass_hands:
      return "pass_hands";
    case phase::sorcerer:
      return "sorcerer_window";
    case phase::finished:
      return "finished";
  }
  return "finished";
}

void legal_actions(const turn& t, action_list& out) {
  out.clear();
  if (!t.may_act) return;
  switch (t.phase) {
    case phase::quest:
      out.push_back(make_action(action_kind::choose_quest, 0));
      out.push_back(make_action(action_kind::choose_quest, 1));
      break;
    case phase::steal:
    case phase::swap_hands: {
      const action_kind k = t.phase == phase::steal ? action_kind::steal : action_kind::swap_hands;
      for (int s = 0; s < t.players; ++s)
        if (s != t.seat) out.push_back(make_action(k, s));
      break;
    }
    case phase::give_back:
      for (card_set a = t.hand; a; a &= a - 1)
        for (card_set b = a & (a - 1); b; b &= b - 1)
          out.push_back(give_back_action(lowest(a), lowest(b)));
      break;
    case phase::playing:
      for_each_card(playable_now(t),
                    [&](card c) { out.push_back(make_action(action_kind::play, c)); });
      break;
    case phase::pass_hands:
      out.push_back(make_action(action_kind::pass_hands, pass_left));
      out.push_back(make_action(action_kind::pass_hands, pass_right));
      break;
    case phase::sorcerer:
      out.push_back(make_action(action_kind::pass));
      if (contains(t.hand, sorcerer_card))
        for_each_card(t.last->cards(),
                      [&](card c) { out.push_back(make_action(action_kind::sorcerer, c)); });
      break;
    case phase::finished:
      break;
  }
}

bool is_legal(const turn& t, action a) {
  if (!t.may_act) return false;
  const int arg = argument_of(a);
  switch (kind_of(a)) {
    case action_kind::play:
      return t.phase == phase::playing && arg < card_count &&
             contains(playable_now(t), static_cast<card>(arg));
    case action_kind::choose_quest:
      return t.phase == phase::quest && arg <= 1;
    case action_kind::steal:
      return t.phase == phase::steal && other_seat(t, arg);
    case action_kind::swap_hands:
      return t.phase == phase::swap_hands && other_seat(t, arg);
    case action_kind::give_back: {
      const card x = first_card(a), y = second_card(a);
      return t.phase == phase::give_back && x != y && contains(t.hand, x) && contains(t.hand, y);
    }
    case action_kind::pass_hands:
      return t.phase == phase::pass_hands && arg <= 1;
    case action_kind::sorcerer:
      return t.phase == phase::sorcerer && contains(t.hand, sorcerer_card) && arg < card_count &&
             contains(t.last->cards(), static_cast<card>(arg));
    case action_kind::pass:
      return t.phase == phase::sorcerer;
    case action_kind::none:
      return false;
  }
  return false;
}

std::string why_illegal(const turn& t, action a) {
  const int arg = argument_of(a);
  const auto wrong_phase = [&](const char* what) {
    return std::string(what) + " is not possible now (phase: " + std::string(phase_name(t.phase)) +
           ")";
  };
  switch (kind_of(a)) {
    case action_kind::play: {
      if (t.phase != phase::playing) return wrong_phase("playing a card");
      const card c = static_cast<card>(arg);
      if (arg >= card_count || !contains(t.hand, c)) return "you do not hold that card";
      if (t.current->empty()) {
        if (has_effect(c, effect::puppeteer)) return "the Puppeteer cannot lead";
        if (has_effect(c, effect::excalibur))
          return "Excalibur cannot lead: it is played when you cannot follow suit";
      }
      if (t.first_trick && has_effect(c, effect::mummy))
        return "the Mummy cannot be played in the first trick";
      if (has_effect(c, effect::excalibur) || has_effect(c, effect::sorcerer))
        return std::string(card_name(c)) + " may only be played when you cannot follow " +
               std::string(suit_name(t.current->led));
      return "you must follow suit (" + std::string(suit_name(t.current->led)) + ")";
    }
    case action_kind::choose_quest:
      return t.phase != phase::quest ? wrong_phase("choosing the quest")
                                     : "the side is \"A\" or \"B\"";
    case action_kind::steal:
      return t.phase != phase::steal ? wrong_phase("choosing the Thief's victim")
                                     : "pick another player's seat";
    case action_kind::swap_hands:
      return t.phase != phase::swap_hands ? wrong_phase("swapping hands (the Druid)")
                                          : "pick another player's seat";
    case action_kind::give_back:
      return t.phase != phase::give_back ? wrong_phase("giving cards back (the Thief)")
                                         : "give back two different cards from your hand";
    case action_kind::pass_hands:
      return t.phase != phase::pass_hands ? wrong_phase("passing hands (the Standard Bearer)")
                                          : "the direction is \"left\" or \"right\"";
    case action_kind::sorcerer:
      if (t.phase != phase::sorcerer) return wrong_phase("using the Sorcerer");
      if (!contains(t.hand, sorcerer_card)) return "you do not hold the Sorcerer";
      return "that card is not in the trick just played";
    case action_kind::pass:
      return wrong_phase("passing");
    case action_kind::none:
      break;
  }
  return "unknown action";
}

}  // namespace crownhall::dwarf_king
