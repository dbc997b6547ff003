// Table setups: the book's standard setup per player count and the "Gameplay suggestions"
// presets that can be played with base cards.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace crownhall::crown_battles {

struct deck_composition {
  std::array<std::uint16_t, 4> numbers{};  // per suit R, B, G, Y: bit r-1 set when rank r is in
  int golems = 0;
  int dragons = 0;
  int peasants = 0;
  std::uint16_t specials = 0;  // bit i: special card i (cards.hpp, enum special) is in

  int size() const;
  friend bool operator==(const deck_composition&, const deck_composition&) = default;
};

constexpr std::uint16_t ranks(int from, int to) {
  std::uint16_t m = 0;
  for (int r = from; r <= to; ++r) m = static_cast<std::uint16_t>(m | 1u << (r - 1));
  return m;
}

// Rulebook, Set up: 60 cards; two players 40 (numbers 5–13, 1 Golem, 1 Dragon, 2 Peasants).
deck_composition standard_deck(int players);

struct preset {
  std::string_view id;
  std::string_view label;
  int players;
  deck_composition deck;
  std::array<std::uint8_t, 20> schedule;
  int rounds;
  // Special cards the book's suggestion lists in place of Peasants; the preset deals Peasants
  // there, as the book suggests for new players, and a table's `specials` replace them one
  // for one.
  int special_slots;
};

std::span<const preset> presets();
const preset* find_preset(std::string_view id);
inline constexpr std::string_view standard_preset = "standard";

}  // namespace crownhall::crown_battles
