#include "engine/games/lunar/view.hpp"

#include "engine/games/lunar/play_rules.hpp"

namespace crownhall::lunar {

table_view game::make_view(int seat) const {
  table_view v;
  const int n = settings_.players;
  v.seat = seat >= 0 && seat < n ? seat : spectator;
  v.players = n;
  v.opts = settings_.opts;
  v.phase = phase_;
  v.round = round_ + 1;
  v.start_player = start_player_;
  v.to_act = seats_to_act();
  for (int s = 0; s < n; ++s) v.hand_size[s] = static_cast<std::uint8_t>(std::popcount(hand_[s]));
  v.sky = sky_;
  v.chosen = chosen_;
  if (v.seat != spectator) {
    v.hand = hand_[v.seat];
    v.my_choice = exchange_[v.seat];
    // The partner's cards become known only once received.
    if (phase_ != phase::exchange) {
      v.passed = passed_[v.seat];
      v.received = received_[v.seat];
    }
  }
  v.tiles_up = tiles_up_;
  v.trump = trump_;
  v.trick = trick_;
  v.last_trick = last_trick_;
  v.has_last_trick = last_trick_.winner_team != 0xff;
  v.tricks_won = tricks_won_;
  for (int t = 0; t < 2; ++t) v.stars_won[t] = won_[t] & ruling_table.starred;
  v.round_tricks = std::span<const trick_state>(round_tricks_.data(), tricks_played_);
  v.scores = scores_;
  v.last_round = history_.empty() ? nullptr : &history_.back();
  v.winner_team = winner_team_ == 0xff ? -1 : winner_team_;
  return v;
}

// The moves open to the view's seat, from what it sees.
void legal_moves(const table_view& v, action_list& out) {
  out.clear();
  if (v.seat == spectator || !has_seat(v.to_act, v.seat)) return;
  switch (v.phase) {
    case phase::exchange:
      list_exchanges(v.hand, out);
      return;
    case phase::trump:
      for (int s = 0; s < suit_count; ++s)
        if ((v.tiles_up >> s) & 1u) out.push_back(encode_discard(s));
      return;
    case phase::playing:
      for_each_card(playable_cards(v.hand, v.sky, v.trick, v.players == 2),
                    [&](card c) { out.push_back(encode_play(c)); });
      return;
    case phase::finished:
      return;
  }
}

namespace {

json cards_json(card_set s) {
  json list = json::array();
  for_each_card(s, [&](card c) { list.push_back(card_id(c)); });
  return list;
}

json suit_json(int suit) { return suit < suit_count ? json(suit_names[suit]) : json(nullptr); }

json teams_json(int players) {
  return players == 4 ? json::array({json::array({0, 2}), json::array({1, 3})})
                      : json::array({json::array({0}), json::array({1})});
}

json trick_json(const trick_state& t, int players) {
  json cards = json::array();
  for (int i = 0; i < t.size; ++i)
    cards.push_back({{"seat", (t.leader + i) % players},
                     {"card", card_id(t.cards[i])},
                     {"from", ((t.from_sky >> i) & 1u) ? "sky" : "hand"}});
  return {{"leader", t.leader},
          {"cards", std::move(cards)},
          {"lead_suit", suit_json(t.lead_suit)},
          {"lead_team", t.lead_team == 0xff ? json(nullptr) : json(t.lead_team)}};
}

}  // namespace

json to_json(const round_result& r) {
  return {{"round", r.round},
          {"start_player", r.start_player},
          {"trump", suit_json(r.trump)},
          {"tricks", r.tricks},
          {"track_points", r.track_points},
          {"stars", r.stars},
          {"points", r.points},
          {"scores", r.scores}};
}

json to_json(const table_view& v) {
  static constexpr const char* phase_names[] = {"exchange", "trump", "playing", "finished"};
  json to_act = json::array();
  for (int s = 0; s < v.players; ++s)
    if (has_seat(v.to_act, s)) to_act.push_back(s);
  json j = {{"game", "lunar"},
            {"seat", v.seat == spectator ? json(nullptr) : json(v.seat)},
            {"team", v.seat == spectator ? json(nullptr) : json(v.team_of(v.seat))},
            {"phase", phase_names[static_cast<int>(v.phase)]},
            {"round", v.round},
            {"start_player", v.start_player},
            {"to_act", std::move(to_act)},
            {"teams", teams_json(v.players)},
            {"target_score", v.opts.target_score}};
  if (v.seat != spectator) j["hand"] = cards_json(v.hand);
  json sizes = json::array();
  for (int s = 0; s < v.players; ++s) sizes.push_back(v.hand_size[s]);
  j["hand_sizes"] = std::move(sizes);
  if (v.players == 2) j["sky"] = cards_json(v.sky);
  if (v.players == 4) {
    json ex = json::object();
    if (v.phase == phase::exchange) {
      json waiting = json::array();
      for (int s = 0; s < 4; ++s)
        if (!((v.chosen >> s) & 1u)) waiting.push_back(s);
      ex["waiting"] = std::move(waiting);
      if (v.seat != spectator) ex["chosen"] = v.my_choice ? cards_json(v.my_choice) : json(nullptr);
    } else if (v.seat != spectator) {
      ex["passed"] = cards_json(v.passed);
      ex["received"] = cards_json(v.received);
    }
    j["exchange"] = std::move(ex);
  }
  json up = json::array(), down = json::array();
  for (int s = 0; s < suit_count; ++s)
    ((v.tiles_up >> s) & 1u ? up : down).push_back(suit_names[s]);
  j["tiles"] = {{"face_up", std::move(up)}, {"face_down", std::move(down)}};
  j["trump"] = suit_json(v.trump);
  j["trick"] = trick_json(v.trick, v.players);
  if (v.has_last_trick) {
    json last = trick_json(v.last_trick.trick, v.players);
    last["winner_team"] = v.last_trick.winner_team;
    j["last_trick"] = std::move(last);
  } else {
    j["last_trick"] = nullptr;
  }
  j["tricks_won"] = v.tricks_won;
  j["stars_won"] = json::array({cards_json(v.stars_won[0]), cards_json(v.stars_won[1])});
  j["scores"] = v.scores;
  j["last_round"] = v.last_round ? to_json(*v.last_round) : json(nullptr);
  j["winner_team"] = v.winner_team < 0 ? json(nullptr) : json(v.winner_team);
  return j;
}

json game::view(int seat) const { return to_json(make_view(seat)); }

// Spectator mode "after the trick" (game.hpp): the cards on the table and the last trick. A
// card played from the sky counts for the seat that played it.
namespace {
std::vector<trick_play> plays_of(const trick_state& t, int players) {
  std::vector<trick_play> out;
  for (int i = 0; i < t.size; ++i)
    out.push_back(
        {(t.leader + i) % players, std::string(card_id(t.cards[static_cast<std::size_t>(i)]))});
  return out;
}
}  // namespace

std::vector<trick_play> game::trick_on_table() const { return plays_of(trick_, settings_.players); }

std::vector<trick_play> game::last_trick() const {
  return last_trick_.winner_team != 0xff ? plays_of(last_trick_.trick, settings_.players)
                                         : std::vector<trick_play>{};
}

}  // namespace crownhall::lunar
