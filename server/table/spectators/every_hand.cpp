#include "server/table/spectators/every_hand.hpp"

namespace crownhall::server {

std::string every_hand_text(const game_state& g) {
  std::string out = "[";
  for (int s = 0; s < g.seat_count(); ++s) {
    if (s > 0) out += ',';
    const json seen = g.view(s);
    out += seen.contains("hand") ? seen["hand"].dump() : "[]";
  }
  out += ']';
  return out;
}

}  // namespace crownhall::server
