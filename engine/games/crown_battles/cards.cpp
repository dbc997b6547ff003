#include "engine/games/crown_battles/cards.hpp"

#include <array>

namespace crownhall::crown_battles {

namespace {

constexpr std::array<std::string_view, card_count> ids = {
    "R1",       "R2",       "R3",       "R4",           "R5",         "R6",          "R7",
    "R8",       "R9",       "R10",      "R11",          "R12",        "R13",         "B1",
    "B2",       "B3",       "B4",       "B5",           "B6",         "B7",          "B8",
    "B9",       "B10",      "B11",      "B12",          "B13",        "G1",          "G2",
    "G3",       "G4",       "G5",       "G6",           "G7",         "G8",          "G9",
    "G10",      "G11",      "G12",      "G13",          "Y1",         "Y2",          "Y3",
    "Y4",       "Y5",       "Y6",       "Y7",           "Y8",         "Y9",          "Y10",
    "Y11",      "Y12",      "Y13",      "GOLEM1",       "GOLEM2",     "DRAGON1",     "DRAGON2",
    "PEASANT1", "PEASANT2", "PEASANT3", "PEASANT4",     "ALCHEMIST",  "BISHOP",      "BOMB",
    "CURSED",   "JESTER",   "MAGICIAN", "MERCHANT",     "SMUGGLER",   "SPY",         "SUMMONER",
    "THIEF",    "WITCH",    "WIZARD",   "DOUBLE_FACED", "GOLEM_KING", "DRAGON_KING",
};

}  // namespace

std::string_view card_id(card c) {
  const auto i = static_cast<std::size_t>(index_of(c));
  return i < ids.size() ? ids[i] : std::string_view("?");
}

std::string_view special_name(special s) {
  static constexpr std::string_view names[special_count] = {
      "Alchemist", "Bishop",       "Bomb",       "Cursed",     "Jester", "Magician",
      "Merchant",  "Smuggler",     "Spy",        "Summoner",   "Thief",  "Witch",
      "Wizard",    "Double-faced", "Golem King", "Dragon King"};
  return names[static_cast<int>(s)];
}

std::optional<card> card_from_id(std::string_view id) {
  for (std::size_t i = 0; i < ids.size(); ++i)
    if (ids[i] == id) return card_at(static_cast<int>(i));
  return std::nullopt;
}

char suit_letter(suit s) { return "RBGY"[static_cast<int>(s)]; }

std::string_view suit_name(suit s) {
  static constexpr std::string_view names[] = {"red", "blue", "green", "yellow"};
  return names[static_cast<int>(s)];
}

std::optional<suit> suit_from_letter(std::string_view letter) {
  if (letter.size() != 1) return std::nullopt;
  switch (letter[0]) {
    case 'R':
      return suit::red;
    case 'B':
      return suit::blue;
    case 'G':
      return suit::green;
    case 'Y':
      return suit::yellow;
  }
  return std::nullopt;
}

}  // namespace crownhall::crown_battles
