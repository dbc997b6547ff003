// Rulings, Leaked Suit: before bidding every player reveals all the cards they hold of one
// suit, which stay face up while in hand. Golems, Dragons and their Kings count as one suit
// ("monsters"); Peasants and the other special cards cannot be picked.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/games/crown_battles/actions.hpp"
#include "engine/games/crown_battles/cards.hpp"
#include "engine/games/crown_battles/specials.hpp"

namespace crownhall::crown_battles {

// What may be leaked: the four suits (suit order) and the monsters.
inline constexpr int leak_choice_count = 5;
inline constexpr int monsters = 4;
inline constexpr std::uint8_t no_leak = 0xff;

// The table's variation (option `leak_variation`, the book's four and its rule):
// `secret`: everyone picks at once, all reveal together; `clockwise`: one by one from the
// dealer's left, each revealed at once; `dealer`: the dealer picks one for everyone;
// `spinner`: a random one for everyone; `neighbour`: a random card of the left neighbour's
// hand names the suit that neighbour reveals.
enum class leak_variation : std::uint8_t { secret, clockwise, dealer, spinner, neighbour };
inline constexpr int leak_variation_count = 5;
std::string_view leak_variation_name(leak_variation v);
std::optional<leak_variation> leak_variation_from_name(std::string_view name);

// The cards a choice reveals.
constexpr card_set leak_cards(int choice) {
  if (choice < monsters) return suit_cards(static_cast<suit>(choice));
  return card_set::range(first_golem, first_golem + 4) |
         card_set::of(special_card(special::golem_king)) |
         card_set::of(special_card(special::dragon_king));
}
// The choice a card would name (the neighbour variation), or no_leak for a Peasant or another
// special card.
int leak_choice_of(card c);

// A leak of each choice: every one may always be picked (a suit one holds none of shows
// nothing).
inline void append_leaks(action_list& out) {
  for (int c = 0; c < leak_choice_count; ++c) out.push_back(leak_action(c));
}

std::string_view leak_choice_name(int choice);  // "R", "B", "G", "Y", "monsters"
std::optional<int> leak_choice_from_name(std::string_view name);

}  // namespace crownhall::crown_battles
