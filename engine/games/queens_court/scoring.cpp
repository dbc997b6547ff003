#include "engine/games/queens_court/scoring.hpp"

namespace crownhall::queens_court {

round_result resolve_round(int players, const std::array<std::uint8_t, max_players>& spread,
                           const std::array<std::uint8_t, max_players>& pile_cards,
                           const std::array<std::uint8_t, max_players>& wins) {
  round_result r;
  r.spread = spread;
  r.pile_cards = pile_cards;
  int best_spread = double_queens;
  for (int s = 0; s < players; ++s)
    if (spread[s] < best_spread) best_spread = spread[s];
  // Everyone showing two Queens: nobody wins this round.
  if (best_spread == double_queens) return r;
  int best_cards = 1 << 30;
  for (int s = 0; s < players; ++s)
    if (spread[s] == best_spread && pile_cards[s] < best_cards) best_cards = pile_cards[s];
  int count = 0;
  for (int s = 0; s < players; ++s) {
    if (spread[s] == best_spread && pile_cards[s] == best_cards) {
      r.tied |= static_cast<std::uint8_t>(1u << s);
      r.winner = static_cast<std::uint8_t>(s);
      ++count;
    }
  }
  if (count == 1) {
    r.tied = 0;
    return r;
  }
  // Rules: "all tied players gain 1 round win. If a player in the tie has already won a
  // round they do not gain another round win."
  r.winner = no_seat;
  for (int s = 0; s < players; ++s)
    if ((r.tied >> s) & 1u && wins[s] == 0) r.tie_wins |= static_cast<std::uint8_t>(1u << s);
  return r;
}

}  // namespace crownhall::queens_court
