// Every message the server sends (protocol/README.md): encoders that return the text of
// one frame, and a validator that checks a server message against the document.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol/error_codes.hpp"

namespace crownhall::protocol {

using json = nlohmann::json;

inline constexpr std::string_view server_name = "crownhall 0.1.0";

struct identity {
  std::string player;  // public id, "p-..."
  std::string name;
  std::string token;  // secret: only ever in this session's own welcome
  // A guest identity issued now (docs/accounts.md), secret too: only in its own welcome, and
  // only the once. Empty: none was issued.
  std::string new_identity = {};
  // Why the identity hello sent was not taken ("invalid_token", "identity_expired",
  // "identity_revoked"): this is a new player. Empty: none was refused.
  std::string identity_refused = {};
};

// `games`: [{"id","title","min_seats","max_seats","seat_counts","options"}]; `table`: the session's
// table, or empty.
std::string encode_welcome(const identity& you, const json& games, std::string_view table,
                           const json& id);
// `tables`: the lobby entries (see the document).
std::string encode_lobby(const json& tables);
std::string encode_ack(const json& id);
// `retry_ms`: a limit that lifts by itself, in that many milliseconds.
std::string encode_error(error code, std::string_view reason, const json& id,
                         std::optional<std::int64_t> retry_ms = std::nullopt);
// A refusal the client answers by sending `request` (the refused message, as sent) again
// after `retry_ms` (routing_unavailable).
std::string encode_retryable_error(error code, std::string_view reason, const json& id,
                                   json request, int retry_ms);
// `seat` < 0: a spectator.
std::string encode_chat(std::string_view table, int seat, std::string_view name,
                        std::string_view text, std::int64_t at_unix_ms, std::uint64_t seq);
std::string encode_notice(std::string_view text);
std::string encode_kicked(std::string_view table, std::string_view reason);
// The player's name changed by a request not on this connection (an admin's rename, or
// the account renamed from another device).
std::string encode_renamed(std::string_view name);
std::string encode_table_closed(std::string_view table, std::string_view reason);
std::string encode_shutdown(std::string_view reason);
std::string encode_pong(const json& id);

// A `table` message is one shared part (everything but `you`, `game` and `last_event`)
// serialized once per change, then completed per audience.
class table_message {
 public:
  // `shared` must be an object; `type` is set here.
  explicit table_message(json shared);
  // The shared part as text, and a message made from it again: a caller may keep the text
  // while the members it holds do not change, then add the ones that do.
  const std::string& prefix() const { return prefix_; }
  static table_message from_prefix(std::string prefix);
  // Adds one more shared member whose value is already JSON text.
  void add_member(std::string_view key, std::string_view json_text);
  // `game_text` is the `game` member already written as JSON text ("null" for none): the
  // game writes each seat's view straight to text (game_state::write_view).
  // `events_text` is the audience's `events` array as JSON text (move-log lines), or empty
  // for none: the member is then left out.
  std::string for_audience(const json& you, std::string_view game_text, const json& last_event,
                           std::string_view events_text = {}) const;

 private:
  table_message() = default;
  std::string prefix_;  // `{"type":"table",...` without the closing brace
};

// Checks a server message against the document: nullopt when it conforms, else what is
// wrong. Used by the tests on every documented example and on live traffic.
std::optional<std::string> validate_server_message(const json& j);

// The client message types and the server message types, for tests and tools.
bool is_server_type(std::string_view type);

}  // namespace crownhall::protocol
