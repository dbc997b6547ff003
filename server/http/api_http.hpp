// api_http: the JSON and text endpoints beside the static files — GET /metrics (Prometheus
// text format), and a player's history: GET /api/history, GET /api/records/GAME_ID and
// GET /api/records/GAME_ID/steps?from=K&count=C (the replay, server/replay_steps.hpp) and
// GET /api/records/GAME_ID/coach?seat=S (the coach, answered later: handle_coach),
// authorized by the session token (Authorization: Bearer TOKEN). No Beast here.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "server/lobby/shared_state.hpp"

namespace crownhall::server {

struct api_response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string extra_header_name, extra_header_value;  // e.g. Content-Disposition
};

// {"error": why} with `status`: every refusal of the JSON endpoints (admin ones too); with
// `code` also {"code": code}, for a refusal a program should tell apart (coach_busy).
api_response error_response(int status, std::string_view why, std::string_view code = {});

// nullopt when `target` is not an API path (the caller serves files).
std::optional<api_response> handle_api(shared_state& state, std::string_view target,
                                       std::string_view authorization);
// A player's history and records: read from the store, so the caller asks handle_api for them
// off its socket's thread when there is a store (shared_state::store_work).
bool is_player_record_path(std::string_view target);

// GET /api/records/GAME_ID/coach?seat=S: the coach's report on seat S's decisions
// (engine/core/coach.hpp), for a player of that game. A search per decision: it runs on the
// coach's own threads (search_workers::try_post_coach) and `done` is called from there (or at
// once, with a refusal: 503 coach_busy when the coach's queue is full).
bool is_coach_path(std::string_view target);
void handle_coach(shared_state& state, std::string_view target, std::string_view authorization,
                  std::function<void(api_response)> done);
// The coach's thinking per decision: a tenth of a search bot's default, so that a whole
// game's report costs a tenth of what search bots playing it would think. Fixed with its seed, so
// the same game always gets the same report.
inline constexpr int coach_ms_per_decision = 10;
inline constexpr std::uint64_t coach_seed = 1;

// The Prometheus text exposition of the server's counters and histograms.
std::string prometheus_text(shared_state& state);

}  // namespace crownhall::server
