// The move log: what the last play did, as events (kind and arguments; every kind:
// protocol/queens-court.md, "Events"), per audience. apply() only notes the play
// (note_move); the events are built here when the server asks. A drawn card is named to its
// drawer alone; everyone else learns how many were drawn.
#include <string>

#include "engine/games/queens_court/state.hpp"

namespace crownhall::queens_court {

namespace {

using nlohmann::json;

// A round's spread: its size, or "queens" for two Queens (where the view writes null).
json spread_json(int spread) { return spread == double_queens ? json("queens") : json(spread); }

}  // namespace

void game::last_events(event_lines& out) const {
  if (note_.seat == no_seat) return;
  const int s = note_.seat;
  const auto all = event_audience::all();
  // A pile as its owner's seat and its side.
  const json pile = {{"owner", owner_of(note_.p.pile)},
                     {"side", note_.p.pile % 2 ? "right" : "left"}};
  if (is_glove(note_.p.c))
    out.push_back({all, "pile_closed", {{"seat", s}, {"pile", pile}}});
  else
    out.push_back({all, "played", {{"seat", s}, {"card", card_id(note_.p.c)}, {"pile", pile}}});

  const bool round_ended = history_.size() > note_.round;
  if (!round_ended && draw_next_ > note_.draw_from) {
    // First half: the cards drawn are the draw pile's next ones, in order.
    json drawn = json::array();
    for (int i = note_.draw_from; i < draw_next_; ++i) drawn.push_back(card_id(draw_[i]));
    const int count = draw_next_ - note_.draw_from;
    out.push_back({event_audience::only(s), "own_draw", {{"seat", s}, {"cards", drawn}}});
    out.push_back({event_audience::except(s), "drew", {{"seat", s}, {"count", count}}});
    if (phase_ == phase::second_half) out.push_back({all, "draw_pile_empty"});
  }
  if (!round_ended && phase_ == phase::second_half && hand_[s] == 0)
    out.push_back({all, "locked_in", {{"seat", s}}});
  if (!round_ended) return;

  const round_result& r = history_[note_.round];
  json spreads = json::array();
  for (int p = 0; p < settings_.players; ++p) spreads.push_back(spread_json(r.spread[p]));
  // The winner's seat, or null for a tie (`tie_wins`: each tied player without a win takes one).
  out.push_back({all,
                 "round_scored",
                 {{"round", r.round},
                  {"spreads", spreads},
                  {"winner", r.winner != no_seat ? json(r.winner) : json(nullptr)},
                  {"tie_wins", r.tie_wins}}});
  if (phase_ == phase::finished) out.push_back({all, "game_won", {{"seat", winner_}}});
}

}  // namespace crownhall::queens_court
