// A game's life: creation, dealing each round, scoring a round, and the state hash.
#include <algorithm>
#include <span>

#include "engine/games/lunar/state.hpp"

namespace crownhall::lunar {

game::game(settings s, std::uint64_t seed) : settings_(std::move(s)), rng_(seed) {
  history_.reserve(8);
  const int f = settings_.deal ? settings_.deal->start_player : -1;
  // Rulings: the first round's start player is random.
  start_player_ = static_cast<std::uint8_t>(
      f >= 0 ? f : static_cast<int>(rng_.below(static_cast<std::uint32_t>(settings_.players))));
  start_round();
  refresh_turn();
}

std::string_view game::phase() const {
  switch (phase_) {
    case phase::exchange:
      return "exchange";
    case phase::trump:
      return "trump";
    case phase::playing:
      return "playing";
    case phase::finished:
      return "finished";
  }
  return "finished";
}

// Rulings, "Cards and deal": rank and suit cards are dealt separately, 6 + 6 to each
// player; with two players the other 12 + 12 form the Sky, face up.
void game::start_round() {
  const int n = settings_.players;
  std::array<card, rank_card_count> ranks{};
  std::array<card, suit_card_count> suits{};
  for (int i = 0; i < rank_card_count; ++i) ranks[i] = static_cast<card>(i);
  for (int i = 0; i < suit_card_count; ++i) suits[i] = static_cast<card>(rank_card_count + i);
  rng_.shuffle(std::span<card>(ranks));
  rng_.shuffle(std::span<card>(suits));

  const stacked_round* stacked = nullptr;
  if (settings_.deal && round_ < settings_.deal->rounds.size())
    stacked = &settings_.deal->rounds[round_];
  card_set named = 0;
  if (stacked) {
    for (int s = 0; s < n; ++s)
      if (stacked->has_hand[s]) named |= stacked->hand[s];
    if (stacked->has_sky) named |= stacked->sky;
  }
  int next_rank = 0, next_suit = 0;
  auto take = [&](const auto& deck, int& next, int count) {
    card_set out = 0;
    if (!named) {  // the usual shuffled deal: the next `count` cards, no test each
      for (int i = 0; i < count; ++i) out |= bit(deck[next + i]);
      next += count;
      return out;
    }
    while (count > 0) {
      const card c = deck[next++];
      if (named & bit(c)) continue;
      out |= bit(c);
      --count;
    }
    return out;
  };
  for (int s = 0; s < n; ++s) {
    hand_[s] = stacked && stacked->has_hand[s]
                   ? stacked->hand[s]
                   : take(ranks, next_rank, hand_ranks) | take(suits, next_suit, hand_suits);
  }
  for (int s = n; s < max_players; ++s) hand_[s] = 0;
  sky_ = 0;
  if (n == 2)
    sky_ = stacked && stacked->has_sky
               ? stacked->sky
               : take(ranks, next_rank, sky_ranks) | take(suits, next_suit, sky_suits);

  exchange_.fill(0);
  passed_.fill(0);
  received_.fill(0);
  chosen_ = 0;
  tiles_up_ = 0b1111;
  tiles_turned_ = 0;
  trump_ = no_suit;
  trick_ = trick_state{};
  trick_.leader = start_player_;
  // The previous round's last trick stays on show (public, played face up) until this
  // round's first trick is complete.
  tricks_played_ = 0;
  tricks_won_.fill(0);
  won_.fill(0);
  // Rulings: no exchange with two players.
  phase_ = n == 4 ? phase::exchange : phase::trump;
}

// Rulings, "Scoring and end": track points by tricks won, plus one per retained star.
void game::end_round() {
  round_result r;
  r.round = static_cast<std::uint8_t>(round_ + 1);
  r.start_player = start_player_;
  r.trump = trump_;
  for (int t = 0; t < 2; ++t) {
    r.tricks[t] = tricks_won_[t];
    r.track_points[t] = settings_.opts.track[tricks_won_[t]];
    r.stars[t] = static_cast<std::uint8_t>(std::popcount(won_[t] & ruling_table.starred));
    r.points[t] =
        static_cast<std::uint8_t>(r.track_points[t] + r.stars[t] * ruling_table.star_points);
    scores_[t] = static_cast<std::uint16_t>(scores_[t] + r.points[t]);
  }
  r.scores = scores_;
  history_.push_back(r);
  const int best = std::max(scores_[0], scores_[1]);
  if (best >= settings_.opts.target_score && scores_[0] != scores_[1]) {
    winner_team_ = scores_[0] > scores_[1] ? 0 : 1;
    phase_ = phase::finished;
    return;
  }
  // A tie at or past the target plays on (rulings).
  ++round_;
  start_player_ = static_cast<std::uint8_t>((start_player_ + 1) % settings_.players);
  start_round();
}

card_set game::trick_cards() const {
  card_set s = 0;
  for (int i = 0; i < trick_.size; ++i) s |= bit(trick_.cards[i]);
  return s;
}

std::uint64_t game::state_hash() const {
  state_hasher h;
  h.add(static_cast<std::uint64_t>(settings_.players));
  h.add(static_cast<std::uint64_t>(settings_.opts.target_score));
  for (auto p : settings_.opts.track) h.add(p);
  h.add(static_cast<std::uint64_t>(phase_));
  h.add(round_);
  h.add(start_player_);
  for (auto c : hand_) h.add(c);
  h.add(sky_);
  for (auto c : exchange_) h.add(c);
  h.add(chosen_);
  for (auto c : passed_) h.add(c);
  for (auto c : received_) h.add(c);
  h.add(tiles_up_);
  h.add(tiles_turned_);
  h.add(trump_);
  for (const trick_state* t : {&trick_, &last_trick_.trick}) {
    h.add(t->leader);
    h.add(t->size);
    for (auto c : t->cards) h.add(c);
    h.add(t->from_sky);
    h.add(t->lead_suit);
    h.add(t->lead_team);
  }
  h.add(last_trick_.winner_team);
  h.add(tricks_played_);
  for (auto t : tricks_won_) h.add(t);
  for (auto c : won_) h.add(c);
  for (auto s : scores_) h.add(s);
  h.add(winner_team_);
  prng future = rng_;
  h.add(future.next());
  h.add(future.next());
  for (const auto& r : history_) {
    h.add(r.round);
    h.add(r.start_player);
    h.add(r.trump);
    for (int t = 0; t < 2; ++t) {
      h.add(r.tricks[t]);
      h.add(r.track_points[t]);
      h.add(r.stars[t]);
      h.add(r.points[t]);
      h.add(r.scores[t]);
    }
  }
  return h.value();
}

}  // namespace crownhall::lunar
