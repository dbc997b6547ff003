// table: one table's rules of the house — seats, host, spectators, ready flags, the game
// instance, clocks as data, bots and away seats, chat — with no sockets and no timers.
// Every call happens on the table's strand (table_room); time is passed in.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "protocol/client_messages.hpp"
#include "protocol/error_codes.hpp"
#include "protocol/server_messages.hpp"
#include "server/player.hpp"
#include "server/table/chat_log.hpp"
#include "server/table/move_log.hpp"
#include "server/table/pause_consent.hpp"

namespace crownhall::server {

class spectator_copy;

using json = nlohmann::json;

// A point in time, both ways: the steady clock for deadlines, the wall clock for people.
struct moment {
  std::int64_t mono_ms = 0;
  std::int64_t unix_ms = 0;
};

// Settings every table of a server follows (server flags).
struct table_rules {
  std::int64_t bot_delay_ms = 700;  // seated bots and away seats wait this long per move
  // A search bot's thinking budget per move, as milliseconds of one core at its game's
  // measured rate (engine/core/search.hpp): playouts, not a clock, so its moves replay.
  int search_ms = 100;
  std::int64_t grace_ms = 30000;       // a disconnected player's seat goes away after this
  std::int64_t return_min_ms = 10000;  // a seat taken back never has less on its clock
  // A game nobody holds a seat in stops after this long (table_abandonment.hpp); 0: never.
  std::int64_t unattended_stop_ms = 60000;
  int chat_lines = 5;  // per chat_window_ms per player
  std::int64_t chat_window_ms = 10000;
  std::size_t chat_history = 50;    // lines kept for `resume`
  std::size_t event_history = 200;  // move-log lines a table keeps
  std::size_t event_backlog = 50;   // of them, what a connection's first message carries
};

// What the host chooses: validated by the lobby (options normalized by the game).
struct table_settings {
  int seats = 4;
  json options = json::object();    // normalized by the game: every default filled in
  json requested = json::object();  // as the host gave them; set_options merges into these
  bool is_private = false;
  bool spectators = true;
  std::optional<protocol::clock_setting> clock;
  // A late joiner may take a bot's seat when the round in progress ends.
  bool late_join = false;
  // Duplicate: the table's first game deals as the finished game `deal_of` did,
  // from its seed; later games (a rematch) deal anew.
  std::string deal_of{};
  std::uint64_t deal_seed = 0;
  // Who sits where at a duplicate (create_table's rotate): by seat, the id of the person of
  // that game planned for it ("" for none), and the name of who played its hand there.
  std::vector<std::string> seat_plan{};
  std::vector<std::string> hands_were{};
  int rotate = 0;
  // A teaching table: the first game deals from a prepared deal (an uploaded
  // record's seed and stacked deal, `deal_stack`: null for none) ...
  bool prepared_deal = false;
  json deal_stack = nullptr;
  // ... and, if the host wishes, everyone at the table sees every hand.
  bool open_hands = false;
  // What spectators may see: the public view, or one seat's if its player allows.
  protocol::spectator_mode spectator_view = protocol::spectator_mode::public_view;
  int spectator_delay = 1;  // delayed_open: how many tricks behind the table
};

enum class table_state : std::uint8_t { waiting, playing, finished };
std::string_view to_string(table_state s);

// The answer to one request: nothing when it took effect, else why not.
using outcome = std::optional<protocol::refusal>;

class table {
 public:
  table(std::string id, std::string invite, const game_module& game, table_settings settings,
        const table_rules& rules, std::uint64_t seed);
  table(const table&) = delete;
  table& operator=(const table&) = delete;
  ~table();

  const std::string& id() const { return id_; }
  const std::string& invite() const { return invite_; }
  const game_module& game_module_of() const { return module_; }
  bool is_private() const { return settings_.is_private; }
  table_state state() const { return state_; }
  std::uint64_t seq() const { return seq_; }
  int seat_count() const { return settings_.seats; }
  // The seat of `p`, -1 for a spectator, nullopt when not a member.
  std::optional<int> seat_of(const player& p) const;
  bool is_member(const player& p) const { return seat_of(p).has_value(); }

  // Membership. `with_invite`: the request named the invite code (private tables).
  outcome join(const std::shared_ptr<player>& p, protocol::join_role as, std::optional<int> seat,
               bool with_invite, moment now);
  outcome leave(const player& p, moment now);
  // The player's connection came or went: re-reads p.connected().
  void connection_changed(const player& p, moment now);
  // The player's name changed.
  void name_changed(const player& p);

  // Before the start (and after the end, for the next game). During a game at a table that
  // allows late joiners, a spectator claims a bot's seat instead (or withdraws the claim,
  // `cancel`): it becomes theirs when the round in progress ends.
  outcome take_seat(const player& p, int seat, bool cancel, moment now);
  outcome set_ready(const player& p, bool ready, moment now);
  outcome set_options(const player& p, const protocol::set_options& m, moment now);
  outcome add_bot(const player& p, bot_kind kind, std::optional<int> seat, moment now);
  outcome remove_bot(const player& p, int seat, moment now);
  outcome kick(const player& p, int seat, moment now);
  outcome transfer_host(const player& p, int seat, moment now);
  outcome start(const player& p, moment now);

  // Playing.
  outcome act(const player& p, const json& action, std::optional<std::uint64_t> seq, moment now);
  outcome back(const player& p, moment now);
  // Pause by consent: a seated player asks (`want`), or withdraws the ask; when
  // every player at the table has asked, the game pauses — clocks stop, bots and timed steps
  // wait, no move is taken — until any player resumes (`want` false).
  outcome pause(const player& p, bool want, moment now);
  // Rematch: at a finished table the host offers everyone the same seats and
  // options again. Empty seats get bots at once; each player accepts by saying ready, or
  // declines by leaving (a bot takes the seat); the game starts when everyone seated is ready.
  outcome rematch(const player& p, moment now);
  bool paused() const { return pause_.paused(); }
  // Spectator mode "follow_seat": a spectator chooses the seat it follows (nullopt: none);
  // a seated player lets that seat's followers see its view — every one of them, or only
  // the one `with` names — or stops letting them (the default: nobody sees a player's hand
  // without the player's leave). Nobody follows a seat of the table their browser sits at.
  outcome follow(const player& p, std::optional<int> seat, moment now);
  outcome share_view(const player& p, bool share, const std::optional<std::string>& with,
                     moment now);
  outcome chat(const player& p, std::string_view text, moment now);
  // Sends `p` its current table message and the chat lines from `seq` on.
  outcome resume(const player& p, std::uint64_t seq, moment now);
  // Sends `p` its current table message.
  void send_snapshot(const player& p, moment now);
  // The `table` message seat `s` (-1: a spectator) would receive now — what the admin
  // page shows when it watches through a seat; never the game's true state.
  std::string message_for(int s, moment now) const;
  // What the admin list shows of the table: the shared part of its messages (seats with
  // names, status and presence; state; seq; options) plus the seats to act and the number
  // of actions. No game view.
  json admin_summary(moment now) const;

  // Time: the next moment (steady ms) something is due — a bot's move, a clock running
  // out, a grace period ending — or nullopt.
  std::optional<std::int64_t> next_deadline() const;
  // Does what is due at `now`: clock and grace expiries, then at most one bot move (so
  // every move gets its own broadcast and other tables get their turn).
  void on_timer(moment now);

  // Search bots. A search bot's move is worked out away from the table (the
  // room hands it to server/search_workers): when its turn comes, on_timer asks for a
  // search instead of moving, and the move follows the bot delay once the answer is in.
  struct search_request {
    int seat = 0;
    std::uint64_t position = 0;        // which position it is about (search_answered)
    std::unique_ptr<game_state> game;  // a copy of the game as it stands
    std::uint64_t seed = 0;            // drawn from the table's bot generator
    int playouts = 1;                  // the budget (table_rules::search_ms)
  };
  // The searches on_timer asked for since the last call.
  std::vector<search_request> take_search_requests();
  // A search's answer: kept for the seat's move if the game is still where it was asked,
  // else dropped (the seat asks again for the position it is in now).
  void search_answered(int seat, std::uint64_t position, action a);

  // Sends every audience its new `table` message if anything changed since the last call:
  // one serialization per seat and one for all spectators.
  void publish(moment now);
  // Players removed since the last call (left, kicked): their session is at no table now.
  std::vector<std::shared_ptr<player>> take_removed();
  // Every person the table holds: seated, watching, or removed and not yet taken.
  std::vector<std::shared_ptr<player>> people() const;

  // The lobby's line for this table, and a counter that moves with every event but a game
  // move: whenever the lobby's line, the settings, the host or the seats may have changed
  // (the store's sync relies on it too).
  json lobby_entry() const;
  std::uint64_t lobby_changes() const { return lobby_changes_; }
  // Nobody is left to play or watch: the table may close.
  bool abandoned() const;
  // Who is left to play (table_abandonment.hpp): until when (steady ms) a person holds
  // a seat in the game — a seated player who is connected (the largest int64), or
  // disconnected and within their grace — or nullopt when nobody does (every human seat
  // left, gone past its grace, or there is none).
  std::optional<std::int64_t> seats_held_until() const;
  // A pause nobody is left to resume ends, as if resumed (table_abandonment.hpp).
  void end_unattended_pause(moment now);
  // Tells every member the table closed (unless `tell` is false: they were told otherwise)
  // and removes them.
  void close(std::string_view reason, bool tell = true);

  // Durability (server/lobby/durable_tables.cpp): what the store keeps of the table,
  // and rebuilding a table from it after a restart.
  struct seat_record {
    enum class kind : std::uint8_t { empty, human, bot } who = kind::empty;
    std::shared_ptr<player> person;  // humans
    bot_kind bot = bot_kind::heuristic;
  };
  std::vector<seat_record> seat_records() const;
  // The spectators, in the order they came (kept by the store too).
  std::vector<std::shared_ptr<player>> spectator_people() const;
  const table_settings& settings() const { return settings_; }
  std::string host_player_id() const;
  std::uint64_t game_seed() const { return game_seed_; }
  // The finished game whose deal this game repeats, or "" (only a duplicate table's first).
  std::string duplicate_of() const;
  // Whether the game in play was dealt from a prepared deal (a teaching table's first game).
  bool prepared_game() const;
  // A duplicate whose first game (the finished game's deal again) is not over yet.
  bool repeats_deal() const;
  // Whether someone at the table may know the hands of the game to come or in play:
  // "prepared" (the host uploaded the deal), "repeated" (the deal of a finished game, whose
  // players know it), or null.
  json known_deal() const;
  const std::string& deal_salt() const { return deal_salt_; }
  const std::string& deal_commitment() const { return deal_commitment_; }
  std::int64_t game_started_unix_ms() const { return game_started_unix_ms_; }
  int action_seat(std::size_t i) const { return actions_[i].first; }
  json action_json(std::size_t i) const;
  // Every seat's clock now; empty without a clock.
  std::vector<std::int64_t> clocks_ms(moment now) const;
  // A store write failed: forget the actions after the first `n` (re-deals from the seed).
  void rollback_actions(std::size_t n, moment now);
  // What a restart rebuilds a table from (durable_tables::restore reads it from the store):
  // the people and bots in their seats, the spectators, the host, the number of games
  // started, and the game in play with its log. One plain value, so that the table knows
  // nothing of where it came from.
  // A late joiner sat down in a bot's seat (late_join.cpp): the seat, after how many of the
  // game's actions, and the name the seat had until then. The record keeps them, so that a
  // replay names who made each move; the store keeps them, so that after a restart the
  // joiner still reads the bot's lines from before as a spectator did.
  struct seat_handover {
    int seat = 0;
    std::size_t after = 0;
    std::string was;
    bool operator==(const seat_handover&) const = default;
  };
  // This game's, in the order they happened.
  const std::vector<seat_handover>& handovers() const { return handovers_; }

  struct rebuild_plan {
    struct seat {
      int seat = 0;
      std::shared_ptr<player> person;  // null: a bot of `bot`'s kind
      bot_kind bot = bot_kind::heuristic;
    };
    struct game_log {
      std::uint64_t seed = 0;
      std::string salt;
      std::string commitment;
      std::string game_id;
      std::int64_t started_unix_ms = 0;
      std::vector<std::pair<int, json>> actions;
      std::vector<std::int64_t> clock_ms;  // each seat's clock after the last action
      std::vector<seat_handover> handovers;
    };
    std::vector<seat> seats;
    std::vector<std::shared_ptr<player>> spectators;
    std::string host_player_id;
    int games_started = 0;
    std::optional<game_log> game;
  };
  // Before anyone is connected. An error when the game's log does not replay (the seats and
  // spectators are in place; the caller closes the table).
  outcome rebuild(const rebuild_plan& plan, moment now);

  // The move log (protocol/README.md, "events"): the lines seat `s` (-1: a spectator) may
  // read, the last `limit` of them, as the `events` member's JSON text ("" when none).
  std::string events_text(int s, std::size_t limit) const;
  // How many move-log lines the table has made (the `n` of the last one).
  std::uint64_t events_made() const { return log_.made(); }

  // For the logs and tests.
  const std::string& game_id() const { return game_id_; }
  std::size_t actions_applied() const { return actions_.size(); }
  const game_state* game() const { return game_.get(); }

 private:
  // Slots (server/table/seats.hpp); the helpers of membership (table.cpp).
  struct seat_slot;
  struct spectator_slot;
  seat_slot& slot(int s);
  const seat_slot& slot(int s) const;
  int find_seat(const player& p) const;
  int find_spectator(const player& p) const;
  int first_free_seat() const;
  // A duplicate's plan first: the seat planned for `p` if free, else a free seat planned
  // for nobody, else any free seat.
  int free_seat_for(const player& p) const;
  outcome host_only(const player& p) const;
  outcome before_start() const;
  void touch();
  void set_event(json shared, int seat = -1, json own = nullptr);
  void sit(int s, const std::shared_ptr<player>& p, moment now);
  void empty_seat(int s);
  void pass_host();
  void remove_spectator(int index, std::string_view kicked_reason);
  void note_presence(int s);

  // Before the start (setup.cpp) and late join (late_join.cpp).
  outcome begin_game(moment now);
  void seat_bot(int s, bot_kind kind);
  void start_rematch_if_ready(moment now);
  outcome claim_bot_seat(const player& p, int seat, bool cancel);
  void drop_claims(const player& p);
  void seat_late_joiners(moment now);

  // Turns (turns.cpp).
  outcome apply_action(int s, action a, moment now);
  void after_game_change(moment now);
  void update_turns(moment now);
  void arm_timed_step(moment now);
  void finish(moment now);
  void take_back(int s, moment now);
  void start_clock(int s, moment now);
  void stop_clock(int s, moment now, bool add_increment);
  std::int64_t remaining(int s, moment now) const;
  bool bot_plays(int s) const;
  bot_kind bot_of(int s) const;
  std::int64_t bot_due(int s) const;
  std::uint64_t position_key() const;
  void ask_search(int s);

  // Pause by consent (pause.cpp).
  bool everyone_asked_to_pause() const;
  void begin_pause(moment now);
  void end_pause(moment now);

  // Messages (messages.cpp).
  json stable_fields() const;
  json clock_field(moment now) const;
  json shared_fields(moment now) const;
  protocol::table_message shared_message(moment now) const;
  // `s`'s game member; a follower's copy of a seat's (`for_follower`) offers no moves.
  std::string game_text(int s, moment now, bool for_follower = false) const;
  static message_kind kind_of_message(const std::string& events);
  json you(int s) const;
  void recompute_summary();
  void collect_events();
  std::string new_events_text(int s) const;

  // Spectator mode follow_seat (spectators/follow_seat.cpp).
  int find_spectator_by_id(std::string_view player_id) const;
  json followers_of(int s) const;
  // seated_here when a seat of this table is held from the browser `p` was opened from.
  outcome seated_browser(const player& p) const;
  // What spectator `sp` is shown: the seat it follows, if that seat shares, else -1.
  int shown_seat(const spectator_slot& sp) const;
  json spectator_you(const spectator_slot& sp) const;

  // Spectator modes delayed_open and after_trick (spectators/delayed_spectators.cpp): the
  // copy of the game spectators are shown, caught up as far as the mode allows, and what
  // they receive of it.
  bool delayed_mode() const;
  void catch_up_delayed();
  void publish_delayed(const protocol::table_message& msg);
  json delayed_event() const;
  std::string delayed_events_text(std::uint64_t after_line, std::size_t limit) const;
  std::uint64_t last_delayed_line() const;

  // Deals (deals/deals.cpp).
  bool first_game_ahead() const;
  json deal_for(std::uint64_t seed) const;

  // The steps of rebuild(), in its order (record.cpp).
  void restore_seat(int s, const std::shared_ptr<player>& p, moment now);
  void restore_bot(int s, bot_kind kind);
  void restore_spectator(const std::shared_ptr<player>& p);
  void restore_host(const std::string& player_id);
  outcome restore_game(const rebuild_plan::game_log& log, moment now);

  const std::string id_;
  const std::string invite_;
  const game_module& module_;
  table_settings settings_;
  const table_rules& rules_;
  prng rng_;  // seeds of new games and the bots' choices

  table_state state_ = table_state::waiting;
  std::uint64_t seq_ = 1;
  bool dirty_ = true;
  int host_ = -1;
  std::vector<seat_slot> seats_;
  std::vector<spectator_slot> spectators_;
  std::vector<std::shared_ptr<player>> removed_;
  chat_log chat_;

  std::unique_ptr<game_state> game_;
  std::string game_id_;
  int games_started_ = 0;
  std::uint64_t game_seed_ = 0;
  std::string deal_salt_;        // verifiable deals: secret until the end
  std::string deal_commitment_;  // SHA-256 of the seed and salt, shown from the start
  std::int64_t game_started_unix_ms_ = 0;
  std::vector<std::pair<int, action>> actions_;  // the game's record, compactly
  std::vector<seat_handover> handovers_;
  json last_event_shared_;  // what every audience sees of the last change
  json last_event_own_;     // what the acting seat sees (its own action), or null
  int last_event_seat_ = -1;
  move_log log_;
  std::unique_ptr<spectator_copy> delayed_;      // spectator modes delayed_open, after_trick
  std::uint64_t delayed_sent_ = 0;               // the last line delayed spectators were sent
  std::vector<search_request> search_requests_;  // asked by on_timer, not yet taken
  // The step the game asked to time (engine/core/timed_step.hpp) and since when (steady ms).
  std::optional<timed_step> timed_;
  std::int64_t timed_since_ = -1;
  pause_consent pause_;
  bool rematch_offered_ = false;  // by the host, at a finished table, until the next start
  std::string summary_;
  // shared_message's text of stable_fields(), and lobby_changes_ when it was written.
  mutable std::string stable_prefix_;
  mutable std::uint64_t stable_prefix_changes_ = 0;
  std::uint64_t lobby_changes_ = 0;
};

}  // namespace crownhall::server
