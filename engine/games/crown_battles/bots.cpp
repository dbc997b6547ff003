#include "engine/games/crown_battles/bots.hpp"

#include <cmath>

#include "engine/core/search.hpp"
#include "engine/games/crown_battles/sampler.hpp"
#include "engine/games/crown_battles/state.hpp"

namespace crownhall::crown_battles {

namespace {

// How likely a card is to take a trick by itself: the order to spend or to keep cards in.
int danger(card c, trump t) {
  switch (kind_of(c)) {
    case card_kind::dragon:
      return 50;
    case card_kind::golem:
      return 40;
    case card_kind::numbered:
      return is_trump(t, suit_of(c)) ? 20 + rank_of(c) : rank_of(c);
    default:
      return 0;
  }
}

card most_dangerous(card_set cards, trump t) {
  card best = cards.lowest();
  for (card c : cards)
    if (danger(c, t) > danger(best, t)) best = c;
  return best;
}

card least_dangerous(card_set cards, trump t) {
  card best = cards.lowest();
  for (card c : cards)
    if (danger(c, t) < danger(best, t)) best = c;
  return best;
}

// Dealer's choice: the suit the hand is longest and strongest in.
action pick_trump(const seat_view& v) {
  int best = 0;
  double best_score = -1;
  for (int s = 0; s < suit_count; ++s) {
    double score = 0;
    for (card c : v.hand& suit_cards(static_cast<suit>(s)))
      score += 1 + std::max(0, rank_of(c) - 9) * 0.5;
    if (score > best_score) best_score = score, best = s;
  }
  return choose_trump_action(static_cast<trump>(best));
}

// The legal bid closest to the expected tricks; a double bid is worth half, so it must be
// clearly closer to win (it wins when the estimate sits between two numbers).
action pick_bid(const seat_view& v, const action_list& legal) {
  const double e = expected_tricks(v, v.hand, v.trump_suit);
  action best = legal[0];
  double best_distance = 1e9;
  for (action a : legal) {
    const bid b = bid_of(a);
    const double d = b.is_double() ? std::abs(b.lo + 0.5 - e) + 0.2 : std::abs(b.lo - e);
    if (d < best_distance) best_distance = d, best = a;
  }
  return best;
}

// Wins cheaply while it needs tricks; ducks, shedding its most dangerous cards, once it has
// enough.
action pick_card(const seat_view& v) {
  const seat_info& me = v.seats[static_cast<std::size_t>(v.viewer)];
  const bool wants = me.tricks < me.bid.value.lo;
  const trump t = v.trump_suit;
  const card_set options = playable(v.hand, v.current.lead_suit);
  if (v.current.count == 0)
    return play_action(wants ? most_dangerous(options, t) : least_dangerous(options, t));

  card_set winners;
  for (card c : options)
    if (v.current.strength_if_played(c, t) > v.current.winning_strength) winners.insert(c);
  const card_set losers = options - winners;
  if (wants) return play_action(least_dangerous(winners.empty() ? options : winners, t));
  return play_action(losers.empty() ? least_dangerous(winners, t) : most_dangerous(losers, t));
}

}  // namespace

double expected_tricks(const seat_view& v, card_set hand, trump t) {
  // More players, more ways for a good card to be beaten.
  const double crowd = v.players <= 3 ? 1.0 : v.players <= 5 ? 0.85 : 0.7;
  const bool dragons_out =
      v.table && !(v.table->deck & card_set::range(first_dragon, first_peasant)).empty();
  double e = 0;
  int trumps = 0;
  for (card c : hand) {
    switch (kind_of(c)) {
      case card_kind::dragon:
        e += 0.95;
        break;
      case card_kind::golem:
        e += dragons_out ? 0.75 * crowd : 0.95;
        break;
      case card_kind::numbered: {
        const int r = rank_of(c);
        if (is_trump(t, suit_of(c))) {
          ++trumps;
          e += r >= 12   ? 0.9
               : r == 11 ? 0.75
               : r == 10 ? 0.6 * crowd
               : r >= 7  ? 0.4 * crowd
                         : 0.25 * crowd;
        } else {
          const double no_trump_bonus = t == trump::none ? 1.1 : 1.0;
          e += no_trump_bonus * crowd * (r == 13 ? 0.7 : r == 12 ? 0.45 : r == 11 ? 0.25 : 0.0);
        }
        break;
      }
      default:
        break;
    }
  }
  if (trumps > 3) e += 0.3 * (trumps - 3);  // long trumps take the last tricks
  return e;
}

action bot_choice(const seat_view& v, bot_kind kind, prng& rng) {
  action_list legal;
  legal_actions(v, legal);
  if (legal.empty()) return action{};
  if (kind == bot_kind::random)
    return legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
  switch (v.stage) {
    case phase::choose_trump:
      return pick_trump(v);
    case phase::bidding:
      return pick_bid(v, legal);
    case phase::playing:
      return pick_card(v);
    case phase::finished:
      break;
  }
  return action{};
}

int state::search_rate() const { return crown_battles::search_rate; }

action state::bot_action(int seat, bot_kind kind, prng& rng) const {
  if (kind == bot_kind::search)
    return search_action(*this, seat, rng, {.playouts = playouts_for_ms(search_rate(), 100)});
  return bot_choice(view_of(seat), kind, rng);
}

}  // namespace crownhall::crown_battles
