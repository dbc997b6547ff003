// A seat's view as JSON text: the one writer of Crown Battles' view. The server sends this
// text (once per seat per move); view() and every other json form parse it, so the two can
// never drift. Members are written in sorted order, as nlohmann::json would dump them.
#include <string>

#include "engine/core/json_writer.hpp"
#include "engine/games/crown_battles/state.hpp"
#include "engine/games/crown_battles/view.hpp"

namespace crownhall::crown_battles {

namespace {

void write_bid(json_writer& w, bid b) {
  if (!b.is_double()) {
    w.value(int{b.lo});
    return;
  }
  w.begin_array().value(int{b.lo}).value(int{b.hi}).end_array();
}

void write_suit(json_writer& w, int s);

void write_trump(json_writer& w, trump t) {
  if (t == trump::none) {
    w.null();
    return;
  }
  write_suit(w, static_cast<int>(t));
}

void write_suit(json_writer& w, int s) {
  const char letter = suit_letter(static_cast<suit>(s));
  w.value(std::string_view(&letter, 1));
}

// Suit Precision: four bids, R, B, G, Y (null for one not yet placed), and four trick counts.
void write_suit_bids(json_writer& w, const suit_bids& bids, int placed) {
  w.begin_array();
  for (int x = 0; x < suit_count; ++x)
    if (x < placed)
      write_bid(w, bids[static_cast<std::size_t>(x)]);
    else
      w.null();
  w.end_array();
}
// The Split: two numbers, the first half's and the second's (null for a bid not yet placed).
void write_halves(json_writer& w, const half_counts& values, int placed = 2) {
  w.begin_array();
  for (int h = 0; h < 2; ++h)
    if (h < placed)
      w.value(int{values[static_cast<std::size_t>(h)]});
    else
      w.null();
  w.end_array();
}
void write_suit_tricks(json_writer& w, const suit_counts& tricks) {
  w.begin_array();
  for (std::uint8_t t : tricks) w.value(int{t});
  w.end_array();
}

void write_lead(json_writer& w, lead l) {
  if (is_suit(l)) {
    const char letter = suit_letter(suit_of(l));
    w.value(std::string_view(&letter, 1));
    return;
  }
  w.value(l == lead::open ? "open" : "none");
}

// Stealth Play: a card in `face_down` is written as only its seat and `"face_down": true`,
// and while one lies face down nobody is shown as winning.
void write_trick(json_writer& w, const trick& t, int players, std::uint8_t face_down = 0) {
  w.begin_object().key("cards").begin_array();
  for (int i = 0; i < t.count; ++i) {
    w.begin_object();
    if ((face_down >> i) & 1u)
      w.key("face_down").value(true);
    else
      w.key("card").value(card_id(t.cards[static_cast<std::size_t>(i)]));
    w.key("seat").value(t.seat_at(i, players)).end_object();
  }
  w.end_array().key("lead");
  write_lead(w, t.lead_suit);
  w.key("leader").value(int{t.leader}).key("winning");
  if (t.count > 0 && !face_down)
    w.value(t.winner(players));
  else
    w.null();
  // Long Play, once a seat has played twice: which of its two cards is winning (the position
  // in `cards`), so that a table can mark that card and not both.
  if (t.count > players && !face_down) w.key("winning_card").value(int{t.winning});
  w.end_object();
}

void write_seat_bid(json_writer& w, const bid_view& b, bool blind_secret, bool own) {
  if (blind_secret) {
    w.begin_object();
    if (own && b.known) {
      w.key("bid");
      write_bid(w, b.value);
    }
    w.key("placed").value(b.placed).end_object();
    return;
  }
  if (b.placed)
    write_bid(w, b.value);
  else
    w.null();
}

void write_cards(json_writer& w, card_set cards);

// Leaked Suit: per seat, whether it has chosen, its suit as the viewer knows it, and the
// cards it showed that it still holds.
void write_leaks(json_writer& w, const seat_view& v) {
  w.key("leaks").begin_array();
  for (int s = 0; s < v.players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    w.begin_object();
    if (has_seat(v.leak_shown, s)) {
      w.key("cards");
      write_cards(w, v.leaked[i]);
    }
    w.key("chosen").value(has_seat(v.leak_chosen, s));
    if (v.leak_choice[i] != no_leak) w.key("suit").value(leak_choice_name(v.leak_choice[i]));
    w.end_object();
  }
  w.end_array();
}

// Duel Fights: each seat's group number, or null while not yet paired; Alliances' teams
// likewise, under "teams" (a team of one: the solo player).
void write_groups(json_writer& w, const duel_groups& groups, int players,
                  std::string_view key = "groups") {
  w.key(key).begin_array();
  for (int s = 0; s < players; ++s) {
    const std::uint8_t g = groups[static_cast<std::size_t>(s)];
    if (g == no_group)
      w.null();
    else
      w.value(int{g});
  }
  w.end_array();
}

void write_round_summary(json_writer& w, const round_summary& r, int players) {
  const auto n = static_cast<std::size_t>(players);
  w.begin_object().key("bids").begin_array();
  for (std::size_t s = 0; s < n; ++s) write_bid(w, r.bids[s]);
  w.end_array().key("dealer").value(r.dealer);
  if (r.type == round_type::duel_fights) write_groups(w, r.groups, players);
  if (splits_hand(r.type, r.hand_size)) {
    w.key("half_bids").begin_array();
    for (std::size_t s = 0; s < n; ++s) write_halves(w, r.half_bids[s]);
    w.end_array().key("half_tricks").begin_array();
    for (std::size_t s = 0; s < n; ++s) write_halves(w, r.half_tricks[s]);
    w.end_array();
  }
  w.key("hand_size").value(r.hand_size);
  if (r.type == round_type::leaked_suit) {
    w.key("leaks").begin_array();
    for (int s = 0; s < players; ++s) {
      const std::uint8_t c = r.leaks[static_cast<std::size_t>(s)];
      if (c == no_leak)
        w.null();
      else
        w.value(leak_choice_name(c));
    }
    w.end_array();
  }
  if (is_missions_round(r.type)) {
    w.key("missions").begin_array();
    for (std::size_t s = 0; s < n; ++s) w.value(mission_at(r.missions[s]).name);
    w.end_array().key("missions_completed").begin_array();
    for (std::size_t s = 0; s < n; ++s)
      w.value(has_seat(r.missions_completed, static_cast<int>(s)));
    w.end_array();
  }
  w.key("number").value(r.number).key("points").begin_array();
  for (std::size_t s = 0; s < n; ++s) w.value(r.points[s]);
  w.end_array();
  if (r.type == round_type::wagering) w.key("pot").value(r.pot);
  if (is_precision_type(r.type)) {
    w.key("suit_bids").begin_array();
    for (std::size_t s = 0; s < n; ++s) write_suit_bids(w, r.suit_bids[s], suit_count);
    w.end_array().key("suit_tricks").begin_array();
    for (std::size_t s = 0; s < n; ++s) write_suit_tricks(w, r.suit_tricks[s]);
    w.end_array();
  }
  if (is_alliance_type(r.type)) write_groups(w, r.groups, players, "teams");
  w.key("tricks").begin_array();
  for (std::size_t s = 0; s < n; ++s) w.value(int{r.tricks[s]});
  w.end_array().key("trump");
  write_trump(w, r.trump_suit);
  w.key("type").value(round_type_name(r.type));
  bool extra = false;
  for (std::size_t s = 0; s < n; ++s) extra |= r.extra_wagers[s] != 0;
  if (extra) {  // Wagering with the option, when someone wagered extra
    w.key("wagers").begin_array();
    for (std::size_t s = 0; s < n; ++s) w.value(int{r.extra_wagers[s]});
    w.end_array();
  }
  w.end_object();
}

// A Missions round: the missions offered (public: every feasible one) and each seat's
// choice as the viewer knows it.
void write_missions(json_writer& w, const seat_view& v) {
  w.key("mission_offer").begin_array();
  for (int id = 0; id < mission_count; ++id) {
    if (!((v.mission_offer >> id) & 1u)) continue;
    const mission& m = mission_at(id);
    w.begin_object().key("id").value(m.name).key("text").value(m.text);
    w.key("value").value(mission_value(id, v.players, v.hand_size).value_or(0)).end_object();
  }
  w.end_array().key("missions").begin_array();
  for (int s = 0; s < v.players; ++s) {
    const seat_info& info = v.seats[static_cast<std::size_t>(s)];
    w.begin_object().key("chosen").value(has_seat(v.missions_chosen, s));
    if (info.mission != no_mission) w.key("mission").value(mission_at(info.mission).name);
    w.end_object();
  }
  w.end_array();
}

// Alliances' Secret Notes: per seat, whether it has shown one this round, and the card when
// the viewer may see it (its own, or its ally's to it).
void write_notes(json_writer& w, const seat_view& v) {
  w.key("notes").begin_array();
  for (int s = 0; s < v.players; ++s) {
    w.begin_object();
    if (has_seat(v.notes_seen, s))
      w.key("card").value(card_id(v.notes[static_cast<std::size_t>(s)]));
    w.key("shown").value(has_seat(v.noted, s)).end_object();
  }
  w.end_array();
}

void write_round(json_writer& w, const seat_view& v) {
  const settings& t = *v.table;
  const bool precision = is_precision_type(v.type);
  w.begin_object();
  if (precision) {
    w.key("bidding_suit");
    if (v.bidding_suit >= 0)
      write_suit(w, v.bidding_suit);
    else
      w.null();
  }
  w.key("dealer").value(v.dealer);
  w.key("double_bids").value(doubles_allowed(v.hand_size, v.type));
  if (v.type == round_type::duel_fights) write_groups(w, v.groups, v.players);
  // The Split: the half being bid for (while bidding) or played, 1 or 2, and each half's tricks.
  const int half = v.bidding_half >= 0 ? v.bidding_half : v.half;
  if (v.split_hand()) {
    w.key("half").value(half + 1);
    w.key("halves").begin_array().value(half_size(v.hand_size, 0));
    w.value(half_size(v.hand_size, 1)).end_array();
  }
  w.key("hand_size").value(v.hand_size);
  if (v.type == round_type::leaked_suit) write_leaks(w, v);
  const int tricks = tricks_in_round(v.type, v.hand_size);
  w.key("max_bid").value(t.max_bid(v.split_hand() ? half_size(v.hand_size, half) : tricks));
  if (is_missions_round(v.type)) write_missions(w, v);
  if (is_alliance_type(v.type)) write_notes(w, v);
  w.key("number").value(v.round_number);
  if (v.type == round_type::duel_fights || is_alliance_type(v.type))
    w.key("pairing").seat_or_null(v.pairing_seat);
  if (precision) {
    w.key("place_options").begin_array();
    for (int x = 0; x < suit_count; ++x)
      if ((v.place_options >> x) & 1u) write_suit(w, x);
    w.end_array();
  }
  if (t.has_type(round_type::wagering)) w.key("pot").value(v.pot);
  w.key("rounds").value(t.rounds);
  w.key("screw_the_dealer").value(t.screw_the_dealer && v.type == round_type::normal);
  if (is_alliance_type(v.type)) w.key("solo_next").value(v.naming_solo);
  w.key("spinner").value(spinner_face_name(v.spinner));
  if (is_alliance_type(v.type)) write_groups(w, v.groups, v.players, "teams");
  w.key("tie_break").value(v.tie_break);
  if (v.type == round_type::long_play) w.key("tricks").value(tricks);
  w.key("trump");
  write_trump(w, v.trump_suit);
  w.key("type").value(round_type_name(v.type));
  if (t.extra_wager && v.type == round_type::wagering) {
    w.key("wager_due").value(v.wager_due).key("wagers").begin_array();
    for (int s = 0; s < v.players; ++s) w.value(int{v.extra_wagers[static_cast<std::size_t>(s)]});
    w.end_array();
  }
  w.end_object();
}

void write_result(json_writer& w, const seat_view& v) {
  if (v.stage != phase::finished) {
    w.null();
    return;
  }
  w.begin_object().key("ranks").begin_array();
  for (int s = 0; s < v.players; ++s) w.value(v.ranks[static_cast<std::size_t>(s)]);
  w.end_array().key("totals").begin_array();
  for (int s = 0; s < v.players; ++s) w.value(v.seats[static_cast<std::size_t>(s)].score);
  w.end_array().key("winner").value(v.winner).end_object();
}

void write_cards(json_writer& w, card_set cards) {
  w.begin_array();
  for (card c : cards) w.value(card_id(c));
  w.end_array();
}

void write_seats(json_writer& w, seat_mask m, int players) {
  w.begin_array();
  for (int s = 0; s < players; ++s)
    if (has_seat(m, s)) w.value(s);
  w.end_array();
}

// The decision a Special Power card is waiting for: whose, which step, and what the earlier
// steps chose; the Smuggler's drawn card only for its own decider.
void write_pending(json_writer& w, const seat_view& v) {
  if (!v.pending) {
    w.null();
    return;
  }
  const pending_step& p = v.step;
  w.begin_object().key("by_summoner").value(p.by_summoner);
  w.key("card").value(card_id(special_card(p.what)));
  // Suit Precision: the Jester's first step names a suit, not a seat.
  const bool suit_chosen = p.what == special::jester && is_precision_type(v.type);
  if (p.first >= 0 && !suit_chosen) w.key("chosen_seat").value(int{p.first});
  if (p.first >= 0 && suit_chosen) {
    w.key("chosen_suit");
    write_suit(w, p.first);
  }
  if (p.what == special::smuggler && p.stage == 1 && p.seat == v.viewer)
    w.key("drawn").value(card_id(p.drawn));
  if (p.what == special::witch) w.key("points_left").value(int{p.points_left});
  w.key("seat").value(int{p.seat}).key("step").value(int{p.stage}).end_object();
}

// What the Special Power cards add to a view; only in games that play them.
void write_specials(json_writer& w, const seat_view& v) {
  w.begin_object().key("known").begin_object();
  for (int s = 0; s < v.players; ++s) {
    const card_set& k = v.known[static_cast<std::size_t>(s)];
    if (k.empty()) continue;
    const char seat_key = static_cast<char>('0' + s);  // at most 8 seats: one digit
    w.key(std::string_view(&seat_key, 1));
    write_cards(w, k);
  }
  w.end_object().key("pending");
  write_pending(w, v);
  w.key("played");
  write_cards(w, v.played);
  w.key("protected");
  write_seats(w, v.protected_seats, v.players);
  w.key("shields");
  write_seats(w, v.shields, v.players);
  w.key("trick_golems").begin_array();
  for (int i = 0; i < v.current.count; ++i)
    if (v.as_golem[static_cast<std::size_t>(i)]) w.value(i);
  w.end_array().key("undealt_seen");
  write_cards(w, v.undealt_seen);
  w.key("wizard_in_trick").value(v.wizard_in_trick).end_object();
}

}  // namespace

void write_json(const seat_view& v, std::string& out) {
  json_writer w(out);
  w.begin_object().key("crown").seat_or_null(v.crown);
  if (v.split_hand() && v.viewer != spectator) {
    w.key("first_half");
    write_cards(w, v.first_half);
  }
  w.key("hand");
  write_cards(w, v.hand);
  w.key("last_trick");
  if (v.has_last_trick)
    write_trick(w, v.last_trick, v.players);
  else
    w.null();
  w.key("phase").value(phase_name(v.stage)).key("players").value(v.players).key("result");
  write_result(w, v);
  w.key("round");
  write_round(w, v);
  w.key("rounds").begin_array();
  for (const round_summary& r : v.rounds) write_round_summary(w, r, v.players);
  w.end_array().key("seat").seat_or_null(v.viewer).key("seats").begin_array();
  const bool blind_secret = !v.bids_revealed;
  for (int s = 0; s < v.players; ++s) {
    const seat_info& info = v.seats[static_cast<std::size_t>(s)];
    w.begin_object().key("bid");
    write_seat_bid(w, info.bid, blind_secret, s == v.viewer);
    w.key("cards").value(info.cards_in_hand).key("score").value(info.score);
    if (v.split_hand()) {
      w.key("half_bids");
      write_halves(w, info.half_bids, info.half_bids_placed);
      w.key("half_tricks");
      write_halves(w, info.half_tricks);
    }
    w.key("seat").value(s);
    if (v.split_hand()) w.key("split").value(has_seat(v.split_chosen, s));
    if (is_precision_type(v.type)) {
      w.key("suit_bids");
      write_suit_bids(w, info.bids_per_suit, info.suit_bids_placed);
      w.key("suit_tricks");
      write_suit_tricks(w, info.tricks_per_suit);
    }
    w.key("tricks").value(info.tricks).end_object();
  }
  w.end_array().key("seats_to_act");
  write_seats(w, v.to_act, v.players);
  if (v.special_rules) {
    w.key("specials");
    write_specials(w, v);
  }
  w.key("trick");
  write_trick(w, v.current, v.players, v.face_down);
  w.end_object();
}

json to_json(const seat_view& v) {
  std::string text;
  write_json(v, text);
  return json::parse(text);
}

json round_to_json(const round_summary& r, int players) {
  std::string text;
  json_writer w(text);
  write_round_summary(w, r, players);
  return json::parse(text);
}

json state::view(int seat) const { return to_json(view_of(seat)); }

void state::write_view(int seat, std::string& out) const { write_json(view_of(seat), out); }

void state::write_action(action a, std::string& out) const {
  json_writer w(out);
  switch (kind_of(a)) {
    case action_kind::single_bid:
    case action_kind::double_bid:
      w.begin_object().key("bid");
      write_bid(w, bid_of(a));
      w.key("type").value("bid").end_object();
      return;
    case action_kind::play:
      w.begin_object().key("card").value(card_id(card_of(a))).key("type").value("play");
      w.end_object();
      return;
    case action_kind::choose_trump:
    case action_kind::wager:
    case action_kind::mission:
    case action_kind::pair:
    case action_kind::leak:
    case action_kind::solo:
    case action_kind::note:
    case action_kind::place:
    case action_kind::split:
    case action_kind::none:
      break;
  }
  out += action_to_json(a).dump();  // rare: once a round at most
}

}  // namespace crownhall::crown_battles
