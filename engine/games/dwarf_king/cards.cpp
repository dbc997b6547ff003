#include "engine/games/dwarf_king/cards.hpp"

#include <array>

namespace crownhall::dwarf_king {

namespace {

constexpr std::array<std::string_view, card_count> ids = {
    "k2",        "k3",       "k4",        "k5",       "k6",
    "k7",        "k8",       "k9",        "k10",      "kJ",
    "kQ",        "kK",       "kA",        "d2",       "d3",
    "d4",        "d5",       "d6",        "d7",       "d8",
    "d9",        "d10",      "dJ",        "dQ",       "dK",
    "dA",        "g2",       "g3",        "g4",       "g5",
    "g6",        "g7",       "g8",        "g9",       "g10",
    "gJ",        "gQ",       "gK",        "gA",       "druid",
    "joker",     "scout",    "standard",  "tinkerer", "standard_bearer",
    "enchanter", "shaman",   "thief",     "dragon",   "mummy",
    "puppeteer", "sorcerer", "excalibur",
};

constexpr std::array<std::string_view, card_count> names = {
    "2 of Knights",
    "3 of Knights",
    "4 of Knights",
    "5 of Knights",
    "6 of Knights",
    "7 of Knights",
    "8 of Knights",
    "9 of Knights",
    "10 of Knights",
    "Jack of Knights",
    "Queen of Knights",
    "King of Knights",
    "Champion of Knights",
    "2 of Dwarves",
    "3 of Dwarves",
    "4 of Dwarves",
    "5 of Dwarves",
    "6 of Dwarves",
    "7 of Dwarves",
    "8 of Dwarves",
    "9 of Dwarves",
    "10 of Dwarves",
    "Jack of Dwarves",
    "Queen of Dwarves",
    "King of Dwarves",
    "Champion of Dwarves",
    "2 of Goblins",
    "3 of Goblins",
    "4 of Goblins",
    "5 of Goblins",
    "6 of Goblins",
    "7 of Goblins",
    "8 of Goblins",
    "9 of Goblins",
    "10 of Goblins",
    "Jack of Goblins",
    "Queen of Goblins",
    "King of Goblins",
    "Champion of Goblins",
    "Druid",
    "Joker",
    "Scout",
    "Standard",
    "Tinkerer",
    "Standard Bearer",
    "Enchanter",
    "Shaman",
    "Thief",
    "Dragon",
    "Mummy",
    "Puppeteer",
    "Sorcerer",
    "Excalibur",
};

}  // namespace

std::string_view card_id(card c) { return c < card_count ? ids[c] : std::string_view("none"); }

std::optional<card> card_from_id(std::string_view id) {
  for (int c = 0; c < card_count; ++c)
    if (ids[static_cast<std::size_t>(c)] == id) return static_cast<card>(c);
  return std::nullopt;
}

std::string_view card_name(card c) { return c < card_count ? names[c] : std::string_view("none"); }

std::string_view suit_name(suit s) {
  switch (s) {
    case suit::knights:
      return "knights";
    case suit::dwarves:
      return "dwarves";
    case suit::goblins:
      return "goblins";
    case suit::none:
      return "none";
  }
  return "none";
}

}  // namespace crownhall::dwarf_king
