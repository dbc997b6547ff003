// Queen's Court's cards: 44 numbered cards, 5 Gloves and 5 Queens, each with a short id.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

namespace crownhall::queens_court {

using card = std::uint8_t;
// A set of cards as one bit per card (hands, the set-aside cards).
using card_set = std::uint64_t;

inline constexpr card no_card = 0xff;
inline constexpr int max_players = 5;
inline constexpr int max_piles = 2 * max_players;

// Rules, "Includes": values 1 and 10 six times, 2 to 9 four times each.
inline constexpr std::array<int, 11> copies_of_value = {0, 6, 4, 4, 4, 4, 4, 4, 4, 4, 6};
inline constexpr int numbered_count = 44;
inline constexpr card first_glove = 44;
inline constexpr card first_queen = 49;
inline constexpr int gloves_count = 5;
inline constexpr int queens_count = 5;
inline constexpr int card_count = 54;

constexpr bool is_glove(card c) { return c >= first_glove && c < first_queen; }
constexpr bool is_queen(card c) { return c >= first_queen && c < card_count; }
constexpr bool is_numbered(card c) { return c < numbered_count; }
constexpr card_set bit(card c) { return card_set{1} << c; }
constexpr card glove_of(int seat) { return static_cast<card>(first_glove + seat); }

// Index of the first card of each value, so a numbered card's value is found by search.
constexpr std::array<int, 12> make_value_starts() {
  std::array<int, 12> starts{};
  for (int v = 1; v <= 10; ++v) starts[v + 1] = starts[v] + copies_of_value[v];
  starts[1] = 0;
  return starts;
}
inline constexpr auto value_starts = make_value_starts();

constexpr int value_of(card c) {
  for (int v = 1; v <= 10; ++v)
    if (c < value_starts[v + 1]) return v;
  return 0;
}

// Values by card index, looked up on the hot path.
constexpr std::array<std::uint8_t, card_count> make_values() {
  std::array<std::uint8_t, card_count> values{};
  for (int c = 0; c < numbered_count; ++c) values[c] = static_cast<std::uint8_t>(value_of(c));
  return values;
}
inline constexpr auto card_values = make_values();

// Ids: "7c" is the third 7; "10f" the sixth 10; "G1".."G5" Gloves; "Q1".."Q5" Queens.
struct card_name {
  char text[4]{};
  std::uint8_t size = 0;
};

constexpr std::array<card_name, card_count> make_names() {
  std::array<card_name, card_count> names{};
  for (int c = 0; c < card_count; ++c) {
    card_name& n = names[c];
    if (c < numbered_count) {
      const int v = value_of(static_cast<card>(c));
      const int copy = c - value_starts[v];
      if (v == 10) {
        n.text[n.size++] = '1';
        n.text[n.size++] = '0';
      } else {
        n.text[n.size++] = static_cast<char>('0' + v);
      }
      n.text[n.size++] = static_cast<char>('a' + copy);
    } else {
      n.text[n.size++] = c < first_queen ? 'G' : 'Q';
      n.text[n.size++] =
          static_cast<char>('1' + (c < first_queen ? c - first_glove : c - first_queen));
    }
  }
  return names;
}
inline constexpr auto card_names = make_names();

constexpr std::string_view card_id(card c) { return {card_names[c].text, card_names[c].size}; }

constexpr card card_from_id(std::string_view id) {
  for (int c = 0; c < card_count; ++c)
    if (card_id(static_cast<card>(c)) == id) return static_cast<card>(c);
  return no_card;
}

// Iterates the cards of a set from the lowest index.
template <class F>
constexpr void for_each_card(card_set s, F&& f) {
  while (s) {
    f(static_cast<card>(std::countr_zero(s)));
    s &= s - 1;
  }
}

}  // namespace crownhall::queens_court
