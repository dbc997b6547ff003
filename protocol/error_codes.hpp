// The protocol's error codes (protocol/README.md, "Error codes"), one enum value each.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/types.hpp"

namespace crownhall::protocol {

enum class error : std::uint8_t {
  bad_json,
  bad_message,
  unknown_type,
  message_too_large,
  rate_limited,
  hello_required,
  protocol_version,
  invalid_token,
  invalid_name,
  server_full,
  no_such_table,
  invite_required,
  table_full,
  seat_taken,
  no_such_seat,
  not_at_table,
  not_seated,
  not_host,
  game_started,
  game_not_started,
  not_ready,
  spectators_not_allowed,
  invalid_options,
  unknown_game,
  not_your_turn,
  illegal_action,
  malformed_action,
  game_over,
  chat_too_long,
  chat_rate_limited,
  table_paused,
  no_such_record,
  // A person seated at a table may not watch it too (another session of the same browser).
  seated_here,
  // The deal of that finished game is being played again at another table right now.
  deal_in_play,
  // create_table: this session already holds seats at as many unfinished tables as it may.
  too_many_tables,
  // Several nodes: the table's node stopped and another is taking it over (seconds).
  table_moving,
  // Several nodes: the link between this node and the table's (Redis) is down for a moment;
  // the error carries the request and when to send it again.
  routing_unavailable,
  // Limits per client address (docs/server.md, "Limits per address").
  too_many_connections,
  too_many_new_sessions,
  too_many_new_tables,
  // create_table while the server is stopping (SIGTERM's drain): open it elsewhere or soon.
  server_draining,
  internal,
};

inline constexpr std::size_t error_count = static_cast<std::size_t>(error::internal) + 1;

inline constexpr std::array<std::string_view, error_count> error_names = {
    "bad_json",
    "bad_message",
    "unknown_type",
    "message_too_large",
    "rate_limited",
    "hello_required",
    "protocol_version",
    "invalid_token",
    "invalid_name",
    "server_full",
    "no_such_table",
    "invite_required",
    "table_full",
    "seat_taken",
    "no_such_seat",
    "not_at_table",
    "not_seated",
    "not_host",
    "game_started",
    "game_not_started",
    "not_ready",
    "spectators_not_allowed",
    "invalid_options",
    "unknown_game",
    "not_your_turn",
    "illegal_action",
    "malformed_action",
    "game_over",
    "chat_too_long",
    "chat_rate_limited",
    "table_paused",
    "no_such_record",
    "seated_here",
    "deal_in_play",
    "too_many_tables",
    "table_moving",
    "routing_unavailable",
    "too_many_connections",
    "too_many_new_sessions",
    "too_many_new_tables",
    "server_draining",
    "internal",
};

constexpr std::string_view to_string(error e) { return error_names[static_cast<std::size_t>(e)]; }

constexpr std::optional<error> error_from_string(std::string_view s) {
  for (std::size_t i = 0; i < error_count; ++i)
    if (error_names[i] == s) return static_cast<error>(i);
  return std::nullopt;
}

// The engine's refusals map one to one onto protocol codes.
constexpr error from_engine(error_code c) {
  switch (c) {
    case error_code::not_your_turn:
      return error::not_your_turn;
    case error_code::illegal_action:
      return error::illegal_action;
    case error_code::malformed_action:
      return error::malformed_action;
    case error_code::game_over:
      return error::game_over;
    case error_code::invalid_options:
      return error::invalid_options;
    case error_code::invalid_record:
      return error::internal;
  }
  return error::internal;
}

// A refusal on its way to a client: a code and a reason for people.
struct refusal {
  error code = error::internal;
  std::string reason;
  // A limit that lifts by itself: in how many milliseconds the same request may pass.
  std::optional<std::int64_t> retry_ms = std::nullopt;
};

}  // namespace crownhall::protocol
