// Who sits where at a duplicate table ("play this deal again"): the people of the
// finished game are planned for seats, each the same seat or `rotate` seats on, so that
// each plays the hand someone else played.
#pragma once

#include <string>
#include <vector>

#include "engine/core/record.hpp"

namespace crownhall::server {

struct duplicate_seating {
  // By seat: the id of the person planned for it ("" for none: a bot's seat, or a record
  // that names no players).
  std::vector<std::string> plan;
  // By seat: the name of who played that seat's hand in the finished game.
  std::vector<std::string> hands_were;
};

// The person who played seat j of `source` is planned for seat (j + rotate) mod seats,
// which has the hand seat j + rotate had. The ids come from the record's `extra.players`.
duplicate_seating duplicate_seating_of(const game_record& source, int rotate);

}  // namespace crownhall::server
