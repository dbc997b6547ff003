#include "engine/games/dwarf_king/trick.hpp"

#include "engine/games/dwarf_king/specials.hpp"

namespace crownhall::dwarf_king {

played_card magic_played_as(card c, int seat, const trick& t, card previous_winner) {
  played_card p = as_printed(c, seat);
  switch (special_rules[static_cast<std::size_t>(special_of(c))].kind) {
    case effect::mummy:
      // Rulings: a copy of the previous trick's winning card, colour and value.
      if (previous_winner != no_card) {
        const played_card copy = as_printed(previous_winner, seat);
        p.as = copy.as;
        p.strength = copy.strength;
      }
      break;
    case effect::puppeteer:
      // Rulings: the colour of the card just before it, just above it. Led (only ever as
      // a last card), it has neither: docs/rules/dwarf-king.md, "Decisions".
      if (t.count > 0) {
        const played_card& before = t.plays[static_cast<std::size_t>(t.count - 1)];
        p.as = before.as;
        p.strength = before.as == suit::none ? 0 : static_cast<std::uint8_t>(before.strength + 1);
      }
      break;
    default:
      break;
  }
  return p;
}

int special_winning_play(const trick& t) {
  int dragon_at = -1;
  for (int i = 0; i < t.count; ++i) {
    const card c = t.plays[static_cast<std::size_t>(i)].c;
    if (c == excalibur_card) return i;  // rulings, Excalibur: it wins the trick
    if (c == dragon_card) dragon_at = i;
  }
  // Rulings, Dragon: an Ace beats it: the Ace of the led suit, else the last Ace played.
  int led_ace = -1, last_ace = -1;
  for (int i = 0; i < t.count; ++i) {
    const played_card& p = t.plays[static_cast<std::size_t>(i)];
    if (p.as == suit::none || p.strength != ace_strength) continue;
    last_ace = i;
    if (p.as == t.led) led_ace = i;
  }
  return led_ace >= 0 ? led_ace : last_ace >= 0 ? last_ace : dragon_at;
}

}  // namespace crownhall::dwarf_king
