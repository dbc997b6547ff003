// The move log: what the last action did, per audience. apply() only notes the move
// (note_of); the text is written here when the server asks. The exchange is secret: a seat
// reads its own cards passed and received, the others only that it chose.
#include <bit>
#include <string>

#include "engine/games/lunar/state.hpp"

namespace crownhall::lunar {

namespace {

std::string who(int seat) { return seat_name(seat); }

std::string cards_text(card_set s) {
  std::string out;
  for (card c = 0; c < card_count; ++c)
    if (s & bit(c)) out += (out.empty() ? "" : " ") + std::string(card_id(c));
  return out;
}

}  // namespace

void game::last_events(event_lines& out) const {
  if (note_.seat == 0xff) return;
  const int s = note_.seat;
  const action a{note_.code};
  const auto all = event_audience::all();
  const int n = settings_.players;
  auto team = [&](int t) { return n == 4 ? who(t) + " and " + who(t + 2) : who(t); };
  switch (type_of(a)) {
    case action_type::exchange:
      out.push_back({event_audience::except(s), who(s) + " chose the cards to pass"});
      out.push_back(
          {event_audience::only(s), "you chose to pass " + cards_text(exchange_cards(a))});
      if (phase_ != phase::exchange && round_ == note_.round) {
        out.push_back({all, "Partners exchanged their cards"});
        for (int p = 0; p < 4; ++p)
          out.push_back({event_audience::only(p),
                         "you received " + cards_text(received_[p]) + " from " + who((p + 2) % 4)});
      }
      break;
    case action_type::discard_tile:
      out.push_back({all, who(s) + " turned the " + std::string(suit_names[discarded_suit(a)]) +
                              " tile face down"});
      if (trump_ != no_suit && round_ == note_.round && phase_ == phase::playing)
        out.push_back({all, std::string(suit_names[trump_]) + " is trump"});
      break;
    case action_type::play: {
      out.push_back({all, who(s) + " played " + std::string(card_id(played_card(a)))});
      const bool round_ended = round_ != note_.round || phase_ == phase::finished;
      if (round_ended || tricks_played_ != note_.tricks) {
        const int t = last_trick_.winner_team != 0xff ? last_trick_.winner_team : -1;
        if (!round_ended && t >= 0) out.push_back({all, team(t) + " took the trick"});
      }
      if (!round_ended) break;
      const round_result& r = history_[note_.round];
      std::string line = "Round " + std::to_string(r.round) + ":";
      for (int t = 0; t < 2; ++t)
        line += (t ? "; " : " ") + team(t) + " " + std::to_string(r.tricks[t]) + " tricks, " +
                std::to_string(r.stars[t]) + " stars, +" + std::to_string(r.points[t]) + " (" +
                std::to_string(r.scores[t]) + ")";
      out.push_back({all, std::move(line)});
      if (phase_ == phase::finished)
        out.push_back({all, team(winner_team_) + " win the game with " +
                                std::to_string(scores_[winner_team_]) + " points"});
      break;
    }
  }
}

}  // namespace crownhall::lunar
