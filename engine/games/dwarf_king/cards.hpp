// The Dwarf King's 53 cards: 39 basic cards and 14 special cards, one compact index per
// physical card, their stable ids, and card sets (hands, tricks taken) as 64-bit sets.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string_view>

namespace crownhall::dwarf_king {

inline constexpr int min_players = 3;
inline constexpr int max_players = 5;

// Rulebook, "Contents": three suits. `none` is the suit of a magic card.
enum class suit : std::uint8_t { knights, dwarves, goblins, none };
inline constexpr int suit_count = 3;

// Ranks low to high: 1 (specials only), 2–10, 11 (specials only), Jack, Queen, King, Ace.
inline constexpr int rank_jack = 12, rank_queen = 13, rank_king = 14, rank_ace = 15;
inline constexpr int rank_slots = 16;  // ranks index 0–15; 0 is "no rank" (magic cards)

// The fourteen special cards, in the order of their indices (rulings, "Special cards").
enum class special : std::uint8_t {
  druid,
  joker,
  scout,
  standard,
  tinkerer,
  standard_bearer,
  enchanter,
  shaman,
  thief,
  dragon,
  mummy,
  puppeteer,
  sorcerer,
  excalibur,
};
inline constexpr int special_count = 14;

// A physical card: 0–38 the basic cards (suit * 13 + position, 2 first, Ace last), 39–52
// the special cards in `special` order.
using card = std::uint8_t;
inline constexpr int basic_count = 39;
inline constexpr int card_count = 53;
inline constexpr card no_card = 0xff;

constexpr card basic_card(suit s, int rank) {
  const int position = rank <= 10 ? rank - 2 : rank - 3;  // no 11 among the basic cards
  return static_cast<card>(static_cast<int>(s) * 13 + position);
}
constexpr card special_card(special s) {
  return static_cast<card>(basic_count + static_cast<int>(s));
}
constexpr bool is_special(card c) { return c >= basic_count; }
constexpr special special_of(card c) { return static_cast<special>(c - basic_count); }

// The printed suit and rank; magic cards have neither (rulebook, "Value of the cards").
struct card_face {
  suit s = suit::none;
  std::uint8_t rank = 0;
};

constexpr card_face printed_face(card c) {
  if (c < basic_count) {
    const int position = c % 13;
    return {static_cast<suit>(c / 13),
            static_cast<std::uint8_t>(position <= 8 ? position + 2 : position + 3)};
  }
  switch (static_cast<special>(c - basic_count)) {
    case special::druid:
      return {suit::dwarves, 1};
    case special::joker:
      return {suit::knights, 1};
    case special::scout:
      return {suit::goblins, 1};
    case special::standard:
    case special::tinkerer:
      return {suit::dwarves, 11};
    case special::standard_bearer:
    case special::enchanter:
      return {suit::knights, 11};
    case special::shaman:
    case special::thief:
      return {suit::goblins, 11};
    default:
      return {};
  }
}

inline constexpr std::array<card_face, card_count> card_faces = [] {
  std::array<card_face, card_count> out{};
  for (int c = 0; c < card_count; ++c)
    out[static_cast<std::size_t>(c)] = printed_face(static_cast<card>(c));
  return out;
}();

constexpr card_face face_of(card c) { return card_faces[c]; }
constexpr bool is_magic(card c) { return face_of(c).s == suit::none; }
// "Numbered" values for the quests: 1 to 11; Jacks, Queens, Kings and Aces are not numbers.
constexpr int numbered_value(card c) {
  const int r = face_of(c).rank;
  return r >= 1 && r <= 11 ? r : 0;
}
constexpr bool is_face(card c) { return face_of(c).rank >= rank_jack; }

// A set of cards: a hand, a pile of tricks taken, a deck.
using card_set = std::uint64_t;
constexpr card_set bit(card c) { return card_set{1} << c; }
constexpr bool contains(card_set s, card c) { return c < card_count && ((s >> c) & 1u); }
constexpr int size_of(card_set s) { return std::popcount(s); }
constexpr card lowest(card_set s) { return static_cast<card>(std::countr_zero(s)); }
constexpr card_set basic_cards = (card_set{1} << basic_count) - 1;
// Every card of a suit, suited special cards included.
inline constexpr std::array<card_set, suit_count> suit_masks = [] {
  std::array<card_set, suit_count> out{};
  for (int c = 0; c < card_count; ++c) {
    const card_face f = printed_face(static_cast<card>(c));
    if (f.s != suit::none) out[static_cast<std::size_t>(f.s)] |= card_set{1} << c;
  }
  return out;
}();
constexpr card_set suit_cards(suit s) { return suit_masks[static_cast<std::size_t>(s)]; }

// Calls f(card) for every card of s, lowest index first.
template <class F>
constexpr void for_each_card(card_set s, F&& f) {
  while (s) {
    f(lowest(s));
    s &= s - 1;
  }
}

// Rulings, "Cards and ranks": three players take the 2 of Dwarves out for the whole game.
constexpr card_set basic_deck(int players) {
  return players == 3 ? basic_cards & ~bit(basic_card(suit::dwarves, 2)) : basic_cards;
}
constexpr int hand_size(int players) { return players == 3 ? 13 : players == 4 ? 10 : 8; }

// The 5s that drive a hand (rulebook, "Summary of the three 5s").
inline constexpr card five_of_dwarves = basic_card(suit::dwarves, 5);
inline constexpr card five_of_knights = basic_card(suit::knights, 5);
inline constexpr card five_of_goblins = basic_card(suit::goblins, 5);

// Ids: a basic card is its suit letter (k, d, g) and its rank ("k5", "d10", "gA"); a
// special card is its name ("druid", "standard_bearer", "dragon").
std::string_view card_id(card c);
std::optional<card> card_from_id(std::string_view id);
// The display name: "5 of Knights", "Dragon".
std::string_view card_name(card c);
std::string_view suit_name(suit s);  // "knights", "dwarves", "goblins", "none"

}  // namespace crownhall::dwarf_king
