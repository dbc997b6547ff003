// The Dwarf King's actions: their 32-bit codes, and the legal actions of one seat computed
// from what that seat knows (shared by the game and the bots' view).
//   {"type": "play", "card": "d3"}            {"type": "choose_quest", "side": "A"}
//   {"type": "steal", "seat": 2}              {"type": "give_back", "cards": ["k2", "g7"]}
//   {"type": "swap_hands", "seat": 1}         {"type": "pass_hands", "direction": "left"}
//   {"type": "use_sorcerer", "card": "dK"}    {"type": "pass"}
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/types.hpp"
#include "engine/games/dwarf_king/cards.hpp"
#include "engine/games/dwarf_king/trick.hpp"

namespace crownhall::dwarf_king {

// Phases of a hand (docs/rules/dwarf-king.md, "Phases").
enum class phase : std::uint8_t {
  quest,       // the holder of the 5 of Knights picks a side of the drawn tile
  steal,       // the Thief's holder picks a victim
  give_back,   // the Thief's holder gives two cards back
  playing,     // the trick's next seat plays
  swap_hands,  // the Druid's player picks whom to swap hands with
  pass_hands,  // the Standard Bearer's player picks left or right
  sorcerer,    // between tricks: every seat answers at once, the Sorcerer's holder may act
  finished,
};
// "quest", "steal", "give_back", "playing", "swap_hands", "pass_hands", "sorcerer_window",
// "finished" (never a card id, so views can be searched for quoted ids).
std::string_view phase_name(enum phase p);

// Code layout: kind in bits 16–23, its argument in bits 0–15.
enum class action_kind : std::uint8_t {
  none,
  play,
  choose_quest,
  steal,
  give_back,
  swap_hands,
  pass_hands,
  sorcerer,
  pass,
};
inline constexpr int pass_left = 0, pass_right = 1;  // to the next seat / the previous seat

constexpr action make_action(action_kind k, int argument = 0) {
  return {static_cast<std::uint32_t>(k) << 16 | static_cast<std::uint32_t>(argument & 0xffff)};
}
constexpr action_kind kind_of(action a) {
  const std::uint32_t k = a.code >> 16;
  return k <= static_cast<std::uint32_t>(action_kind::pass) ? static_cast<action_kind>(k)
                                                            : action_kind::none;
}
constexpr int argument_of(action a) { return static_cast<int>(a.code & 0xffff); }

// give_back's two cards, lower index first so each pair has one code.
constexpr action give_back_action(card a, card b) {
  return make_action(action_kind::give_back, a < b ? a | b << 8 : b | a << 8);
}
constexpr card first_card(action a) { return static_cast<card>(argument_of(a) & 0xff); }
constexpr card second_card(action a) { return static_cast<card>(argument_of(a) >> 8); }

// What one seat's legal actions depend on; the game and the view both fill it.
struct turn {
  enum phase phase = phase::finished;
  int seat = 0;
  int players = 3;
  bool may_act = false;
  card_set hand = 0;
  const trick* current = nullptr;  // playing
  card previous_winner = no_card;  // the card that won the previous trick, for the Mummy
  bool first_trick = true;
  const trick* last = nullptr;  // sorcerer: the trick just played
};

void legal_actions(const turn& t, action_list& out);
bool is_legal(const turn& t, action a);
// Why `a` is not legal for a seat that may act (called only when refusing, so the hot path
// never builds a string).
std::string why_illegal(const turn& t, action a);

}  // namespace crownhall::dwarf_king
