// Every message a client may send (protocol/README.md), decoded and validated.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "protocol/error_codes.hpp"

namespace crownhall::protocol {

using json = nlohmann::json;

inline constexpr int version = 1;
// Frames above this are refused with message_too_large; above hard_max_frame the
// connection is closed with 1009.
inline constexpr std::size_t max_frame = 16 * 1024;
inline constexpr std::size_t hard_max_frame = 64 * 1024;
// JSON nested deeper than this is refused as bad_json before parsing.
inline constexpr int max_depth = 32;
inline constexpr int max_name_chars = 24;
inline constexpr int max_chat_chars = 280;
inline constexpr int max_id_chars = 64;
inline constexpr std::int64_t max_id_integer = std::int64_t{1} << 53;
inline constexpr int max_clock_bank_seconds = 24 * 3600;
inline constexpr int max_clock_increment_seconds = 3600;
inline constexpr int token_hex_chars = 32;
// A guest identity: 64 hex digits, or 32 for one a stored session became (docs/accounts.md).
inline constexpr int identity_hex_chars = 64;
// A browser id: 16 to 64 characters of A-Z, a-z, 0-9, '-' and '_'.
inline constexpr std::size_t min_browser_chars = 16, max_browser_chars = 64;

struct clock_setting {
  int bank_seconds = 0;
  int increment_seconds = 0;
  friend bool operator==(const clock_setting&, const clock_setting&) = default;
};

enum class join_role : std::uint8_t { player, spectator };

struct hello {
  int protocol = 0;
  std::optional<std::string> name;   // trimmed and checked
  std::optional<std::string> token;  // 32 lower-case hex digits
  // The guest's long-lived identity (docs/accounts.md): who they are when the session is
  // gone. 64 lower-case hex digits, or 32 (an old session token, kept as one).
  std::optional<std::string> identity;
  // The browser's own id (kept in its storage, the same for every session it opens): a
  // person seated at a table may not watch it from another session of the same browser.
  std::optional<std::string> browser;
};
struct set_name {
  std::string name;
};
struct lobby_subscribe {};
struct lobby_unsubscribe {};
// Spectator modes: what a table's spectators may see.
enum class spectator_mode : std::uint8_t {
  public_view,   // "public": the public view, no hand ever
  follow_seat,   // "follow_seat": a spectator sees one seat's hand, if its player allows it
  delayed_open,  // "delayed_open": every hand, `spectator_delay` tricks behind the table
  after_trick,   // "after_trick": each trick once it is over, each hand's cards as played
};
// How many tricks behind the table a delayed_open spectator watches.
inline constexpr int min_spectator_delay = 1, max_spectator_delay = 20;
std::string_view to_string(spectator_mode m);
std::optional<spectator_mode> spectator_mode_from(std::string_view s);
struct create_table {
  std::string game;  // may be left out with deal_of (the record names it)
  // "Play this deal again" (duplicate): a finished game of the creator's, whose game,
  // options, number of seats and deal the new table's first game takes.
  std::optional<std::string> deal_of;
  // With deal_of: everyone moves this many seats on (0: each to the seat they had), so each
  // plays the hand another had; a person of that game joining is seated by this plan.
  int rotate = 0;
  // A teaching table's prepared deal: a game record (docs/game-record.md), whose game,
  // options, number of seats, seed and stacked deal the first game takes.
  std::optional<json> deal_from;
  std::optional<int> seats;
  json options = json::object();
  bool is_private = false;
  bool spectators = true;
  bool late_join = false;   // a late joiner may take a bot's seat at the next round
  bool open_hands = false;  // teaching: everyone at the table sees every hand
  spectator_mode spectator_view = spectator_mode::public_view;
  std::optional<int> spectator_delay;
  std::optional<clock_setting> clock;
};
struct join_table {
  std::optional<std::string> table;
  std::optional<std::string> invite;
  join_role as = join_role::player;
  std::optional<int> seat;
};
struct leave_table {};
struct take_seat {
  int seat = 0;
  // During a game (late join): withdraw the claim on `seat` instead of making it.
  bool cancel = false;
};
struct ready {
  bool value = true;
};
struct set_options {
  std::optional<json> options;
  std::optional<int> seats;
  std::optional<bool> is_private;
  std::optional<bool> spectators;
  std::optional<bool> late_join;
  std::optional<bool> open_hands;
  std::optional<spectator_mode> spectator_view;
  std::optional<int> spectator_delay;
  std::optional<std::optional<clock_setting>> clock;  // set to null = no clock
};
struct add_bot {
  bot_kind kind = bot_kind::heuristic;
  std::optional<int> seat;
};
struct remove_bot {
  int seat = 0;
};
struct kick {
  int seat = 0;
};
struct transfer_host {
  int seat = 0;
};
struct start {};
// The host offers everyone at a finished table a new game with the same seats and options.
struct rematch {};
struct act {
  json action;
  std::optional<std::uint64_t> seq;
};
struct back {};
// Asks for a pause (or agrees to one), or withdraws the ask; while paused, resumes.
struct pause_game {
  bool value = true;
};
// A spectator picks the seat whose view it follows (nullopt: none).
struct follow {
  std::optional<int> seat;
};
// A seated player lets the spectators who follow the seat see its view, or stops; `with`
// names the one follower (a player id) allowed to see it, none: every follower.
struct share_view {
  bool value = false;
  std::optional<std::string> with;
};
struct chat {
  std::string text;
};
struct resume {
  std::string table;
  std::uint64_t seq = 0;
};
struct ping {};

using client_message =
    std::variant<hello, set_name, lobby_subscribe, lobby_unsubscribe, create_table, join_table,
                 leave_table, take_seat, ready, set_options, add_bot, remove_bot, kick,
                 transfer_host, start, rematch, act, back, pause_game, follow, share_view, chat,
                 resume, ping>;

// The `type` string of a message.
std::string_view type_name(const client_message& m);

// A decoded request: the message and the `id` to echo (null when the request had none).
struct request {
  client_message message;
  json id;
};

// A refused frame: the error to send, with the request's id when it could be read.
struct decode_failure {
  error code = error::bad_message;
  std::string reason;
  json id;
};

class decode_result {
 public:
  decode_result(request r) : value_(std::move(r)) {}
  decode_result(decode_failure f) : value_(std::move(f)) {}
  explicit operator bool() const { return value_.index() == 0; }
  request& operator*() { return std::get<0>(value_); }
  request* operator->() { return &std::get<0>(value_); }
  const decode_failure& failure() const { return std::get<1>(value_); }

 private:
  std::variant<request, decode_failure> value_;
};

// Decodes one text frame. Checks size, nesting, JSON syntax (UTF-8 included), the type and
// every field; names the field that is wrong.
decode_result decode(std::string_view frame);
// The same, for a frame already parsed (tests, tools).
decode_result decode_json(const json& j);
// The `id` of a frame that will not be decoded (a rate-limited one), so that its refusal
// still carries it; null when the frame has no valid id or cannot be read.
json request_id(std::string_view frame);

// A display name as the server keeps it (text_rules.hpp, normalize_name): spaces trimmed
// and collapsed; nullopt when empty, too long, or holding a control, invisible,
// direction-changing or markup-like character.
std::optional<std::string> clean_name(std::string_view raw);
// Number of Unicode code points in valid UTF-8.
std::size_t utf8_length(std::string_view s);

}  // namespace crownhall::protocol
