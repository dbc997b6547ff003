// The one interface every game implements: a module that makes games, and a game state
// that lists legal actions, applies them, and shows each seat its own view.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/bot_kind.hpp"
#include "engine/core/events.hpp"
#include "engine/core/prng.hpp"
#include "engine/core/timed_step.hpp"
#include "engine/core/types.hpp"

namespace crownhall {

using json = nlohmann::json;

// A card played to a trick: the seat it was played for and the card's id as views write it.
struct trick_play {
  int seat;
  std::string card;
  bool operator==(const trick_play&) const = default;
};

// One game in progress. Pure and deterministic: the same module, options, seed, stacked
// deal and actions always give the same state. Chance (shuffles, spinners, tile draws) is
// drawn from the game's own generator, seeded at creation; time never enters.
class game_state {
 public:
  virtual ~game_state() = default;

  virtual int seat_count() const = 0;
  virtual bool is_over() const = 0;
  // A short machine name of the current phase ("bidding", "playing", "finished", ...).
  virtual std::string_view phase() const = 0;

  // Who may act now; more than one seat during simultaneous choices.
  virtual seat_mask seats_to_act() const = 0;
  // Every action `seat` may take now; empty when it may not act.
  virtual void legal_actions(int seat, action_list& out) const = 0;
  // Applies the action, or refuses it with a reason and leaves the state untouched.
  virtual apply_result apply(int seat, action a) = 0;

  // The move-log lines of the last successful apply(), each with its audience
  // (engine/core/events.hpp), appended to `out`. Only the server asks, after an apply, so
  // apply() itself notes what happened cheaply and the text is written here.
  virtual void last_events(event_lines& out) const { (void)out; }
  // A step the rules time, if one stands now (engine/core/timed_step.hpp): the server
  // submits `act` for `seat` after `seconds` unless another action comes first.
  virtual std::optional<timed_step> timed_step_request() const { return std::nullopt; }

  // What `seat` may know right now (`spectator` for the public view). This is the only way
  // state leaves a game: hidden cards, undealt cards and secret choices are absent.
  virtual json view(int seat) const = 0;
  // The same view as JSON text, appended to `out`. A server sends a view to every seat after
  // every move, so a game may write it directly instead of building a json tree
  // (engine/core/json_writer.hpp); it must parse back to exactly view(seat).
  virtual void write_view(int seat, std::string& out) const {
    out += view(seat).dump(-1, ' ', false, json::error_handler_t::replace);
  }
  // The result so far: per round details, totals, winner once over.
  virtual json outcome() const = 0;
  // A hash of the complete state, to compare two replays of the same record.
  virtual std::uint64_t state_hash() const = 0;

  // The JSON form of an action, used on the wire and in game records.
  virtual json action_to_json(action a) const = 0;
  virtual result<action> action_from_json(const json& j) const = 0;
  // action_to_json(a) as text, appended to `out` (for the legal-action lists a server sends).
  virtual void write_action(action a, std::string& out) const {
    out += action_to_json(a).dump(-1, ' ', false, json::error_handler_t::replace);
  }

  // A bot's choice for `seat`. Implementations build the seat's view and decide from it
  // alone, never from the full state. `rng` is the bot's own generator, not the game's.
  virtual action bot_action(int seat, bot_kind kind, prng& rng) const = 0;

  virtual std::unique_ptr<game_state> clone() const = 0;

  // Search support (engine/core/search.hpp). A game without it keeps the defaults, and its
  // search bot is refused.
  //
  // A complete game consistent with everything `seat` knows (its view, and what it saw played
  // this round), with everything it does not know drawn from `rng`: the other hands, secret
  // choices and future chance. Built from the seat's view alone (each game's sampler.cpp),
  // never from the hidden parts of this state.
  virtual std::unique_ptr<game_state> sample_world(int /*seat*/, prng& /*rng*/) const {
    return nullptr;
  }
  // Counts finished rounds (hands): a search plays out to the end of the current one.
  virtual int rounds_finished() const { return 0; }
  // Tricks completed since the game began: a delayed spectator watches the table a number
  // of tricks behind (server, spectator mode delayed_open). A game without tricks counts
  // what stands for one (Queen's Court: one card from each player).
  virtual int tricks_finished() const { return 0; }
  // The cards of the trick on the table, in play order (none between tricks), and of the
  // last trick finished this round. Spectator mode "after the trick" (server) shows a trick
  // only once it is over, and beside each seat the cards it has played this round. A game
  // without tricks has neither (Queen's Court: its piles are public as cards land).
  virtual std::vector<trick_play> trick_on_table() const { return {}; }
  virtual std::vector<trick_play> last_trick() const { return {}; }
  // `seat`'s points so far (its team's, in a team game); higher is better.
  virtual int points_of(int /*seat*/) const { return 0; }
  // Playouts per second of this game's search on one core, measured (docs/bots.md): turns a
  // thinking time into the playout count a decision depends on.
  virtual int search_rate() const { return 0; }
};

// A game type, registered by a stable id ("crown-battles").
class game_module {
 public:
  virtual ~game_module() = default;
  virtual std::string_view id() const = 0;
  virtual std::string_view title() const = 0;
  virtual int min_seats() const = 0;
  virtual int max_seats() const = 0;

  // Describes every table option (name, kind, allowed values, default) for lobbies and
  // clients; see docs/engine.md.
  virtual const json& option_schema() const = 0;
  // Checks options for a table of `seats` players and fills in every default. Returns the
  // complete options, or why they cannot be played.
  virtual result<json> normalize_options(const json& options, int seats) const = 0;
  // Starts a game. `options` must come from normalize_options. `stacked_deal` is null for
  // a shuffled game, or the game's own description of fixed hands (tests, teaching tables).
  virtual result<std::unique_ptr<game_state>> new_game(const json& options, int seats,
                                                       std::uint64_t seed,
                                                       const json& stacked_deal) const = 0;
};

}  // namespace crownhall
