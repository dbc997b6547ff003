// seats: what the table keeps of each seat and each spectator, and the refusals every part
// of the table gives alike. Internal to server/table/ (the facade's parts include it).
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>

#include "server/table/spectators/spectator_copy.hpp"
#include "server/table/table.hpp"

namespace crownhall::server {

inline outcome refuse(protocol::error code, std::string reason) {
  return protocol::refusal{code, std::move(reason)};
}

// A seat number the request names that the table does not have: seats are 0 to seats - 1.
inline outcome seat_outside(int seat, int seats) {
  if (seat >= 0 && seat < seats) return std::nullopt;
  return refuse(protocol::error::no_such_seat,
                "seats are numbered 0 to " + std::to_string(seats - 1));
}

// A due time nothing is due at.
inline constexpr std::int64_t never = std::numeric_limits<std::int64_t>::max();

struct table::seat_slot {
  enum class occupant : std::uint8_t { empty, human, bot };
  occupant who = occupant::empty;
  std::shared_ptr<player> person;  // humans
  bot_kind bot = bot_kind::heuristic;
  bool ready = false;
  bool connected = false;
  bool away = false;         // a bot plays for the player
  bool returning = false;    // the player showed up since going away: theirs at the next decision
  bool left = false;         // left during the game: the seat is theirs, but they get nothing
  bool shares_view = false;  // spectators following the seat may see its view (follow_seat)
  // ... all of them, or only this one (the player's choice: a player id and its name).
  std::string share_with, share_with_name;
  bool history_due = true;  // the next message carries the move log's backlog (new connection)
  std::int64_t disconnected_at = 0;
  std::int64_t turn_since = -1;  // when the seat got its pending decision
  std::int64_t remaining_ms = 0;
  std::int64_t running_since = -1;
  // A search bot's move in the making: the position it was asked about (0: none) and,
  // once the search is back, its answer.
  std::uint64_t search_position = 0;
  std::optional<action> search_answer;
  // Late join (bot seats): the spectator who takes the seat when the round it was claimed
  // in ends, and that round's number (game_state::rounds_finished()).
  std::shared_ptr<player> successor;
  int claimed_in_round = 0;
  // The move-log lines numbered below this were made before this person had the seat: of
  // them, the seat reads only what a spectator could (a late joiner learns nothing of the
  // bot's hand before theirs).
  std::uint64_t private_from = 0;

  bool human() const { return who == occupant::human; }
  bool present() const { return human() && !left; }  // receives the table's messages
};

struct table::spectator_slot {
  std::shared_ptr<player> person;
  bool history_due = true;  // as seat_slot::history_due
  int following = -1;       // spectator mode follow_seat: the seat chosen, or -1
};

}  // namespace crownhall::server
