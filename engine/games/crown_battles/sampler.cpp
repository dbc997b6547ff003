#include "engine/games/crown_battles/sampler.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include "engine/games/crown_battles/bots.hpp"
#include "engine/games/crown_battles/state.hpp"

namespace crownhall::crown_battles {

namespace {

// The cards of the trick the viewer sees (not those lying face down).
card_set trick_cards(const trick& t, std::uint8_t face_down) {
  card_set s;
  for (int i = 0; i < t.count; ++i)
    if (!((face_down >> i) & 1u)) s.insert(t.cards[static_cast<std::size_t>(i)]);
  return s;
}

card_set suits_of(std::uint8_t voids) {
  card_set s;
  for (int x = 0; x < suit_count; ++x)
    if ((voids >> x) & 1u) s = s | suit_cards(static_cast<suit>(x));
  return s;
}

// The Split: each other seat's first half in a sampled world. While hands are split or bid,
// the first halves the heuristic would choose (seats still choosing have chosen nothing
// there); while the first half is played, as many of the seat's cards as it has first-half
// tricks left to play, drawn at random from the suits it has not shown missing.
bool guess_first_halves(const seat_view& v, sampled_deal& d,
                        const std::array<std::uint8_t, max_seats>& half_voids, bool split_play,
                        prng& rng) {
  if (v.stage == phase::playing && v.half == 1) return true;  // every first half is played
  for (int p = 0; p < v.players; ++p) {
    const auto i = static_cast<std::size_t>(p);
    if (p == v.viewer || (!split_play && !has_seat(v.split_chosen, p))) continue;
    const card_set hand = d.hands[i];
    card_set half;
    if (!split_play) {
      half = heuristic_first_half(hand, v.trump_suit, first_half_size(v.hand_size));
    } else {
      const int want = v.seats[i].cards_in_hand - half_size(v.hand_size, 1);
      card_set may = hand - suits_of(half_voids[i]);
      if (may.size() < want) return false;
      for (int k = 0; k < want; ++k) {
        const card c = nth_card(may, rng.below(static_cast<std::uint32_t>(may.size())));
        half.insert(c);
        may.erase(c);
      }
    }
    d.first_half[i] = half;
    d.split_guessed = static_cast<seat_mask>(d.split_guessed | 1u << p);
  }
  return true;
}

}  // namespace

card_set unseen_cards(const seat_view& v) {
  if (!v.table) return {};
  return v.table->deck - v.hand - seen_this_round(v).played - trick_cards(v.current, v.face_down);
}

std::array<std::uint8_t, max_seats> known_voids(const seat_view& v) {
  std::array<std::uint8_t, max_seats> voids = seen_this_round(v).voids;
  lead l = lead::open;
  for (int i = 0; i < v.current.count; ++i) {
    const card c = v.current.cards[static_cast<std::size_t>(i)];
    if (is_suit(l) && is_numbered(c) && suit_of(c) != suit_of(l))
      voids[static_cast<std::size_t>(v.current.seat_at(i, v.players))] |=
          static_cast<std::uint8_t>(1u << static_cast<int>(suit_of(l)));
    l = lead_after(l, c);
  }
  return voids;
}

std::optional<sampled_deal> sample_deal(const seat_view& v, prng& rng) {
  // Leaked Suit: the cards each seat shows stay in its hand in every world; so does the card
  // an ally showed the viewer in a Secret Note (Alliances), until it is played.
  std::array<card_set, max_seats> fixed = v.leaked;
  card_set shown;
  const card_set not_placed = unseen_cards(v);  // a noted card still in its owner's hand
  for (int p = 0; p < v.players; ++p) {
    const auto i = static_cast<std::size_t>(p);
    if (p == v.viewer) continue;
    // (With Special Power cards a card may change hands unseen: not fixed there.)
    if (has_seat(v.notes_seen, p) && !v.special_rules && not_placed.contains(v.notes[i]))
      fixed[i].insert(v.notes[i]);
    shown = shown | fixed[i];
  }
  const card_set unseen = not_placed - shown;
  // The Split, first half in play: the voids are the first halves' (view.hpp), kept apart.
  const bool split_play = v.split_hand() && v.half == 0 && v.stage == phase::playing;
  const auto half_voids = known_voids(v);
  const auto seen_voids = split_play ? std::array<std::uint8_t, max_seats>{} : half_voids;
  card_set pool = unseen;
  auto voids = seen_voids;
  // Stealth Play: the face-down cards are drawn first in each attempt, until they give the
  // trick the lead every player sees; a numbered card off a lead already set shows its seat
  // lacks that suit. What is left of `pool` goes to the hands.
  std::array<card, max_seats> face_down{};
  auto draw_face_down = [&] {
    for (int tries = 0; tries < 16; ++tries) {
      pool = unseen;
      voids = seen_voids;
      lead l = lead::open;
      bool drawn = true;
      for (int i = 0; i < v.current.count && drawn; ++i) {
        const auto at = static_cast<std::size_t>(i);
        card c = v.current.cards[at];
        if ((v.face_down >> i) & 1u) {
          const int p = v.current.seat_at(i, v.players);
          const card_set may = pool - suits_of(voids[static_cast<std::size_t>(p)]);
          drawn = !may.empty();
          if (!drawn) break;
          c = nth_card(may, rng.below(static_cast<std::uint32_t>(may.size())));
          pool.erase(c);
          face_down[at] = c;
          if (is_suit(l) && is_numbered(c) && suit_of(c) != suit_of(l))
            voids[static_cast<std::size_t>(p)] |=
                static_cast<std::uint8_t>(1u << static_cast<int>(suit_of(l)));
        }
        l = lead_after(l, c);
      }
      if (drawn && l == v.current.lead_suit) return true;
    }
    return false;
  };
  // The most constrained seats first: they are the ones a random deal would fail.
  std::array<int, max_seats> order{};
  int others = 0;
  for (int p = 0; p < v.players; ++p)
    if (p != v.viewer) order[static_cast<std::size_t>(others++)] = p;
  // A seat that leaked a suit showed every card of it it held: none more in a base game (with
  // Special Power cards, a card may have come to it since, unseen).
  auto allowed = [&](int p) {
    const auto i = static_cast<std::size_t>(p);
    card_set a = pool - suits_of(voids[i]);
    if (!v.special_rules && has_seat(v.leak_shown, p) && v.leak_choice[i] != no_leak)
      a = a - leak_cards(v.leak_choice[i]);
    return a;
  };
  // Ties keep seat order. Not std::stable_sort: GCC 12's temporary buffer for it is freed
  // with the wrong function in AddressSanitizer's eyes (alloc-dealloc-mismatch).
  auto sort_order = [&] {
    std::sort(order.begin(), order.begin() + others, [&](int a, int b) {
      const auto x = allowed(a).size(), y = allowed(b).size();
      return x != y ? x < y : a < b;
    });
  };
  sort_order();

  // When seat by seat fails (tight constraints: voids and Leaked Suit's shown suits), card by
  // card: the cards fewest seats may hold go first, each to one of them (or stays undealt),
  // chosen in proportion to the cards each still needs.
  auto deal_by_card = [&](sampled_deal& d) {
    std::array<int, max_seats> need{};
    int undealt = pool.size();
    for (int k = 0; k < others; ++k) {
      const int p = order[static_cast<std::size_t>(k)];
      const auto i = static_cast<std::size_t>(p);
      d.hands[i] = fixed[i];
      need[i] = v.seats[i].cards_in_hand - fixed[i].size();
      undealt -= need[i];
    }
    std::array<card, card_count> cards{};
    std::array<int, card_count> eligible{};
    int count = 0;
    for (card c : pool) {
      int e = 0;
      for (int k = 0; k < others; ++k) e += allowed(order[static_cast<std::size_t>(k)]).contains(c);
      cards[static_cast<std::size_t>(count)] = c;
      eligible[static_cast<std::size_t>(count++)] = e;
    }
    for (int j = count - 1; j > 0; --j) {  // shuffle, then stable by eligibility
      const auto x = static_cast<std::size_t>(j);
      const auto y = static_cast<std::size_t>(rng.below(static_cast<std::uint32_t>(j + 1)));
      std::swap(cards[x], cards[y]);
      std::swap(eligible[x], eligible[y]);
    }
    for (int a = 1; a < count; ++a)  // insertion sort: few cards, ties keep the shuffle
      for (int b = a; b > 0 && eligible[static_cast<std::size_t>(b - 1)] >
                                   eligible[static_cast<std::size_t>(b)];
           --b) {
        std::swap(cards[static_cast<std::size_t>(b)], cards[static_cast<std::size_t>(b - 1)]);
        std::swap(eligible[static_cast<std::size_t>(b)], eligible[static_cast<std::size_t>(b - 1)]);
      }
    for (int j = 0; j < count; ++j) {
      const card c = cards[static_cast<std::size_t>(j)];
      int total = undealt;
      for (int k = 0; k < others; ++k) {
        const int p = order[static_cast<std::size_t>(k)];
        if (allowed(p).contains(c)) total += need[static_cast<std::size_t>(p)];
      }
      if (total == 0) return false;
      int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
      if (pick < undealt) {
        --undealt;
        continue;
      }
      pick -= undealt;
      for (int k = 0; k < others; ++k) {
        const int p = order[static_cast<std::size_t>(k)];
        const auto i = static_cast<std::size_t>(p);
        if (!allowed(p).contains(c)) continue;
        if (pick < need[i]) {
          d.hands[i].insert(c);
          --need[i];
          break;
        }
        pick -= need[i];
      }
    }
    return true;
  };

  // Seat p's own view in a sampled world: its hand there, everything public the same (for
  // guessing its secret choices as the heuristic would make them).
  auto as_seat = [&v](const sampled_deal& d, int p) {
    seat_view them = v;
    them.viewer = p;
    them.hand = d.hands[static_cast<std::size_t>(p)];
    return them;
  };

  for (int attempt = 0; attempt < 128; ++attempt) {
    sampled_deal d;
    if (v.face_down) {
      if (!draw_face_down()) continue;
      sort_order();
    }
    card_set left = pool;
    bool ok = true;
    if (attempt >= 64 && !deal_by_card(d)) continue;
    for (int k = 0; k < others && ok && attempt < 64; ++k) {
      const int p = order[static_cast<std::size_t>(k)];
      const card_set own_shown = fixed[static_cast<std::size_t>(p)];
      const int need = v.seats[static_cast<std::size_t>(p)].cards_in_hand - own_shown.size();
      std::array<card, card_count> cands{};
      int n = 0;
      for (card c : allowed(p) & left) cands[static_cast<std::size_t>(n++)] = c;
      if (n < need) {
        ok = false;
        break;
      }
      card_set hand = own_shown;
      for (int j = 0; j < need; ++j) {  // the first `need` steps of a Fisher–Yates shuffle
        const int pick = j + static_cast<int>(rng.below(static_cast<std::uint32_t>(n - j)));
        std::swap(cands[static_cast<std::size_t>(j)], cands[static_cast<std::size_t>(pick)]);
        hand.insert(cands[static_cast<std::size_t>(j)]);
      }
      d.hands[static_cast<std::size_t>(p)] = hand;
      left = left - hand;
    }
    if (!ok) continue;
    for (int p = 0; p < v.players; ++p) {
      const bid_view& b = v.seats[static_cast<std::size_t>(p)].bid;
      if (p == v.viewer || !b.placed || b.known) continue;
      const double e = expected_tricks(v, d.hands[static_cast<std::size_t>(p)], v.trump_suit);
      const int lo = std::clamp(static_cast<int>(std::lround(e)), 0, v.hand_size);
      d.bids[static_cast<std::size_t>(p)] = single_bid(lo);
      d.hidden_bids = static_cast<seat_mask>(d.hidden_bids | (1u << p));
    }
    for (int p = 0; p < v.players; ++p) {
      const auto i = static_cast<std::size_t>(p);
      if (p == v.viewer || !has_seat(v.missions_chosen, p) || v.seats[i].mission != no_mission)
        continue;
      d.missions[i] = static_cast<std::uint8_t>(mission_of(pick_mission(as_seat(d, p))));
      d.hidden_missions = static_cast<seat_mask>(d.hidden_missions | (1u << p));
    }
    for (int p = 0; p < v.players; ++p) {  // Leaked Suit: picked in secret, not yet shown
      const auto i = static_cast<std::size_t>(p);
      if (p == v.viewer || !has_seat(v.leak_chosen, p) || has_seat(v.leak_shown, p)) continue;
      d.leaks[i] = static_cast<std::uint8_t>(leak_of(pick_leak(as_seat(d, p))));
      d.hidden_leaks = static_cast<seat_mask>(d.hidden_leaks | (1u << p));
    }
    if (v.split_hand() && !guess_first_halves(v, d, half_voids, split_play, rng)) continue;
    d.face_down = face_down;
    return d;
  }
  return std::nullopt;
}

std::unique_ptr<game_state> state::sample_world(int seat, prng& rng) const {
  if (seat < 0 || seat >= table_.players) return nullptr;
  const seat_view own = view_of(seat);
  const std::optional<sampled_deal> d = sample_deal(own, rng);
  if (!d) return nullptr;
  auto w = std::make_unique<state>(*this);
  // Everything the seat does not know is overwritten: the other hands, hidden bids, missions
  // and leaked suits, the generator of future chance and any stacked (fixed) future deal.
  for (int p = 0; p < table_.players; ++p) {
    if (p == seat) continue;
    const auto i = static_cast<std::size_t>(p);
    w->hands_[i] = d->hands[i];
    if (has_seat(d->hidden_bids, p)) w->bids_[i] = d->bids[i];
    if (has_seat(d->hidden_missions, p)) w->missions_[i] = d->missions[i];
    if (has_seat(d->hidden_leaks, p)) w->leak_choice_[i] = d->leaks[i];
  }
  // Alliances: a Secret Note the seat was not shown names, in the world, a card of that
  // seat's sampled hand (its true card is hidden).
  for (int p = 0; p < table_.players; ++p) {
    const auto i = static_cast<std::size_t>(p);
    if (!has_seat(noted_, p) || has_seat(own.notes_seen, p)) continue;
    const card_set h = w->hands_[i];
    w->note_cards_[i] =
        h.empty() ? card_at(0) : nth_card(h, rng.below(static_cast<std::uint32_t>(h.size())));
  }
  // The Split: the seat's own first half as it is, the others' as guessed (a seat still
  // choosing has chosen nothing in the world).
  if (splits_hand(type_, hand_size_)) {
    card_set halves = first_half_of(seat);
    for (int p = 0; p < table_.players; ++p)
      if (has_seat(d->split_guessed, p))
        halves = halves | d->first_half[static_cast<std::size_t>(p)];
    w->first_half_ = halves;
  }
  if (own.face_down) {  // Stealth Play: the guessed cards in place of the face-down ones
    for (int i = 0; i < trick_.count; ++i) {
      if (!((own.face_down >> i) & 1u)) continue;
      const auto at = static_cast<std::size_t>(i);
      w->gone_.erase(trick_.cards[at]);  // with specials: played this round
      if (table_.special_rules) w->gone_.insert(d->face_down[at]);
    }
    w->trick_ = with_cards_at(trick_, own.face_down, d->face_down, trump_);
    if (table_.special_rules && extras_.half_steps) w->rescore_trick();
  }
  w->rng_ = prng(rng.next());
  w->deal_ = nullptr;
  if (phase_ == crown_battles::phase::playing) w->update_playable();
  return w;
}

}  // namespace crownhall::crown_battles
