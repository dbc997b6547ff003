// api_http: the JSON and text endpoints beside the static files — GET /metrics (Prometheus
// text format), and a player's history: GET /api/history, GET /api/records/GAME_ID and
// GET /api/records/GAME_ID/steps?from=K&count=C (the replay, server/replay_steps.hpp),
// authorized by the session token (Authorization: Bearer TOKEN). No Beast here.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "server/shared_state.hpp"

namespace crownhall::server {

struct api_response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string extra_header_name, extra_header_value;  // e.g. Content-Disposition
};

// nullopt when `target` is not an API path (the caller serves files).
std::optional<api_response> handle_api(shared_state& state, std::string_view target,
                                       std::string_view authorization);

// The Prometheus text exposition of the server's counters and histograms.
std::string prometheus_text(shared_state& state);

}  // namespace crownhall::server
