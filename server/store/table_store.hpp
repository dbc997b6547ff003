// table_store: where tables, their action logs, finished game records, sessions, guest
// identities, accounts and moderation are kept so that no game is lost to a crash or a
// deploy. Tables talk only to this interface; `sqlite_store` is the embedded implementation
// (docs/storage.md).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "server/store/secret_hash.hpp"

namespace crownhall::store {

class account_store;     // account_store.hpp
class moderation_store;  // moderation_store.hpp

// Milliseconds since the Unix epoch (timestamps) or a duration in milliseconds (clocks).
using millis = std::int64_t;

// What went wrong, for a log line or an error reply; empty when the operation succeeded.
struct [[nodiscard]] status {
  std::string error;
  bool ok() const { return error.empty(); }
  explicit operator bool() const { return ok(); }
  static status success() { return {}; }
  static status failure(std::string why) { return {std::move(why)}; }
};

// A value, or why it could not be had.
template <class T>
class [[nodiscard]] result {
 public:
  result(T value) : value_(std::move(value)) {}
  result(status failed) : error_(std::move(failed.error)) {}
  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  T& operator*() { return *value_; }
  const T& operator*() const { return *value_; }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  const std::string& error() const { return error_; }

 private:
  std::optional<T> value_;
  std::string error_;
};

// Each seat's time in milliseconds, in seat order; empty when the table has no clock. Kept
// inline rather than in a vector: a restart reads one per action, hundreds of thousands.
class seat_clocks {
 public:
  static constexpr std::size_t capacity = 8;  // the most seats any game has

  seat_clocks() = default;
  seat_clocks(std::initializer_list<millis> ms) : seat_clocks(std::span(ms.begin(), ms.size())) {}
  // Keeps the first `capacity` values.
  explicit seat_clocks(std::span<const millis> ms) {
    for (millis m : ms) push_back(m);
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  // False (and nothing added) when full.
  bool push_back(millis m) {
    if (size_ == capacity) return false;
    ms_[size_++] = m;
    return true;
  }
  millis operator[](std::size_t i) const { return ms_[i]; }
  millis& operator[](std::size_t i) { return ms_[i]; }
  const millis* begin() const { return ms_.data(); }
  const millis* end() const { return ms_.data() + size_; }

  friend bool operator==(const seat_clocks& a, const seat_clocks& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  std::array<millis, capacity> ms_{};
  std::size_t size_ = 0;
};

enum class table_visibility : std::uint8_t { public_table = 0, private_table = 1 };

// A table's lifecycle as the store sees it. Every table but a `closed` one is loaded on
// start: a `finished` table still has its players, for the next game and the chat.
enum class table_state : std::uint8_t { waiting = 0, playing = 1, finished = 2, closed = 3 };

// A time bank with an increment per move; `bank_ms == 0` means the table has no clock.
struct table_clock {
  millis bank_ms = 0;
  millis increment_ms = 0;
  friend bool operator==(const table_clock&, const table_clock&) = default;
};

// Everything about a table that is settled before (or changed only between) games.
struct table_config {
  std::string table_id;      // the server's id of the table; unique
  std::string game;          // the game module's id, e.g. "crown-battles"
  std::string options_json;  // the normalized options, as JSON text
  int seat_count = 0;
  table_visibility visibility = table_visibility::public_table;
  bool allow_spectators = true;
  table_clock clock;
  // Private tables: the invite code itself, not a hash. Members are shown it to pass on,
  // after a restart too; it opens one table's seats, never a player's identity.
  std::string invite_code;
  std::string host_player_id;
  millis created_at_ms = 0;
  std::string extra_json = "{}";  // anything else the server wants back after a restart
  friend bool operator==(const table_config&, const table_config&) = default;
};

// Who sits in a seat. Bots have no player id and no token.
struct seat_entry {
  int seat = 0;
  std::string player_id;
  std::string display_name;
  std::optional<secret_hash> token_hash;  // never the token itself
  bool is_bot = false;
  friend bool operator==(const seat_entry&, const seat_entry&) = default;
};

// The deal of a game that has started: enough to re-deal it and to prove the deal later.
struct game_start {
  std::string game_id;  // this game's id; finished records are found by it
  std::uint64_t seed = 0;
  std::string salt;        // secret until the end (verifiable deals)
  std::string commitment;  // SHA-256 commitment to seed and salt, as sent to players
  millis started_at_ms = 0;
  seat_clocks clock_ms;  // each seat's time bank at the start; empty without a clock
  friend bool operator==(const game_start&, const game_start&) = default;
};

// One applied action. `seq` counts the game's actions from 1 with no gaps.
struct action_entry {
  std::int64_t seq = 0;
  int seat = 0;
  std::string action_json;  // the game's JSON form of the action, as JSON text
  seat_clocks clock_ms;     // each seat's remaining time after it; empty without a clock
  millis at_ms = 0;         // when it was applied
  friend bool operator==(const action_entry&, const action_entry&) = default;
};

// A table that was waiting or playing when the server stopped, with all it needs to be
// rebuilt: replay `actions` on a new game from `game->seed`.
struct stored_table {
  table_config config;
  table_state state = table_state::waiting;
  std::vector<seat_entry> seats;      // occupied seats, in seat order
  std::optional<game_start> game;     // set once the game has started
  std::vector<action_entry> actions;  // in seq order, 1..n
};

// What a finished game adds to the store.
struct finished_game {
  std::string record_json;          // the game record (docs/game-record.md)
  std::string summary_json = "{}";  // what a history list shows (scores, winner, names)
  millis finished_at_ms = 0;
};

// One line of a player's history.
struct finished_summary {
  std::string game_id;
  std::string table_id;
  std::string game;
  int seat = 0;  // the player's seat in that game
  millis finished_at_ms = 0;
  std::string summary_json;
};

// A guest's session, so a restarted server still accepts a returning player's token.
struct session_entry {
  std::string player_id;
  std::string display_name;
  secret_hash token_hash;
  millis created_at_ms = 0;
  millis last_seen_ms = 0;
  friend bool operator==(const session_entry&, const session_entry&) = default;
};

// A guest's identity as stored (docs/accounts.md): who a person is across visits, kept for a
// long time (a year by default) by its token's hash, never the token. Whether a token is
// taken is accounts::check_guest_identity's to say; the store only keeps the row.
struct identity_entry {
  std::string player_id;
  std::string display_name;  // the name last used: a returning guest's name
  secret_hash token_hash;
  millis issued_at_ms = 0;
  millis expires_at_ms = 0;
  millis revoked_at_ms = 0;  // 0 while it holds
  friend bool operator==(const identity_entry&, const identity_entry&) = default;
};

// Which failures an acknowledged write survives (docs/storage.md, "Durability"), in either
// store: SQLite's synchronous=NORMAL or FULL, PostgreSQL's synchronous_commit off or on.
enum class durability : std::uint8_t {
  // In the database's hands once the call returns: survives this process being killed
  // (SIGKILL, a crash, a deploy). A power loss (or, with PostgreSQL, a crash of the
  // database server) may drop the last commits, never corrupt anything. The default.
  process_crash,
  // Flushed to disk before the call returns: also survives a power loss, at the cost of
  // one fsync per write.
  power_loss,
};

// Several nodes: where a table lives (find_table_home).
struct table_home {
  std::string table_id;
  std::string owner_node;  // a node id (`postgres_store::node_id`); empty: nobody holds it now
};

// The storage seam. Every function is safe to call from any thread; a write returns only
// once it is durable (see the implementation for which failures it survives), so a table
// may acknowledge an action as soon as append_action succeeds, and must not before.
class table_store {
 public:
  virtual ~table_store() = default;

  // Creates a table, or replaces the configuration of an existing one (options, host,
  // visibility may change before a game starts). A new table is `waiting`.
  virtual status save_table(const table_config& config) = 0;
  // Seats a player or bot (replacing whoever sat there), or empties a seat.
  virtual status save_seat(const std::string& table_id, const seat_entry& seat) = 0;
  virtual status clear_seat(const std::string& table_id, int seat) = 0;

  // Starts a game at the table: stores its deal and makes the table `playing`. The
  // action log starts empty; the first action has seq 1.
  virtual status start_game(const std::string& table_id, const game_start& start) = 0;
  // Appends one action; refused unless `entry.seq` is the next number of the game's log.
  virtual status append_action(const std::string& table_id, const action_entry& entry) = 0;
  // Appends several consecutive actions in one durable write (all or none).
  virtual status append_actions(const std::string& table_id,
                                std::span<const action_entry> entries) = 0;

  // Keeps the finished game's record, lists it in each seated player's history and marks
  // the table `finished`; its action log is dropped (the record holds every action).
  virtual status finish_table(const std::string& table_id, const finished_game& game) = 0;
  // Marks a table `closed` without a record (closed by an admin, or left by everyone).
  virtual status close_table(const std::string& table_id) = 0;

  // Every `waiting`, `playing` or `finished` (not yet closed) table with its seats, its
  // game's deal and, while playing, its complete action log (a finished game's actions are
  // in its record). A node of several (below) loads the tables it holds, after claiming
  // those no node holds.
  virtual result<std::vector<stored_table>> load_in_progress() = 0;

  // A player's finished games, newest first, at most `limit`.
  virtual result<std::vector<finished_summary>> list_finished_for_player(
      const std::string& player_id, int limit = 100) = 0;
  // The record of a finished game, as JSON text; nullopt when there is no such game.
  virtual result<std::optional<std::string>> get_record(const std::string& game_id) = 0;

  // Creates or replaces a session (same player id: new name or token).
  virtual status save_session(const session_entry& session) = 0;
  // The session whose token has this hash, if any.
  virtual result<std::optional<session_entry>> find_session(const secret_hash& token_hash) = 0;
  // Records that the player was seen (connected, acted) at `at_ms`.
  virtual status touch_session(const std::string& player_id, millis at_ms) = 0;
  // The same for many players in one write (the sessions that are connected now).
  virtual status touch_sessions(std::span<const std::string> player_ids, millis at_ms) = 0;
  // Forgets every session last seen before `cutoff_ms` (expired: its token no longer
  // works); returns how many. The sessions table holds live sessions only.
  virtual result<std::size_t> expire_sessions(millis cutoff_ms) = 0;
  // Forgets the player's session at once (signed out everywhere, account deleted): its token
  // no longer works, after a restart too. False when the player had none stored.
  virtual result<bool> forget_session(const std::string& player_id) = 0;
  // After a person's data was deleted or replaced (an account deleted): lets go of the old
  // versions the database still keeps of it. SQLite empties its write-ahead log (the
  // pages themselves are overwritten: secure_delete); PostgreSQL vacuums the tables that
  // hold people (docs/accounts.md, "Deleting an account", says what it cannot reach).
  virtual status let_go_of_deleted() = 0;

  // Guest identities (docs/accounts.md), found by their token's hash. Creates one, or
  // replaces the one with this hash.
  virtual status save_identity(const identity_entry& identity) = 0;
  virtual result<std::optional<identity_entry>> find_identity(const secret_hash& token_hash) = 0;
  // Ends one for good at `at_ms` (one revoked already keeps its first time); false when no
  // identity has this hash.
  virtual result<bool> revoke_identity(const secret_hash& token_hash, millis at_ms) = 0;
  // Every identity of a player (one per device it was given to), newest first.
  virtual result<std::vector<identity_entry>> list_identities(const std::string& player_id) = 0;
  // A player's new name wherever the store keeps one for them: every identity of theirs
  // (their name when they return), their session, and their seats at tables not finished
  // (the name a restored table shows). Finished records: moderation's rename_in_records.
  virtual status rename_player(const std::string& player_id, const std::string& display_name) = 0;

  // Accounts, passkeys, password hashes and WebAuthn challenges (account_store.hpp), on this
  // store's connection; it lives as long as the store.
  virtual account_store& accounts() = 0;
  // Bans, the audit log, profile settings, the admin's list of accounts and names taken out
  // of finished records (moderation_store.hpp), on this store's connection; it lives as
  // long as the store.
  virtual moderation_store& moderation() = 0;

  // Whether the store can take writes now (`/healthz`): an embedded store always can; a
  // database server's store asks its server.
  virtual status check_health() { return status::success(); }

  // The schema version of the opened database as the store read it after migrating
  // (SQLite's user_version, PostgreSQL's crownhall_schema.version): /metrics and the admin
  // page show which layout a running server is on.
  virtual int opened_schema_version() const = 0;

  // "Play this deal again" deals a finished game's cards at one table at a time: once that
  // game is over its players know every hand. `claim_deal` is false when another table deals
  // `seed` now; `release_deal` lets it go when the repeat's first game is over or its table
  // closes. A database several nodes share keeps the claims for all of them; an embedded
  // store's one server counts its own tables (deals_in_play) and needs none here.
  virtual result<bool> claim_deal(std::uint64_t seed, millis at_ms) {
    (void)seed;
    (void)at_ms;
    return true;
  }
  virtual status release_deal(std::uint64_t seed) {
    (void)seed;
    return status::success();
  }

  // Several nodes on one database (docs/storage.md, "Several nodes"). A node owns a table
  // through a lease with a fencing number: every write to a table this node no longer owns
  // is refused, so a node that was paused or cut off can never add to a log another node
  // now writes. An embedded store belongs to its one server whole: it takes nothing over,
  // and loses nothing.
  //
  // Claims every table no node holds (let go by a node that stopped, or whose lease ran
  // out: its node died) and returns them loaded, as load_in_progress() does; at most
  // `limit` at once, so that several nodes share the work. `nodes_sharing`: the live nodes
  // that share such tables, this one included; above one, a node claims no more than
  // brings it to its share of all live tables, so that a dead node's tables are spread
  // over the others by load instead of all going to the first one to ask.
  virtual result<std::vector<stored_table>> take_over_tables(int limit, int nodes_sharing = 1) {
    (void)limit;
    (void)nodes_sharing;
    return std::vector<stored_table>{};
  }
  // Extends this node's leases; returns the tables it has lost meanwhile (their leases ran
  // out and another node claimed them): this node must stop playing them.
  virtual result<std::vector<std::string>> renew_leases() { return std::vector<std::string>{}; }
  // Lets go of one table (this node drops it) or of every table (this node stops, as in a
  // deploy), so that another node claims them at once instead of after the lease.
  virtual status release_table(const std::string& table_id) {
    (void)table_id;
    return status::success();
  }
  virtual status release_tables() { return status::success(); }
  // Where a live table is: found by its id or its invite code, with the node holding it now
  // (empty while nobody does: its node has just died or stopped, and another will claim it
  // within the lease). nullopt when no live table has that id or code, and always for an
  // embedded store, whose server has every table it has.
  virtual result<std::optional<table_home>> find_table_home(const std::string& id_or_invite) {
    (void)id_or_invite;
    return std::optional<table_home>{};
  }
};

}  // namespace crownhall::store
