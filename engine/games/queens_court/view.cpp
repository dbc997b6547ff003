#include "engine/games/queens_court/view.hpp"

namespace crownhall::queens_court {

table_view game::make_view(int seat) const {
  table_view v;
  const int n = settings_.players;
  v.seat = seat >= 0 && seat < n ? seat : spectator;
  v.players = n;
  v.opts = settings_.opts;
  v.phase = phase_;
  v.round = round_ + 1;
  v.first_player = first_player_;
  v.to_act = phase_ == phase::finished ? -1 : to_act_;
  v.draw_size = draw_end_ - draw_next_;
  v.open_piles = phase_ == phase::finished ? 0 : open_piles();
  if (v.seat != spectator) v.hand = hand_[v.seat];
  for (int s = 0; s < n; ++s) {
    player_view& p = v.player[s];
    p.hand_size = static_cast<std::uint8_t>(std::popcount(hand_[s]));
    p.locked = (locked_ >> s) & 1u;
    p.wins = wins_[s];
    for (int side = 0; side < 2; ++side) {
      p.top[side] = top_[pile_of(s, side)];
      p.showing[side] = showing(pile_of(s, side));
      p.pile_size[side] = pile_size_[pile_of(s, side)];
    }
    p.spread = spread(s);
  }
  // Only the cards on piles are copied: the chain says nothing about hands or the draw pile.
  v.under.fill(no_card);
  for (int p = 0; p < 2 * n; ++p)
    for (card c = top_[p]; c != no_card; c = under_[c]) v.under[c] = under_[c];
  v.last_round = history_.empty() ? nullptr : &history_.back();
  v.winner = winner_ == no_seat ? -1 : winner_;
  return v;
}

void legal_plays(const table_view& v, action_list& out) {
  out.clear();
  if (v.seat == spectator || v.seat != v.to_act) return;
  for_each_card(v.hand, [&](card c) {
    for (std::uint32_t piles = v.open_piles; piles; piles &= piles - 1)
      out.push_back(encode(play{c, static_cast<std::uint8_t>(std::countr_zero(piles))}));
  });
}

namespace {

json cards_json(card_set s) {
  json list = json::array();
  for_each_card(s, [&](card c) { list.push_back(card_id(c)); });
  return list;
}

json seats_json(std::uint8_t mask, int players) {
  json list = json::array();
  for (int s = 0; s < players; ++s)
    if ((mask >> s) & 1u) list.push_back(s);
  return list;
}

json spread_json(int spread) { return spread == double_queens ? json(nullptr) : json(spread); }

json pile_json(const table_view& v, const player_view& p, int side) {
  // Walk from the top down, then list bottom first.
  std::array<card, card_count> stack{};
  int size = 0;
  for (card c = p.top[side]; c != no_card; c = v.under[c]) stack[size++] = c;
  json cards = json::array();
  for (int i = size - 1; i >= 0; --i) cards.push_back(card_id(stack[i]));
  return {{"side", side == 0 ? "left" : "right"},
          {"cards", std::move(cards)},
          {"showing", card_id(p.showing[side])},
          {"gloved", is_glove(p.top[side])}};
}

// Coins: each round won returns one coin of the two staked; the winner takes the pot.
int pot_of(const table_view& v) {
  int pot = coins_stake * v.players;
  for (int s = 0; s < v.players; ++s) pot -= v.player[s].wins;
  return pot;
}

}  // namespace

json to_json(const round_result& r, int players) {
  json spreads = json::array(), cards = json::array();
  for (int s = 0; s < players; ++s) {
    spreads.push_back(spread_json(r.spread[s]));
    cards.push_back(r.pile_cards[s]);
  }
  return {{"round", r.round},
          {"first_player", r.first_player},
          {"spreads", std::move(spreads)},
          {"pile_cards", std::move(cards)},
          {"winner", r.winner == no_seat ? json(nullptr) : json(r.winner)},
          {"tied", seats_json(r.tied, players)},
          {"tie_wins", seats_json(r.tie_wins, players)}};
}

json to_json(const table_view& v) {
  static constexpr const char* phase_names[] = {"first_half", "second_half", "finished"};
  json j = {{"game", "queens-court"},
            {"seat", v.seat == spectator ? json(nullptr) : json(v.seat)},
            {"phase", phase_names[static_cast<int>(v.phase)]},
            {"round", v.round},
            {"first_player", v.first_player},
            {"to_act", v.to_act < 0 ? json(nullptr) : json(v.to_act)},
            {"draw_size", v.draw_size},
            {"queens_wild", v.opts.queens_wild},
            {"coins", v.opts.coins}};
  if (v.seat != spectator) j["hand"] = cards_json(v.hand);
  const int pot = pot_of(v);
  json players = json::array();
  for (int s = 0; s < v.players; ++s) {
    const player_view& p = v.player[s];
    json pj = {{"seat", s},
               {"hand_size", p.hand_size},
               {"locked", p.locked},
               {"wins", p.wins},
               {"spread", spread_json(p.spread)},
               {"double_queens", p.spread == double_queens},
               {"pile_cards", p.pile_size[0] + p.pile_size[1]},
               {"piles", json::array({pile_json(v, p, 0), pile_json(v, p, 1)})}};
    if (v.opts.coins) pj["coins_back"] = p.wins + (v.winner == s ? pot : 0);
    players.push_back(std::move(pj));
  }
  j["players"] = std::move(players);
  if (v.opts.coins) j["pot"] = v.winner >= 0 ? 0 : pot;
  j["last_round"] = v.last_round ? to_json(*v.last_round, v.players) : json(nullptr);
  j["winner"] = v.winner < 0 ? json(nullptr) : json(v.winner);
  return j;
}

json game::view(int seat) const { return to_json(make_view(seat)); }

}  // namespace crownhall::queens_court
