// table_abandonment: what becomes of a game nobody is left at. A pause needs a person to
// resume it, so once no person holds a seat it ends. A game in which no person holds a seat
// (bots in every seat, or playing for every player who left or is gone past their grace)
// stops after a while: no bot moves and no clock runs, the lobby no longer lists it, and it
// waits, kept like any unfinished game, for one of its players to come back (docs/server.md,
// "Tables nobody plays at").
#pragma once

#include <cstdint>
#include <optional>

#include "server/table/table.hpp"

namespace crownhall::server {

class table_abandonment {
 public:
  // `stop_after_ms`: how long a game nobody holds a seat in goes on; 0: for ever.
  explicit table_abandonment(std::int64_t stop_after_ms) : stop_after_ms_(stop_after_ms) {}

  // After every request and timer, on the table's strand: ends a pause nobody is left to
  // resume, and decides whether the game stands stopped now (true) or plays. A player
  // back at their seat (a join, a reconnect) is all it takes to play again.
  bool review(table& t, moment now);
  bool stopped() const { return stopped_; }
  // When review() has something to decide next (steady ms): the end of the last person's
  // grace, or the moment an unattended game stops; nullopt when nothing is pending.
  std::optional<std::int64_t> next_review() const { return next_; }

 private:
  const std::int64_t stop_after_ms_;
  std::int64_t unattended_since_ = -1;  // steady ms; -1 while someone holds a seat
  std::optional<std::int64_t> next_;
  bool stopped_ = false;
};

}  // namespace crownhall::server
