#include "engine/games/crown_battles/leaks.hpp"

namespace crownhall::crown_battles {

namespace {

constexpr std::string_view variation_names[leak_variation_count] = {"secret", "clockwise", "dealer",
                                                                    "spinner", "neighbour"};
constexpr std::string_view choice_names[leak_choice_count] = {"R", "B", "G", "Y", "monsters"};
}  // namespace

std::string_view leak_variation_name(leak_variation v) {
  return variation_names[static_cast<int>(v)];
}

std::optional<leak_variation> leak_variation_from_name(std::string_view name) {
  for (int v = 0; v < leak_variation_count; ++v)
    if (variation_names[v] == name) return static_cast<leak_variation>(v);
  return std::nullopt;
}

int leak_choice_of(card c) {
  if (is_numbered(c)) return static_cast<int>(suit_of(c));
  return leak_cards(monsters).contains(c) ? monsters : no_leak;
}

std::string_view leak_choice_name(int choice) { return choice_names[choice]; }

std::optional<int> leak_choice_from_name(std::string_view name) {
  for (int c = 0; c < leak_choice_count; ++c)
    if (choice_names[c] == name) return c;
  return std::nullopt;
}

}  // namespace crownhall::crown_battles
