// The move log: what the last action did, as events (kind and arguments; every kind:
// protocol/lunar.md, "Events"), per audience. apply() only notes the move (note_of); the
// events are built here when the server asks. The exchange is secret: a seat reads its own
// cards passed and received, the others only that it chose.
#include <bit>
#include <string>

#include "engine/games/lunar/state.hpp"

namespace crownhall::lunar {

namespace {

using nlohmann::json;

json cards_json(card_set s) {
  json out = json::array();
  for (card c = 0; c < card_count; ++c)
    if (s & bit(c)) out.push_back(card_id(c));
  return out;
}

std::string suit_letter(int s) { return std::string(1, suit_letters[static_cast<std::size_t>(s)]); }

}  // namespace

void game::last_events(event_lines& out) const {
  if (note_.seat == 0xff) return;
  const int s = note_.seat;
  const action a{note_.code};
  const auto all = event_audience::all();
  switch (type_of(a)) {
    case action_type::exchange:
      out.push_back({event_audience::except(s), "exchange_chosen", {{"seat", s}}});
      out.push_back({event_audience::only(s),
                     "own_exchange",
                     {{"seat", s}, {"cards", cards_json(exchange_cards(a))}}});
      if (phase_ != phase::exchange && round_ == note_.round) {
        out.push_back({all, "exchanged"});
        for (int p = 0; p < 4; ++p)
          out.push_back(
              {event_audience::only(p),
               "received",
               {{"seat", p}, {"from", (p + 2) % 4}, {"cards", cards_json(received_[p])}}});
      }
      break;
    case action_type::discard_tile:
      out.push_back(
          {all, "tile_discarded", {{"seat", s}, {"suit", suit_letter(discarded_suit(a))}}});
      if (trump_ != no_suit && round_ == note_.round && phase_ == phase::playing)
        out.push_back({all, "trump_set", {{"suit", suit_letter(trump_)}}});
      break;
    case action_type::play: {
      out.push_back({all, "played", {{"seat", s}, {"card", card_id(played_card(a))}}});
      const bool round_ended = round_ != note_.round || phase_ == phase::finished;
      if (round_ended || tricks_played_ != note_.tricks) {
        const int t = last_trick_.winner_team != 0xff ? last_trick_.winner_team : -1;
        if (!round_ended && t >= 0) out.push_back({all, "trick_won", {{"team", t}}});
      }
      if (!round_ended) break;
      // Teams by number: team t is seat t (and, with four players, seat t + 2).
      const round_result& r = history_[note_.round];
      json teams = json::array();
      for (int t = 0; t < 2; ++t)
        teams.push_back({{"team", t},
                         {"tricks", r.tricks[t]},
                         {"stars", r.stars[t]},
                         {"points", r.points[t]},
                         {"score", r.scores[t]}});
      out.push_back({all, "round_scored", {{"round", r.round}, {"teams", teams}}});
      if (phase_ == phase::finished)
        out.push_back(
            {all, "game_won", {{"team", winner_team_}, {"points", scores_[winner_team_]}}});
      break;
    }
  }
}

}  // namespace crownhall::lunar
