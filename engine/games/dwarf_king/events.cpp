// The move log: what the last action did, as events (kind and arguments; every kind:
// protocol/dwarf-king.md, "Events"), per audience. apply() only notes the move (note_move);
// the events are built here, when the server asks. A card is named only where its audience
// sees it: played cards and revealed fives to all, the Thief's exchange to the two players
// concerned.
#include <string>

#include "engine/games/dwarf_king/specials.hpp"
#include "engine/games/dwarf_king/state.hpp"

namespace crownhall::dwarf_king {

namespace {

using nlohmann::json;

json cards_json(card_set s) {
  json out = json::array();
  for_each_card(s, [&](card c) { out.push_back(card_id(c)); });
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
      out.push_back({all, "played", {{"seat", s}, {"card", card_id(static_cast<card>(arg))}}});
      if (hand_ended || trick_no_ != note_.trick)
        out.push_back({all, "trick_won", {{"seat", note_.winner}}});
      break;
    case action_kind::choose_quest:
      out.push_back({all,
                     "quest_chosen",
                     {{"seat", s}, {"tile", quest_ + 1}, {"side", side_ == 0 ? "A" : "B"}}});
      if (phase_ == phase::steal) out.push_back({all, "thief_shown", {{"seat", thief_}}});
      break;
    case action_kind::steal:
      out.push_back({all, "stole", {{"seat", thief_}, {"from", victim_}}});
      out.push_back({event_audience::only(thief_),
                     "own_steal",
                     {{"seat", thief_}, {"from", victim_}, {"cards", cards_json(stolen_)}}});
      out.push_back({event_audience::only(victim_),
                     "stolen_from_you",
                     {{"seat", victim_}, {"by", thief_}, {"cards", cards_json(stolen_)}}});
      break;
    case action_kind::give_back:
      out.push_back({all, "gave_back", {{"seat", thief_}, {"to", victim_}}});
      out.push_back({event_audience::only(thief_),
                     "own_give_back",
                     {{"seat", thief_}, {"to", victim_}, {"cards", cards_json(returned_)}}});
      out.push_back({event_audience::only(victim_),
                     "given_back_to_you",
                     {{"seat", victim_}, {"from", thief_}, {"cards", cards_json(returned_)}}});
      break;
    case action_kind::swap_hands:
      out.push_back({all, "druid_swap", {{"seat", s}, {"with", arg}}});
      break;
    case action_kind::pass_hands:
      out.push_back(
          {all, "hands_passed", {{"seat", s}, {"direction", arg == pass_left ? "left" : "right"}}});
      break;
    case action_kind::sorcerer:
      out.push_back(
          {all, "sorcerer_took", {{"seat", s}, {"card", card_id(static_cast<card>(arg))}}});
      break;
    case action_kind::pass:
    case action_kind::none:
      break;
  }
  if (phase_ == phase::playing && first_leader_ != no_seat && trick_no_ == 0 &&
      current_.count == 0 &&
      (kind_of(action{note_.code}) == action_kind::choose_quest ||
       kind_of(action{note_.code}) == action_kind::give_back))
    out.push_back({all, "first_lead", {{"seat", first_leader_}}});
  if (!hand_ended) return;
  // The hand just scored (results_ holds it), then the next hand or the end.
  const hand_result& r = results_[note_.hand];
  json points = json::array(), totals = json::array();
  for (int p = 0; p < settings_.players; ++p) {
    points.push_back(r.points[static_cast<std::size_t>(p)]);
    totals.push_back(r.totals[static_cast<std::size_t>(p)]);
  }
  out.push_back(
      {all, "hand_scored", {{"hand", note_.hand + 1}, {"points", points}, {"totals", totals}}});
  if (phase_ == phase::finished) {
    int best = 0;
    for (int p = 1; p < settings_.players; ++p)
      if (totals_[static_cast<std::size_t>(p)] > totals_[static_cast<std::size_t>(best)]) best = p;
    out.push_back(
        {all, "game_won", {{"seat", best}, {"points", totals_[static_cast<std::size_t>(best)]}}});
  } else {
    out.push_back({all, "hand_dealt", {{"hand", hand_ + 1}, {"seat", quest_holder_}}});
  }
}

}  // namespace crownhall::dwarf_king
