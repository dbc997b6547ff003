// Building a seat's view from the true state. The only way state leaves a game: hands of
// others, undealt cards and unrevealed blind bids are never copied into a seat_view, so no
// JSON written from it (view_text.cpp, the one writer) can contain them.
#include "engine/games/crown_battles/view.hpp"

#include <string>

#include "engine/games/crown_battles/state.hpp"

namespace crownhall::crown_battles {

namespace {

json seat_or_null(int seat) { return seat >= 0 ? json(seat) : json(nullptr); }

}  // namespace

seen_in_round seen_this_round(const seat_view& v) {
  seen_in_round seen;
  const int half_began = v.half == 1 ? first_half_size(v.hand_size) : 0;  // The Split
  for (int t = 0; t < static_cast<int>(v.round_tricks.size()); ++t) {
    const trick& k = v.round_tricks[static_cast<std::size_t>(t)];
    lead l = lead::open;
    for (int i = 0; i < k.count; ++i) {
      const card c = k.cards[static_cast<std::size_t>(i)];
      seen.played.insert(c);
      // A numbered card off a lead suit already set shows that its seat lacks the suit.
      if (t >= half_began && is_suit(l) && is_numbered(c) && suit_of(c) != suit_of(l))
        seen.voids[static_cast<std::size_t>(k.seat_at(i, v.players))] |=
            static_cast<std::uint8_t>(1u << static_cast<int>(suit_of(l)));
      l = lead_after(l, c);
    }
  }
  if (v.special_rules) seen.played = v.played;
  return seen;
}

seat_view state::view_of(int seat) const {
  const int n = table_.players;
  seat_view v;
  v.table = &table_;
  v.viewer = seat >= 0 && seat < n ? seat : spectator;
  v.players = n;
  v.stage = current_phase();
  v.round_number = phase_ == crown_battles::phase::finished ? round_index_ : round_index_ + 1;
  v.tie_break = v.round_number > table_.rounds;
  v.hand_size = hand_size_;
  v.type = type_;
  v.spinner = spinner_;
  v.trump_suit = trump_;
  v.dealer = dealer_;
  v.pot = type_ == round_type::wagering ? wagering_pot(pot_, n) : pot_;
  v.wager_due = wager_due_;
  v.extra_wagers = wagers_;
  v.bids_revealed = type_ != round_type::blind || bids_revealed_;
  v.mission_offer = mission_offer_;
  v.missions_chosen = missions_chosen();
  v.leak_chosen = made(leak_choice_, no_leak);
  v.groups = groups_;
  for (int s = 0; s < n; ++s) {
    const auto i = static_cast<std::size_t>(s);
    const bool shown = has_seat(leak_shown_, s);
    v.leak_choice[i] = shown || s == v.viewer ? leak_choice_[i] : no_leak;
    if (shown) v.leaked[i] = leaked_in_hand(s);
  }
  v.leak_shown = leak_shown_;
  if (phase_ == crown_battles::phase::pairing) {
    v.pairing_seat = next_to_pair(groups_, n, dealer_);
    v.naming_solo = is_alliance_type(type_) && needs_solo(groups_, n);
  }
  v.noted = noted_;
  for (int s = 0; s < n; ++s)
    if (has_seat(noted_, s) && (s == v.viewer || ally_of(groups_, n, s) == v.viewer)) {
      v.notes_seen = static_cast<seat_mask>(v.notes_seen | 1u << s);
      v.notes[static_cast<std::size_t>(s)] = note_cards_[static_cast<std::size_t>(s)];
    }
  // Rulings, Missions: revealed once everyone has chosen; Blind Missions at the round's end
  // (in the score table).
  const bool missions_shown =
      (type_ == round_type::missions || type_ == round_type::missions_alliances) &&
      phase_ != crown_battles::phase::mission;
  for (int s = 0; s < n; ++s) {
    const auto i = static_cast<std::size_t>(s);
    seat_info& info = v.seats[i];
    if (s == v.viewer || missions_shown) info.mission = missions_[i];
    info.bid.placed = has_seat(bid_placed_, s);
    info.bid.known = info.bid.placed && (v.bids_revealed || s == v.viewer);
    if (info.bid.known) info.bid.value = bids_[i];
    info.tricks = tricks_won_[i];
    if (is_precision_type(type_)) {
      info.bids_per_suit = suit_bids_[i];
      info.suit_bids_placed = has_seat(bid_placed_, s) ? suit_count
                              : phase_ == crown_battles::phase::bidding && s == to_act_
                                  ? bidding_suit_
                                  : 0;
      info.tricks_per_suit = suit_tricks_[i];
    }
    if (splits_hand(type_, hand_size_)) {
      info.half_bids = half_bids_[i];
      info.half_bids_placed = has_seat(bid_placed_, s) ? 2
                              : phase_ == crown_battles::phase::bidding && s == to_act_
                                  ? bidding_half_
                                  : 0;
      info.half_tricks = half_tricks_[i];
    }
    info.score = scores_[i];
    info.cards_in_hand = hands_[i].size();
  }
  if (v.viewer != spectator) v.hand = hands_[static_cast<std::size_t>(v.viewer)];
  if (splits_hand(type_, hand_size_)) {
    if (v.viewer != spectator) v.first_half = first_half_of(v.viewer);
    v.split_chosen = split_chosen_;
    v.half = half_;
    if (phase_ == crown_battles::phase::bidding) v.bidding_half = bidding_half_;
  }
  v.current = trick_;
  v.face_down = face_down_positions(v.viewer);
  // Stealth Play: each face-down card stands as a Peasant (worth nothing, naming no suit);
  // the lead stays the true one (rulings: follow-suit is enforced, so it is public).
  if (v.face_down) {
    std::array<card, max_seats> peasants;
    peasants.fill(face_down_card);
    v.current = with_cards_at(trick_, v.face_down, peasants, trump_);
  }
  v.has_last_trick = has_last_trick_;
  v.last_trick = last_trick_;
  // This round's finished tricks, seen by everyone (seen_this_round reads them): a span, not
  // copies, so that a heuristic bot's view costs nothing for them.
  if (phase_ == crown_battles::phase::playing)
    v.round_tricks =
        std::span<const trick>(round_tricks_.data(), static_cast<std::size_t>(tricks_played_));
  v.to_act = seats_to_act();
  if (is_precision_type(type_) && phase_ == crown_battles::phase::bidding)
    v.bidding_suit = bidding_suit_;
  if (phase_ == crown_battles::phase::place) v.place_options = place_options_;
  if (phase_ == crown_battles::phase::bidding && v.may_act()) v.bidding = bid_rules_for(v.viewer);
  v.crown = crown_;
  v.rounds = history_;
  v.winner = winner_;
  rank_totals(std::span<const int>(scores_.data(), static_cast<std::size_t>(n)),
              std::span<int>(v.ranks.data(), static_cast<std::size_t>(n)));
  if (table_.special_rules) {
    v.special_rules = true;
    v.pending = phase_ == crown_battles::phase::special;
    if (v.pending) {
      v.step = pending_;
      if (pending_.seat != v.viewer) {
        v.step.drawn = card_at(0);   // the draw is the decider's
        v.step.looked = card_set();  // and so is what the Bishop's look shows
      }
    }
    v.shields = shields_;
    v.protected_seats = protected_seats();
    v.played = gone_;
    for (int i = 0; i < trick_.count; ++i)
      if ((v.face_down >> i) & 1u) v.played.erase(trick_.cards[static_cast<std::size_t>(i)]);
    v.as_golem = extras_.as_golem;
    v.wizard_in_trick = extras_.wizard;
    if (v.viewer != spectator) {
      for (int s = 0; s < n; ++s)
        if (s != v.viewer)
          for (card c : hands_[static_cast<std::size_t>(s)])
            if (known_.knows(v.viewer, index_of(c))) v.known[static_cast<std::size_t>(s)].insert(c);
      // Stealth Play: a card the viewer knew, played face down, is still its seat's to the
      // viewer until the trick turns up (sight.cpp).
      for (int i = 0; i < trick_.count; ++i) {
        const card c = trick_.cards[static_cast<std::size_t>(i)];
        if (((v.face_down >> i) & 1u) && known_.knows(v.viewer, index_of(c)))
          v.known[static_cast<std::size_t>(trick_.seat_at(i, n))].insert(c);
      }
      for (card c : undealt())
        if (known_.knows(v.viewer, index_of(c))) v.undealt_seen.insert(c);
      action_list legal;
      legal_actions(v.viewer, legal);
      v.legal.assign(legal.begin(), legal.end());
    }
    for (special t : {special::witch, special::thief}) {
      const card c = special_card(t);
      v.witch_out =
          v.witch_out || (table_.deck.contains(c) && !gone_.contains(c) && !v.hand.contains(c));
    }
  }
  return v;
}

std::uint8_t state::face_down_positions(int viewer) const {
  if (type_ != round_type::stealth || trick_.count >= table_.players) return 0;
  // Rulings, Stealth Play: the leader's card is face up, every later one face down to all but
  // its owner. Our ruling: a Special Power card is played face up (its power acts as it is
  // played, in sight of everyone).
  std::uint8_t hidden = 0;
  for (int i = 1; i < trick_.count; ++i)
    if (trick_.seat_at(i, table_.players) != viewer &&
        !is_special(trick_.cards[static_cast<std::size_t>(i)]))
      hidden = static_cast<std::uint8_t>(hidden | 1u << i);
  return hidden;
}

namespace {

// Alliances' Secret Note, as the view allows it (state::may_note): once a round, on one's
// turn, to one's ally.
void append_notes(const seat_view& v, action_list& out) {
  if (!is_alliance_type(v.type) || has_seat(v.noted, v.viewer) || v.wager_due ||
      ally_of(v.groups, v.players, v.viewer) < 0)
    return;
  for (card c : v.hand) out.push_back(note_action(c));
}

}  // namespace

void legal_actions(const seat_view& v, action_list& out) {
  out.clear();
  if (v.special_rules) {  // the steps of specials depend on more than a view should carry
    for (action a : v.legal) out.push_back(a);
    return;
  }
  if (!v.may_act()) return;
  switch (v.stage) {
    case phase::choose_trump:
      for (int s = 0; s < suit_count; ++s)
        out.push_back(choose_trump_action(static_cast<trump>(s)));
      break;
    case phase::bidding:
      if (v.wager_due)
        append_wagers(out);
      else
        append_bids(v.bidding, out);
      append_notes(v, out);
      break;
    case phase::playing:
      for (card c :
           playable(v.split_hand() && v.half == 0 ? v.first_half : v.hand, v.current.lead_suit))
        out.push_back(play_action(c));
      append_notes(v, out);
      break;
    case phase::mission:
      append_missions(v.mission_offer, out);
      break;
    case phase::leak:
      append_leaks(out);
      break;
    case phase::place:
      append_places(v.place_options, out);
      break;
    case phase::split:
      for (card c : v.hand - v.first_half) out.push_back(split_action(c));
      break;
    case phase::pairing:
      if (v.naming_solo)
        append_solos(v.players, out);
      else
        append_pairs(v.groups, v.players, v.pairing_seat, out);
      break;
    case phase::finished:
    case phase::special:
    case phase::playing_specials:
      break;
  }
}

json state::outcome() const {
  const int n = table_.players;
  json rounds = json::array();
  for (const round_summary& r : history_) rounds.push_back(round_to_json(r, n));
  std::array<int, max_seats> ranks{};
  rank_totals(std::span<const int>(scores_.data(), static_cast<std::size_t>(n)),
              std::span<int>(ranks.data(), static_cast<std::size_t>(n)));
  json totals = json::array(), rank_list = json::array();
  for (std::size_t s = 0; s < static_cast<std::size_t>(n); ++s) {
    totals.push_back(scores_[s]);
    rank_list.push_back(ranks[s]);
  }
  return {{"rounds", std::move(rounds)},
          {"totals", std::move(totals)},
          {"crown", seat_or_null(crown_)},
          {"winner", seat_or_null(winner_)},
          {"ranks", std::move(rank_list)}};
}

// Spectator mode "after the trick" (game.hpp): the cards on the table and the last trick.
namespace {
std::vector<trick_play> plays_of(const trick& t, int players) {
  std::vector<trick_play> out;
  for (int i = 0; i < t.count; ++i)
    out.push_back(
        {t.seat_at(i, players), std::string(card_id(t.cards[static_cast<std::size_t>(i)]))});
  return out;
}
}  // namespace

// A trick stays on the table while the ⏳ actions after it run (end_special_trick), but it is
// over: it is the last trick then, and none is in progress.
std::vector<trick_play> state::trick_on_table() const {
  const bool counted = has_last_trick_ && trick_.count == last_trick_.count &&
                       trick_.leader == last_trick_.leader && trick_.cards == last_trick_.cards;
  return counted ? std::vector<trick_play>{} : plays_of(trick_, table_.players);
}

std::vector<trick_play> state::last_trick() const {
  return has_last_trick_ ? plays_of(last_trick_, table_.players) : std::vector<trick_play>{};
}

}  // namespace crownhall::crown_battles
