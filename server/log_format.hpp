// log_format: how the server's log lines are written, `--log-format text` (spdlog's usual
// line) or `json` (one object a line, for a log collector). docs/hosting.md, "Logs".
#pragma once

#include <string>
#include <string_view>

namespace crownhall::server {

// Writes every later log line in `format`: "json", or spdlog's text line for anything else.
void use_log_format(std::string_view format);

// One line of the json format: {"time", "level", "message"} and, when the line is about
// one, "table", "connection" and "player" (read from the line's subject, as every server
// line starts: "table t-…: …", "connection ADDRESS: …", and a player's public id p-…).
std::string json_log_line(std::string_view time, std::string_view level, std::string_view message);

}  // namespace crownhall::server
