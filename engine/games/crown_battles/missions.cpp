#include "engine/games/crown_battles/missions.hpp"

namespace crownhall::crown_battles {

namespace {

// The book's tables, as printed ("Missions" pages); the texts as the cards say them.
constexpr std::int16_t x = not_feasible;

constexpr std::array<mission, mission_count> book_missions = {{
    {"trump_trick",
     "Win a trick using a trump suit",
     mission_goal::trump_trick,
     1,
     {{{0, 5, 10, 10, 10, 10, 10},
       {5, 10, 15, 15, 15, 15, 15},
       {10, 15, 20, 20, 20, 20, x},
       {15, 20, 25, 25, 25, x, x},
       {20, 25, 30, 30, 30, x, x},
       {30, 35, 40, 40, x, x, x}}}},
    {"zero_or_one",
     "Win either 0 or 1 tricks",
     mission_goal::at_most,
     1,
     {{{5, 15, 35, 65, 100, 140, 190},
       {0, 5, 10, 30, 50, 75, 100},
       {0, 0, 5, 10, 25, 45, x},
       {0, 0, 5, 10, x, x, x},
       {0, 0, 5, 5, x, x, x},
       {0, 0, 0, 0, x, x, x}}}},
    // The card prints "Win none of the first 1 trick", a count the other cards in the
    // series change; with one trick it is said as a player says it.
    {"none_of_first",
     "Do not win the first trick",
     mission_goal::none_of_first,
     1,
     {{{5, 0, 0, 0, 0, 0, 0},
       {0, 0, 0, 0, 0, 0, 0},
       {0, 0, 0, 0, 0, 0, x},
       {0, 0, 0, 0, 0, x, x},
       {0, 0, 0, 0, 0, x, x},
       {0, 0, 0, 0, x, x, x}}}},
    {"at_least_four",
     "Win at least 4 tricks",
     mission_goal::at_least,
     4,
     {{{x, 30, 20, 5, 0, 0, 0},
       {x, 40, 30, 20, 5, 0, 0},
       {x, 45, 35, 25, 15, 5, x},
       {x, 55, 45, 30, 20, x, x},
       {x, 60, 50, 30, 25, x, x},
       {x, 75, 65, 45, x, x, x}}}},
}};

// Hands of more than 20 cards (a deck with Special Power cards) read the last column.
int column_of(int hand_size) {
  if (hand_size < 1) return -1;
  if (hand_size <= 2) return 0;
  if (hand_size <= 4) return 1;
  if (hand_size <= 7) return 2;
  if (hand_size <= 10) return 3;
  if (hand_size <= 13) return 4;
  if (hand_size <= 16) return 5;
  return 6;
}

int row_of(int players) {
  if (players < 2 || players > 8) return -1;
  return players >= 7 ? 5 : players - 2;
}

}  // namespace

const mission& mission_at(int id) { return book_missions[static_cast<std::size_t>(id)]; }

std::optional<int> mission_value(int id, int players, int hand_size) {
  const int row = row_of(players), column = column_of(hand_size);
  if (id < 0 || id >= mission_count || row < 0 || column < 0) return std::nullopt;
  const auto& cells = mission_at(id).values[static_cast<std::size_t>(row)];
  // Our ruling: a "-" right of the row's printed values is where the book's 60 cards run out
  // (4 players cannot be dealt 17); a deck with Special Power cards can deal it, and it is
  // worth the nearest value printed to its left. A "-" with nothing printed to its left (at
  // least 4 tricks from 1 or 2 cards) is a mission that cannot be done.
  for (int c = column; c >= 0; --c)
    if (cells[static_cast<std::size_t>(c)] != not_feasible)
      return cells[static_cast<std::size_t>(c)];
  return std::nullopt;
}

bool mission_feasible(int id, int players, int hand_size, trump t) {
  if (!mission_value(id, players, hand_size)) return false;
  const mission& m = mission_at(id);
  switch (m.goal) {
    case mission_goal::trump_trick:
      return t != trump::none;
    case mission_goal::at_least:
    case mission_goal::none_of_first:
      return hand_size >= m.count;
    case mission_goal::at_most:
      return true;
  }
  return false;
}

std::uint8_t mission_offer(int players, int hand_size, trump t) {
  std::uint8_t offer = 0;
  for (int id = 0; id < mission_count; ++id)
    if (mission_feasible(id, players, hand_size, t)) offer |= static_cast<std::uint8_t>(1u << id);
  return offer;
}

std::optional<int> mission_from_name(std::string_view name) {
  for (int id = 0; id < mission_count; ++id)
    if (mission_at(id).name == name) return id;
  return std::nullopt;
}

bool mission_completed(int id, const mission_record& r) {
  const mission& m = mission_at(id);
  switch (m.goal) {
    case mission_goal::trump_trick:
      return r.won_with_trump;
    case mission_goal::at_most:
      return r.tricks <= m.count;
    case mission_goal::none_of_first:
      return r.first_win == 0 || r.first_win > m.count;
    case mission_goal::at_least:
      return r.tricks >= m.count;
  }
  return false;
}

int mission_points(int id, int players, int hand_size, bool completed) {
  if (!completed) return mission_failed_points;
  return mission_value(id, players, hand_size).value_or(0);
}

}  // namespace crownhall::crown_battles
