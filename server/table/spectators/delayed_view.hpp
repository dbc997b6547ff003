// Spectator mode "delayed open hands": spectators see every hand, a number of
// tricks behind the table.
#pragma once

#include <memory>

#include "server/table/spectators/spectator_copy.hpp"

namespace crownhall::server {

class delayed_view : public spectator_copy {
 public:
  // `start` is the game as dealt from `seed`, before any move.
  delayed_view(std::unique_ptr<game_state> start, std::uint64_t seed, int delay);

  // Stops before the move that would finish a trick less than `delay` tricks before the
  // live game's last.
  void catch_up(const std::vector<std::pair<int, action>>& actions,
                const game_state& live) override;

 private:
  const game_state& shown() const override { return *state_; }
  // Each seat's hand as it was, and how far behind the table it is.
  void write_mode(json_writer& w, std::size_t live_actions) const override;

  std::unique_ptr<game_state> state_;
  int delay_;
};

}  // namespace crownhall::server
