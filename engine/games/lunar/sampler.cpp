#include "engine/games/lunar/sampler.hpp"

#include <algorithm>
#include <bit>
#include <memory>

#include "engine/games/lunar/deal.hpp"

namespace crownhall::lunar {

namespace {

card_set suits_of(std::uint8_t voids) {
  card_set s = 0;
  for (int x = 0; x < suit_count; ++x)
    if ((voids >> x) & 1u) s |= cards_of_suit(x);
  return s;
}

// `count` cards of `from`, drawn at random (the first steps of a Fisher–Yates shuffle).
card_set draw(card_set from, int count, prng& rng) {
  std::array<card, card_count> cands{};
  int n = 0;
  for_each_card(from, [&](card c) { cands[n++] = c; });
  card_set out = 0;
  for (int j = 0; j < count && j < n; ++j) {
    const int pick = j + static_cast<int>(rng.below(static_cast<std::uint32_t>(n - j)));
    std::swap(cands[j], cands[pick]);
    out |= bit(cands[j]);
  }
  return out;
}

// A choice of 2 rank and 2 suit cards among `cards` (rules, "Exchange").
card_set exchange_from(card_set cards, prng& rng) {
  return draw(cards & rank_cards, 2, rng) | draw(cards & suit_cards, 2, rng);
}

void add_seen(const trick_state& t, int players, seen_in_round& seen) {
  int lead = no_suit;
  for (int i = 0; i < t.size; ++i) {
    const card c = t.cards[i];
    const int seat = (t.leader + i) & (players - 1);
    const bool from_sky = (t.from_sky >> i) & 1u;
    seen.played_cards |= bit(c);
    if (!from_sky) seen.played[seat] |= bit(c);
    if (!is_suit(c)) continue;
    if (lead == no_suit)
      lead = suit_of(c);
    else if (suit_of(c) != lead && !from_sky)
      seen.voids[seat] |= static_cast<std::uint8_t>(1u << lead);
  }
}

}  // namespace

seen_in_round seen_this_round(const table_view& v) {
  seen_in_round seen;
  for (const trick_state& t : v.round_tricks) add_seen(t, v.players, seen);
  add_seen(v.trick, v.players, seen);
  return seen;
}

card_set unseen_cards(const table_view& v) {
  return all_cards & ~v.hand & ~v.sky & ~seen_this_round(v).played_cards;
}

std::optional<sampled_deal> sample_deal(const table_view& v, prng& rng) {
  const seen_in_round seen = seen_this_round(v);
  const card_set pool = all_cards & ~v.hand & ~v.sky & ~seen.played_cards;  // unseen_cards(v)
  const std::array<card_set, max_players>& played = seen.played;
  const std::array<std::uint8_t, max_players>& voids = seen.voids;

  sampled_deal d;
  if (v.players == 2) {  // the Sky is open: the other hand is what nobody else holds
    d.hands[1 - v.seat] = pool;
    return d;
  }
  // The partner still holds what the viewer passed it and has not played.
  const int partner = (v.seat + 2) % 4;
  const card_set kept = v.passed & pool;
  std::array<int, max_players> order{};
  int others = 0;
  for (int p = 0; p < v.players; ++p)
    if (p != v.seat) order[others++] = p;
  auto allowed = [&](int p) {
    return (pool & ~suits_of(voids[p])) | (p == partner ? kept : card_set{0});
  };
  // The most constrained seats first: they are the ones a random deal would fail. (Three
  // seats: an insertion sort, stable, so ties keep seat order.)
  for (int i = 1; i < others; ++i)
    for (int j = i;
         j > 0 && std::popcount(allowed(order[j])) < std::popcount(allowed(order[j - 1])); --j)
      std::swap(order[j], order[j - 1]);
  for (int attempt = 0; attempt < 64; ++attempt) {
    card_set left = pool & ~kept;
    bool ok = true;
    for (int k = 0; k < others && ok; ++k) {
      const int p = order[k];
      const card_set fixed = p == partner ? kept : card_set{0};
      // Everyone was dealt (and keeps through the exchange) 6 rank + 6 suit cards.
      const int ranks =
          hand_ranks - std::popcount(played[p] & rank_cards) - std::popcount(fixed & rank_cards);
      const int suits =
          hand_suits - std::popcount(played[p] & suit_cards) - std::popcount(fixed & suit_cards);
      const card_set may = allowed(p) & left;
      if (std::popcount(may & rank_cards) < ranks || std::popcount(may & suit_cards) < suits) {
        ok = false;
        break;
      }
      d.hands[p] = fixed | draw(may & rank_cards, ranks, rng) | draw(may & suit_cards, suits, rng);
      left &= ~d.hands[p];
    }
    if (!ok) continue;
    if (v.phase == phase::exchange) {
      for (int p = 0; p < v.players; ++p)
        if (p != v.seat && ((v.chosen >> p) & 1u)) d.choices[p] = exchange_from(d.hands[p], rng);
    } else {
      // What each opponent passed the other: 2 + 2 of the cards the other has held since.
      for (int p = 0; p < v.players; ++p)
        if (p != v.seat && p != partner)
          d.passed[p] = exchange_from(d.hands[(p + 2) % 4] | played[(p + 2) % 4], rng);
    }
    return d;
  }
  return std::nullopt;
}

std::unique_ptr<game_state> game::sample_world(int seat, prng& rng) const {
  if (seat < 0 || seat >= settings_.players || phase_ == phase::finished) return nullptr;
  const std::optional<sampled_deal> d = sample_deal(make_view(seat), rng);
  if (!d) return nullptr;
  auto w = std::make_unique<game>(*this);
  // Everything the seat does not know is overwritten: the other hands, the others' exchange
  // choices it has not seen, the generator of future chance and any stacked future deal.
  const int partner = (seat + 2) % 4;
  for (int p = 0; p < settings_.players; ++p) {
    if (p == seat) continue;
    w->hand_[p] = d->hands[p];
    if (settings_.players != 4) continue;
    if (phase_ == phase::exchange) {
      w->exchange_[p] = d->choices[p];
    } else if (p != partner) {
      w->passed_[p] = d->passed[p];
      w->received_[(p + 2) % 4] = d->passed[p];
    }
  }
  w->rng_ = prng(rng.next());
  w->settings_.deal = nullptr;
  w->refresh_turn();
  return w;
}

int game::search_rate() const { return lunar::search_rate; }

}  // namespace crownhall::lunar
