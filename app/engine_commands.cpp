#include "app/engine_commands.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "app/arena.hpp"
#include "engine/core/record.hpp"
#include "engine/core/registry.hpp"
#if CROWNHALL_HAVE_STORE
#include "server/table/deals/deal_commitment.hpp"
#endif
#include "app/cli_failure.hpp"

namespace crownhall {

namespace {

game_record read_record(const std::string& path) {
  std::ifstream in(path);
  if (!in) fail("cannot open " + path);
  json j = json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) fail(path + " is not valid JSON");
  auto r = record_from_json(j);
  if (!r) fail(path + ": " + r.error().reason);
  return std::move(*r);
}

std::string hash_hex(std::uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// Replays a record; on an illegal action prints the reason and exits with `refusal_code`.
// A record whose game cannot even be set up (unknown game, bad options, a bad stacked deal,
// a seat count the game does not allow) is malformed: exit 1 (docs/game-record.md), so a
// script can tell it from an illegal move.
replay_outcome replay_or_fail(const game_record& r, int refusal_code,
                              const replay_observer& after_each = {}) {
  auto out = replay(r, after_each);
  if (!out) fail(r.game + ": " + out.error().reason, 1);
  if (out->error)
    fail(std::string(to_string(out->error->code)) + ": " + out->error->reason, refusal_code);
  return std::move(*out);
}

json summary(const game_record& r, const game_state& s) {
  json j = s.outcome();
  j["game"] = r.game;
  j["game_id"] = r.game_id;
  j["seats"] = r.seats;
  j["finished"] = s.is_over();
  j["actions"] = r.actions.size();
  j["state_hash"] = hash_hex(s.state_hash());
  return j;
}

// Who reads a move-log event: "all", {"only": seat} or {"except": seat}.
json audience_json(const event_audience& to) {
  switch (to.who) {
    case event_audience::kind::everyone:
      break;
    case event_audience::kind::seat:
      return {{"only", to.seat}};
    case event_audience::kind::all_but:
      return {{"except", to.seat}};
  }
  return "all";
}

// One JSON line per move-log event, as the server sends it (protocol/events.md) with the
// action that made it (`after`: how many actions had applied) and its audience.
void print_event_lines(const game_state& s, int applied, std::uint64_t& n) {
  event_lines lines;
  s.last_events(lines);
  for (const game_event& e : lines) {
    json j = e.args;
    j["n"] = ++n;
    j["after"] = applied;
    j["kind"] = e.kind;
    j["audience"] = audience_json(e.to);
    std::cout << j.dump() << '\n';
  }
}

void add_replay(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "replay",
      "Replay a game record and print its outcome as JSON; with --log, its move log instead: "
      "one JSON event a line (kind, arguments, audience), as protocol/events.md lists them");
  static std::string path;
  static bool log = false;
  cmd->add_option("file", path, "game record (JSON)")->required();
  cmd->add_flag("--log", log, "print the move log as JSON lines instead of the outcome");
  cmd->callback([] {
    const game_record r = read_record(path);
    if (log) {
      std::uint64_t n = 0;
      replay_or_fail(r, 2,
                     [&n](const game_state& s, int applied) { print_event_lines(s, applied, n); });
      return;
    }
    const replay_outcome out = replay_or_fail(r, 2);
    std::cout << summary(r, *out.state).dump(2) << '\n';
  });
}

void add_verify(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "verify", "Re-simulate a game record; exit non-zero on any illegal action or bad deal");
  static std::string path;
  cmd->add_option("file", path, "game record (JSON)")->required();
  cmd->callback([] {
    const game_record r = read_record(path);
    // A verifiable deal (a server's record): the seed and salt must hash to the
    // commitment every player received at the start (protocol/README.md).
    std::string deal_note;
    if (r.extra.contains("commitment")) {
      const json& c = r.extra["commitment"];
      const json& salt = r.extra.contains("salt") ? r.extra["salt"] : json();
      if (!c.is_string() || !salt.is_string())
        fail(path + ": a commitment without its salt: the deal cannot be checked", 3);
#if CROWNHALL_HAVE_STORE
      const std::string expected = deal_commitment(r.seed, salt.get<std::string>());
      if (expected != c.get<std::string>())
        fail(path + ": the seed and salt do not match the commitment (SHA-256 " + expected +
                 ", record says " + c.get<std::string>() + ")",
             3);
      deal_note = "deal commitment matches, ";
#else
      deal_note = "deal commitment not checked (built without OpenSSL), ";
#endif
    }
    const replay_outcome out = replay_or_fail(r, 2);
    std::cout << "ok: " << deal_note << out.applied << " actions legal, "
              << (out.state->is_over() ? "game finished" : "game unfinished") << ", state hash "
              << hash_hex(out.state->state_hash()) << '\n';
  });
}

void add_simulate(CLI::App& app) {
  auto* cmd = app.add_subcommand("simulate", "Play a whole game with bots and write its record");
  static std::string game = "crown-battles", out_path, options_text = "{}", bots = "heuristic";
  static int players = 4;
  static std::uint64_t seed = 1;
  cmd->add_option("--game", game, "game id")->capture_default_str();
  cmd->add_option("--players", players, "number of seats")->capture_default_str();
  cmd->add_option("--seed", seed, "the game's seed")->capture_default_str();
  cmd->add_option("--bots", bots, "random, heuristic or search (100 ms a move)")
      ->check(CLI::IsMember({"random", "heuristic", "search"}))
      ->capture_default_str();
  cmd->add_option("--options", options_text, "table options as JSON")->capture_default_str();
  cmd->add_option("--out", out_path, "write the record here (default: standard output)");
  cmd->callback([] {
    const game_module* m = find_game(game);
    if (!m) {
      std::string known;
      for (const auto* g : all_games()) known += (known.empty() ? "" : ", ") + std::string(g->id());
      fail("unknown game \"" + game + "\" (known: " + known + ")");
    }
    json options = json::parse(options_text, nullptr, false);
    if (options.is_discarded() || !options.is_object()) fail("--options must be a JSON object");
    auto r =
        simulate(*m, options, players, seed, bot_kind_from(bots).value_or(bot_kind::heuristic));
    if (!r) fail(std::string(to_string(r.error().code)) + ": " + r.error().reason);
    const std::string text = to_json(*r).dump(1) + "\n";
    if (out_path.empty()) {
      std::cout << text;
    } else {
      std::ofstream out(out_path);
      if (!(out << text)) fail("cannot write " + out_path);
    }
  });
}

void add_games(CLI::App& app) {
  auto* cmd = app.add_subcommand("games", "List the games and their options as JSON");
  cmd->callback([] {
    json list = json::array();
    for (const auto* g : all_games()) {
      list.push_back({{"id", g->id()},
                      {"title", g->title()},
                      {"min_seats", g->min_seats()},
                      {"max_seats", g->max_seats()},
                      {"seat_counts", playable_seat_counts(*g)},
                      {"options", g->option_schema()}});
    }
    std::cout << list.dump(2) << '\n';
  });
}

}  // namespace

void add_engine_commands(CLI::App& app) {
  add_replay(app);
  add_verify(app);
  add_simulate(app);
  add_games(app);
  add_arena_commands(app);
}

}  // namespace crownhall
