// The coach: every decision one seat made in a recorded game, beside what the
// search bot would have played there and the points the choice cost by its estimate. Used
// by `crownhall analyze` and by the server's replay (`/api/records/ID/coach`).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/record.hpp"

namespace crownhall {

struct coached_decision {
  std::size_t index = 0;  // the action's number in the record (0 = the first action)
  json played;            // what the seat played
  json search;            // what the search would have played
  double loss = 0;        // the search's value of its choice minus that of the played one, >= 0
};

struct coach_report {
  std::string game;
  int seat = 0;
  int playouts = 0;                         // the search's budget per decision
  std::vector<coached_decision> decisions;  // every decision with more than one choice
  std::vector<std::size_t> worst;           // up to three of them, biggest loss first
};

// Replays `r` and searches every decision of `seat` that had a choice, with `playouts` per
// decision and a generator seeded with `seed`: the same report for the same arguments.
// Fails when the record does not replay or `seat` is not one of its seats.
result<coach_report> coach_record(const game_record& r, int seat, int playouts, std::uint64_t seed);

// The playouts `ms` milliseconds of one core buy in the record's game, at its measured
// search rate (engine/core/search.hpp, playouts_for_ms).
result<int> coach_playouts_for_ms(const game_record& r, int ms);

// {"game", "seat", "playouts", "decisions": [{"index", "played", "search", "loss"}],
//  "worst": [the same, up to three]} with losses rounded to hundredths.
json to_json(const coach_report& c);

}  // namespace crownhall
