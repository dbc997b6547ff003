#include "engine/games/queens_court/sampler.hpp"

#include <bit>
#include <memory>
#include <span>

#include "engine/games/queens_court/state.hpp"

namespace crownhall::queens_court {

namespace {

// Rules, "Second Half": each player takes its Glove into hand, and a Glove is played like
// any other card; so a Glove on no pile is still in its owner's hand.
bool holds_glove(const table_view& v, int seat, card_set piles) {
  return v.phase == phase::second_half && !(piles & bit(glove_of(seat))) &&
         v.player[seat].hand_size > 0;
}

}  // namespace

card_set cards_on_piles(const table_view& v) {
  card_set s = 0;
  for (int p = 0; p < v.players; ++p)
    for (card c : v.player[p].top)
      for (; c != no_card; c = v.under[c]) s |= bit(c);
  return s;
}

card_set unseen_cards(const table_view& v) {
  card_set deck = bit(static_cast<card>(numbered_count)) - 1;
  if (v.opts.queens_wild)
    for (int q = 0; q < queens_count; ++q) deck |= bit(static_cast<card>(first_queen + q));
  return deck & ~v.hand & ~cards_on_piles(v);
}

sampled_deal sample_deal(const table_view& v, prng& rng) {
  std::array<card, card_count> pool{};
  int n = 0;
  for_each_card(unseen_cards(v), [&](card c) { pool[n++] = c; });
  rng.shuffle(std::span<card>(pool.data(), static_cast<std::size_t>(n)));

  sampled_deal d;
  const card_set piles = cards_on_piles(v);
  int next = 0;
  for (int p = 0; p < v.players; ++p) {
    if (p == v.seat) continue;
    int need = v.player[p].hand_size;
    if (holds_glove(v, p, piles)) {
      d.hands[p] |= bit(glove_of(p));
      --need;
    }
    for (; need > 0 && next < n; --need) d.hands[p] |= bit(pool[next++]);
  }
  for (int i = 0; i < v.draw_size && next < n; ++i) d.draw[i] = pool[next++];
  for (; next < n; ++next) d.set_aside |= bit(pool[next]);
  return d;
}

std::unique_ptr<game_state> game::sample_world(int seat, prng& rng) const {
  if (seat < 0 || seat >= settings_.players || phase_ == phase::finished) return nullptr;
  const sampled_deal d = sample_deal(make_view(seat), rng);
  auto w = std::make_unique<game>(*this);
  // Everything the seat does not know is overwritten: the other hands, the draw pile (and
  // the cards already drawn from it, which only their drawers saw), the cards left out, the
  // generator of future chance and any stacked future round.
  for (int p = 0; p < settings_.players; ++p)
    if (p != seat) w->hand_[p] = d.hands[p];
  w->draw_.fill(no_card);
  for (int i = draw_next_; i < draw_end_; ++i) w->draw_[i] = d.draw[i - draw_next_];
  w->set_aside_ = d.set_aside;
  w->rng_ = prng(rng.next());
  w->settings_.deal = nullptr;
  return w;
}

int game::search_rate() const { return queens_court::search_rate; }

}  // namespace crownhall::queens_court
