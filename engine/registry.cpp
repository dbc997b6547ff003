#include "engine/core/registry.hpp"

#include <array>

#include <nlohmann/json.hpp>

#include "engine/games/crown_battles/crown_battles.hpp"
#include "engine/games/dwarf_king/dwarf_king.hpp"
#include "engine/games/lunar/lunar.hpp"
#include "engine/games/queens_court/queens_court.hpp"

namespace crownhall {

std::span<const game_module* const> all_games() {
  // Listed explicitly: static registration from a static library is dropped by the linker.
  static const std::array<const game_module*, 4> games = {
      &crown_battles_module(),
      &queens_court_module(),
      &dwarf_king_module(),
      &lunar_module(),
  };
  return games;
}

const game_module* find_game(std::string_view id) {
  for (const game_module* m : all_games())
    if (m->id() == id) return m;
  return nullptr;
}

std::vector<int> playable_seat_counts(const game_module& game) {
  std::vector<int> counts;
  for (int n = game.min_seats(); n <= game.max_seats(); ++n)
    if (game.normalize_options(json::object(), n)) counts.push_back(n);
  return counts;
}

}  // namespace crownhall
