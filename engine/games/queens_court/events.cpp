// The move log: what the last play did, per audience. apply() only notes the play
// (note_move); the text is written here when the server asks. A drawn card is named to its
// drawer alone; everyone else learns how many were drawn.
#include <string>

#include "engine/games/queens_court/state.hpp"

namespace crownhall::queens_court {

namespace {

std::string who(int seat) { return seat_name(seat); }

std::string spread_text(int spread) {
  return spread == double_queens ? "two Queens" : "a spread of " + std::to_string(spread);
}

}  // namespace

void game::last_events(event_lines& out) const {
  if (note_.seat == no_seat) return;
  const int s = note_.seat;
  const auto all = event_audience::all();
  const int owner = owner_of(note_.p.pile);
  const std::string pile =
      (owner == s ? "their own" : who(owner) + "'s") + (note_.p.pile % 2 ? " right" : " left");
  if (is_glove(note_.p.c))
    out.push_back({all, who(s) + " closed " + pile + " pile with a Glove"});
  else
    out.push_back(
        {all, who(s) + " played " + std::string(card_id(note_.p.c)) + " on " + pile + " pile"});

  const bool round_ended = history_.size() > note_.round;
  if (!round_ended && draw_next_ > note_.draw_from) {
    // First half: the cards drawn are the draw pile's next ones, in order.
    std::string drawn;
    for (int i = note_.draw_from; i < draw_next_; ++i)
      drawn += (drawn.empty() ? "" : " and ") + std::string(card_id(draw_[i]));
    const int count = draw_next_ - note_.draw_from;
    out.push_back({event_audience::only(s), "you drew " + drawn});
    out.push_back(
        {event_audience::except(s),
         who(s) + (count == 1 ? " drew a card" : " drew " + std::to_string(count) + " cards")});
    if (phase_ == phase::second_half)
      out.push_back({all, "The draw pile is empty: everyone takes a Glove"});
  }
  if (!round_ended && phase_ == phase::second_half && hand_[s] == 0)
    out.push_back({all, who(s) + " played their last card and is locked in"});
  if (!round_ended) return;

  const round_result& r = history_[note_.round];
  std::string line = "Round " + std::to_string(r.round) + ":";
  for (int p = 0; p < settings_.players; ++p)
    line += (p ? ", " : " ") + who(p) + " " + spread_text(r.spread[p]);
  if (r.winner != no_seat)
    line += "; " + who(r.winner) + " wins the round";
  else if (r.tie_wins)
    line += "; a tie: each tied player without a win takes one";
  else
    line += "; a tie: nobody wins the round";
  out.push_back({all, std::move(line)});
  if (phase_ == phase::finished)
    out.push_back({all, who(winner_) + " wins the game with two round wins"});
}

}  // namespace crownhall::queens_court
