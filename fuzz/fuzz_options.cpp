// Fuzz target: a table's options (create_table, set_options) for every game and seat
// count, as a stranger may send them. normalize_options refuses what cannot be played;
// what it accepts is complete (normalizing again changes nothing) and starts a game.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/core/registry.hpp"
#include "invariants.hpp"

using namespace crownhall;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const auto games = all_games();
  const game_module& m = *games[data[0] % games.size()];
  // Any seat count a client may ask for, playable or not (-4 .. 11).
  const int seats = static_cast<int>(data[1] % 16) - 4;
  const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
  const json options = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (options.is_discarded()) return 0;
  auto n = m.normalize_options(options, seats);
  if (!n) {
    if (n.error().reason.empty()) __builtin_trap();
    return 0;
  }
  auto again = m.normalize_options(*n, seats);
  if (!again || *again != *n) __builtin_trap();  // complete: normalizing is idempotent
  auto g = m.new_game(*n, seats, 1, json());
  if (!g) __builtin_trap();  // accepted options always start a game
  fuzz::check_invariants(m, **g);
  return 0;
}
