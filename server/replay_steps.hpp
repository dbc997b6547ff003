// replay_steps: what a browser shows at each step of a finished game's replay — the action
// taken, every seat's view and the spectator's, the outcome — computed by replaying the
// stored record with the engine, so the browser never works out a rule. No Beast here;
// api_http.cpp authorizes and routes GET /api/records/GAME_ID/steps?from=K&count=C.
#pragma once

#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/core/types.hpp"

namespace crownhall::server {

// A response holds at most this many steps: every step carries a view per seat, so a
// window keeps a response to a few hundred kilobytes even for eight seats.
inline constexpr int max_replay_window = 32;

struct replay_window {
  int from = 0;   // step 0 is the deal, step k the state after the k-th action
  int count = 8;  // clamped to 1..max_replay_window
};

// Reads "from=K&count=C" (either may be missing); nullopt when a value is not a number
// or is negative.
std::optional<replay_window> parse_replay_window(std::string_view query);

// The steps [from, from + count) of the record (its JSON form, docs/game-record.md), cut at
// the last step. Fails when the record does not parse or does not replay to its end.
// The shape of the answer is documented in docs/storage.md ("Replays").
result<nlohmann::json> replay_steps(const nlohmann::json& record, replay_window window);

}  // namespace crownhall::server
