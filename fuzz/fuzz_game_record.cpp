// Fuzz target: a game record file (docs/game-record.md) as `crownhall verify` and the
// replay API read it. Parsing refuses what is not a record; a replay stops at the first
// action the rules refuse; a record that parsed writes back to one that parses the same.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/core/record.hpp"

using namespace crownhall;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return 0;
  auto r = record_from_json(j);
  if (!r) return 0;
  // Round trip: what we write we can read back, identically (written once, compared with
  // the second writing).
  const json written = to_json(*r);
  auto again = record_from_json(written);
  if (!again || to_json(*again) != written) __builtin_trap();
  if (r->actions.size() > 2000) return 0;  // keep one input's time bounded
  auto out = replay(*r);
  if (out && out->state) {
    (void)out->state->outcome();
    for (int s = 0; s < out->state->seat_count(); ++s) (void)out->state->view(s);
  }
  return 0;
}
