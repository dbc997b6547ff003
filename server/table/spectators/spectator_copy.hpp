// What a spectator of a table in a delayed spectator mode is shown: a second copy
// of the table's game, dealt from the same seed, that replays the table's moves only as far
// as the mode allows. Spectators are shown that copy, never the live game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/json_writer.hpp"

namespace crownhall::server {

class spectator_copy {
 public:
  virtual ~spectator_copy() = default;

  // Whether this copy is of the game dealt from `seed` and `actions` still begins with the
  // moves it replayed (a new game, or moves taken back, make it stale).
  bool follows(std::uint64_t seed, std::size_t actions) const {
    return seed == seed_ && applied_ <= actions;
  }
  // How many of the game's moves the copy shows: a move-log line made by a later move is
  // not shown yet.
  std::size_t applied() const { return applied_; }

  // Replays moves from `actions` as far as the mode allows, given the live game; once the
  // live game is over, every move.
  virtual void catch_up(const std::vector<std::pair<int, action>>& actions,
                        const game_state& live) = 0;
  // The `game` member of such a spectator's table message: nothing to do (`legal` empty),
  // the outcome once over, who is to act and the public view as shown, then what the mode
  // adds (write_mode).
  std::string game_text(std::size_t live_actions) const;

 protected:
  explicit spectator_copy(std::uint64_t seed) : seed_(seed) {}
  // The game as spectators are shown it.
  virtual const game_state& shown() const = 0;
  // The mode's own members, `live_actions` being how many moves the table has made.
  virtual void write_mode(json_writer& w, std::size_t live_actions) const = 0;
  std::uint64_t seed_;
  std::size_t applied_ = 0;
};

}  // namespace crownhall::server
