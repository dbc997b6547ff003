// What happened, told per audience: the short lines a table's move log shows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace crownhall {

// Who may read an event line. A line never names a card its audience may not see: "Ann
// passed a card to Bob" goes to everyone, "you received B7" to Bob alone.
struct event_audience {
  enum class kind : std::uint8_t {
    everyone,  // every seat and every spectator
    seat,      // `seat` alone
    all_but,   // everyone except `seat` (spectators included)
  };
  kind who = kind::everyone;
  int seat = -1;

  static constexpr event_audience all() { return {kind::everyone, -1}; }
  static constexpr event_audience only(int s) { return {kind::seat, s}; }
  static constexpr event_audience except(int s) { return {kind::all_but, s}; }

  // Whether the viewer `viewer` (a seat, or `spectator` = -1) reads this line.
  constexpr bool includes(int viewer) const {
    switch (who) {
      case kind::everyone:
        return true;
      case kind::seat:
        return viewer == seat;
      case kind::all_but:
        return viewer != seat;
    }
    return false;
  }
};

// One line of the move log, in the game's words. `{0}`..`{7}` stand for a seat's display
// name: the engine knows seats, not people; the server fills the names in.
struct game_event {
  event_audience to;
  std::string text;
};

using event_lines = std::vector<game_event>;

// The stand-in for a seat's display name in a line, `{0}`..`{7}` (one digit: at most 8 seats).
inline std::string seat_name(int seat) { return {'{', static_cast<char>('0' + seat), '}'}; }

}  // namespace crownhall
