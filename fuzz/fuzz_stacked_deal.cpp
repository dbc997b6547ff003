// Fuzz target: a stacked deal (fixed hands for tests and teaching tables; a record's
// "deal") for every game. new_game must refuse a deal it cannot play — cards twice, cards
// missing, wrong counts, junk — and a deal it accepts must give a game that holds together.
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
  const auto counts = playable_seat_counts(m);
  // Low bits: the seat count; top two bits: the options (fuzz::options_variant).
  const int seats = counts[(data[1] & 0x3f) % counts.size()];
  const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
  const json deal = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (deal.is_discarded()) return 0;
  const json options = fuzz::options_variant(m, seats, data[1] >> 6);
  auto g = m.new_game(options, seats, 7, deal);
  if (!g) return 0;
  fuzz::check_invariants(m, **g);
  for (int s = 0; s < seats; ++s) (void)(*g)->view(s);
  return 0;
}
