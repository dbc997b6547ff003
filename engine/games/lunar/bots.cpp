// Bots decide from the seat's table_view alone. random: any legal move. heuristic: aims
// for the track's scoring positions and the stars, plays the exact winner or loser when
// it closes a trick, and otherwise plays strong or weak cards as it wants the trick.
#include <algorithm>

#include "engine/core/search.hpp"
#include "engine/games/lunar/play_rules.hpp"
#include "engine/games/lunar/trick.hpp"
#include "engine/games/lunar/view.hpp"

namespace crownhall::lunar {

namespace {

int count_suit(card_set cards, int suit) { return std::popcount(cards & cards_of_suit(suit)); }

// Keep high ranks; pass the two lowest ranks and two cards of the longest suit, so the
// partner can follow it.
action choose_exchange(const table_view& v) {
  std::array<card, 4> pick{};
  int i = 0;
  for_each_card(v.hand & rank_cards, [&](card c) {
    if (i < 2) pick[i++] = c;
  });
  std::array<int, suit_count> order{0, 1, 2, 3};
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return count_suit(v.hand, a) > count_suit(v.hand, b) ||
           (count_suit(v.hand, a) == count_suit(v.hand, b) && a < b);
  });
  for (int s : order)
    for_each_card(v.hand & cards_of_suit(s), [&](card c) {
      if (i < 4) pick[i++] = c;
    });
  return encode_exchange(pick[0], pick[1], std::min(pick[2], pick[3]), std::max(pick[2], pick[3]));
}

// Discard the tile of the suit this seat holds least of (the Sky counts with two players).
action choose_tile(const table_view& v) {
  int best = -1, fewest = 99;
  for (int s = 0; s < suit_count; ++s) {
    if (!((v.tiles_up >> s) & 1u)) continue;
    const int held = count_suit(v.hand | v.sky, s);
    if (held < fewest) {
      fewest = held;
      best = s;
    }
  }
  return encode_discard(best);
}

int suit_strength(int suit, const table_view& v) {
  if (suit == v.trump) return 16;
  return v.trick.lead_suit == no_suit || suit == v.trick.lead_suit ? 8 : 0;
}

// How strong the team's pair would be with this card (the partner's card counted once it
// is on the table).
int strength(card c, const table_view& v) {
  const int pos = v.trick.size;
  int s = is_suit(c) ? suit_strength(suit_of(c), v) : rank_of(c);
  if (pos >= 2) {
    const card partner = v.trick.cards[pos - 2];
    s += is_suit(partner) ? suit_strength(suit_of(partner), v) : rank_of(partner);
  }
  return s;
}

action choose_card(const table_view& v, const action_list& legal) {
  const int pos = v.trick.size;
  const int team = v.team_of(v.seat);
  const int won = v.tricks_won[team];
  card_set on_table = 0;
  for (int i = 0; i < pos; ++i) on_table |= bit(v.trick.cards[i]);
  const int stars = std::popcount(on_table & ruling_table.starred);
  const int gain = (won < tricks_per_round ? v.opts.track[won + 1] - v.opts.track[won] : 0) + stars;
  const bool want_win = gain > 0 || (gain == 0 && stars > 0);

  int best = 0, best_score = -1 << 30;
  for (int i = 0; i < legal.size(); ++i) {
    const card c = played_card(legal[i]);
    const bool starred = (ruling_table.starred & bit(c)) != 0;
    int score;
    if (pos == 3) {
      std::array<card, 4> cards = v.trick.cards;
      cards[3] = c;
      const bool wins = resolve_trick(cards, v.trump).winner == 1;
      score = (wins == want_win ? 1000 : 0) + (wins ? -strength(c, v) : strength(c, v));
      score += starred ? (wins ? 20 : -20) : 0;
    } else {
      score = want_win ? strength(c, v) : -strength(c, v);
      score += starred ? (want_win ? 1 : -4) : 0;
    }
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  return legal[best];
}

}  // namespace

action game::bot_action(int seat, bot_kind kind, prng& rng) const {
  if (kind == bot_kind::search)
    return search_action(*this, seat, rng, {.playouts = playouts_for_ms(search_rate(), 100)});
  const table_view v = make_view(seat);
  action_list legal;
  legal_moves(v, legal);
  if (legal.empty()) return {};
  if (kind == bot_kind::random) return legal[static_cast<int>(rng.below(legal.size()))];
  switch (v.phase) {
    case phase::exchange:
      return choose_exchange(v);
    case phase::trump:
      return choose_tile(v);
    case phase::playing:
      return choose_card(v, legal);
    case phase::finished:
      break;
  }
  return legal[0];
}

}  // namespace crownhall::lunar
