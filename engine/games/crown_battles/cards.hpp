// Crown Battles cards: one compact index per physical card, its stable id, and card sets
// (hands, decks) as 128-bit sets.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string_view>

namespace crownhall::crown_battles {

// Rulings, Cards: suits R (red, Taurans), B (blue, Humans), G (green, Orcs), Y (yellow, Elves).
enum class suit : std::uint8_t { red, blue, green, yellow };
inline constexpr int suit_count = 4;
inline constexpr int ranks_per_suit = 13;

// The sixteen Special Power cards. Not dealt by the base game yet; their indices and ids are
// reserved so that records and views keep their meaning when they arrive.
enum class special : std::uint8_t {
  alchemist,
  bishop,
  bomb,
  cursed,
  jester,
  magician,
  merchant,
  smuggler,
  spy,
  summoner,
  thief,
  witch,
  wizard,
  double_faced,
  golem_king,
  dragon_king,
};
inline constexpr int special_count = 16;

// A physical card. Indices 0–51 are the numbered cards (suit * 13 + rank - 1, so a hand in
// index order is sorted by suit then rank), then the Golems, Dragons, Peasants and specials.
enum class card : std::uint8_t {};
inline constexpr int first_golem = 52;
inline constexpr int first_dragon = 54;
inline constexpr int first_peasant = 56;
inline constexpr int first_special = 60;
inline constexpr int card_count = 76;
inline constexpr int max_golems = 2;
inline constexpr int max_dragons = 2;
inline constexpr int max_peasants = 4;

enum class card_kind : std::uint8_t { numbered, golem, dragon, peasant, special };

constexpr int index_of(card c) { return static_cast<int>(c); }
constexpr card card_at(int index) { return static_cast<card>(index); }
constexpr card numbered_card(suit s, int rank) {
  return card_at(static_cast<int>(s) * ranks_per_suit + rank - 1);
}
constexpr card golem_card(int copy) { return card_at(first_golem + copy); }      // copy 0 or 1
constexpr card dragon_card(int copy) { return card_at(first_dragon + copy); }    // copy 0 or 1
constexpr card peasant_card(int copy) { return card_at(first_peasant + copy); }  // copy 0..3
constexpr card special_card(special s) { return card_at(first_special + static_cast<int>(s)); }

constexpr card_kind kind_of(card c) {
  const int i = index_of(c);
  if (i < first_golem) return card_kind::numbered;
  if (i < first_dragon) return card_kind::golem;
  if (i < first_peasant) return card_kind::dragon;
  if (i < first_special) return card_kind::peasant;
  return card_kind::special;
}
constexpr bool is_numbered(card c) { return index_of(c) < first_golem; }
// Only for numbered cards.
constexpr suit suit_of(card c) { return static_cast<suit>(index_of(c) / ranks_per_suit); }
constexpr int rank_of(card c) { return index_of(c) % ranks_per_suit + 1; }

// "R1".."Y13", "GOLEM1", "DRAGON2", "PEASANT4", "ALCHEMIST", ... "DRAGON_KING".
std::string_view card_id(card c);
// A Special Power card's name as the book prints it ("Golem King"), for people.
std::string_view special_name(special s);
std::optional<card> card_from_id(std::string_view id);

char suit_letter(suit s);            // 'R', 'B', 'G', 'Y'
std::string_view suit_name(suit s);  // "red", "blue", ...
std::optional<suit> suit_from_letter(std::string_view letter);

// A set of cards: bit i is the card with index i.
class card_set {
 public:
  constexpr card_set() = default;
  constexpr card_set(std::uint64_t low, std::uint64_t high) : lo_(low), hi_(high) {}
  static constexpr card_set of(card c) {
    const int i = index_of(c);
    return i < 64 ? card_set(1ull << i, 0) : card_set(0, 1ull << (i - 64));
  }
  // Cards with indices in [first, last).
  static constexpr card_set range(int first, int last) {
    card_set s;
    for (int i = first; i < last; ++i) s.insert(card_at(i));
    return s;
  }

  constexpr bool contains(card c) const { return !(*this & of(c)).empty(); }
  constexpr void insert(card c) { *this = *this | of(c); }
  constexpr void erase(card c) { *this = *this - of(c); }
  constexpr int size() const { return std::popcount(lo_) + std::popcount(hi_); }
  constexpr bool empty() const { return (lo_ | hi_) == 0; }
  // The card with the lowest index; the set must not be empty.
  constexpr card lowest() const {
    return lo_ ? card_at(std::countr_zero(lo_)) : card_at(64 + std::countr_zero(hi_));
  }
  // The card with the highest index; the set must not be empty.
  constexpr card highest() const {
    return hi_ ? card_at(127 - std::countl_zero(hi_)) : card_at(63 - std::countl_zero(lo_));
  }
  constexpr std::uint64_t low_word() const { return lo_; }
  constexpr std::uint64_t high_word() const { return hi_; }

  constexpr card_set operator&(card_set o) const { return {lo_ & o.lo_, hi_ & o.hi_}; }
  constexpr card_set operator|(card_set o) const { return {lo_ | o.lo_, hi_ | o.hi_}; }
  constexpr card_set operator-(card_set o) const { return {lo_ & ~o.lo_, hi_ & ~o.hi_}; }
  friend constexpr bool operator==(card_set, card_set) = default;

  // Iterates in index order: by suit then rank, specials last.
  class iterator;
  constexpr iterator begin() const;
  constexpr iterator end() const;

 private:
  std::uint64_t lo_ = 0;
  std::uint64_t hi_ = 0;
};

class card_set::iterator {
 public:
  constexpr explicit iterator(card_set rest) : rest_(rest) {}
  constexpr card operator*() const { return rest_.lowest(); }
  constexpr iterator& operator++() {
    if (rest_.lo_)
      rest_.lo_ &= rest_.lo_ - 1;
    else
      rest_.hi_ &= rest_.hi_ - 1;
    return *this;
  }
  constexpr bool operator!=(const iterator& o) const { return !(rest_ == o.rest_); }

 private:
  card_set rest_;
};
constexpr card_set::iterator card_set::begin() const { return iterator(*this); }
constexpr card_set::iterator card_set::end() const { return iterator(card_set()); }

constexpr card_set suit_cards(suit s) {
  return card_set(0x1fffull << (static_cast<int>(s) * ranks_per_suit), 0);
}
// Golems, Dragons, Peasants and specials: rulings, Tricks — playable even when holding the
// lead suit.
inline constexpr card_set unsuited_cards = card_set::range(first_golem, card_count);

// The n-th card of a set, lowest first (a random draw from a set picks n at random).
inline card nth_card(card_set s, std::uint32_t n) {
  for (card c : s)
    if (n-- == 0) return c;
  return s.lowest();
}
inline constexpr card_set all_cards = card_set::range(0, card_count);

}  // namespace crownhall::crown_battles
