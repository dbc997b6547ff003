// The move log: what the last action did, in the rulebook's words, per audience. apply()
// only notes the move (note_move); the text is written here, when the server asks.
// A card is named only where its audience sees it: played cards and revealed fives to all,
// the Thief's exchange to the two players concerned.
#include <string>

#include "engine/games/dwarf_king/specials.hpp"
#include "engine/games/dwarf_king/state.hpp"

namespace crownhall::dwarf_king {

namespace {

std::string who(int seat) { return seat_name(seat); }

std::string two_cards(card_set s) {
  std::string out;
  for_each_card(s, [&](card c) {
    if (!out.empty()) out += " and ";
    out += card_name(c);
  });
  return out;
}

}  // namespace

void game::last_events(event_lines& out) const {
  if (note_.seat == no_seat) return;
  const int s = note_.seat;
  const int arg = argument_of(action{note_.code});
  const auto all = event_audience::all();
  const bool hand_ended = hand_ != note_.hand;
  switch (kind_of(action{note_.code})) {
    case action_kind::play:
      out.push_back(
          {all, who(s) + " played the " + std::string(card_name(static_cast<card>(arg)))});
      if (hand_ended || trick_no_ != note_.trick)
        out.push_back({all, who(note_.winner) + " took the trick"});
      break;
    case action_kind::choose_quest: {
      const quest_side& q = quest_tiles()[quest_].sides[side_];
      out.push_back({all, who(s) + " chose side " + (side_ == 0 ? "A" : "B") +
                              " of the quest: " + std::string(q.name)});
      if (phase_ == phase::steal)
        out.push_back({all, who(thief_) + " shows the Thief and picks whom to steal from"});
      break;
    }
    case action_kind::steal:
      out.push_back({all, who(thief_) + " stole two cards from " + who(victim_)});
      out.push_back({event_audience::only(thief_),
                     "you took the " + two_cards(stolen_) + " from " + who(victim_)});
      out.push_back(
          {event_audience::only(victim_), who(thief_) + " took your " + two_cards(stolen_)});
      break;
    case action_kind::give_back:
      out.push_back({all, who(thief_) + " gave two cards back to " + who(victim_)});
      out.push_back({event_audience::only(thief_),
                     "you gave the " + two_cards(returned_) + " to " + who(victim_)});
      out.push_back({event_audience::only(victim_),
                     "you received the " + two_cards(returned_) + " from " + who(thief_)});
      break;
    case action_kind::swap_hands:
      out.push_back({all, who(s) + " used the Druid: swapped hands with " + who(arg)});
      break;
    case action_kind::pass_hands:
      out.push_back({all, who(s) + " used the Standard Bearer: every hand passes " +
                              (arg == pass_left ? "left" : "right")});
      break;
    case action_kind::sorcerer:
      out.push_back({all, who(s) + " used the Sorcerer and took the " +
                              std::string(card_name(static_cast<card>(arg))) +
                              " back from the trick"});
      break;
    case action_kind::pass:
    case action_kind::none:
      break;
  }
  if (phase_ == phase::playing && first_leader_ != no_seat && trick_no_ == 0 &&
      current_.count == 0 &&
      (kind_of(action{note_.code}) == action_kind::choose_quest ||
       kind_of(action{note_.code}) == action_kind::give_back))
    out.push_back({all, who(first_leader_) + " holds the 5 of Goblins and leads"});
  if (!hand_ended) return;
  // The hand just scored (results_ holds it), then the next hand or the end.
  const hand_result& r = results_[note_.hand];
  std::string line = "Hand " + std::to_string(note_.hand + 1) + " scored:";
  for (int p = 0; p < settings_.players; ++p) {
    const auto i = static_cast<std::size_t>(p);
    line += (p ? ", " : " ") + who(p) + " " + (r.points[i] >= 0 ? "+" : "") +
            std::to_string(r.points[i]) + " (" + std::to_string(r.totals[i]) + ")";
  }
  out.push_back({all, std::move(line)});
  if (phase_ == phase::finished) {
    int best = 0;
    for (int p = 1; p < settings_.players; ++p)
      if (totals_[static_cast<std::size_t>(p)] > totals_[static_cast<std::size_t>(best)]) best = p;
    out.push_back({all, who(best) + " wins the game with " +
                            std::to_string(totals_[static_cast<std::size_t>(best)]) + " points"});
  } else {
    out.push_back({all, "Hand " + std::to_string(hand_ + 1) + ": " + who(quest_holder_) +
                            " holds the 5 of Knights and chooses the quest"});
  }
}

}  // namespace crownhall::dwarf_king
