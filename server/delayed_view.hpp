// Spectator mode "delayed open hands" (issue 18): spectators see every hand, a number of
// tricks behind the table. A second copy of the table's game, dealt from the same seed,
// replays the game's moves only as far as the delay allows; spectators are shown that copy
// (its public view and each seat's hand), never the live game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.hpp"

namespace crownhall::server {

class delayed_view {
 public:
  // `start` is the game as dealt from `seed`, before any move.
  delayed_view(std::unique_ptr<game_state> start, std::uint64_t seed);

  // Whether this copy is of the game dealt from `seed` and `actions` still begins with the
  // moves it replayed (a new game, or moves taken back, make it stale).
  bool follows(std::uint64_t seed, std::size_t actions) const {
    return seed == seed_ && applied_ <= actions;
  }

  // Replays moves from `actions` while the copy stays `delay` tricks behind `live`: it stops
  // before the move that would finish a trick less than `delay` tricks before the live
  // game's last. Once the live game is over, every move is shown.
  void catch_up(const std::vector<std::pair<int, action>>& actions, const game_state& live,
                int delay);

  // How many of the game's moves the copy has replayed: a move-log line made by a later move
  // is not shown yet.
  std::size_t applied() const { return applied_; }

  // The `game` member of a delayed spectator's table message: nothing to do, who is to act
  // and the public view as they were, each seat's hand, and how far behind the table it is.
  std::string game_text(std::size_t live_actions, int delay) const;

 private:
  std::unique_ptr<game_state> state_;
  std::uint64_t seed_;
  std::size_t applied_ = 0;
};

}  // namespace crownhall::server
