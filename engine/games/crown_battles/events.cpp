// The move log's lines for Crown Battles (engine/core/events.hpp). A game with Special Power
// cards writes its lines as each step happens (specials.cpp); the base game keeps its card
// path free of text and works its lines out here, from what the last apply left behind.
#include <string>
#include <type_traits>
#include <vector>

#include "engine/games/crown_battles/state.hpp"

namespace crownhall::crown_battles {

namespace {

using stage = crown_battles::phase;  // inside state, phase() the function hides the type

std::string name(int seat) { return seat_name(seat); }

std::string trump_text(trump t) {
  return t == trump::none ? "no trump" : std::string(suit_name(static_cast<suit>(t)));
}

std::string signed_points(int p) { return (p >= 0 ? "+" : "") + std::to_string(p); }

// A Wagering round's pot: who shared it, or that it carries over.
std::string wagering_line(const round_summary& r, int players) {
  std::string met;
  int share = 0, winners = 0;
  for (int s = 0; s < players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    if (r.tricks[i] != r.bids[i].lo) continue;
    met += (met.empty() ? "" : ", ") + name(s);
    share = r.points[i] + wagering_stake;
    ++winners;
  }
  const std::string pot = "the pot of " + std::to_string(r.pot);
  if (!winners) return "Wagering: nobody met their bid; " + pot + " carries over";
  const int bank = r.pot - share * winners;
  return "Wagering: " + met + " share " + pot + ", " + std::to_string(share) + " each" +
         (bank ? " (" + std::to_string(bank) + " to the bank)" : "");
}

// Duel Fights: the groups, as "{0} and {2}; {1}, {3} and {4}".
std::string groups_text(const duel_groups& g, int players) {
  std::string out;
  for (std::uint8_t group = 0; group < max_seats; ++group) {
    std::vector<int> members;
    for (int s = 0; s < players; ++s)
      if (g[static_cast<std::size_t>(s)] == group) members.push_back(s);
    if (members.empty()) continue;
    out += out.empty() ? "" : "; ";
    if (members.size() == 1) {  // Alliances' solo player
      out += name(members[0]) + " alone";
      continue;
    }
    for (std::size_t k = 0; k < members.size(); ++k)
      out += (k == 0 ? "" : k + 1 == members.size() ? " and " : ", ") + name(members[k]);
  }
  return out;
}

// Suit Precision: "red 1 blue 0 green 2-3 yellow 0", a bid or a count per suit (not "R1":
// that reads as a card).
template <class PerSuit>
std::string per_suit_text(const PerSuit& values) {
  std::string out;
  for (int x = 0; x < suit_count; ++x) {
    const auto& v = values[static_cast<std::size_t>(x)];
    out += (x ? " " : "") + std::string(suit_name(static_cast<suit>(x))) + " ";
    if constexpr (std::is_same_v<std::decay_t<decltype(v)>, bid>)
      out += bid_text(v);
    else
      out += std::to_string(v);
  }
  return out;
}

}  // namespace

void state::last_events(event_lines& out) const {
  if (table_.special_rules) {
    notes_.write(out);
    choice_events(out);
    // A step that ended a round (its last card, or a ⏳ effect after it): the round's
    // results and the next deal, in the base game's words.
    if (history_.size() > rounds_at_apply_) round_end_events(out);
    return;
  }
  base_game_events(out);
}

void state::base_game_events(event_lines& out) const {
  const int n = table_.players;
  auto say = [&out](event_audience to, std::string text) { out.push_back({to, std::move(text)}); };
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
        say(event_audience::only(s), "you played " + played + " face down");
        say(event_audience::except(s), name(s) + " played a card face down");
      } else {
        say(event_audience::all(), name(s) + " played a card face down; the cards turn up");
        for (int i = 1; i <= last; ++i)
          say(event_audience::all(),
              name(t->seat_at(i, n)) + " had played " +
                  std::string(card_id(t->cards[static_cast<std::size_t>(i)])) + " face down");
      }
    } else {
      say(event_audience::all(), name(s) + " played " + played);
    }
    if (trick_.count == 0) say(event_audience::all(), name(t->winner(n)) + " won the trick");
    // The Split: the trick that ended the first half; the dealer's left leads the second.
    if (trick_.count == 0 && !round_ended && type == round_type::the_split && half_ == 1 &&
        tricks_played_ == first_half_size(hand_size_))
      say(event_audience::all(),
          "the first half is over: " + name(trick_.leader) + " leads the second");
    // Suit Precision: a trick that can go under one suit only goes there at once.
    if (trick_.count == 0 && is_precision_type(type) && phase_ != stage::place) {
      const trump t_suit = round_ended ? history_.back().trump_suit : trump_;
      const suit_mask m =
          placement_suits(t->cards[static_cast<std::size_t>(t->winning)], t->lead_suit, t_suit);
      say(event_audience::all(), "the trick goes under " + suits_text(m));
    }
  } else {
    const int s = last_other_seat_;
    switch (kind_of(last_other_)) {
      case action_kind::choose_trump:
        say(event_audience::all(), name(s) + " named the trump: " + trump_text(trump_));
        break;
      case action_kind::single_bid:
      case action_kind::double_bid: {
        // Blind Bidding: the bid stays its bidder's until the round's end reveals it.
        const std::string b = bid_text(bid_of(last_other_));
        if (is_precision_type(type_)) {  // the seat's four bids come one suit at a time
          const bool more = phase_ == stage::bidding && to_act_ == s && bidding_suit_ > 0;
          say(event_audience::all(), name(s) + " bid " + b + " on " +
                                         std::string(suit_name(static_cast<suit>(
                                             more ? bidding_suit_ - 1 : suit_count - 1))));
        } else if (splits_hand(type_, hand_size_)) {  // a bid for each half, in one turn
          const bool first = phase_ == stage::bidding && to_act_ == s && bidding_half_ == 1;
          say(event_audience::all(),
              name(s) + " bid " + b + " for the " + (first ? "first" : "second") + " half");
        } else if (type_ == round_type::blind) {
          say(event_audience::except(s), name(s) + " placed a secret bid");
          say(event_audience::only(s), "you bid " + b + " (secret)");
        } else {
          say(event_audience::all(), name(s) + " bid " + b);
        }
        break;
      }
      case action_kind::wager:
        say(event_audience::all(), name(s) + std::string(wager_words(extra_of(last_other_))));
        break;
      case action_kind::place:
        say(event_audience::all(),
            name(s) + " placed the trick under " +
                std::string(suit_name(static_cast<suit>(placed_suit_of(last_other_)))));
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
// Secret Note): the same lines with or without Special Power cards.
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
  auto say = [&out](event_audience to, std::string text) { out.push_back({to, std::move(text)}); };
  const bool blind = type_ == round_type::blind_missions;
  const std::string text(mission_at(mission_of(last_other_)).text);
  say(event_audience::except(s),
      name(s) + (blind ? " chose a secret mission" : " chose a mission"));
  say(event_audience::only(s), "you chose: " + text + (blind ? " (secret)" : ""));
  if (phase_ == stage::mission) return;  // others are still choosing
  if (blind) {
    say(event_audience::all(), "every mission is chosen; they stay secret until the round's end");
    return;
  }
  for (int k = 1; k <= n; ++k) {
    const int p = (dealer_ + k) % n;
    say(event_audience::all(),
        name(p) +
            "'s mission: " + std::string(mission_at(missions_[static_cast<std::size_t>(p)]).text));
  }
}

// Leaked Suit: a choice (secret until all have chosen, in the secret variation), then what
// each seat shows, from the dealer's left.
void state::leak_events(event_lines& out) const {
  const int n = table_.players, s = last_other_seat_;
  const int choice = leak_of(last_other_);
  const std::string words(leak_choice_words(choice));
  switch (table_.leak) {
    case leak_variation::secret:
      out.push_back({event_audience::except(s), name(s) + " chose a suit to leak"});
      out.push_back({event_audience::only(s), "you will leak " + words});
      break;
    case leak_variation::clockwise:
      out.push_back({event_audience::all(), leak_line(s)});
      return;
    case leak_variation::dealer:
      out.push_back({event_audience::all(), name(s) + " chose " + words + " for everyone to leak"});
      break;
    case leak_variation::spinner:
    case leak_variation::neighbour:
      return;
  }
  if (!leaks_done_) return;
  for (int k = 1; k <= n; ++k) out.push_back({event_audience::all(), leak_line((dealer_ + k) % n)});
}

// "{1} leaks red: R3 R7", or "… : no cards"; nothing for a seat that showed nothing.
std::string state::leak_line(int seat) const {
  const auto i = static_cast<std::size_t>(seat);
  if (leak_choice_[i] == no_leak) return name(seat) + " leaks nothing";
  std::string cards;
  for (card c : leaked_[i]) cards += (cards.empty() ? "" : " ") + std::string(card_id(c));
  return name(seat) + " leaks " + std::string(leak_choice_words(leak_choice_[i])) + ": " +
         (cards.empty() ? "no cards" : cards);
}

// A pair the dealer formed (or, for Alliances, the solo player named); once everyone is in a
// group, the duels or the teams.
void state::pairing_events(event_lines& out) const {
  const std::string what = is_alliance_type(type_) ? "Alliances: " : "Duel Fights: ";
  if (kind_of(last_other_) == action_kind::solo) {
    out.push_back({event_audience::all(), name(last_other_seat_) + " named " +
                                              name(argument_of(last_other_)) + " to play alone"});
    if (phase_ != stage::pairing)
      out.push_back({event_audience::all(), what + groups_text(groups_, table_.players)});
    return;
  }
  const int partner = partner_of(last_other_);
  int first = partner;  // the other member of the partner's new group
  for (int s = 0; s < table_.players; ++s)
    if (s != partner &&
        groups_[static_cast<std::size_t>(s)] == groups_[static_cast<std::size_t>(partner)])
      first = s;
  out.push_back({event_audience::all(),
                 name(last_other_seat_) + " paired " + name(first) + " with " + name(partner)});
  if (phase_ != stage::pairing)
    out.push_back({event_audience::all(), what + groups_text(groups_, table_.players)});
}

// Alliances' Secret Note: the card to the ally alone; that a note was shown, to the others.
void state::note_events(event_lines& out) const {
  const int s = last_other_seat_, ally = ally_of(groups_, table_.players, s);
  const std::string c(card_id(card_of(last_other_)));
  out.push_back(
      {event_audience::only(s), "you showed " + c + " to " + name(ally) + " (Secret Note)"});
  out.push_back({event_audience::only(ally), name(s) + " showed you " + c + " (Secret Note)"});
  out.push_back(
      {event_audience::except(s), name(s) + " showed a card to " + name(ally) + " (Secret Note)"});
}

// Each seat's bid, tricks and points of the round just scored, then the winner or the next
// deal (its size, Blind Bidding, the trump or the spinner).
void state::round_end_events(event_lines& out) const {
  const int n = table_.players;
  auto say = [&out](event_audience to, std::string text) { out.push_back({to, std::move(text)}); };
  const round_summary& r = history_.back();
  for (int s = 0; s < n; ++s) {
    const auto i = static_cast<std::size_t>(s);
    const bool precision = is_precision_type(r.type);
    const bool halves = splits_hand(r.type, r.hand_size);
    const auto both = [](const half_counts& h) {  // The Split: "2 + 1", first half first
      return std::to_string(h[0]) + " + " + std::to_string(h[1]);
    };
    const std::string aim =
        is_missions_round(r.type)
            ? "'s mission: " + std::string(mission_at(r.missions[i]).text) +
                  (has_seat(r.missions_completed, s) ? " (completed)" : " (failed)")
        : precision ? " bid " + per_suit_text(r.suit_bids[i])
        : halves    ? " bid " + both(r.half_bids[i])
                    : " bid " + bid_text(r.bids[i]);
    const std::string took = precision ? per_suit_text(r.suit_tricks[i])
                             : halves  ? both(r.half_tricks[i])
                                       : std::to_string(r.tricks[i]);
    say(event_audience::all(), "Round " + std::to_string(r.number) + ": " + name(s) + aim +
                                   ", took " + took + ": " + signed_points(r.points[i]) +
                                   " (total " + std::to_string(scores_[i]) + ")");
  }
  if (r.type == round_type::wagering) say(event_audience::all(), wagering_line(r, n));
  if (phase_ == stage::finished) {
    say(event_audience::all(), name(winner_) + " wins the game with " +
                                   std::to_string(scores_[static_cast<std::size_t>(winner_)]) +
                                   " points");
    return;
  }
  std::string next = "Round " + std::to_string(round_index_ + 1) + ": " + name(dealer_) +
                     " deals " + std::to_string(hand_size_) +
                     (hand_size_ == 1 ? " card each" : " cards each");
  if (type_ == round_type::blind) next += ", bids are secret (Blind Bidding)";
  if (type_ == round_type::missions) next += ", Missions: choose a mission, no bids";
  if (type_ == round_type::blind_missions)
    next += ", Blind Missions: choose a secret mission, no bids";
  if (type_ == round_type::leaked_suit)
    next += table_.leak == leak_variation::spinner     ? ", Leaked Suit: the spinner names the suit"
            : table_.leak == leak_variation::neighbour ? ", Leaked Suit: your neighbour draws it"
                                                       : ", Leaked Suit: each shows a suit";
  if (is_alliance_type(type_))
    next += ", " + std::string(round_type_label(type_)) + ": " +
            (all_paired(groups_, n) ? groups_text(groups_, n)
             : table_.random_teams  ? "the teams are drawn at random"
                                    : "the dealer forms the teams");
  if (type_ == round_type::suit_precision) next += ", Suit Precision: a bid for each suit";
  if (splits_hand(type_, hand_size_))
    next += ", The Split: split your hand, " + std::to_string(half_size(hand_size_, 0)) + " + " +
            std::to_string(half_size(hand_size_, 1)) + " tricks, a bid for each half";
  else if (type_ == round_type::the_split)
    next += ", The Split: one card, nothing to split (played as Normal Bidding)";
  if (type_ == round_type::long_play)
    next += ", Long Play: two cards each per trick, " + std::to_string(tricks_in_round_) +
            (tricks_in_round_ == 1 ? " trick" : " tricks");
  if (type_ == round_type::duel_fights)
    next += all_paired(groups_, n)  ? ", Duel Fights: " + groups_text(groups_, n)
            : table_.random_pairing ? ", Duel Fights: the pairs are drawn at random"
                                    : ", Duel Fights: the dealer pairs the players";
  if (type_ == round_type::wagering)
    next += ", Wagering: everyone pays " + std::to_string(wagering_stake) + " into a pot of " +
            std::to_string(wagering_pot(pot_, n)) + ", no double bids";
  next += spinner_ == spinner_face::dealers_choice ? "; the spinner shows dealer's choice"
                                                   : "; trump: " + trump_text(trump_);
  say(event_audience::all(), std::move(next));
  if (type_ == round_type::leaked_suit && leaks_done_)  // drawn, not chosen: shown at the deal
    for (int k = 1; k <= n; ++k) say(event_audience::all(), leak_line((dealer_ + k) % n));
}

}  // namespace crownhall::crown_battles
