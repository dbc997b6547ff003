// A step the rules time: "if nothing else happens, apply this action after N seconds"
// (the Spy's 60-second look). The engine only asks; the server's table runs the timer and
// submits the action, which is recorded like any other. Time never enters the engine.
#pragma once

#include <optional>

#include "engine/core/types.hpp"

namespace crownhall {

struct timed_step {
  int seat = 0;     // the seat the action is applied for
  action act;       // a legal action of that seat while the request stands
  int seconds = 0;  // after how long, counted from when the request first appears
  // false for a window the table closes for everyone (The Dwarf King's Sorcerer): the seats
  // to act wait on this timer rather than decide against their clocks, so no clock runs.
  bool clocks_run = true;
  friend bool operator==(const timed_step&, const timed_step&) = default;
};

}  // namespace crownhall
