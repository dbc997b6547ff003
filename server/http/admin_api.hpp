// admin_api: the JSON API of the admin page, under /api/admin/, allowed only with the
// server's --admin-token (Authorization: Bearer TOKEN). Live tables and server totals,
// closing a table, closing a player's connection, a notice to everyone, and the `table`
// message a seat (or a spectator) receives — never a game's true state. docs/admin.md.
// No Beast here: http_session turns the answer into a response.
#pragma once

#include <functional>
#include <string_view>

#include "server/http/api_http.hpp"
#include "server/lobby/shared_state.hpp"

namespace crownhall::server {

struct admin_request {
  std::string_view method;  // "GET", "POST", ...
  std::string_view target;  // path and query
  std::string_view authorization;
  std::string_view body;
};

// Called exactly once, at once or later from a table's strand (any thread): questions
// about a table are answered on its strand, and the HTTP handler must not block on it
// (with one I/O thread that would deadlock).
using admin_reply = std::function<void(api_response)>;

// True for every path the admin API answers (/api/admin and below).
bool is_admin_path(std::string_view target);

// Answers one admin request through `reply`. The views in `req` are read before this
// returns.
void handle_admin(shared_state& state, const admin_request& req, admin_reply reply);

}  // namespace crownhall::server
