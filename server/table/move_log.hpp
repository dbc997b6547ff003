// move_log: the game's events (a kind and its arguments, never words: the client words
// them) with their audience, numbered from 1 across the table's games, the newest `keep` of
// them kept (protocol/README.md, "events"). It knows seats only as numbers: who reads a line is the
// line's audience, and for a seat a late joiner took over, where that person's view began.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "engine/core/events.hpp"

namespace crownhall::server {

class move_log {
 public:
  explicit move_log(std::size_t keep) : keep_(keep) {}

  // A new line, written during game number `game` after `after` of its moves.
  void add(const game_event& e, int game, std::size_t after);
  // How many lines the table has made (the `n` of the last one).
  std::uint64_t made() const { return made_; }

  // The lines seat `s` (-1: a spectator) reads, the last `limit` of them, as a JSON array's
  // text ("" when none). Lines numbered below `private_from` the seat reads as a spectator
  // did: a late joiner learns nothing of the bot's hand before theirs.
  std::string text_for(int s, std::uint64_t private_from, std::size_t limit) const;
  // The same, of the lines made since the last mark_published().
  std::string new_text_for(int s, std::uint64_t private_from) const;
  void mark_published() { published_ = made_; }

  // What a delayed spectator reads (spectator modes delayed_open, after_trick): a
  // spectator's lines of an earlier game, or of this game's first `applied` moves; of them,
  // those numbered above `after_line`, the last `limit`.
  std::string delayed_text(std::uint64_t after_line, std::size_t limit, int game,
                           std::size_t applied) const;
  // The number of the last line a delayed spectator reads, or 0.
  std::uint64_t last_delayed_line(int game, std::size_t applied) const;

 private:
  struct line {
    std::uint64_t n;
    event_audience to;
    std::string members;  // the wire object's members after "n", closing brace included
    int game;             // the table's game number when it was written
    std::size_t after;    // how many of that game's moves were made then
  };
  static bool reads(int s, std::uint64_t private_from, const line& e);
  static bool delayed_reads(const line& e, int game, std::size_t applied);
  static std::string lines_text(const std::vector<const line*>& newest_first);

  std::size_t keep_;
  std::deque<line> lines_;
  std::uint64_t made_ = 0;
  std::uint64_t published_ = 0;
};

}  // namespace crownhall::server
