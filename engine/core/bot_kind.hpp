// The kinds of bot, and their one spelling everywhere: the protocol's `add_bot`, the CLI's
// `--bots` and `--seats`, the store's "bot:<kind>" seats, the seat names at a table.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace crownhall {

// random: any legal move; heuristic: the game's rules of thumb (engine/games/*/bots.cpp);
// search: determinized Monte Carlo over the heuristic (engine/core/search.hpp, docs/bots.md).
enum class bot_kind : std::uint8_t { random, heuristic, search };

constexpr std::string_view to_string(bot_kind k) {
  switch (k) {
    case bot_kind::random:
      return "random";
    case bot_kind::search:
      return "search";
    case bot_kind::heuristic:
      break;
  }
  return "heuristic";
}

constexpr std::optional<bot_kind> bot_kind_from(std::string_view name) {
  for (bot_kind k : {bot_kind::random, bot_kind::heuristic, bot_kind::search})
    if (to_string(k) == name) return k;
  return std::nullopt;
}

// What players see at the table and in History: "Bot (search)".
inline std::string bot_display_name(bot_kind k) {
  return "Bot (" + std::string(to_string(k)) + ")";
}

}  // namespace crownhall
