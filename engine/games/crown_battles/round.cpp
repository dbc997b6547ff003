#include "engine/games/crown_battles/round.hpp"

namespace crownhall::crown_battles {

namespace {

constexpr std::string_view type_names[round_type_count] = {
    "normal",         "blind",
    "wagering",       "missions",
    "blind_missions", "duel_fights",
    "leaked_suit",    "stealth",
    "alliances",      "missions_alliances",
    "suit_precision", "suit_precision_alliances",
    "long_play",      "the_split"};
constexpr std::string_view type_labels[round_type_count] = {
    "Normal Bidding", "Blind Bidding",      "Wagering",       "Missions",
    "Blind Missions", "Duel Fights",        "Leaked Suit",    "Stealth Play",
    "Alliances",      "Missions-Alliances", "Suit Precision", "Suit Precision-Alliances",
    "Long Play",      "The Split"};
constexpr std::string_view face_names[spinner_face_count] = {"R", "B", "G", "Y", "X", "choice"};

}  // namespace

std::string_view round_type_name(round_type t) { return type_names[static_cast<int>(t)]; }
std::string_view round_type_label(round_type t) { return type_labels[static_cast<int>(t)]; }

std::string round_type_names() {
  std::string out;
  for (std::string_view n : type_names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

std::optional<round_type> round_type_from_name(std::string_view name) {
  for (int t = 0; t < round_type_count; ++t)
    if (type_names[t] == name) return static_cast<round_type>(t);
  return std::nullopt;
}

std::string_view phase_name(phase p) {
  static constexpr std::string_view names[] = {"choose_trump", "bidding", "playing", "finished",
                                               "special",      "playing", "mission", "pairing",
                                               "leak",         "place",   "split"};
  return names[static_cast<int>(p)];
}

std::string_view spinner_face_name(spinner_face f) { return face_names[static_cast<int>(f)]; }

std::optional<spinner_face> spinner_face_from_name(std::string_view name) {
  for (int f = 0; f < spinner_face_count; ++f)
    if (face_names[f] == name) return static_cast<spinner_face>(f);
  return std::nullopt;
}

}  // namespace crownhall::crown_battles
