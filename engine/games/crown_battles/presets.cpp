#include "engine/games/crown_battles/presets.hpp"

#include <bit>
#include <initializer_list>

#include "engine/games/crown_battles/cards.hpp"

namespace crownhall::crown_battles {

namespace {

constexpr std::uint16_t all_ranks = ranks(1, 13);

struct schedule_list {
  std::array<std::uint8_t, 20> sizes{};
  int count = 0;
  constexpr void add(int n) {
    sizes[static_cast<std::size_t>(count++)] = static_cast<std::uint8_t>(n);
  }
};

// The book's "add 2 more cards" schedules: from `first` by steps of 2 while below `last`, then
// `last` (2,4,…,14,15 or 1,3,…,13,15).
constexpr schedule_list stepping(int first, int last) {
  schedule_list s;
  for (int n = first; n < last; n += 2) s.add(n);
  s.add(last);
  return s;
}
// "N rounds" with no list given: one more card each round, 1 to N (N is always the whole
// deck shared out, so this is the only schedule with that many rounds).
constexpr schedule_list one_to(int last) {
  schedule_list s;
  for (int n = 1; n <= last; ++n) s.add(n);
  return s;
}
// 5 players, 10 rounds: "Deal 2 on the first round. Skip rounds 1 and 3": 2,4,5,6,…,12.
constexpr schedule_list two_then_four_to(int last) {
  schedule_list s;
  s.add(2);
  for (int n = 4; n <= last; ++n) s.add(n);
  return s;
}

constexpr deck_composition full_deck{{all_ranks, all_ranks, all_ranks, all_ranks}, 2, 2, 4};

constexpr deck_composition four_suits(int from, int golems, int dragons, int peasants) {
  const std::uint16_t r = ranks(from, 13);
  return {{r, r, r, r}, golems, dragons, peasants};
}

constexpr preset make(std::string_view id, std::string_view label, int players,
                      deck_composition deck, schedule_list s, int special_slots) {
  return {id, label, players, deck, s.sizes, s.count, special_slots};
}

// Rulebook, "Gameplay suggestions": its 6-, 7- and 8-player suggestions with 11, 5 or 9, and
// 4 or 8 rounds add 6, 7 or 8 Special Power cards to the 60 (66, 67 and 68 cards); it does
// not say which, so the presets take a mix of the cards and a table may name others with the
// `specials` option (docs/rules/crown-battles.md).
constexpr std::uint16_t special_bits(std::initializer_list<special> list) {
  std::uint16_t m = 0;
  for (special s : list) m = static_cast<std::uint16_t>(m | 1u << static_cast<int>(s));
  return m;
}
constexpr std::uint16_t six_specials =
    special_bits({special::alchemist, special::bomb, special::jester, special::thief,
                  special::witch, special::wizard});
constexpr std::uint16_t seven_specials =
    static_cast<std::uint16_t>(six_specials | special_bits({special::golem_king}));
constexpr std::uint16_t eight_specials =
    static_cast<std::uint16_t>(seven_specials | special_bits({special::dragon_king}));
constexpr deck_composition full_deck_with(std::uint16_t specials) {
  deck_composition d = full_deck;
  d.specials = specials;
  return d;
}

constexpr std::array<preset, 23> table = {
    make("2p-classic",
         "2 players, 10 rounds (2, 4, … 20): numbers 5–13, 1 Golem, 1 Dragon, 2 Peasants", 2,
         four_suits(5, 1, 1, 2), stepping(2, 20), 2),
    make("2p-classic-odd",
         "2 players, 10 rounds (1, 3, … 17, 20): numbers 5–13, 1 Golem, 1 Dragon, 2 Peasants", 2,
         four_suits(5, 1, 1, 2), stepping(1, 20), 2),
    make("2p-short", "2 players, 10 rounds (1 to 10): numbers 10–13, 1 Golem, 1 Dragon, 2 Peasants",
         2, four_suits(10, 1, 1, 2), one_to(10), 2),
    make("2p-three-suits",
         "2 players, 14 rounds (1 to 14): numbers 6–13 of red, blue and green, 1 Golem, 1 Dragon, "
         "2 Peasants",
         2, deck_composition{{ranks(6, 13), ranks(6, 13), ranks(6, 13), 0}, 1, 1, 2}, one_to(14),
         2),
    make("2p-long", "2 players, 14 rounds (1 to 14): numbers 8–13, 1 Golem, 1 Dragon, 2 Peasants",
         2, four_suits(8, 1, 1, 2), one_to(14), 2),
    make("3p-classic", "3 players, 10 rounds (2, 4, … 20): all 60 cards", 3, full_deck,
         stepping(2, 20), 4),
    make("3p-classic-odd", "3 players, 10 rounds (1, 3, … 17, 20): all 60 cards", 3, full_deck,
         stepping(1, 20), 4),
    make("3p-mid", "3 players, 14 rounds (1 to 14): numbers 5–13, 2 Golems, 1 Dragon, 3 Peasants",
         3, four_suits(5, 2, 1, 3), one_to(14), 3),
    make("3p-long", "3 players, 19 rounds (1 to 19): all numbers, 2 Golems, 1 Dragon, 2 Peasants",
         3, four_suits(1, 2, 1, 2), one_to(19), 2),
    make("3p-marathon", "3 players, 20 rounds (1 to 20): all 60 cards", 3, full_deck, one_to(20),
         4),
    make("4p-classic", "4 players, 8 rounds (2, 4, … 14, 15): all 60 cards", 4, full_deck,
         stepping(2, 15), 4),
    make("4p-classic-odd", "4 players, 8 rounds (1, 3, … 13, 15): all 60 cards", 4, full_deck,
         stepping(1, 15), 4),
    make("4p-long", "4 players, 15 rounds (1 to 15): all 60 cards", 4, full_deck, one_to(15), 4),
    make("5p-classic", "5 players, 6 rounds (2, 4, … 12): all 60 cards", 5, full_deck,
         stepping(2, 12), 4),
    make("5p-steady", "5 players, 10 rounds (2, 4, 5, 6, … 12): all 60 cards", 5, full_deck,
         two_then_four_to(12), 4),
    make("5p-long", "5 players, 12 rounds (1 to 12): all 60 cards", 5, full_deck, one_to(12), 4),
    make("6p-classic", "6 players, 5 rounds (2, 4, … 10): all 60 cards", 6, full_deck,
         stepping(2, 10), 0),
    make("6p-long", "6 players, 10 rounds (1 to 10): all 60 cards", 6, full_deck, one_to(10), 4),
    make("6p-specials", "6 players, 11 rounds (1 to 11): all 60 cards and 6 specials", 6,
         full_deck_with(six_specials), one_to(11), 0),
    make("7p-classic", "7 players, 5 rounds (2, 4, 6, 8, 9): all 60 cards and 7 specials", 7,
         full_deck_with(seven_specials), stepping(2, 9), 0),
    make("7p-long", "7 players, 9 rounds (1 to 9): all 60 cards and 7 specials", 7,
         full_deck_with(seven_specials), one_to(9), 0),
    make("8p-classic", "8 players, 4 rounds (2, 4, 6, 8): all 60 cards and 8 specials", 8,
         full_deck_with(eight_specials), stepping(2, 8), 0),
    make("8p-long", "8 players, 8 rounds (1 to 8): all 60 cards and 8 specials", 8,
         full_deck_with(eight_specials), one_to(8), 0),
};

}  // namespace

int deck_composition::size() const {
  int n = golems + dragons + peasants + std::popcount(specials);
  for (auto m : numbers) n += std::popcount(m);
  return n;
}

deck_composition standard_deck(int players) {
  return players == 2 ? four_suits(5, 1, 1, 2) : full_deck;
}

std::span<const preset> presets() { return table; }

const preset* find_preset(std::string_view id) {
  for (const preset& p : table)
    if (p.id == id) return &p;
  return nullptr;
}

}  // namespace crownhall::crown_battles
