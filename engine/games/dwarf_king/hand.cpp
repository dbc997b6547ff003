// A game's life: creation, the piles of special cards and quest tiles, dealing a hand,
// scoring it, and the end of the game.
#include <algorithm>
#include <span>

#include "engine/games/dwarf_king/specials.hpp"
#include "engine/games/dwarf_king/state.hpp"

namespace crownhall::dwarf_king {

namespace {

// Fills `pile` for the cycle that starts with hand `first`: the stacked hands of the cycle
// keep their item at their position, the rest is shuffled into the free positions.
template <class T, std::size_t N, class Stacked>
void fill_pile(std::array<T, N>& pile, int first, prng& rng, bool any_stacked, Stacked stacked_item,
               T none) {
  if (!any_stacked) {  // the usual game: every item shuffled (the same draws as below)
    for (std::size_t i = 0; i < N; ++i) pile[i] = static_cast<T>(i);
    prng draw = rng;  // a local copy, which no store of an item can alias
    draw.shuffle(std::span<T>(pile));
    rng = draw;
    return;
  }
  std::array<bool, N> used{};
  std::array<bool, N> fixed{};
  for (std::size_t p = 0; p < N; ++p) {
    const T item = stacked_item(first + static_cast<int>(p));
    pile[p] = item;
    if (item != none) {
      fixed[p] = true;
      used[static_cast<std::size_t>(item)] = true;
    }
  }
  std::array<T, N> rest{};
  std::size_t count = 0;
  for (std::size_t i = 0; i < N; ++i)
    if (!used[i]) rest[count++] = static_cast<T>(i);
  rng.shuffle(std::span<T>(rest.data(), count));
  std::size_t next = 0;
  for (std::size_t p = 0; p < N; ++p)
    if (!fixed[p]) pile[p] = rest[next++];
}

// The basic cards of a table of `players`, lowest index first (basic_deck): 0, 1, ..., 38,
// without the 2 of Dwarves for three players. Copied whole at each deal.
constexpr std::array<card, 40> basic_cards_in_order(int players) {
  std::array<card, 40> out{};
  std::size_t n = 0;
  for_each_card(basic_deck(players), [&](card c) { out[n++] = c; });
  return out;
}
constexpr auto three_player_basic_cards = basic_cards_in_order(3);
constexpr auto every_basic_card = basic_cards_in_order(4);

}  // namespace

game::game(settings s, std::uint64_t seed) : settings_(std::move(s)) {
  results_.reserve(static_cast<std::size_t>(settings_.opts.hands) + 8);
  restart(seed);
}

void game::restart(std::uint64_t seed) {
  rng_ = prng(seed);
  note_ = {};
  hand_ = 0;
  totals_.fill(0);
  results_.clear();
  last_ = {};
  last_winner_ = no_seat;
  const int f = settings_.deal ? settings_.deal->first_dealer : -1;
  // Rulings, "Cards and ranks": the first dealer is random.
  dealer_ = static_cast<std::uint8_t>(
      f >= 0 ? f : static_cast<int>(rng_.below(static_cast<std::uint32_t>(settings_.players))));
  refill_specials();
  refill_quests();
  start_hand();
  refresh_turn();
}

const stacked_hand* game::stacked(int hand) const {
  if (!settings_.deal || hand >= static_cast<int>(settings_.deal->hands.size())) return nullptr;
  return &settings_.deal->hands[static_cast<std::size_t>(hand)];
}

// Rulings: the 14 special cards are never reused; once all are spent (extra hands of a long
// tie) they are shuffled again (docs/rules/dwarf-king.md, "Decisions"). Same for the tiles.
void game::refill_specials() {
  std::array<std::uint8_t, special_count> order{};
  fill_pile(
      order, hand_, rng_, settings_.deal != nullptr,
      [&](int h) -> std::uint8_t {
        const stacked_hand* sh = stacked(h);
        return sh && sh->special != no_card ? static_cast<std::uint8_t>(sh->special - basic_count)
                                            : 0xff;
      },
      std::uint8_t{0xff});
  for (std::size_t i = 0; i < order.size(); ++i)
    specials_[i] = static_cast<card>(basic_count + order[i]);
  specials_drawn_ = 0;
}

void game::refill_quests() {
  fill_pile(
      quests_, hand_, rng_, settings_.deal != nullptr,
      [&](int h) -> std::uint8_t {
        const stacked_hand* sh = stacked(h);
        return sh && sh->quest != 0 ? static_cast<std::uint8_t>(sh->quest - 1) : 0xff;
      },
      std::uint8_t{0xff});
  quests_drawn_ = 0;
}

// Rulebook, "Dealing the cards": the dealer draws the special card and shuffles it into the
// basic cards; the same number of cards to each player; the 5 of Knights is shown.
void game::start_hand() {
  const int n = settings_.players;
  if (specials_drawn_ == special_count) refill_specials();
  if (quests_drawn_ == quest_count) refill_quests();
  special_ = specials_[specials_drawn_++];
  quest_ = quests_[quests_drawn_++];

  const stacked_hand* sh = stacked(hand_);
  card_set fixed = 0;
  hands_.fill(0);
  if (sh)
    for (int s = 0; s < n; ++s) {
      hands_[static_cast<std::size_t>(s)] = sh->cards[static_cast<std::size_t>(s)];
      fixed |= sh->cards[static_cast<std::size_t>(s)];
    }
  std::array<card, 40> rest{};
  std::size_t count = 0;
  if (fixed == 0) {
    // The usual deal: the basic cards in order, then the special card (the highest index),
    // copied rather than read off the deck's bits one by one.
    rest = n == 3 ? three_player_basic_cards : every_basic_card;
    count = static_cast<std::size_t>(size_of(basic_deck(n)));
    rest[count++] = special_;
  } else {
    for_each_card(deck() & ~fixed, [&](card c) { rest[count++] = c; });
  }
  // A local copy of the generator: through rng_, the compiler would keep its state in
  // memory in case a store of a card (a char, which may alias anything) changed it.
  prng draw = rng_;
  draw.shuffle(std::span<card>(rest.data(), count));
  rng_ = draw;
  std::size_t next = 0;
  int seat = dealer_;
  for (int i = 1; i <= n; ++i) {  // from the dealer's left
    seat = seat + 1 == n ? 0 : seat + 1;
    card_set h = hands_[static_cast<std::size_t>(seat)];
    for (int k = sh ? size_of(h) : 0; k < hand_size(n); ++k) h |= bit(rest[next++]);
    hands_[static_cast<std::size_t>(seat)] = h;
  }

  taken_.fill(0);
  known_.clear();
  tricks_.fill(0);
  winners_.fill(0);
  trick_no_ = 0;
  current_ = {};
  on_table_ = 0;
  moved_ = {};
  // The previous hand's last trick (last_, last_winner_) stays on show, public as it was
  // played, until this hand's first trick is complete.
  previous_winner_ = no_card;
  bonus_.fill(0);
  enchanted_ = no_seat;
  tinkerer_pending_ = false;
  effect_seat_ = no_seat;
  thief_ = victim_ = no_seat;
  stolen_ = returned_ = 0;
  side_ = no_side;
  first_leader_ = no_seat;
  pending_ = 0;

  quest_holder_ = static_cast<std::uint8_t>(holder_of(five_of_knights));
  reveal(five_of_knights);
  phase_ = phase::quest;
  to_act_ = quest_holder_;
}

// Rulebook, "Playing a hand": the holder of the 5 of Goblins shows it and leads. With the
// Thief in play this is decided after the Thief's exchange (docs, "Decisions").
void game::begin_play() {
  first_leader_ = static_cast<std::uint8_t>(holder_of(five_of_goblins));
  reveal(five_of_goblins);
  phase_ = phase::playing;
  to_act_ = first_leader_;
}

// Rulebook, "Scoring points"; then the next hand, dealt by whoever took the 5 of Dwarves.
void game::end_hand() {
  const int n = settings_.players;
  hand_summary h;
  h.players = n;
  h.tricks_in_hand = hand_size(n);
  h.tricks_played = trick_no_;
  h.taken = taken_;
  h.tricks = tricks_;
  h.winners = winners_;
  std::array<int, max_players> quest_points{};
  score_quest(quest_tiles()[quest_].sides[side_], h, quest_points);

  hand_result& r = results_.emplace_back();
  r.dealer = dealer_;
  r.quest_holder = quest_holder_;
  r.first_leader = first_leader_;
  r.quest = quest_;
  r.side = side_;
  r.special = special_;
  r.enchanted = enchanted_;
  r.tricks = tricks_;
  for (int s = 0; s < n; ++s) {
    const auto i = static_cast<std::size_t>(s);
    int points = quest_points[i] + bonus_[i];
    // Rulings, Enchanter: whoever takes it doubles their score for the hand.
    if (enchanted_ == s) points *= rule_of(special::enchanter).points;
    r.quest_points[i] = static_cast<std::int16_t>(quest_points[i]);
    r.bonus[i] = bonus_[i];
    r.points[i] = static_cast<std::int16_t>(points);
    totals_[i] = static_cast<std::int16_t>(totals_[i] + points);
  }
  r.totals = totals_;

  int dealer = 0;  // as holder_of(), without a branch per seat
  for (int s = 0; s < n; ++s)
    dealer ^= (dealer ^ s) &
              -static_cast<int>(contains(taken_[static_cast<std::size_t>(s)], five_of_dwarves));
  dealer_ = static_cast<std::uint8_t>(dealer);
  ++hand_;

  // Rulebook, "Victory": after the planned hands, play on while the lead is shared.
  int best = totals_[0], leaders = 0;
  for (int s = 0; s < n; ++s) best = std::max<int>(best, totals_[static_cast<std::size_t>(s)]);
  for (int s = 0; s < n; ++s) leaders += totals_[static_cast<std::size_t>(s)] == best;
  if (hand_ >= settings_.opts.hands && leaders == 1) {
    phase_ = phase::finished;
    return;
  }
  start_hand();
}

// Without a branch per seat: who holds a given card is a coin toss at every deal. A card
// is in one hand at most, so the last holder found is the only one.
int game::holder_of(card c) const {
  int holder = no_seat;
  for (int s = 0; s < settings_.players; ++s)
    holder ^= (holder ^ s) & -static_cast<int>(contains(hands_[static_cast<std::size_t>(s)], c));
  return holder;
}

// Everyone, spectators included, sees `c` in the hand that holds it.
void game::reveal(card c) { known_.reveal(bit(c)); }

card_set game::known(int viewer, int holder) const {
  if (viewer == holder) return hands_[static_cast<std::size_t>(holder)];
  return known_.known_by(viewer).to_ullong() & hands_[static_cast<std::size_t>(holder)];
}

std::string_view game::phase() const { return phase_name(phase_); }

turn game::turn_of(int seat) const {
  turn t;
  t.phase = phase_;
  t.seat = seat;
  t.players = settings_.players;
  t.may_act = has_seat(seats_to_act(), seat);
  t.hand = hands_[static_cast<std::size_t>(seat)];
  t.current = &current_;
  t.previous_winner = previous_winner_;
  t.first_trick = trick_no_ == 0;
  t.last = &last_;
  return t;
}

std::uint64_t game::state_hash() const {
  state_hasher h;
  h.add(static_cast<std::uint64_t>(settings_.players));
  h.add(static_cast<std::uint64_t>(settings_.opts.hands));
  h.add(settings_.deal ? settings_.deal->hash : 0);
  prng probe = rng_;  // the generator's position, through its next output
  h.add(probe.next());
  h.add(static_cast<std::uint64_t>(phase_));
  h.add(hand_);
  h.add(dealer_);
  h.add(to_act_);
  h.add(pending_);
  for (card c : specials_) h.add(c);
  h.add(specials_drawn_);
  for (auto q : quests_) h.add(q);
  h.add(quests_drawn_);
  h.add(special_);
  h.add(quest_);
  h.add(side_);
  h.add(quest_holder_);
  h.add(first_leader_);
  for (card_set s : hands_) h.add(s);
  for (card_set s : taken_) h.add(s);
  for (int v = spectator; v < max_seats; ++v) h.add(known_.known_by(v).to_ullong());
  for (auto t : tricks_) h.add(t);
  for (auto w : winners_) h.add(w);
  h.add(trick_no_);
  for (const trick* t : {&current_, &last_}) {
    h.add(t->count);
    h.add(static_cast<std::uint64_t>(t->led));
    for (const played_card& p : t->plays)
      h.add(std::uint64_t{p.c} | std::uint64_t{p.seat} << 8 | std::uint64_t(p.as) << 16 |
            std::uint64_t{p.strength} << 24);
  }
  h.add(last_winner_);
  h.add(previous_winner_);
  for (auto b : bonus_) h.add(static_cast<std::uint64_t>(b));
  h.add(enchanted_);
  h.add(tinkerer_pending_);
  h.add(effect_seat_);
  h.add(thief_);
  h.add(victim_);
  h.add(stolen_);
  h.add(returned_);
  for (auto t : totals_) h.add(static_cast<std::uint64_t>(t));
  for (const hand_result& r : results_) {
    h.add(r.dealer | r.quest_holder << 8 | r.first_leader << 16 | r.quest << 24);
    h.add(r.side | r.special << 8 | r.enchanted << 16);
    for (int s = 0; s < max_players; ++s) {
      const auto k = static_cast<std::size_t>(s);
      h.add(static_cast<std::uint64_t>(r.tricks[k]) |
            static_cast<std::uint64_t>(static_cast<std::uint16_t>(r.quest_points[k])) << 8 |
            static_cast<std::uint64_t>(static_cast<std::uint16_t>(r.bonus[k])) << 24 |
            static_cast<std::uint64_t>(static_cast<std::uint16_t>(r.points[k])) << 40);
    }
  }
  return h.value();
}

}  // namespace crownhall::dwarf_king
