// Bots decide from the seat's table_view alone: random picks any legal play; heuristic
// weighs each play by how it moves its own spread and the spreads of the leaders.
#include <algorithm>
#include <bit>

#include "engine/core/search.hpp"
#include "engine/games/queens_court/view.hpp"

namespace crownhall::queens_court {

namespace {

// Two Queens showing lose outright: far worse than any spread.
int cost(int spread) { return spread == double_queens ? 15 : spread; }

int score_play(const table_view& v, play p) {
  const int me = v.seat;
  const int owner = owner_of(p.pile), side = p.pile % 2;
  const player_view& target = v.player[owner];
  const int before = cost(target.spread);
  const int after = is_glove(p.c) ? before : cost(spread_of(p.c, target.showing[1 - side]));
  int best_other = 99;
  for (int s = 0; s < v.players; ++s)
    if (s != me && !v.player[s].locked) best_other = std::min(best_other, cost(v.player[s].spread));
  for (int s = 0; s < v.players; ++s)
    if (s != me && v.player[s].locked) best_other = std::min(best_other, cost(v.player[s].spread));
  const int mine = cost(v.player[me].spread);

  int score = 0;
  if (owner == me) {
    score += 4 * (before - after);
    // A Glove on a good spread of one's own protects it; on a poor one it wastes it.
    if (is_glove(p.c)) score += before <= best_other ? 6 - 2 * before : -4;
  } else {
    // Strategy notes: team up against whoever has already won a round.
    const int weight = 2 + 3 * target.wins + (before <= mine ? 2 : 0);
    score += weight * (after - before);
    if (is_glove(p.c)) score += before >= 5 ? weight : -weight;
  }
  if (v.phase == phase::first_half && after == 0) score += 3;  // two cards drawn
  if (is_queen(p.c) && !(owner == me && after == 0 && before > 0)) score -= 3;
  // The last card locks us in: good only when our spread is the best on the table.
  if (v.phase == phase::second_half && std::popcount(v.hand) == 1) {
    const int final_spread = owner == me ? after : mine;
    score += final_spread <= best_other ? 5 : -5;
  }
  return score;
}

}  // namespace

action game::bot_action(int seat, bot_kind kind, prng& rng) const {
  if (kind == bot_kind::search)
    return search_action(*this, seat, rng, {.playouts = playouts_for_ms(search_rate(), 100)});
  const table_view v = make_view(seat);
  action_list legal;
  legal_plays(v, legal);
  if (legal.empty()) return {};
  if (kind == bot_kind::random) return legal[static_cast<int>(rng.below(legal.size()))];
  int best = 0, best_score = -1 << 30;
  for (int i = 0; i < legal.size(); ++i) {
    play p;
    decode(legal[i], p);
    const int s = score_play(v, p);
    if (s > best_score) {
      best_score = s;
      best = i;
    }
  }
  return legal[best];
}

}  // namespace crownhall::queens_court
