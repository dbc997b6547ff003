// A seat's view written as JSON text directly (the server's path, once per seat per move),
// byte for byte what to_json(view).dump() gives: members in the same (sorted) order, so a
// test can compare the two strings. view.cpp keeps the json form for everything else.
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

void write_trump(json_writer& w, trump t) {
  if (t == trump::none) {
    w.null();
    return;
  }
  const char letter = suit_letter(static_cast<suit>(t));
  w.value(std::string_view(&letter, 1));
}

void write_lead(json_writer& w, lead l) {
  if (is_suit(l)) {
    const char letter = suit_letter(suit_of(l));
    w.value(std::string_view(&letter, 1));
    return;
  }
  w.value(l == lead::open ? "open" : "none");
}

void write_trick(json_writer& w, const trick& t, int players) {
  w.begin_object().key("cards").begin_array();
  for (int i = 0; i < t.count; ++i)
    w.begin_object()
        .key("card")
        .value(card_id(t.cards[static_cast<std::size_t>(i)]))
        .key("seat")
        .value(t.seat_at(i, players))
        .end_object();
  w.end_array().key("lead");
  write_lead(w, t.lead_suit);
  w.key("leader").value(int{t.leader}).key("winning");
  if (t.count > 0)
    w.value(t.winner(players));
  else
    w.null();
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

void write_round_summary(json_writer& w, const round_summary& r, int players) {
  const auto n = static_cast<std::size_t>(players);
  w.begin_object().key("bids").begin_array();
  for (std::size_t s = 0; s < n; ++s) write_bid(w, r.bids[s]);
  w.end_array().key("dealer").value(r.dealer).key("hand_size").value(r.hand_size);
  w.key("number").value(r.number).key("points").begin_array();
  for (std::size_t s = 0; s < n; ++s) w.value(r.points[s]);
  w.end_array().key("tricks").begin_array();
  for (std::size_t s = 0; s < n; ++s) w.value(int{r.tricks[s]});
  w.end_array().key("trump");
  write_trump(w, r.trump_suit);
  w.key("type").value(round_type_name(r.type)).end_object();
}

void write_round(json_writer& w, const seat_view& v) {
  const settings& t = *v.table;
  w.begin_object().key("dealer").value(v.dealer).key("double_bids").value(v.hand_size > 1);
  w.key("hand_size").value(v.hand_size).key("max_bid").value(t.max_bid(v.hand_size));
  w.key("number").value(v.round_number).key("rounds").value(t.rounds);
  w.key("screw_the_dealer").value(t.screw_the_dealer && v.type == round_type::normal);
  w.key("spinner").value(spinner_face_name(v.spinner)).key("tie_break").value(v.tie_break);
  w.key("trump");
  write_trump(w, v.trump_suit);
  w.key("type").value(round_type_name(v.type)).end_object();
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

}  // namespace

void write_json(const seat_view& v, std::string& out) {
  // A game with Special Power cards writes its (rarer, larger) view from the json tree:
  // one source for the parts only it has.
  if (v.special_rules) {
    out += to_json(v).dump(-1, ' ', false, json::error_handler_t::replace);
    return;
  }
  json_writer w(out);
  w.begin_object().key("crown").seat_or_null(v.crown).key("hand").begin_array();
  for (card c : v.hand) w.value(card_id(c));
  w.end_array().key("last_trick");
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
    w.key("seat").value(s).key("tricks").value(info.tricks).end_object();
  }
  w.end_array().key("seats_to_act").begin_array();
  for (int s = 0; s < v.players; ++s)
    if (has_seat(v.to_act, s)) w.value(s);
  w.end_array().key("trick");
  write_trick(w, v.current, v.players);
  w.end_object();
}

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
    case action_kind::none:
      break;
  }
  out += action_to_json(a).dump();  // rare: once a round at most
}

}  // namespace crownhall::crown_battles
