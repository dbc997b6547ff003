#include "app/arena.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "app/cli_failure.hpp"
#include "engine/core/coach.hpp"
#include "engine/core/record.hpp"
#include "engine/core/registry.hpp"
#include "engine/core/search.hpp"

namespace crownhall {

namespace {

// Mean and the half-width of its 95% confidence interval (normal approximation).
struct estimate {
  double mean = 0, half_width = 0;
};
estimate estimate_of(const std::vector<double>& xs) {
  estimate e;
  if (xs.empty()) return e;
  const double n = static_cast<double>(xs.size());
  for (double x : xs) e.mean += x;
  e.mean /= n;
  if (xs.size() < 2) return e;
  double ss = 0;
  for (double x : xs) ss += (x - e.mean) * (x - e.mean);
  e.half_width = 1.96 * std::sqrt(ss / (n - 1) / n);
  return e;
}

std::string fmt(const estimate& e, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f ± %.*f", digits, e.mean, digits, e.half_width);
  return buf;
}

const game_module& module_or_fail(const std::string& id) {
  const game_module* m = find_game(id);
  if (!m) fail("unknown game \"" + id + "\"");
  return *m;
}

int playouts_for(const game_state& g, int playouts, int ms) {
  if (playouts > 0) return playouts;
  if (g.search_rate() <= 0) fail("this game has no search bot");
  return playouts_for_ms(g.search_rate(), ms);
}

void add_arena(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "arena", "Play many seeded games between bots (seats rotated); print each bot's results");
  static std::string game = "crown-battles", seats_text = "search,heuristic,heuristic,heuristic",
                     options_text = "{}";
  static int players = 0, games = 100, ms = 100, playouts = 0;
  static std::uint64_t seed = 1;
  cmd->add_option("--game", game, "game id")->capture_default_str();
  cmd->add_option("--players", players, "number of seats (default: one per --seats entry)");
  cmd->add_option("--seats", seats_text,
                  "bots, comma separated: random, heuristic, search, or search@MS (a search bot "
                  "with its own budget, to play two budgets against each other)")
      ->capture_default_str();
  cmd->add_option("--games", games, "games to play")->capture_default_str();
  cmd->add_option("--seed", seed, "seed of the first game (game i: seed + i)")
      ->capture_default_str();
  cmd->add_option("--ms", ms, "search budget per move, as milliseconds at the game's measured rate")
      ->capture_default_str();
  cmd->add_option("--playouts", playouts, "search budget per move in playouts (overrides --ms)");
  cmd->add_option("--options", options_text, "table options as JSON")->capture_default_str();
  cmd->callback([] {
    const game_module& m = module_or_fail(game);
    std::vector<bot_kind> bots;
    std::vector<std::string> names;
    std::vector<int> own_ms;  // per entry: search@MS's budget, or 0 for --ms / --playouts
    std::stringstream ss(seats_text);
    for (std::string item; std::getline(ss, item, ',');) {
      const auto at = item.find('@');
      auto k = bot_kind_from(item.substr(0, at));
      if (!k) fail("unknown bot \"" + item + "\" (random, heuristic, search, search@MS)");
      int entry_ms = 0;
      if (at != std::string::npos) {
        const char* first = item.data() + at + 1;
        const char* last = item.data() + item.size();
        const auto [end, ec] = std::from_chars(first, last, entry_ms);
        if (*k != bot_kind::search || ec != std::errc() || end != last || entry_ms < 1 ||
            entry_ms > 999999)
          fail("\"" + item +
               "\": a budget is given to a search bot as search@MS, MS from 1 to 999999");
      }
      bots.push_back(*k);
      names.push_back(item);
      own_ms.push_back(entry_ms);
    }
    const int n = players > 0 ? players : static_cast<int>(bots.size());
    if (static_cast<int>(bots.size()) != n) fail("--seats must name one bot per seat");
    json options = json::parse(options_text, nullptr, false);
    if (options.is_discarded() || !options.is_object()) fail("--options must be a JSON object");
    auto normalized = m.normalize_options(options, n);
    if (!normalized) fail(normalized.error().reason);

    // Per entry of --seats: its final points and its share of each game's win.
    std::vector<std::vector<double>> points(static_cast<std::size_t>(n)),
        wins(static_cast<std::size_t>(n));
    long long decisions = 0, searched = 0, total_playouts = 0;
    double search_cpu = 0;  // processor seconds spent searching, for the rate below
    std::vector<int> budget(bots.size(), 0);  // per entry, playouts a decision
    for (int g = 0; g < games; ++g) {
      const std::uint64_t game_seed = seed + static_cast<std::uint64_t>(g);
      auto started = m.new_game(*normalized, n, game_seed, json());
      if (!started) fail(started.error().reason);
      game_state& state = **started;
      for (std::size_t e = 0; e < bots.size(); ++e)
        if (bots[e] == bot_kind::search)
          budget[e] =
              own_ms[e] > 0 ? playouts_for(state, 0, own_ms[e]) : playouts_for(state, playouts, ms);
      // Seat s is played by entry (s + g) % n: over n games every entry sits everywhere.
      auto entry = [&](int s) { return (s + g) % n; };
      std::vector<prng> rngs;
      for (int s = 0; s < n; ++s)
        rngs.emplace_back(game_seed * 0x9e3779b97f4a7c15ull + static_cast<std::uint64_t>(s));
      while (!state.is_over()) {
        const seat_mask to_act = state.seats_to_act();
        int s = 0;
        while (s < n && !has_seat(to_act, s)) ++s;
        if (s == n) fail("no seat may act in an unfinished game");
        const bot_kind k = bots[static_cast<std::size_t>(entry(s))];
        auto& rng = rngs[static_cast<std::size_t>(s)];
        action a{};
        if (k == bot_kind::search) {
          const std::clock_t t0 = std::clock();
          const search_report rep = search_evaluate(
              state, s, rng, {.playouts = budget[static_cast<std::size_t>(entry(s))]});
          search_cpu += static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
          total_playouts += rep.playouts;
          a = rep.best;
        } else {
          a = state.bot_action(s, k, rng);
        }
        ++decisions;
        searched += k == bot_kind::search;
        if (auto refused = state.apply(s, a))
          fail("a bot's action was refused: " + refused->reason);
      }
      int best = state.points_of(0), leaders = 0;
      for (int s = 0; s < n; ++s) best = std::max(best, state.points_of(s));
      for (int s = 0; s < n; ++s) leaders += state.points_of(s) == best;
      // Per game on standard error, entry order, so that partial runs can be pooled.
      std::cerr << "game " << game_seed;
      std::vector<double> by_entry(static_cast<std::size_t>(n));
      for (int s = 0; s < n; ++s) {
        const auto e = static_cast<std::size_t>(entry(s));
        points[e].push_back(state.points_of(s));
        wins[e].push_back(state.points_of(s) == best ? 1.0 / leaders : 0.0);
        by_entry[e] = state.points_of(s);
      }
      for (double p : by_entry) std::cerr << ' ' << p;
      std::cerr << " win";
      for (std::size_t e = 0; e < by_entry.size(); ++e) std::cerr << ' ' << wins[e].back();
      std::cerr << std::endl;
    }
    std::cout << game << ", " << n << " players, " << games << " games from seed " << seed
              << ", search budget";
    for (std::size_t e = 0; e < bots.size(); ++e)
      if (bots[e] == bot_kind::search)
        std::cout << " " << budget[e] << " playouts/move (entry " << e << ")";
    std::cout << "; " << searched << " of " << decisions << " decisions searched\n";
    if (search_cpu > 0)
      std::cout << total_playouts << " playouts in " << search_cpu
                << " s of processor time: " << static_cast<long long>(total_playouts / search_cpu)
                << " playouts/s\n";
    std::cout << "entry  bot        points (95% CI)        win share (95% CI)\n";
    for (int e = 0; e < n; ++e) {
      char line[160];
      std::snprintf(line, sizeof line, "%-6d %-10s %-22s %s\n", e,
                    names[static_cast<std::size_t>(e)].c_str(),
                    fmt(estimate_of(points[static_cast<std::size_t>(e)]), 2).c_str(),
                    fmt(estimate_of(wins[static_cast<std::size_t>(e)]), 3).c_str());
      std::cout << line;
    }
    // The paired difference: entry 0 against the mean of the others, game by game.
    std::vector<double> diff;
    for (int g = 0; g < games; ++g) {
      double others = 0;
      for (int e = 1; e < n; ++e)
        others += points[static_cast<std::size_t>(e)][static_cast<std::size_t>(g)];
      diff.push_back(points[0][static_cast<std::size_t>(g)] - (n > 1 ? others / (n - 1) : 0));
    }
    std::cout << "entry 0 points minus the others' mean: " << fmt(estimate_of(diff), 2) << '\n';
  });
}

void add_analyze(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "analyze", "The search bot's view of every decision of one seat in a game record");
  static std::string path;
  static int seat = 0, ms = 100, playouts = 0;
  static std::uint64_t seed = 1;
  cmd->add_option("file", path, "game record (JSON)")->required();
  cmd->add_option("--seat", seat, "the seat to coach")->capture_default_str();
  cmd->add_option("--ms", ms, "search budget per decision, at the game's measured rate")
      ->capture_default_str();
  cmd->add_option("--playouts", playouts, "search budget in playouts (overrides --ms)");
  cmd->add_option("--seed", seed, "the search's seed")->capture_default_str();
  cmd->callback([] {
    std::ifstream in(path);
    if (!in) fail("cannot open " + path);
    json j = json::parse(in, nullptr, false);
    if (j.is_discarded()) fail(path + " is not valid JSON");
    auto r = record_from_json(j);
    if (!r) fail(path + ": " + r.error().reason);
    const game_module& m = module_or_fail(r->game);
    auto started = m.new_game(r->options, static_cast<int>(r->seats.size()), r->seed, r->deal);
    if (!started) fail(started.error().reason);
    if (seat < 0 || seat >= (*started)->seat_count()) fail("--seat is not a seat of this game");
    auto report = coach_record(*r, seat, playouts_for(**started, playouts, ms), seed);
    if (!report) fail(path + ": " + report.error().reason);
    std::cout << to_json(*report).dump(1) << '\n';
  });
}

}  // namespace

void add_arena_commands(CLI::App& app) {
  add_arena(app);
  add_analyze(app);
}

}  // namespace crownhall
