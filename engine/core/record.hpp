// Game records: a game is its record (game, options, seats, seed, optional stacked deal,
// ordered actions). Format: docs/game-record.md.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"

namespace crownhall {

inline constexpr int record_format_version = 1;

struct recorded_action {
  int seat = 0;
  json action;  // the game's JSON form of the action
};

struct game_record {
  std::string game;     // module id, e.g. "crown-battles"
  std::string game_id;  // this game's own id (a table's game, a simulation)
  json options = json::object();
  std::vector<std::string> seats;  // display names, in seat order
  std::uint64_t seed = 0;
  json deal;                    // null, or the game's stacked deal
  json extra = json::object();  // fields this engine does not interpret (kept verbatim)
  std::vector<recorded_action> actions;
};

json to_json(const game_record& r);
result<game_record> record_from_json(const json& j);

struct replay_outcome {
  std::unique_ptr<game_state> state;  // the state after every action that applied
  int applied = 0;                    // how many actions applied
  std::optional<game_error> error;    // the first refusal, if any (action number in reason)
};

// Called after each action that applied, with the state after it (its last_events() are
// that action's) and how many actions have applied.
using replay_observer = std::function<void(const game_state& after, int applied)>;

// Starts the recorded game and applies its actions in order, stopping at the first one
// the rules refuse. Fails outright when the game, options or deal are invalid.
result<replay_outcome> replay(const game_record& r, const replay_observer& after_each = {});

// Plays a whole game with bots, seat by seat in ascending order when several may act.
result<game_record> simulate(const game_module& m, const json& options, int seats,
                             std::uint64_t seed, bot_kind bots);

// The seed as text: JSON numbers above 2^53 lose precision in many readers.
std::string seed_to_string(std::uint64_t seed);

}  // namespace crownhall
