// The Crown Battles card ids named in a text: what the wire-secrecy tests look for in every
// message a seat or a spectator receives. Shared by the base game's and the Special Power
// cards' tests.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include <nlohmann/json.hpp>

namespace crownhall::test {

inline const std::vector<std::string> all_special_ids = {
    "ALCHEMIST", "BISHOP",       "BOMB",       "CURSED",     "JESTER", "MAGICIAN",
    "MERCHANT",  "SMUGGLER",     "SPY",        "SUMMONER",   "THIEF",  "WITCH",
    "WIZARD",    "DOUBLE_FACED", "GOLEM_KING", "DRAGON_KING"};

// Every Crown Battles card id.
inline const std::unordered_set<std::string>& every_card_id() {
  static const std::unordered_set<std::string> ids = [] {
    std::unordered_set<std::string> s(all_special_ids.begin(), all_special_ids.end());
    for (char suit : std::string("RBGY"))
      for (int n = 1; n <= 13; ++n) s.insert(std::string(1, suit) + std::to_string(n));
    for (const char* x :
         {"GOLEM1", "GOLEM2", "DRAGON1", "DRAGON2", "PEASANT1", "PEASANT2", "PEASANT3", "PEASANT4"})
      s.insert(x);
    return s;
  }();
  return ids;
}

// The card ids in a text, as whole words: JSON strings ("Y12") and move-log lines ("Ann
// played Y12") alike. Titles in the log are written "Bishop", never as ids.
inline std::set<std::string> card_ids(std::string_view text) {
  std::set<std::string> out;
  const auto word = [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  };
  for (std::size_t i = 0; i < text.size();) {
    if (!word(text[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && word(text[j])) ++j;
    std::string w(text.substr(i, j - i));
    if (every_card_id().count(w)) out.insert(std::move(w));
    i = j;
  }
  return out;
}

inline std::set<std::string> ids_in(const nlohmann::json& j) { return card_ids(j.dump()); }

}  // namespace crownhall::test
