// The move log's events for Crown Battles (engine/core/events.hpp; every kind and its
// arguments: protocol/crown-battles.md, "Events"). A game with Special Power cards notes its
// events as each step happens (specials.cpp); the base game keeps its card path free of them
// and works its events out here, from what the last apply left behind.
#include <bit>
#include <string>
#include <vector>

#include "engine/games/crown_battles/state.hpp"

namespace crownhall::crown_battles {

namespace {

using stage = crown_battles::phase;  // inside state, phase() the function hides the type
using nlohmann::json;

std::string letter(int s) { return std::string(1, suit_letter(static_cast<suit>(s))); }

json trump_json(trump t) {
  return t == trump::none ? json(nullptr) : json(letter(static_cast<int>(t)));
}

game_event event(event_audience to, std::string kind, json args = json::object()) {
  return {to, std::move(kind), std::move(args)};
}

// A Wagering round's pot: who shared it (none: it carries over), each one's share, the rest
// to the bank.
game_event wagering_event(const round_summary& r, int players) {
  json met = json::array();
  int share = 0;
  for (int s = 0; s < players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    if (r.tricks[i] != r.bids[i].lo) continue;
    met.push_back(s);
    share = r.points[i] + wagering_stake;
  }
  const int winners = static_cast<int>(met.size());
  return event(event_audience::all(), "pot_shared",
               {{"pot", r.pot},
                {"winners", met},
                {"share", winners ? share : 0},
                {"bank", winners ? r.pot - share * winners : 0}});
}

// Duel Fights and Alliances: the groups, as lists of seats ([[0, 2], [1, 3, 4]]); a list of
// one is Alliances' solo player.
json groups_json(const duel_groups& g, int players) {
  json out = json::array();
  for (std::uint8_t group = 0; group < max_seats; ++group) {
    json members = json::array();
    for (int s = 0; s < players; ++s)
      if (g[static_cast<std::size_t>(s)] == group) members.push_back(s);
    if (!members.empty()) out.push_back(std::move(members));
  }
  return out;
}

template <class PerSuit>
json per_suit_json(const PerSuit& values) {
  json out = json::array();
  for (const auto& v : values) {
    if constexpr (std::is_same_v<std::decay_t<decltype(v)>, bid>)
      out.push_back(bid_json(v));
    else
      out.push_back(int{v});
  }
  return out;
}

json halves_json(const half_counts& h) { return json::array({int{h[0]}, int{h[1]}}); }

}  // namespace

void state::last_events(event_lines& out) const {
  if (table_.special_rules) {
    notes_.write(out);
    choice_events(out);
    // A step that ended a round (its last card, or a ⏳ effect after it): the round's
    // results and the next deal, as in the base game.
    if (history_.size() > rounds_at_apply_) round_end_events(out);
    return;
  }
  base_game_events(out);
}

void state::base_game_events(event_lines& out) const {
  const int n = table_.players;
  auto say = [&out](event_audience to, std::string kind, json args = json::object()) {
    out.push_back(event(to, std::move(kind), std::move(args)));
  };
  // Whether this apply ended a round: the next round has been dealt (or the game is over).
  bool round_ended = false;
  if (last_was_play_) {
    // The card just played is the trick's last; a trick that is complete has moved on to
    // last_trick_, or, when it ended the round, stays in round_tricks_ (not cleared at a deal).
    round_ended = trick_.count == 0 && phase_ != stage::playing && phase_ != stage::place;
    const trick* t = &trick_;
    if (trick_.count == 0 && round_ended) {
      const round_summary& r = history_.back();
      t = &round_tricks_[static_cast<std::size_t>(
          crown_battles::tricks_in_round(r.type, r.hand_size) - 1)];
    } else if (trick_.count == 0) {
      t = &last_trick_;
    }
    const int last = t->count - 1;
    const int s = t->seat_at(last, n);
    const std::string played(card_id(t->cards[static_cast<std::size_t>(last)]));
    // The round of the trick: a play that ended a round has dealt the next one already.
    const round_type type = round_ended ? history_.back().type : type_;
    if (type == round_type::stealth && last > 0) {
      // Rulings, Stealth Play: face down to all but its owner until the trick is complete;
      // then every card turns up.
      if (trick_.count != 0) {
        say(event_audience::only(s), "own_face_down", {{"seat", s}, {"card", played}});
        say(event_audience::except(s), "played_face_down", {{"seat", s}});
      } else {
        say(event_audience::all(), "played_face_down_last", {{"seat", s}});
        for (int i = 1; i <= last; ++i)
          say(event_audience::all(), "turned_up",
              {{"seat", t->seat_at(i, n)},
               {"card", card_id(t->cards[static_cast<std::size_t>(i)])}});
      }
    } else {
      say(event_audience::all(), "played", {{"seat", s}, {"card", played}});
    }
    if (trick_.count == 0) say(event_audience::all(), "trick_won", {{"seat", t->winner(n)}});
    // The Split: the trick that ended the first half; the dealer's left leads the second.
    if (trick_.count == 0 && !round_ended && type == round_type::the_split && half_ == 1 &&
        tricks_played_ == first_half_size(hand_size_))
      say(event_audience::all(), "half_over", {{"seat", int{trick_.leader}}});
    // Suit Precision: a trick that can go under one suit only goes there at once.
    if (trick_.count == 0 && is_precision_type(type) && phase_ != stage::place) {
      const trump t_suit = round_ended ? history_.back().trump_suit : trump_;
      const suit_mask m =
          placement_suits(t->cards[static_cast<std::size_t>(t->winning)], t->lead_suit, t_suit);
      say(event_audience::all(), "trick_goes_under", {{"suit", letter(std::countr_zero(m))}});
    }
  } else {
    const int s = last_other_seat_;
    switch (kind_of(last_other_)) {
      case action_kind::choose_trump:
        say(event_audience::all(), "trump_named", {{"seat", s}, {"trump", trump_json(trump_)}});
        break;
      case action_kind::single_bid:
      case action_kind::double_bid: {
        // Blind Bidding: the bid stays its bidder's until the round's end reveals it.
        const json b = bid_json(bid_of(last_other_));
        if (is_precision_type(type_)) {  // the seat's four bids come one suit at a time
          const bool more = phase_ == stage::bidding && to_act_ == s && bidding_suit_ > 0;
          say(event_audience::all(), "bid",
              {{"seat", s},
               {"bid", b},
               {"suit", letter(more ? bidding_suit_ - 1 : suit_count - 1)}});
        } else if (splits_hand(type_, hand_size_)) {  // a bid for each half, in one turn
          const bool first = phase_ == stage::bidding && to_act_ == s && bidding_half_ == 1;
          say(event_audience::all(), "bid", {{"seat", s}, {"bid", b}, {"half", first ? 1 : 2}});
        } else if (type_ == round_type::blind) {
          say(event_audience::except(s), "secret_bid", {{"seat", s}});
          say(event_audience::only(s), "own_secret_bid", {{"seat", s}, {"bid", b}});
        } else {
          say(event_audience::all(), "bid", {{"seat", s}, {"bid", b}});
        }
        break;
      }
      case action_kind::wager:
        say(event_audience::all(), "wagered", {{"seat", s}, {"extra", extra_of(last_other_)}});
        break;
      case action_kind::place:
        say(event_audience::all(), "trick_placed",
            {{"seat", s}, {"suit", letter(placed_suit_of(last_other_))}});
        round_ended = history_.size() > rounds_at_apply_;
        break;
      default:
        choice_events(out);
        break;
    }
  }
  if (round_ended) round_end_events(out);
}

// The round types' own choices (a mission, a pairing or the solo player, a leaked suit, a
// Secret Note): the same events with or without Special Power cards.
void state::choice_events(event_lines& out) const {
  switch (kind_of(last_other_)) {
    case action_kind::mission:
      mission_events(out);
      break;
    case action_kind::pair:
    case action_kind::solo:
      pairing_events(out);
      break;
    case action_kind::leak:
      leak_events(out);
      break;
    case action_kind::note:
      note_events(out);
      break;
    case action_kind::split:
      split_events(out);
      break;
    default:
      break;
  }
}

// A mission chosen: the chooser sees it, the others that a choice was made. Once the last
// has chosen, a Missions round shows every mission from the dealer's left; Blind Missions
// keep them secret until the round's end.
void state::mission_events(event_lines& out) const {
  const int n = table_.players, s = last_other_seat_;
  const bool blind = type_ == round_type::blind_missions;
  const std::string_view mission = mission_at(mission_of(last_other_)).name;
  out.push_back(
      event(event_audience::except(s), "mission_chosen", {{"seat", s}, {"secret", blind}}));
  out.push_back(event(event_audience::only(s), "own_mission",
                      {{"seat", s}, {"mission", mission}, {"secret", blind}}));
  if (phase_ == stage::mission) return;  // others are still choosing
  if (blind) {
    out.push_back(event(event_audience::all(), "missions_secret"));
    return;
  }
  for (int k = 1; k <= n; ++k) {
    const int p = (dealer_ + k) % n;
    out.push_back(
        event(event_audience::all(), "mission_shown",
              {{"seat", p}, {"mission", mission_at(missions_[static_cast<std::size_t>(p)]).name}}));
  }
}

// Leaked Suit: a choice (secret until all have chosen, in the secret variation), then what
// each seat shows, from the dealer's left.
void state::leak_events(event_lines& out) const {
  const int n = table_.players, s = last_other_seat_;
  const std::string_view choice = leak_choice_name(leak_of(last_other_));
  switch (table_.leak) {
    case leak_variation::secret:
      out.push_back(event(event_audience::except(s), "leak_chosen", {{"seat", s}}));
      out.push_back(event(event_audience::only(s), "own_leak", {{"seat", s}, {"leak", choice}}));
      break;
    case leak_variation::clockwise:
      out.push_back(leak_event(s));
      return;
    case leak_variation::dealer:
      out.push_back(event(event_audience::all(), "leak_named", {{"seat", s}, {"leak", choice}}));
      break;
    case leak_variation::spinner:
    case leak_variation::neighbour:
      return;
  }
  if (!leaks_done_) return;
  for (int k = 1; k <= n; ++k) out.push_back(leak_event((dealer_ + k) % n));
}

// What a seat leaks: the choice ("R" … "monsters", null for nothing) and the cards shown.
game_event state::leak_event(int seat) const {
  const auto i = static_cast<std::size_t>(seat);
  const bool none = leak_choice_[i] == no_leak;
  return event(event_audience::all(), "leaked",
               {{"seat", seat},
                {"leak", none ? json(nullptr) : json(leak_choice_name(leak_choice_[i]))},
                {"cards", none ? json::array() : cards_json(leaked_[i])}});
}

// A pair the dealer formed (or, for Alliances, the solo player named); once everyone is in a
// group, the duels or the teams.
void state::pairing_events(event_lines& out) const {
  const json type = round_type_name(type_);
  if (kind_of(last_other_) == action_kind::solo) {
    out.push_back(event(event_audience::all(), "solo_named",
                        {{"seat", last_other_seat_}, {"solo", argument_of(last_other_)}}));
    if (phase_ != stage::pairing)
      out.push_back(event(event_audience::all(), "groups",
                          {{"type", type}, {"groups", groups_json(groups_, table_.players)}}));
    return;
  }
  const int partner = partner_of(last_other_);
  int first = partner;  // the other member of the partner's new group
  for (int s = 0; s < table_.players; ++s)
    if (s != partner &&
        groups_[static_cast<std::size_t>(s)] == groups_[static_cast<std::size_t>(partner)])
      first = s;
  out.push_back(event(event_audience::all(), "paired",
                      {{"seat", last_other_seat_}, {"first", first}, {"partner", partner}}));
  if (phase_ != stage::pairing)
    out.push_back(event(event_audience::all(), "groups",
                        {{"type", type}, {"groups", groups_json(groups_, table_.players)}}));
}

// Alliances' Secret Note: the card to the ally alone; that a note was shown, to the others.
// An event for one seat alone names that seat as its `seat`, here and everywhere.
void state::note_events(event_lines& out) const {
  const int s = last_other_seat_, ally = ally_of(groups_, table_.players, s);
  const std::string_view c = card_id(card_of(last_other_));
  out.push_back(
      event(event_audience::only(s), "own_note", {{"seat", s}, {"to", ally}, {"card", c}}));
  out.push_back(event(event_audience::only(ally), "note_received",
                      {{"seat", ally}, {"from", s}, {"card", c}}));
  out.push_back(event(event_audience::except(s), "note_shown", {{"seat", s}, {"to", ally}}));
}

// Each seat's bid, tricks and points of the round just scored, then the winner or the next
// deal (its size, its round type's particulars, the trump or the spinner).
void state::round_end_events(event_lines& out) const {
  const int n = table_.players;
  auto say = [&out](std::string kind, json args) {
    out.push_back(event(event_audience::all(), std::move(kind), std::move(args)));
  };
  const round_summary& r = history_.back();
  for (int s = 0; s < n; ++s) {
    const auto i = static_cast<std::size_t>(s);
    const bool precision = is_precision_type(r.type);
    const bool halves = splits_hand(r.type, r.hand_size);
    json line = {{"round", r.number}, {"seat", s}, {"points", r.points[i]}, {"total", scores_[i]}};
    if (is_missions_round(r.type)) {
      line["mission"] = mission_at(r.missions[i]).name;
      line["completed"] = has_seat(r.missions_completed, s);
    } else {
      line["bid"] = precision ? per_suit_json(r.suit_bids[i])
                    : halves  ? halves_json(r.half_bids[i])
                              : bid_json(r.bids[i]);
    }
    // Suit Precision: tricks per suit (R, B, G, Y); The Split: per half.
    line["tricks"] = precision ? per_suit_json(r.suit_tricks[i])
                     : halves  ? halves_json(r.half_tricks[i])
                               : json(int{r.tricks[i]});
    say("round_scored", std::move(line));
  }
  if (r.type == round_type::wagering) out.push_back(wagering_event(r, n));
  if (phase_ == stage::finished) {
    say("game_won", {{"seat", winner_}, {"points", scores_[static_cast<std::size_t>(winner_)]}});
    return;
  }
  // The next deal: what its round type's words need, and nothing a seat may not see.
  json deal = {{"round", round_index_ + 1},   {"dealer", dealer_},
               {"hand_size", hand_size_},     {"type", round_type_name(type_)},
               {"trump", trump_json(trump_)}, {"spinner", spinner_face_name(spinner_)}};
  if (type_ == round_type::leaked_suit) deal["leak_variation"] = leak_variation_name(table_.leak);
  if (is_alliance_type(type_) || type_ == round_type::duel_fights)
    deal["groups"] =
        all_paired(groups_, n)
            ? groups_json(groups_, n)
            : json((is_alliance_type(type_) ? table_.random_teams : table_.random_pairing)
                       ? "random"
                       : "dealer");
  if (splits_hand(type_, hand_size_))
    deal["halves"] = json::array({half_size(hand_size_, 0), half_size(hand_size_, 1)});
  if (type_ == round_type::long_play) deal["tricks"] = tricks_in_round_;
  if (type_ == round_type::wagering) {
    deal["stake"] = wagering_stake;
    deal["pot"] = wagering_pot(pot_, n);
  }
  say("round_dealt", std::move(deal));
  if (type_ == round_type::leaked_suit && leaks_done_)  // drawn, not chosen: shown at the deal
    for (int k = 1; k <= n; ++k) out.push_back(leak_event((dealer_ + k) % n));
}

}  // namespace crownhall::crown_battles
