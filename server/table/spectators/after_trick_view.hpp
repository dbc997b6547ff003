// Spectator mode "after the trick": spectators see each trick once it is over,
// and each hand revealed trick by trick as played, nothing ahead. Our ruling
// (docs/server.md): moves that play no card (bids, a trump chosen) show at once; from the
// first card of a trick, nothing more shows until that trick is finished, when the whole
// trick does. Each seat's cards played this round, in order, are shown face up beside it.
#pragma once

#include <memory>

#include "server/table/spectators/spectator_copy.hpp"

namespace crownhall::server {

class after_trick_view : public spectator_copy {
 public:
  // `start` is the game as dealt from `seed`, before any move.
  after_trick_view(std::unique_ptr<game_state> start, std::uint64_t seed);

  void catch_up(const std::vector<std::pair<int, action>>& actions,
                const game_state& live) override;

 private:
  const game_state& shown() const override { return *shown_.state; }
  // Each seat's cards played this round (`played`), and how many moves are held back.
  void write_mode(json_writer& w, std::size_t live_actions) const override;

  // The moves shown (shown_) and, ahead of them, those replayed but held back until
  // the trick in progress is over (ahead_...).
  struct position {
    std::unique_ptr<game_state> state;
    json played;  // by seat: the cards played this round, as the game writes card ids
  };
  static position copy_of(const position& p);
  // Applies one move; a trick it finishes is added to `played`, a new round clears it.
  static void play(position& p, int seat, action a);

  position shown_, ahead_;
  std::size_t ahead_applied_ = 0;
};

}  // namespace crownhall::server
