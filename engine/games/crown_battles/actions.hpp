// Crown Battles actions: their 32-bit codes and their JSON forms.
//   {"type": "bid", "bid": 3}            {"type": "bid", "bid": [2, 3]}
//   {"type": "choose_trump", "suit": "Y"} {"type": "play", "card": "Y12"}
//   {"type": "wager", "extra": 10}       (Wagering with the extra wager: 0, 10 or 20)
//   {"type": "mission", "mission": "zero_or_one"}   (Missions rounds: missions.hpp)
//   {"type": "pair", "seat": 2}          (Duel Fights: the dealer pairs the next seat with 2)
//   {"type": "leak", "suit": "R"}        (Leaked Suit: R, B, G, Y or "monsters")
//   {"type": "solo", "seat": 2}          (Alliances, odd count: the dealer names who plays alone)
//   {"type": "note", "card": "R7"}       (Alliances: the Secret Note, a card shown to the ally)
//   {"type": "place", "suit": "G"}       (Suit Precision: the suit a won trick goes under)
//   {"type": "split", "card": "B7"}      (The Split: a card put into the first half)
#pragma once

#include <bit>
#include <cstdint>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/core/types.hpp"
#include "engine/games/crown_battles/cards.hpp"
#include "engine/games/crown_battles/round.hpp"

namespace crownhall::crown_battles {

using json = nlohmann::json;

struct bid {
  std::uint8_t lo = 0;
  std::uint8_t hi = 0;  // == lo for a single bid; lo + 1 for a double bid
  constexpr bool is_double() const { return hi != lo; }
  friend constexpr bool operator==(bid, bid) = default;
};
constexpr bid single_bid(int n) {
  return {static_cast<std::uint8_t>(n), static_cast<std::uint8_t>(n)};
}
constexpr bid double_bid(int lo) {
  return {static_cast<std::uint8_t>(lo), static_cast<std::uint8_t>(lo + 1)};
}

// Code layout: kind in bits 8–15, its argument in bits 0–7.
enum class action_kind : std::uint8_t {
  none,
  single_bid,
  double_bid,
  choose_trump,
  play,
  wager,
  mission,
  pair,
  leak,
  solo,
  note,
  place,
  split
};

constexpr action make_action(action_kind k, int argument) {
  return {static_cast<std::uint32_t>(k) << 8 | static_cast<std::uint32_t>(argument & 0xff)};
}
constexpr action_kind kind_of(action a) {
  const std::uint32_t k = a.code >> 8;
  return k <= static_cast<std::uint32_t>(action_kind::split) ? static_cast<action_kind>(k)
                                                             : action_kind::none;
}
constexpr int argument_of(action a) { return static_cast<int>(a.code & 0xff); }

constexpr action bid_action(bid b) {
  return make_action(b.is_double() ? action_kind::double_bid : action_kind::single_bid, b.lo);
}
constexpr action choose_trump_action(trump t) {
  return make_action(action_kind::choose_trump, static_cast<int>(t));
}
constexpr action play_action(card c) { return make_action(action_kind::play, index_of(c)); }
// Rulings, Wagering's option: an extra wager of 0, 10 or 20 points, kept in tens.
inline constexpr int max_extra_wager = 20;
constexpr action wager_action(int extra) { return make_action(action_kind::wager, extra / 10); }
constexpr int extra_of(action a) { return argument_of(a) * 10; }
inline void append_wagers(action_list& out) {
  for (int extra = 0; extra <= max_extra_wager; extra += 10) out.push_back(wager_action(extra));
}
// Missions rounds: the mission chosen, by its id (missions.hpp).
constexpr action mission_action(int id) { return make_action(action_kind::mission, id); }
constexpr int mission_of(action a) { return argument_of(a); }
// Leaked Suit: the suit (0–3) or the monsters (4) a seat reveals (leaks.hpp).
constexpr action leak_action(int choice) { return make_action(action_kind::leak, choice); }
constexpr int leak_of(action a) { return argument_of(a); }
// Duel Fights: the dealer pairs the next seat to pair with `partner`.
constexpr action pair_action(int partner) { return make_action(action_kind::pair, partner); }
constexpr int partner_of(action a) { return argument_of(a); }
// Alliances: the dealer names `seat` the solo player; a player shows `c` to its ally.
constexpr action solo_action(int seat) { return make_action(action_kind::solo, seat); }
constexpr action note_action(card c) { return make_action(action_kind::note, index_of(c)); }
// Suit Precision: the winner places the trick just won under suit `s` (0–3).
constexpr action place_action(int s) { return make_action(action_kind::place, s); }
constexpr int placed_suit_of(action a) { return argument_of(a); }
// The Split: a player puts card `c` of its hand into its first half (split.hpp).
constexpr action split_action(card c) { return make_action(action_kind::split, index_of(c)); }
// A choice of each mission of `offer` (bit m: mission m).
inline void append_missions(std::uint8_t offer, action_list& out) {
  for (unsigned o = offer; o; o &= o - 1) out.push_back(mission_action(std::countr_zero(o)));
}
// Appends what `write` pushes, at most `most` entries, checking the room for them once:
// action_list::push_back checks it at every entry, and the lists of plays and bids are on
// every turn's path. With less room than that (never, for a list of its own), push_back.
// Inlined: as a call it cost more than the checks it saves.
template <class Write>
[[gnu::always_inline]] inline void append_at_most(action_list& out, int most, Write write) {
  if (out.room() < most) [[unlikely]] {
    write([&out](action a) { out.push_back(a); });
    return;
  }
  action* end = out.tail();
  write([&end](action a) { *end++ = a; });
  out.set_end(end);
}
// A play of each card of `cards`, lowest first. Word by word: the legal list is on every
// turn's path, and this walk over the set bits is the cheapest measured.
inline void append_plays(card_set cards, action_list& out) {
  append_at_most(out, card_count, [cards](auto push) {
    for (std::uint64_t w = cards.low_word(); w; w &= w - 1)
      push(play_action(card_at(std::countr_zero(w))));
    for (std::uint64_t w = cards.high_word(); w; w &= w - 1)
      push(play_action(card_at(64 + std::countr_zero(w))));
  });
}

// Only for bid actions.
constexpr bid bid_of(action a) {
  return kind_of(a) == action_kind::double_bid ? double_bid(argument_of(a))
                                               : single_bid(argument_of(a));
}
constexpr card card_of(action a) { return card_at(argument_of(a)); }
constexpr trump trump_of(action a) { return static_cast<trump>(argument_of(a)); }

json bid_to_json(bid b);  // 3 or [2, 3]
json action_to_json(action a);
// Parses the JSON form; errors are malformed_action with a reason. Values that parse but may
// be illegal (a bid of 40, "X" as a chosen suit, a card not held) are left to apply().
result<action> action_from_json(const json& j);

}  // namespace crownhall::crown_battles
