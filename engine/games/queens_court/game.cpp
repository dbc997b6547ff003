// A game's life: creation, dealing each round, the end of a round, and the state hash.
#include <cstring>
#include <span>

#include "engine/games/queens_court/state.hpp"

namespace crownhall::queens_court {

game::game(settings s, std::uint64_t seed) : settings_(std::move(s)), rng_(seed) {
  history_.reserve(8);
  const int f = settings_.deal ? settings_.deal->first_player : -1;
  // Rulings: the first round's first player is random.
  first_player_ = static_cast<std::uint8_t>(
      f >= 0 ? f : static_cast<int>(rng_.below(static_cast<std::uint32_t>(settings_.players))));
  start_round();
}

std::string_view game::phase() const {
  switch (phase_) {
    case phase::first_half:
      return "first_half";
    case phase::second_half:
      return "second_half";
    case phase::finished:
      return "finished";
  }
  return "finished";
}

// Rules, "Setup": three cards to each hand, two face up as each player's piles, the rest
// is the draw pile. A stacked round fixes any of these; the seed's shuffle fills the rest.
void game::start_round() {
  hand_.fill(0);
  top_.fill(no_card);
  pile_size_.fill(0);
  under_.fill(no_card);
  locked_ = 0;
  closed_ = 0;
  close_piles(0);  // every pile open
  set_aside_ = 0;

  std::array<card, numbered_count + queens_count> deck{};
  int size = 0;
  for (int c = 0; c < numbered_count; ++c) deck[size++] = static_cast<card>(c);
  if (settings_.opts.queens_wild)
    for (int q = 0; q < queens_count; ++q) deck[size++] = static_cast<card>(first_queen + q);
  rng_.shuffle(std::span<card>(deck.data(), static_cast<std::size_t>(size)));

  const stacked_round* stacked = nullptr;
  if (settings_.deal && round_ < settings_.deal->rounds.size())
    stacked = &settings_.deal->rounds[round_];
  if (stacked)
    deal_stacked(*stacked, deck.data(), size);
  else
    deal_shuffled(deck.data(), size);

  phase_ = phase::first_half;
  to_act_ = first_player_;
  if (draw_end_ == 0) begin_second_half(first_player_);
}

// Nothing stacked: hands, piles and draw pile are the shuffled deck in order (what
// deal_stacked does when nothing is named, without a test per card).
void game::deal_shuffled(const card* deck, int size) {
  static_assert(hand_size == 3, "a hand is three cards");
  const int n = settings_.players;
  int next = 0;
  for (int s = 0; s < n; ++s, next += hand_size)
    hand_[s] = bit(deck[next]) | bit(deck[next + 1]) | bit(deck[next + 2]);
  for (int s = 0; s < n; ++s)
    for (int side = 0; side < 2; ++side) place(deck[next++], pile_of(s, side));
  draw_next_ = 0;
  draw_end_ = static_cast<std::uint8_t>(size - next);
  std::memcpy(draw_.data(), deck + next, static_cast<std::size_t>(size - next));
}

// A stacked round: named cards go where the deal says, the shuffle fills in the rest,
// skipping the named cards.
void game::deal_stacked(const stacked_round& r, const card* deck, int size) {
  const int n = settings_.players;
  card_set named = 0;
  for (int s = 0; s < n; ++s) {
    if (r.has_hand[s])
      for (card c : r.hand[s]) named |= bit(c);
    if (r.has_piles[s])
      for (card c : r.piles[s]) named |= bit(c);
  }
  for (int i = 0; i < r.draw_size; ++i) named |= bit(r.draw[i]);
  int next = 0;
  auto take = [&]() -> card {
    while (next < size && (named & bit(deck[next]))) ++next;
    return next < size ? deck[next++] : no_card;
  };

  for (int s = 0; s < n; ++s)
    for (int i = 0; i < hand_size; ++i) hand_[s] |= bit(r.has_hand[s] ? r.hand[s][i] : take());
  for (int s = 0; s < n; ++s)
    for (int side = 0; side < 2; ++side)
      place(r.has_piles[s] ? r.piles[s][side] : take(), pile_of(s, side));
  draw_next_ = 0;
  draw_end_ = 0;
  if (r.has_draw) {
    for (int i = 0; i < r.draw_size; ++i) draw_[draw_end_++] = r.draw[i];
    for (card c = take(); c != no_card; c = take()) set_aside_ |= bit(c);
  } else {
    for (card c = take(); c != no_card; c = take()) draw_[draw_end_++] = c;
  }
}

// Rules, "Round End": spreads are counted, the winner takes a Queen as a tracker; the
// game goes on until someone has two round wins from a clean win.
void game::end_round() {
  const int n = settings_.players;
  std::array<std::uint8_t, max_players> spreads{}, cards{};
  for (int s = 0; s < n; ++s) {
    spreads[s] = static_cast<std::uint8_t>(spread(s));
    cards[s] = static_cast<std::uint8_t>(pile_size_[pile_of(s, 0)] + pile_size_[pile_of(s, 1)]);
  }
  round_result r = resolve_round(n, spreads, cards, wins_);
  r.round = static_cast<std::uint8_t>(round_ + 1);
  r.first_player = first_player_;
  for (int s = 0; s < n; ++s)
    if ((r.tie_wins >> s) & 1u) ++wins_[s];
  if (r.winner != no_seat) ++wins_[r.winner];
  history_.push_back(r);
  if (r.winner != no_seat && wins_[r.winner] >= 2) {
    winner_ = r.winner;
    phase_ = phase::finished;
    return;
  }
  ++round_;
  first_player_ = static_cast<std::uint8_t>((first_player_ + 1) % n);
  start_round();
}

card_set game::cards_in_hands() const {
  card_set s = 0;
  for (int p = 0; p < settings_.players; ++p) s |= hand_[p];
  return s;
}

card_set game::cards_on_piles() const {
  card_set s = 0;
  for (int p = 0; p < 2 * settings_.players; ++p)
    for (card c = top_[p]; c != no_card; c = under_[c]) s |= bit(c);
  return s;
}

card_set game::cards_in_draw_pile() const {
  card_set s = 0;
  for (int i = draw_next_; i < draw_end_; ++i) s |= bit(draw_[i]);
  return s;
}

card_set game::deck() const {
  card_set s = 0;
  for (int c = 0; c < numbered_count; ++c) s |= bit(static_cast<card>(c));
  // One Glove per player (rules, "Second Half": each player takes a Glove).
  for (int p = 0; p < settings_.players; ++p) s |= bit(glove_of(p));
  if (settings_.opts.queens_wild)
    for (int q = 0; q < queens_count; ++q) s |= bit(static_cast<card>(first_queen + q));
  return s;
}

std::uint64_t game::state_hash() const {
  state_hasher h;
  h.add(static_cast<std::uint64_t>(settings_.players));
  h.add(settings_.opts.queens_wild);
  h.add(settings_.opts.coins);
  h.add(static_cast<std::uint64_t>(phase_));
  h.add(round_);
  h.add(first_player_);
  h.add(to_act_);
  h.add(locked_);
  h.add(closed_);
  h.add(draw_next_);
  h.add(draw_end_);
  h.add(winner_);
  for (auto w : wins_) h.add(w);
  for (auto c : hand_) h.add(c);
  for (auto c : top_) h.add(c);
  for (auto c : pile_size_) h.add(c);
  for (auto c : under_) h.add(c);
  for (auto c : draw_) h.add(c);
  h.add(set_aside_);
  prng future = rng_;  // the generator's state, through what it would draw next
  h.add(future.next());
  h.add(future.next());
  for (const auto& r : history_) {
    h.add(r.round);
    h.add(r.first_player);
    for (auto v : r.spread) h.add(v);
    for (auto v : r.pile_cards) h.add(v);
    h.add(r.winner);
    h.add(r.tied);
    h.add(r.tie_wins);
  }
  return h.value();
}

}  // namespace crownhall::queens_court
