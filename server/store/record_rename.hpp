// record_rename: a player's name replaced at their seats of one finished game, in its record
// (docs/game-record.md: `seats`, display names in seat order) and in its history summary
// (`seats` as server/lobby/durable_tables.cpp writes it), for rename_in_records. Everything
// else in both texts keeps its meaning: each is parsed, the one field set, and dumped again,
// so the actions and the outcome replay as before. Internal to the stores, which run it
// between reading and writing the game's row in one transaction.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "server/store/table_store.hpp"

namespace crownhall::store::detail {

struct renamed_game {
  std::string record_json;
  std::string summary_json;
};

// nullopt when `name` is at each of `seats` already, in both texts (or a seat is past the
// end of a `seats` array: nothing of the player's is there to replace): nothing to write. A
// failure when either text is not JSON, so that a deleted player's name is never left
// behind unnoticed.
result<std::optional<renamed_game>> rename_at_seats(std::string_view record_json,
                                                    std::string_view summary_json,
                                                    std::span<const int> seats,
                                                    const std::string& name);

}  // namespace crownhall::store::detail
