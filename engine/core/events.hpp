// What happened, told per audience: the short lines a table's move log shows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

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

// One line of the move log as data: what happened (`kind`, snake_case, one of the game's
// kinds listed in protocol/<game>.md) and its arguments (`args`, a JSON object: seats as
// numbers, cards as the view's ids, suits as the view's letters, bids as the view writes
// them). Never English: the client words each kind in its player's language. Built only when
// the server asks after an apply (last_events), never on the apply path.
struct game_event {
  event_audience to;
  std::string kind;
  nlohmann::json args = nlohmann::json::object();

  // The line in one compact form, for traces, tests and logs: `played {"card":"R1","seat":0}`.
  std::string text() const { return args.empty() ? kind : kind + ' ' + args.dump(); }
};

using event_lines = std::vector<game_event>;

}  // namespace crownhall
