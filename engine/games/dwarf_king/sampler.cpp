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

namespace {

// Adds what trick `t` showed, played after the trick that `previous_winner` took.
void add_voids(const trick& t, card previous_winner, bool first_trick,
               std::array<std::uint8_t, max_players>& voids) {
  suit led = suit::none;  // as add_play() sets it: the first suited card's suit
  for (int i = 0; i < t.count; ++i) {
    const played_card& p = t.plays[static_cast<std::size_t>(i)];
    if (led != suit::none) {
      const card_set with_led = bit(p.c) | bit(lowest(suit_cards(led) & ~bit(p.c)));
      const suit before = t.plays[static_cast<std::size_t>(i - 1)].as;
      if (!contains(playable_following(with_led, led, before, previous_winner, first_trick), p.c))
        voids[p.seat] = static_cast<std::uint8_t>(voids[p.seat] | 1u << static_cast<int>(led));
    } else {
      led = p.as;
    }
  }
}

card_set suits_of(std::uint8_t voids) {
  card_set out = 0;
  for (int x = 0; x < suit_count; ++x)
    if ((voids >> x) & 1u) out |= suit_cards(static_cast<suit>(x));
  return out;
}

// Whether the cards `left` can still fill every hand's `need` within what each hand
// `allowed`: Hall's condition, over every group of hands (at most 2^4 of them).
bool can_fill(card_set left, const std::array<int, max_players>& need,
              const std::array<card_set, max_players>& allowed, int players) {
  for (unsigned group = 1; group < (1u << players); ++group) {
    int wanted = 0;
    card_set any = 0;
    for (int p = 0; p < players; ++p)
      if ((group >> p) & 1u) {
        wanted += need[static_cast<std::size_t>(p)];
        any |= allowed[static_cast<std::size_t>(p)];
      }
    if (wanted > size_of(left & any)) return false;
  }
  return true;
}

}  // namespace

std::array<std::uint8_t, max_players> shown_voids(const table_view& v) {
  std::array<std::uint8_t, max_players> voids{};
  card previous_winner = no_card;
  for (int k = 0; k < v.trick_number && v.hand_tricks; ++k) {
    const trick& t = (*v.hand_tricks)[static_cast<std::size_t>(k)];
    add_voids(t, previous_winner, k == 0, voids);
    previous_winner = t.plays[static_cast<std::size_t>(winning_play(t))].c;
    if (v.moved.after_tricks == k + 1) {
      std::array<std::uint8_t, max_players> moved{};
      for (int s = 0; s < v.players; ++s)
        moved[v.moved.to[static_cast<std::size_t>(s)]] = voids[static_cast<std::size_t>(s)];
      voids = moved;
    }
  }
  add_voids(v.current, v.previous_winner, v.trick_number == 0, voids);
  return voids;
}

std::array<card_set, max_players> sample_hands(const table_view& v, prng& rng) {
  const std::array<std::uint8_t, max_players> voids = shown_voids(v);
  const card_set unseen = unseen_cards(v);
  std::array<card, card_count> pool{};
  int n = 0;
  for (card_set s = unseen; s; s &= s - 1) pool[n++] = lowest(s);
  rng.shuffle(std::span<card>(pool.data(), static_cast<std::size_t>(n)));

  std::array<card_set, max_players> hands{}, allowed{};
  std::array<int, max_players> need{};
  bool any_void = false;
  for (int p = 0; p < v.players; ++p) {
    if (p == v.seat) continue;
    const auto i = static_cast<std::size_t>(p);
    hands[i] = v.known[i];
    need[i] = std::max(0, v.hand_sizes[i] - size_of(v.known[i]));
    allowed[i] = unseen & ~suits_of(voids[i]);
    any_void |= voids[i] != 0;
  }
  // Card by card in the shuffled order, each to a hand that may hold it, chosen in
  // proportion to the cards it still needs (without voids, a uniformly random deal), and
  // never so that the cards left could no longer fill the other hands.
  card_set left = unseen;
  for (int k = 0; k < n; ++k) {
    const card c = pool[static_cast<std::size_t>(k)];
    left &= ~bit(c);
    std::array<int, max_players> weight{};
    int total = 0;
    for (int p = 0; p < v.players; ++p) {
      const auto i = static_cast<std::size_t>(p);
      weight[i] = contains(allowed[i], c) ? need[i] : 0;
      total += weight[i];
    }
    while (total > 0) {
      int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
      int p = 0;
      while (pick >= weight[static_cast<std::size_t>(p)])
        pick -= weight[static_cast<std::size_t>(p++)];
      const auto i = static_cast<std::size_t>(p);
      --need[i];
      if (!any_void || can_fill(left, need, allowed, v.players)) {
        hands[i] |= bit(c);
        break;
      }
      ++need[i];  // this hand would leave another short: another one takes the card
      total -= weight[i];
      weight[i] = 0;
    }
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
