#include "engine/games/dwarf_king/view.hpp"

#include "engine/games/dwarf_king/specials.hpp"

namespace crownhall::dwarf_king {

namespace {

json cards_json(card_set s) {
  json out = json::array();
  for_each_card(s, [&](card c) { out.push_back(card_id(c)); });
  return out;
}

json seat_or_null(int s) { return s >= 0 && s != no_seat ? json(s) : json(); }

template <class A>
json per_seat(const A& a, int players) {
  json out = json::array();
  for (int s = 0; s < players; ++s) out.push_back(a[static_cast<std::size_t>(s)]);
  return out;
}

json trick_json(const trick& t) {
  json plays = json::array();
  for (int i = 0; i < t.count; ++i) {
    const played_card& p = t.plays[static_cast<std::size_t>(i)];
    json play = {{"seat", p.seat}, {"card", card_id(p.c)}};
    if (p.as == suit::none) {
      play["as"] = nullptr;
    } else {
      // What the card counted as: a Mummy's copy, a Puppeteer half a rank above (x.5).
      play["as"] = {{"suit", suit_name(p.as)}, {"value", p.strength / 2.0}};
    }
    plays.push_back(std::move(play));
  }
  return {{"led_suit", t.led == suit::none ? json() : json(suit_name(t.led))},
          {"plays", std::move(plays)}};
}

// The special card of a hand by its name and rules, never by its id: everyone knows which
// special card is in play, not where it is.
json special_json(card c) {
  if (c == no_card) return nullptr;
  const card_face f = face_of(c);
  return {{"name", card_name(c)},
          {"suit", f.s == suit::none ? json() : json(suit_name(f.s))},
          {"value", f.rank == 0 ? json() : json(f.rank)},
          {"text", rule_of(special_of(c)).text}};
}

json quest_json(int tile, int side) {
  const quest_tile& q = quest_tiles()[static_cast<std::size_t>(tile)];
  json sides = json::array();
  for (const quest_side& s : q.sides) sides.push_back({{"name", s.name}, {"text", s.text}});
  return {{"tile", tile + 1},
          {"sides", std::move(sides)},
          {"chosen", side < 0 ? json() : json(side == 0 ? "A" : "B")}};
}

}  // namespace

turn table_view::turn_of() const {
  turn t;
  t.phase = phase;
  t.seat = seat;
  t.players = players;
  t.may_act = has_seat(to_act, seat);
  t.hand = hand;
  t.current = &current;
  t.previous_winner = previous_winner;
  t.first_trick = trick_number == 0;
  t.last = &last;
  return t;
}

json to_json(const hand_result& r, int players) {
  const quest_side& q = quest_tiles()[r.quest].sides[r.side];
  return {{"dealer", r.dealer},
          {"special", card_name(r.special)},
          {"quest", {{"tile", r.quest + 1}, {"side", r.side == 0 ? "A" : "B"}, {"name", q.name}}},
          {"quest_holder", r.quest_holder},
          {"first_leader", r.first_leader},
          {"tricks", per_seat(r.tricks, players)},
          {"quest_points", per_seat(r.quest_points, players)},
          {"bonus", per_seat(r.bonus, players)},
          {"enchanted", seat_or_null(r.enchanted)},
          {"points", per_seat(r.points, players)},
          {"totals", per_seat(r.totals, players)}};
}

json to_json(const table_view& v) {
  const int n = v.players;
  json j;
  j["seat"] = seat_or_null(v.seat);
  j["players"] = n;
  j["phase"] = phase_name(v.phase);
  json acting = json::array();
  for (int s = 0; s < n; ++s)
    if (has_seat(v.to_act, s)) acting.push_back(s);
  j["to_act"] = std::move(acting);
  j["hand_number"] = v.hand_number + 1;
  j["hands"] = v.planned_hands;
  j["scores"] = per_seat(v.totals, n);
  json results = json::array();
  if (v.results)
    for (const hand_result& hr : *v.results) {
      json r = to_json(hr, n);
      r["hand"] = results.size() + 1;
      results.push_back(std::move(r));
    }
  j["results"] = std::move(results);
  if (v.phase == phase::finished) return j;

  j["dealer"] = v.dealer;
  j["special"] = special_json(v.special);
  j["quest"] = quest_json(v.quest, v.side);
  j["quest_holder"] = v.quest_holder;
  j["first_leader"] = seat_or_null(v.first_leader);
  if (v.seat != spectator) j["hand"] = cards_json(v.hand);
  j["hand_sizes"] = per_seat(v.hand_sizes, n);
  json known = json::array();
  for (int s = 0; s < n; ++s) known.push_back(cards_json(v.known[static_cast<std::size_t>(s)]));
  j["known"] = std::move(known);
  json taken = json::array();
  for (int s = 0; s < n; ++s) taken.push_back(cards_json(v.taken[static_cast<std::size_t>(s)]));
  j["taken"] = std::move(taken);
  j["tricks"] = per_seat(v.tricks, n);
  json winners = json::array();
  for (int t = 0; t < v.trick_number; ++t)
    winners.push_back(v.winners[static_cast<std::size_t>(t)]);
  j["trick_winners"] = std::move(winners);
  j["trick_number"] = v.trick_number + 1;
  j["tricks_per_hand"] = v.tricks_per_hand;
  j["trick"] = trick_json(v.current);
  if (v.last_winner >= 0) {
    j["last_trick"] = trick_json(v.last);
    j["last_trick"]["winner"] = v.last_winner;
  } else {
    j["last_trick"] = nullptr;
  }
  j["bonus"] = per_seat(v.bonus, n);
  j["enchanted"] = seat_or_null(v.enchanted);
  j["tinkerer_pending"] = v.tinkerer_pending;
  j["choosing"] = seat_or_null(v.effect_seat);
  if (v.thief >= 0) {
    json thief = {{"holder", v.thief}, {"victim", seat_or_null(v.victim)}};
    if (v.seat >= 0 && (v.seat == v.thief || v.seat == v.victim) && v.victim >= 0) {
      thief["stolen"] = cards_json(v.stolen);
      if (v.phase != phase::give_back) thief["returned"] = cards_json(v.returned);
    }
    j["theft"] = std::move(thief);
  } else {
    j["theft"] = nullptr;
  }
  return j;
}

table_view game::make_view(int seat) const {
  const int n = settings_.players;
  table_view v;
  v.seat = seat >= 0 && seat < n ? seat : spectator;
  v.players = n;
  v.planned_hands = settings_.opts.hands;
  v.phase = phase_;
  v.to_act = seats_to_act();
  v.hand_number = hand_;
  v.totals = totals_;
  v.results = &results_;
  if (phase_ == phase::finished) return v;
  v.dealer = dealer_;
  v.special = special_;
  v.quest = quest_;
  v.side = side_ == no_side ? -1 : side_;
  v.quest_holder = quest_holder_;
  v.first_leader = first_leader_ == no_seat ? -1 : first_leader_;
  if (v.seat != spectator) v.hand = hands_[static_cast<std::size_t>(v.seat)];
  for (int s = 0; s < n; ++s) {
    const auto i = static_cast<std::size_t>(s);
    v.hand_sizes[i] = static_cast<std::uint8_t>(size_of(hands_[i]));
    if (s != v.seat) v.known[i] = known(v.seat, s);
  }
  v.taken = taken_;
  v.tricks = tricks_;
  v.winners = winners_;
  v.trick_number = trick_no_;
  v.tricks_per_hand = hand_size(n);
  v.current = current_;
  v.last = last_;
  v.hand_tricks = &hand_tricks_;
  v.moved = moved_;
  v.last_winner = last_winner_ == no_seat ? -1 : last_winner_;
  v.previous_winner = previous_winner_;
  v.bonus = bonus_;
  v.enchanted = enchanted_ == no_seat ? -1 : enchanted_;
  v.tinkerer_pending = tinkerer_pending_;
  v.effect_seat = effect_seat_ == no_seat ? -1 : effect_seat_;
  v.thief = thief_ == no_seat ? -1 : thief_;
  v.victim = victim_ == no_seat ? -1 : victim_;
  if (v.seat != spectator && (v.seat == v.thief || v.seat == v.victim)) {
    v.stolen = stolen_;
    v.returned = returned_;
  }
  return v;
}

json game::view(int seat) const { return to_json(make_view(seat)); }

// Spectator mode "after the trick" (game.hpp): the cards on the table and the last trick.
namespace {
std::vector<trick_play> plays_of(const trick& t) {
  std::vector<trick_play> out;
  for (int i = 0; i < t.count; ++i) {
    const played_card& p = t.plays[static_cast<std::size_t>(i)];
    out.push_back({p.seat, std::string(card_id(p.c))});
  }
  return out;
}
}  // namespace

std::vector<trick_play> game::trick_on_table() const { return plays_of(current_); }

std::vector<trick_play> game::last_trick() const {
  return last_winner_ != no_seat ? plays_of(last_) : std::vector<trick_play>{};
}

}  // namespace crownhall::dwarf_king
