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
    case card_kind::special:
      return c == special_card(special::dragon_king)    ? 55
             : c == special_card(special::golem_king)   ? 45
             : c == special_card(special::double_faced) ? 38
             : c == special_card(special::summoner)     ? 5
                                                        : 0;
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
action pick_bid(const action_list& legal, double e) {
  action best{};  // the first bid is always nearer than 1e9
  double best_distance = 1e9;
  for (action a : legal) {
    const bid b = bid_of(a);
    const double d = b.is_double() ? std::abs(b.lo + 0.5 - e) + 0.2 : std::abs(b.lo - e);
    if (d < best_distance) best_distance = d, best = a;
  }
  return best;
}

// Suit Precision: the tricks the hand may take under suit x: those its cards of the suit
// take, and for the suit it is strongest in, those of its cards without a suit (a trick they
// win goes under any suit).
double expected_suit_tricks(const seat_view& v, int x) {
  std::array<double, suit_count> e{};
  double suited = 0;
  int strongest = 0;
  for (int s = 0; s < suit_count; ++s) {
    e[static_cast<std::size_t>(s)] =
        expected_tricks(v, v.hand & suit_cards(static_cast<suit>(s)), v.trump_suit);
    suited += e[static_cast<std::size_t>(s)];
    if (e[static_cast<std::size_t>(s)] > e[static_cast<std::size_t>(strongest)]) strongest = s;
  }
  const double rest = std::max(0.0, expected_tricks(v, v.hand, v.trump_suit) - suited);
  return e[static_cast<std::size_t>(x)] + (x == strongest ? rest : 0);
}

// Suit Precision: how many more tricks the seat (or its team) wants under suit x, by the
// lower numbers of the bids; negative once past them.
int suit_need(const seat_view& v, int x) {
  const auto need_of = [&](int seat) {
    const seat_info& i = v.seats[static_cast<std::size_t>(seat)];
    return i.bids_per_suit[static_cast<std::size_t>(x)].lo -
           i.tricks_per_suit[static_cast<std::size_t>(x)];
  };
  const int ally =
      v.type == round_type::suit_precision_alliances ? ally_of(v.groups, v.players, v.viewer) : -1;
  return need_of(v.viewer) + (ally >= 0 ? need_of(ally) : 0);
}

// The suit among `legal`'s pick_suit or place actions that wants a trick most.
action neediest_suit(const seat_view& v, const action_list& legal) {
  action best = legal[0];
  int most = -100;
  for (action a : legal) {
    const int x = action_code::is_step(a) ? action_code::unpack(a).amount : placed_suit_of(a);
    if (x < suit_count && suit_need(v, x) > most) most = suit_need(v, x), best = a;
  }
  return best;
}

// Wagering's extra wager: more the surer the bid, judged by how near the expected tricks
// sit to it.
action pick_wager(const seat_view& v) {
  const double e = expected_tricks(v, v.hand, v.trump_suit);
  const double off = std::abs(e - v.seats[static_cast<std::size_t>(v.viewer)].bid.value.lo);
  return wager_action(off < 0.15 ? 20 : off < 0.4 ? 10 : 0);
}

// Duel Fights and Alliances: the dealer pairs the next seat with the player nearest its
// total, for a close duel or an even team (the first such seat on a tie).
action pick_partner(const seat_view& v, const action_list& legal) {
  // Alliances, odd count: the player furthest behind plays alone (its tricks count double).
  if (v.naming_solo) {
    action best = legal[0];
    for (action a : legal)
      if (v.seats[static_cast<std::size_t>(argument_of(a))].score <
          v.seats[static_cast<std::size_t>(argument_of(best))].score)
        best = a;
    return best;
  }
  const int own = v.seats[static_cast<std::size_t>(v.pairing_seat)].score;
  action best = legal[0];
  int gap = 1 << 30;
  for (action a : legal) {
    const int d = std::abs(v.seats[static_cast<std::size_t>(partner_of(a))].score - own);
    if (d < gap) gap = d, best = a;
  }
  return best;
}

// How many tricks the seat is after: its bid, or what its mission asks (a trump trick, and
// none of the first tricks, want one trick once they are safe).
int trick_target(const seat_view& v) {
  const seat_info& me = v.seats[static_cast<std::size_t>(v.viewer)];
  if (!is_missions_round(v.type) || me.mission == no_mission) return me.bid.value.lo;
  const mission& m = mission_at(me.mission);
  switch (m.goal) {
    case mission_goal::at_most:
      return 0;
    case mission_goal::at_least:
      return v.hand_size;
    case mission_goal::none_of_first:
      return v.completed_tricks() < m.count ? 0 : me.tricks;
    case mission_goal::trump_trick:
      return me.tricks + 1;
  }
  return me.bid.value.lo;
}

// Whether the seat still needs tricks: its own against its target, or in an Alliances round
// its team's against the team's bid (the two bids' sum).
bool wants_tricks(const seat_view& v) {
  const seat_info& me = v.seats[static_cast<std::size_t>(v.viewer)];
  // The Split: the half in play's bid.
  if (v.split_hand()) {
    const auto h = static_cast<std::size_t>(v.half);
    return me.half_tricks[h] < me.half_bids[h];
  }
  // Suit Precision: a trick is wanted if some suit it may go under still wants one (a trick
  // on a lead suit goes there, unless trumped; a trick led without a suit, anywhere).
  if (is_precision_type(v.type)) {
    const lead l = v.current.lead_suit;
    for (int x = 0; x < suit_count; ++x)
      if (suit_need(v, x) > 0 && (!is_suit(l) || x == static_cast<int>(suit_of(l)) ||
                                  is_trump(v.trump_suit, static_cast<suit>(x))))
        return true;
    return false;
  }
  const int ally = v.type == round_type::alliances ? ally_of(v.groups, v.players, v.viewer) : -1;
  if (ally < 0) return me.tricks < trick_target(v);
  const seat_info& other = v.seats[static_cast<std::size_t>(ally)];
  return me.tricks + other.tricks < me.bid.value.lo + other.bid.value.lo;
}

// Wins cheaply while it (or its team) needs tricks, but never takes a trick its ally is
// already winning; ducks, shedding its most dangerous cards, once it has enough.
action pick_card(const seat_view& v) {
  const bool wants = wants_tricks(v);
  const trump t = v.trump_suit;
  // The Split: only the first half's cards while it is played.
  const card_set options =
      playable(v.split_hand() && v.half == 0 ? v.first_half : v.hand, v.current.lead_suit);
  if (v.current.count == 0)
    return play_action(wants ? most_dangerous(options, t) : least_dangerous(options, t));

  card_set winners;
  for (card c : options)
    if (v.current.strength_if_played(c, t) > v.current.winning_strength) winners.insert(c);
  const card_set losers = options - winners;
  const bool ally_winning =
      (v.type == round_type::alliances || v.type == round_type::suit_precision_alliances) &&
      v.current.winner(v.players) == ally_of(v.groups, v.players, v.viewer);
  if (wants && ally_winning && !losers.empty()) return play_action(least_dangerous(losers, t));
  if (wants) return play_action(least_dangerous(winners.empty() ? options : winners, t));
  return play_action(losers.empty() ? least_dangerous(winners, t) : most_dangerous(losers, t));
}

// ---- Special Power cards: every step, sensibly ------------------------------------------

// The first legal action of kind `k` that `better` prefers (a strict "is a better than b").
template <class Better>
std::optional<action> best_of(const action_list& legal, step_kind k, Better better) {
  std::optional<action> best;
  for (action a : legal)
    if (step_kind_of(a) == k && (!best || better(a, *best))) best = a;
  return best;
}

std::optional<action> first_of(const action_list& legal, step_kind k) {
  return best_of(legal, k, [](action, action) { return false; });
}

int seat_of(action a) { return action_code::unpack(a).seat; }
card card_in(action a) { return card_at(action_code::unpack(a).card); }

action decline_or(const action_list& legal) {
  if (auto d = first_of(legal, step_kind::decline)) return *d;
  return legal[0];
}

// The card to give away: the least useful one (a winner when ducking, a loser when winning).
std::optional<action> card_to_give(const seat_view& v, const action_list& legal) {
  const trump t = v.trump_suit;
  const bool wants = wants_tricks(v);
  return best_of(legal, step_kind::pick_card, [&](action a, action b) {
    const int da = danger(card_in(a), t), db = danger(card_in(b), t);
    return wants ? da < db : da > db;
  });
}

action pick_step(const seat_view& v, const action_list& legal) {
  const auto score = [&](int s) { return v.seats[static_cast<std::size_t>(s)].score; };
  const auto tricks = [&](int s) { return v.seats[static_cast<std::size_t>(s)].tricks; };
  const auto cards = [&](int s) { return v.seats[static_cast<std::size_t>(s)].cards_in_hand; };
  const seat_info& me = v.seats[static_cast<std::size_t>(v.viewer)];
  switch (v.step.what) {
    case special::witch:  // from the leader among those it may take from
      if (auto a = best_of(legal, step_kind::take_points, [&](action x, action y) {
            return score(seat_of(x)) > score(seat_of(y));
          }))
        return *a;
      break;
    case special::thief:  // only while it needs tricks; from whoever has most
      if (v.step.stage == 1) return neediest_suit(v, legal);  // Suit Precision
      if (wants_tricks(v))
        if (auto a = best_of(legal, step_kind::pick_seat, [&](action x, action y) {
              return tricks(seat_of(x)) > tricks(seat_of(y));
            }))
          return *a;
      break;
    case special::bomb:  // lead itself while it needs tricks, else the trick's loser next to it
      for (action a : legal)
        if (step_kind_of(a) == step_kind::pick_seat && (seat_of(a) == v.viewer) == wants_tricks(v))
          return a;
      break;
    case special::bishop:
      if (auto d = first_of(legal, step_kind::done_looking)) return *d;
      if (auto a = best_of(legal, step_kind::pick_seat, [&](action x, action y) {
            return cards(seat_of(x)) > cards(seat_of(y));
          }))
        return *a;
      break;
    case special::spy:
      return *first_of(legal, step_kind::done_looking);
    case special::jester: {  // move the bid towards what it can still make
      const bool by_suit = is_precision_type(v.type);
      if (by_suit && v.step.stage == 0) {  // the suit furthest from its bid
        if (auto a = best_of(legal, step_kind::pick_suit, [&](action x, action y) {
              return std::abs(suit_need(v, action_code::unpack(x).amount)) >
                     std::abs(suit_need(v, action_code::unpack(y).amount));
            }))
          return *a;
        break;
      }
      const auto x = static_cast<std::size_t>(by_suit ? v.step.first : 0);
      const auto h = static_cast<std::size_t>(v.half);  // The Split: the half in play's bid
      const int have = by_suit          ? me.tricks_per_suit[x]
                       : v.split_hand() ? me.half_tricks[h]
                                        : me.tricks;
      const bid mine = by_suit          ? me.bids_per_suit[x]
                       : v.split_hand() ? single_bid(me.half_bids[h])
                                        : me.bid.value;
      const int hi = mine.hi, lo = mine.lo;
      const int left = v.split_hand() && v.half == 0
                           ? first_half_size(v.hand_size) - v.completed_tricks()
                           : v.tricks_left();
      for (action a : legal)
        if (step_kind_of(a) == step_kind::change_bid) {
          const bool up = action_code::unpack(a).amount == 1;
          if (up && have > hi) return a;
          if (!up && have + left < lo) return a;
        }
      break;
    }
    case special::alchemist: {  // its longest suit as trump
      int best = -1, best_count = 0;
      for (int s = 0; s < suit_count; ++s) {
        const int n = (v.hand & suit_cards(static_cast<suit>(s))).size();
        if (n > best_count) best_count = n, best = s;
      }
      if (best >= 0 && wants_tricks(v))
        for (action a : legal)
          if (step_kind_of(a) == step_kind::pick_trump && action_code::unpack(a).amount == best)
            return a;
      break;
    }
    case special::magician:
      if (auto a = first_of(legal, step_kind::direction)) return *a;
      if (auto c = card_to_give(v, legal)) return *c;
      break;
    case special::merchant:
      if (v.step.stage == 0) {
        if (auto a = best_of(legal, step_kind::pick_seat, [&](action x, action y) {
              return cards(seat_of(x)) > cards(seat_of(y));
            }))
          return *a;
      } else if (auto c = card_to_give(v, legal)) {
        return *c;
      }
      break;
    case special::smuggler:
      if (auto a = first_of(legal, step_kind::smuggle)) return *a;
      if (auto c = card_to_give(v, legal)) return *c;
      break;
    default:
      break;
  }
  return decline_or(legal);
}

// A Bubble Shield while a Witch or Thief is still out and it leads the table.
bool wants_shield(const seat_view& v) {
  if (!v.witch_out || has_seat(v.protected_seats, v.viewer)) return false;
  const int mine = v.seats[static_cast<std::size_t>(v.viewer)].score;
  if (mine < 40) return false;
  for (int s = 0; s < v.players; ++s)
    if (s != v.viewer && v.seats[static_cast<std::size_t>(s)].score >= mine) return false;
  return true;
}

std::optional<action> special_extras(const seat_view& v, const action_list& legal) {
  if (auto s = first_of(legal, step_kind::smuggle)) return *s;
  if (wants_shield(v))
    if (auto b = first_of(legal, step_kind::buy_shield)) return *b;
  return std::nullopt;
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
  // Long Play: two of a hand's cards go to each trick, and a strong card meets twice as many
  // rivals: about half as many tricks.
  if (v.type == round_type::long_play) e *= 0.5;
  return e;
}

// Missions: the mission worth most on average, by a rough chance of completing it from the
// expected tricks (a failed one costs 20).
action pick_mission(const seat_view& v) {
  const double e = expected_tricks(v, v.hand, v.trump_suit);
  int trumps = 0;
  for (card c : v.hand) trumps += is_numbered(c) && is_trump(v.trump_suit, suit_of(c));
  action best{};
  double best_worth = -1e9;
  for (int id = 0; id < mission_count; ++id) {
    if (!((v.mission_offer >> id) & 1u)) continue;
    const mission& m = mission_at(id);
    double chance = 0.75;  // none of the first tricks: lead and follow low
    switch (m.goal) {
      case mission_goal::trump_trick:
        chance = trumps >= 2 ? 0.85 : trumps == 1 ? 0.55 : 0.1;
        break;
      case mission_goal::at_most:
        chance = e <= m.count - 0.3 ? 0.8 : e <= m.count + 0.5 ? 0.45 : 0.1;
        break;
      case mission_goal::at_least:
        chance = e >= m.count + 0.5 ? 0.8 : e >= m.count - 0.5 ? 0.45 : 0.1;
        break;
      case mission_goal::none_of_first:
        break;
    }
    const double worth = chance * mission_value(id, v.players, v.hand_size).value_or(0) +
                         (1 - chance) * mission_failed_points;
    if (worth > best_worth) best_worth = worth, best = mission_action(id);
  }
  return best;
}

// Leaked Suit: the choice that shows the fewest of its cards (the first on a tie).
action pick_leak(const seat_view& v) {
  int best = 0, fewest = 1 << 20;
  for (int c = 0; c < leak_choice_count; ++c) {
    const int shown = (v.hand & leak_cards(c)).size();
    if (shown < fewest) fewest = shown, best = c;
  }
  return leak_action(best);
}

action bot_choice(const seat_view& v, bot_kind kind, prng& rng) {
  action_list legal;
  legal_actions(v, legal);
  if (legal.empty()) return action{};
  if (kind == bot_kind::random)
    return legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
  // Alliances: at its first turn of the round, the Secret Note shows the ally its strongest
  // card (a person allied with a bot learns what backs them).
  for (action a : legal)
    if (kind_of(a) == action_kind::note) return note_action(most_dangerous(v.hand, v.trump_suit));
  if (v.special_rules && v.stage != phase::special && v.stage != phase::choose_trump)
    if (auto extra = special_extras(v, legal)) return *extra;
  switch (v.stage) {
    case phase::choose_trump:
      return pick_trump(v);
    case phase::bidding: {
      if (v.wager_due) return pick_wager(v);
      action_list bids;
      for (action a : legal)
        if (kind_of(a) == action_kind::single_bid || kind_of(a) == action_kind::double_bid)
          bids.push_back(a);
      // The Split: each half's bid from that half's cards. The first half's estimate counts
      // 0.8 of a normal hand's: a heuristic player puts its strong cards there, so a strong
      // card meets strong cards. `crownhall arena --games 400 --seed 1`, The Split only: four
      // heuristic bots -82 points a game at 1.0, -62 at 0.8 (-56 at 0.6); one against three
      // random bots +15 at 1.0, -19 at 0.8 (-57 at 0.6): 0.8 weighs both.
      const card_set cards = v.bidding_half == 0   ? v.first_half
                             : v.bidding_half == 1 ? v.hand - v.first_half
                                                   : v.hand;
      const double crowded_first_half = v.bidding_half == 0 ? 0.8 : 1.0;
      return pick_bid(bids, v.bidding_suit >= 0
                                ? expected_suit_tricks(v, v.bidding_suit)
                                : crowded_first_half * expected_tricks(v, cards, v.trump_suit));
    }
    case phase::place:
      return neediest_suit(v, legal);
    case phase::playing: {
      const action a = pick_card(v);
      // The Double-faced card wins as a Golem when a trick is wanted.
      if (card_of(a) == special_card(special::double_faced) && wants_tricks(v))
        if (auto g = first_of(legal, step_kind::play_golem)) return *g;
      return a;
    }
    case phase::special:
      return pick_step(v, legal);
    case phase::mission:
      return pick_mission(v);
    case phase::pairing:
      return pick_partner(v, legal);
    case phase::leak:
      return pick_leak(v);
    case phase::split:  // one card at a time, the strongest not yet chosen
      return split_action(most_dangerous(v.hand - v.first_half, v.trump_suit));
    case phase::finished:
    case phase::playing_specials:
      break;
  }
  return action{};
}

card_set heuristic_first_half(card_set hand, trump t, int size) {
  card_set half;
  for (int k = 0; k < size && !(hand - half).empty(); ++k)
    half.insert(most_dangerous(hand - half, t));
  return half;
}

int state::search_rate() const { return crown_battles::search_rate; }

action state::bot_action(int seat, bot_kind kind, prng& rng) const {
  if (kind == bot_kind::search)
    return search_action(*this, seat, rng, {.playouts = playouts_for_ms(search_rate(), 100)});
  return bot_choice(view_of(seat), kind, rng);
}

}  // namespace crownhall::crown_battles
