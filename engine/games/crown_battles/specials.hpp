// The Special Power cards and Bubble Shields as decisions made of small steps: the step
// action codes (engine/core/action_code.hpp), what each card does and when, and the state a
// decision in progress keeps. The rules: docs/rules/crown-battles.md, "Special Power cards".
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/action_code.hpp"
#include "engine/games/crown_battles/cards.hpp"
#include "engine/games/crown_battles/round.hpp"
#include "engine/games/crown_battles/trick.hpp"

namespace crownhall::crown_battles {

// Step kinds, packed with action_code (kind in bits 24–31). Each names what the fields mean.
enum class step_kind : std::uint8_t {
  none,
  decline,       // keep things as they are / end this card's action
  pick_seat,     // seat: a player (Bishop, Bomb, Cursed, Merchant, Thief)
  pick_card,     // card: one of your cards (Merchant, Magician, Smuggler)
  pick_trump,    // amount: 0–3 a suit, 4 no trump (Alchemist)
  change_bid,    // amount: 0 = −1, 1 = +1 (Jester)
  take_points,   // seat: whom the Witch takes 5 points from
  direction,     // amount: 0 = left (next seat), 1 = right (Magician)
  done_looking,  // the Bishop's or Spy's look ends
  buy_shield,    // a Bubble Shield for 20 points
  play_golem,    // card: the Double-faced card played as a Golem
  smuggle,       // draw a random undealt card (Smuggler)
  pick_suit,     // amount: 0–3 a suit (Suit Precision: Jester's bid, Thief's trick)
};
inline constexpr int step_kind_count = 13;

constexpr action step(step_kind k, int seat = action_code::no_seat, int card = action_code::no_card,
                      int amount = 0) {
  return step_action(static_cast<std::uint8_t>(k), seat, action_code::no_seat, card, amount);
}
constexpr step_kind step_kind_of(action a) {
  const std::uint32_t k = a.code >> 24;
  return k < step_kind_count ? static_cast<step_kind>(k) : step_kind::none;
}

constexpr bool is_special(card c) { return index_of(c) >= first_special; }
constexpr special special_of(card c) { return static_cast<special>(index_of(c) - first_special); }
constexpr bool is_card(card c, special s) { return c == special_card(s); }

// Rulings, Timing: ⚡ right after the play, ⏳ at the end of the trick in play order.
constexpr bool acts_at_once(special s) {
  return s == special::bishop || s == special::jester || s == special::magician ||
         s == special::merchant || s == special::smuggler || s == special::spy;
}
constexpr bool acts_at_trick_end(special s) {
  return s == special::alchemist || s == special::bomb || s == special::cursed ||
         s == special::thief || s == special::witch;
}
// Cards whose action a Summoner copies (the action cards; Wizard's effect covers the trick).
constexpr bool is_action_card(special s) {
  return acts_at_once(s) || acts_at_trick_end(s) || s == special::wizard;
}

inline constexpr int shield_price = 20;
inline constexpr int max_shields_on_table = 8;
inline constexpr int witch_points = 20;
inline constexpr int witch_points_final_round = 30;
inline constexpr int spy_seconds = 60;

// Strengths in a trick with specials, in half steps (the Summoner is worth X + ½): twice the
// base game's strengths, Golem King and Dragon King between and above them.
inline constexpr int golem_power2 = 600;
inline constexpr int golem_king_power2 = 700;
inline constexpr int dragon_power2 = 800;
inline constexpr int dragon_king_power2 = 1000;

// A decision in progress.
struct pending_step {
  special what = special::alchemist;  // whose effect (a Summoner's: the copied card's)
  int seat = -1;                      // who decides
  std::uint8_t stage = 0;             // which step of the card's decision
  std::int8_t first = -1;             // a seat chosen at an earlier step
  std::uint8_t points_left = 0;       // Witch
  bool before_bid = false;            // Smuggler's use before bidding
  bool by_summoner = false;
  card drawn = card_at(0);  // Smuggler: the card drawn
  card_set looked;          // Bishop: the cards its player sees only for the look
};

// A ⏳ action waiting for its trick's end, in play order.
struct trick_end_action {
  special what = special::alchemist;
  std::uint8_t seat = 0;
};

// A trick's extras: how each position counts beyond its card's own traits.
struct trick_extras {
  std::array<bool, max_trick_cards> as_golem{};  // Double-faced declared a Golem
  bool wizard = false;  // a Wizard (or a Summoner copying it) is in the trick
  // A special other than the Kings is in the trick (derived, not hashed): until then the
  // base game's strengths decide it, the Kings' powers included.
  bool half_steps = false;
  std::int8_t wizard_keeper = -1;  // who played the real Wizard
  bool bomb = false;               // the trick is destroyed
  std::array<trick_end_action, max_trick_cards> queue{};
  std::uint8_t queued = 0;
  std::uint8_t next = 0;  // the next queued action to run
};

// Magician: the passes being collected.
struct magician_pass {
  bool left = true;
  seat_mask waiting = 0;         // seats still to pick their card
  std::array<card, 8> chosen{};  // per seat: the card it passes
};

}  // namespace crownhall::crown_battles
