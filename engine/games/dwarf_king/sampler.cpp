#include "engine/games/dwarf_king/sampler.hpp"

#include <algorithm>
#include <memory>
#include <span>

namespace crownhall::dwarf_king {

card_set unseen_cards(const table_view& v) {
  card_set seen = v.hand | v.current.cards();
  for (int p = 0; p < v.players; ++p) seen |= v.taken[p] | v.known[p];
  return (basic_deck(v.players) | bit(v.special)) & ~seen;
}

std::array<card_set, max_players> sample_hands(const table_view& v, prng& rng) {
  std::array<card, card_count> pool{};
  int n = 0;
  for (card_set s = unseen_cards(v); s; s &= s - 1) pool[n++] = lowest(s);
  rng.shuffle(std::span<card>(pool.data(), static_cast<std::size_t>(n)));
  std::array<card_set, max_players> hands{};
  int next = 0;
  for (int p = 0; p < v.players; ++p) {
    if (p == v.seat) continue;
    hands[p] = v.known[p];
    for (int need = v.hand_sizes[p] - size_of(v.known[p]); need > 0 && next < n; --need)
      hands[p] |= bit(pool[next++]);
  }
  return hands;
}

std::unique_ptr<game_state> game::sample_world(int seat, prng& rng) const {
  if (seat < 0 || seat >= settings_.players || phase_ == phase::finished) return nullptr;
  const std::array<card_set, max_players> hands = sample_hands(make_view(seat), rng);
  auto w = std::make_unique<game>(*this);
  // Everything the seat does not know is overwritten: the other hands; what the other
  // seats know beyond the whole table (a hand given away, a Thief's exchange it was not part
  // of); the order of the special cards and quest tiles still to draw; the generator of
  // future chance and any stacked future deal.
  for (int p = 0; p < settings_.players; ++p)
    if (p != seat) w->hands_[p] = hands[p];
  knowledge<card_count> k;
  k.reveal(known_.known_by(spectator));
  k.learn_all(seat, known_.known_by(seat));
  w->known_ = k;
  if (seat != thief_ && seat != victim_) w->stolen_ = w->returned_ = 0;
  // The piles: which are left is public, their order is not (sorted first, so that the
  // order in this state does not show through).
  const std::span<card> specials(w->specials_.begin() + specials_drawn_, w->specials_.end());
  const std::span<std::uint8_t> quests(w->quests_.begin() + quests_drawn_, w->quests_.end());
  std::sort(specials.begin(), specials.end());
  std::sort(quests.begin(), quests.end());
  rng.shuffle(specials);
  rng.shuffle(quests);
  w->rng_ = prng(rng.next());
  w->settings_.deal = nullptr;
  w->refresh_turn();
  return w;
}

int game::search_rate() const { return dwarf_king::search_rate; }

}  // namespace crownhall::dwarf_king
