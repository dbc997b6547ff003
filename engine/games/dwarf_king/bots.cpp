// Bots: they see only the seat's table_view. random: uniform over legal actions.
// heuristic: judges from the chosen quest whether taking the trick in front of it is worth
// points, then wins cheaply or ducks; picks a quest side from a few random playouts.
#include <span>

#include "engine/core/search.hpp"
#include "engine/games/dwarf_king/sampler.hpp"
#include "engine/games/dwarf_king/specials.hpp"
#include "engine/games/dwarf_king/view.hpp"

namespace crownhall::dwarf_king {

namespace {

constexpr std::size_t idx(int i) { return static_cast<std::size_t>(i); }

hand_summary summary_of(const table_view& v) {
  hand_summary h;
  h.players = v.players;
  h.tricks_in_hand = v.tricks_per_hand;
  h.tricks_played = v.trick_number;
  h.taken = v.taken;
  h.tricks = v.tricks;
  h.winners = v.winners;
  return h;
}

// How good a summary is for `seat` under `side`: its points minus the others' average.
double worth(const quest_side& q, const hand_summary& h, int seat) {
  std::array<int, max_players> points{};
  score_quest(q, h, points);
  double others = 0;
  for (int s = 0; s < h.players; ++s)
    if (s != seat) others += points[idx(s)];
  return points[idx(seat)] - others / (h.players - 1);
}

// The value to `seat` of `taker` taking one more trick made of `cards`.
double worth_if_taken(const table_view& v, card_set cards, int taker) {
  hand_summary h = summary_of(v);
  if (h.tricks_played < max_tricks)
    h.winners[idx(h.tricks_played)] = static_cast<std::uint8_t>(taker);
  ++h.tricks_played;
  h.taken[idx(taker)] |= cards;
  ++h.tricks[idx(taker)];
  return worth(quest_tiles()[idx(v.quest)].sides[idx(v.side)], h, v.seat);
}

// Positive when taking a trick of `cards` is good for the view's seat.
double gain_of_taking(const table_view& v, card_set cards, int otherwise) {
  return worth_if_taken(v, cards, v.seat) - worth_if_taken(v, cards, otherwise);
}

// A card's strength for choosing between cards; the Dragon and Excalibur are strongest.
int strength(card c) {
  if (has_effect(c, effect::dragon) || has_effect(c, effect::excalibur)) return 32;
  return 2 * face_of(c).rank;
}

card pick(card_set s, prng& rng) {
  for (std::uint32_t k = rng.below(static_cast<std::uint32_t>(size_of(s))); k > 0; --k) s &= s - 1;
  return lowest(s);
}

// Whether taking tricks is good for the seat now, from a few tricks of unseen cards.
double appetite(const table_view& v, prng& rng) {
  const card_set unseen = unseen_cards(v);
  if (size_of(unseen) < v.players) return 0;
  double sum = 0;
  for (int i = 0; i < 4; ++i) {
    card_set cards = 0;
    while (size_of(cards) < v.players) cards |= bit(pick(unseen & ~cards, rng));
    sum += gain_of_taking(v, cards, (v.seat + 1) % v.players);
  }
  return sum;
}

// Each legal card is worth what taking the trick with it would bring (0 when it would not
// win now); the best is played. Ties: a cheap winner when following, a strong one when
// leading, and the strongest card that safely loses.
action choose_card(const table_view& v) {
  const card_set legal = playable(v.hand, v.current, v.previous_winner, v.trick_number == 0);
  const bool leading = v.current.empty();
  const int otherwise =
      leading ? (v.seat + 1) % v.players : v.current.plays[idx(winning_play(v.current))].seat;
  card best = no_card;
  double best_value = 0;
  bool best_wins = false;
  for_each_card(legal, [&](card c) {
    trick t = v.current;
    add_play(t, played_as(c, v.seat, t, v.previous_winner));
    const bool wins = t.plays[idx(winning_play(t))].seat == v.seat;
    const double value = wins ? gain_of_taking(v, t.cards(), otherwise) : 0.0;
    bool better = best == no_card || value > best_value;
    if (best != no_card && value == best_value) {
      const bool stronger = strength(c) > strength(best);
      if (wins != best_wins) {
        better = !wins;  // at equal value, keep the trick away
      } else if (wins) {
        better = (leading && value > 0) ? stronger : !stronger;
      } else {
        better = stronger;
      }
    }
    if (better) {
      best = c;
      best_value = value;
      best_wins = wins;
    }
  });
  return make_action(action_kind::play, best);
}

// A few random playouts of the hand (others' cards drawn from the unseen ones); the side
// with the better average for this seat wins.
action choose_side(const table_view& v, prng& rng) {
  const quest_tile& tile = quest_tiles()[idx(v.quest)];
  std::array<double, 2> total{};
  const int n = v.players;
  for (int round = 0; round < 8; ++round) {
    std::array<card_set, max_players> hands{};
    hands[idx(v.seat)] = v.hand;
    card_set rest = (basic_deck(n) | bit(v.special)) & ~v.hand;
    for (int s = 0; s < n; ++s) {
      if (s == v.seat) continue;
      hands[idx(s)] = v.known[idx(s)];
      rest &= ~v.known[idx(s)];
    }
    for (int s = 0; s < n; ++s)
      while (size_of(hands[idx(s)]) < v.tricks_per_hand) {
        const card c = pick(rest, rng);
        rest &= ~bit(c);
        hands[idx(s)] |= bit(c);
      }
    hand_summary h;
    h.players = n;
    h.tricks_in_hand = v.tricks_per_hand;
    int leader = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
    card previous = no_card;
    for (int t = 0; t < v.tricks_per_hand; ++t) {
      trick tr;
      for (int k = 0; k < n; ++k) {
        const int s = (leader + k) % n;
        const card c = pick(playable(hands[idx(s)], tr, previous, t == 0), rng);
        hands[idx(s)] &= ~bit(c);
        add_play(tr, played_as(c, s, tr, previous));
      }
      const played_card& best = tr.plays[idx(winning_play(tr))];
      leader = best.seat;
      previous = best.c;
      h.taken[idx(leader)] |= tr.cards();
      ++h.tricks[idx(leader)];
      h.winners[idx(t)] = static_cast<std::uint8_t>(leader);
      h.tricks_played = t + 1;
    }
    for (int side = 0; side < 2; ++side)
      total[idx(side)] += worth(tile.sides[idx(side)], h, v.seat);
  }
  return make_action(action_kind::choose_quest, total[1] > total[0] ? 1 : 0);
}

// The opponent with the highest total (the lowest seat on a tie).
int leading_opponent(const table_view& v) {
  int best = -1;
  for (int s = 0; s < v.players; ++s)
    if (s != v.seat && (best < 0 || v.totals[idx(s)] > v.totals[idx(best)])) best = s;
  return best;
}

action choose_give_back(const table_view& v, prng& rng) {
  // Wanting tricks: give back the two weakest cards; else the two strongest.
  const bool want = appetite(v, rng) > 0;
  card_set hand = v.hand;
  card_set chosen = 0;
  for (int k = 0; k < 2; ++k) {
    card pick_card = no_card;
    for_each_card(hand & ~chosen, [&](card c) {
      if (pick_card == no_card ||
          (want ? strength(c) < strength(pick_card) : strength(c) > strength(pick_card)))
        pick_card = c;
    });
    chosen |= bit(pick_card);
  }
  return give_back_action(lowest(chosen), lowest(chosen & (chosen - 1)));
}

action choose_sorcerer(const table_view& v, prng& rng) {
  const action pass = make_action(action_kind::pass);
  if (!contains(v.hand, special_card(special::sorcerer))) return pass;
  const quest_side& q = quest_tiles()[idx(v.quest)].sides[idx(v.side)];
  const hand_summary now = summary_of(v);
  const double base = worth(q, now, v.seat);
  const double want = appetite(v, rng) > 0 ? 1.0 : -1.0;
  card best = no_card;
  double best_gain = 0.5;
  for_each_card(v.last.cards(), [&](card c) {
    hand_summary h = now;
    card_set& pile = h.taken[idx(v.last_winner)];
    pile = (pile & ~bit(c)) | bit(special_card(special::sorcerer));
    const double gain = worth(q, h, v.seat) - base + want * strength(c) / 16.0;
    if (gain > best_gain) {
      best_gain = gain;
      best = c;
    }
  });
  return best == no_card ? pass : make_action(action_kind::sorcerer, best);
}

action heuristic(const table_view& v, prng& rng) {
  switch (v.phase) {
    case phase::quest:
      return choose_side(v, rng);
    case phase::steal:
      return make_action(action_kind::steal, leading_opponent(v));
    case phase::give_back:
      return choose_give_back(v, rng);
    case phase::playing:
      return choose_card(v);
    case phase::swap_hands:
      return make_action(action_kind::swap_hands, leading_opponent(v));
    case phase::pass_hands: {
      // Send this hand towards the neighbour with the lower total.
      const int left = (v.seat + 1) % v.players, right = (v.seat + v.players - 1) % v.players;
      return make_action(action_kind::pass_hands,
                         v.totals[idx(left)] <= v.totals[idx(right)] ? pass_left : pass_right);
    }
    case phase::sorcerer:
      return choose_sorcerer(v, rng);
    case phase::finished:
      break;
  }
  return make_action(action_kind::none);
}

}  // namespace

action game::bot_action(int seat, bot_kind kind, prng& rng) const {
  if (kind == bot_kind::search)
    return search_action(*this, seat, rng, {.playouts = playouts_for_ms(search_rate(), 100)});
  const table_view v = make_view(seat);
  action_list legal;
  dwarf_king::legal_actions(v.turn_of(), legal);
  if (legal.empty()) return make_action(action_kind::none);
  if (kind == bot_kind::random)
    return legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
  const action a = heuristic(v, rng);
  return legal.contains(a) ? a : legal[0];
}

}  // namespace crownhall::dwarf_king
