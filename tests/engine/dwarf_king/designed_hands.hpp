// Whole hands designed for the scenario tests, written as their tricks ("leader: cards").
#pragma once

#include <string>
#include <vector>

namespace crownhall::dwarf_king::testing {

// The rulebook's three players: Catie (seat 0), Peter (seat 1, the dealer), Bruno (seat 2).
// Bruno holds the 5 of Knights and no Dwarf, Catie the 5 of Goblins. Trick 1 is the
// rulebook's first-trick example; the whole hand ends with the rulebook's scoring example
// under "Knights over Dwarves": Catie 6 Dwarves, no Knight (-6); Bruno 5 Knights and 1
// Dwarf (4); Peter 8 Knights and 6 Dwarves (2). The example needs 13 Dwarves, so with three
// players (no 2 of Dwarves) the special card must be a Dwarf: the Druid, which Peter plays
// in the last trick where it has no effect. `last` replaces Peter's last card.
inline std::vector<std::string> rulebook_hand(const std::string& last = "druid",
                                              const std::string& catie_last = "d10") {
  return {
      "0: d3 d4 gK",
      "1: kA k2 k3",
      "1: kK k5 k4",
      "1: dA k6 d5",
      "1: dK k7 d6",
      "1: gA g2 g3",
      "1: k8 kQ k9",
      "2: kJ d7 k10",
      "2: gQ g5 g4",
      "2: g6 gJ g7",
      "0: dQ d8 g8",
      "0: dJ d9 g9",
      "0: " + catie_last + " " + last + " g10",
  };
}

// Three players, the Joker played (not last) as a Knight 1. Seat 1 holds the 5 of Knights.
// Winners: 0 0 0 0 2 1 0 2 1 0 2 1 1 (tricks 6, 4, 3).
inline const std::vector<std::string> quest_hand_3 = {
    "0: g5 g2 g3",  "0: kA k2 k3",  "0: dA d3 d4",  "0: kK k4 k6", "0: d5 d6 dK",
    "2: g4 g6 gQ",  "1: k5 k7 kQ",  "0: g7 g8 gK",  "2: d7 d8 dQ", "1: k8 joker kJ",
    "0: g9 g10 gA", "2: d9 d10 dJ", "1: k10 k9 gJ",
};

// Five players, the Puppeteer played after a Goblin into a Dwarf trick. Seat 2 holds the 5
// of Knights. Winners: 0 1 2 3 4 0 1 2 (tricks 2, 2, 2, 1, 1).
inline const std::vector<std::string> quest_hand_5 = {
    "0: gA g2 g3 g4 g6", "0: k2 kA k3 k4 k6",  "1: d2 dA d3 d4 d6",  "2: k5 kK k7 k8 k9",
    "3: d5 dK d7 d8 d9", "4: g7 gK g8 g9 g10", "0: k10 kQ kJ gJ dQ", "1: d10 dJ gQ puppeteer g5",
};

}  // namespace crownhall::dwarf_king::testing
