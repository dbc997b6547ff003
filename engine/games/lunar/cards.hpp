// Lunar's cards: 24 rank cards (1-8, three each) and 24 suit cards (Wolf, Owl, Lynx, Bat,
// six each), each with a short id.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

namespace crownhall::lunar {

using card = std::uint8_t;
using card_set = std::uint64_t;  // one bit per card

inline constexpr card no_card = 0xff;
inline constexpr int rank_card_count = 24;
inline constexpr int suit_card_count = 24;
inline constexpr int card_count = 48;
inline constexpr int max_rank = 8;
inline constexpr int rank_copies = 3;
inline constexpr int suit_count = 4;
inline constexpr int suit_copies = 6;
inline constexpr int no_suit = 0xff;

inline constexpr std::array<std::string_view, suit_count> suit_names = {"wolf", "owl", "lynx",
                                                                        "bat"};
inline constexpr std::array<char, suit_count> suit_letters = {'W', 'O', 'L', 'B'};

constexpr card_set bit(card c) { return card_set{1} << c; }
constexpr bool is_rank(card c) { return c < rank_card_count; }
constexpr bool is_suit(card c) { return c >= rank_card_count && c < card_count; }
constexpr int rank_of(card c) { return c / rank_copies + 1; }
constexpr int suit_of(card c) { return (c - rank_card_count) / suit_copies; }
constexpr card rank_card(int rank, int copy) { return static_cast<card>((rank - 1) * 3 + copy); }
constexpr card suit_card(int suit, int copy) {
  return static_cast<card>(rank_card_count + suit * suit_copies + copy);
}

inline constexpr card_set rank_cards = (card_set{1} << rank_card_count) - 1;
inline constexpr card_set all_cards = (card_set{1} << card_count) - 1;
inline constexpr card_set suit_cards = all_cards & ~rank_cards;
constexpr card_set cards_of_suit(int suit) {
  return ((card_set{1} << suit_copies) - 1) << (rank_card_count + suit * suit_copies);
}

// Ids: "3b" is the second 3; "Od" the fourth Owl.
struct card_name {
  char text[2]{};
};

constexpr std::array<card_name, card_count> make_names() {
  std::array<card_name, card_count> names{};
  for (int c = 0; c < card_count; ++c) {
    if (c < rank_card_count) {
      names[c].text[0] = static_cast<char>('0' + rank_of(static_cast<card>(c)));
      names[c].text[1] = static_cast<char>('a' + c % rank_copies);
    } else {
      names[c].text[0] = suit_letters[suit_of(static_cast<card>(c))];
      names[c].text[1] = static_cast<char>('a' + (c - rank_card_count) % suit_copies);
    }
  }
  return names;
}
inline constexpr auto card_names = make_names();

constexpr std::string_view card_id(card c) { return {card_names[c].text, 2}; }

constexpr card card_from_id(std::string_view id) {
  for (int c = 0; c < card_count; ++c)
    if (card_id(static_cast<card>(c)) == id) return static_cast<card>(c);
  return no_card;
}

constexpr int suit_from_name(std::string_view name) {
  for (int s = 0; s < suit_count; ++s)
    if (suit_names[s] == name) return s;
  return no_suit;
}

template <class F>
constexpr void for_each_card(card_set s, F&& f) {
  while (s) {
    f(static_cast<card>(std::countr_zero(s)));
    s &= s - 1;
  }
}

}  // namespace crownhall::lunar
