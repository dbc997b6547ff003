// Where a random-legal Crown Battles game spends its time, by kind of action
// (docs/performance.md, "Crown Battles engine"): the processor's time-stamp counter read
// around each seat's legal list, the pick and the apply, summed per phase and action type,
// with a play split by what it ends (a trick, a round) and whether it is a plain card into a
// trick with no special yet. The counter's own cost is in every figure: compare rows and
// decks, don't add them.
//
//   crown_battles_action_costs [base|golem_king|golem_king_shields|all] [games]
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>

#include "bench/crown_battles/all_specials.hpp"
#include "engine/games/crown_battles/crown_battles.hpp"
#include "engine/games/crown_battles/state.hpp"

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace {

namespace cb = crownhall::crown_battles;

// Cycles where the processor has a time-stamp counter, nanoseconds elsewhere.
std::uint64_t ticks() {
#if defined(__x86_64__)
  return __rdtsc();
#else
  return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
#endif
}

crownhall::json deck_options(std::string_view deck) {
  const auto id = [](cb::special s) { return cb::card_id(cb::special_card(s)); };
  if (deck == "base") return crownhall::json::object();
  if (deck == "golem_king")
    return {{"specials", {id(cb::special::golem_king)}}, {"bubble_shields", false}};
  if (deck == "golem_king_shields") return {{"specials", {id(cb::special::golem_king)}}};
  if (deck != "all") {
    std::fprintf(stderr, "unknown deck %.*s: base, golem_king, golem_king_shields or all\n",
                 static_cast<int>(deck.size()), deck.data());
    std::exit(2);
  }
  return cb::all_specials_options();  // as BM_RandomGameAllSpecials
}

struct cost {
  double all = 0, legal = 0;
  long count = 0;
};

}  // namespace

int main(int argc, char** argv) {
  const std::string_view deck = argc > 1 ? argv[1] : "all";
  const int games = argc > 2 ? std::atoi(argv[2]) : 20000;
  if (games <= 0) {
    std::fprintf(stderr, "usage: crown_battles_action_costs [deck] [games > 0]\n");
    return 2;
  }
  const auto& m = crownhall::crown_battles_module();
  const auto options = m.normalize_options(deck_options(deck), 4);
  if (!options) {
    std::fprintf(stderr, "options refused: %s\n", options.error().reason.c_str());
    return 2;
  }
  auto made = m.new_game(*options, 4, 1, nullptr);
  auto& g = static_cast<cb::state&>(**made);
  crownhall::prng rng(42);
  crownhall::action_list legal;
  std::map<std::string, cost> costs;
  double total = 0;
  long actions = 0;
  for (int game = 1; game <= games; ++game) {
    g.restart(static_cast<std::uint64_t>(game));
    while (!g.is_over()) {
      const int seat = std::countr_zero(g.seats_to_act());
      std::string row(g.phase());
      const bool open_trick = g.current_phase() == cb::phase::playing && !g.extras().half_steps &&
                              g.current_trick().count + 1 < g.seat_count();
      const int rounds = g.rounds_finished(), tricks = g.tricks_finished();
      const std::uint64_t t0 = ticks();
      g.legal_actions(seat, legal);
      const crownhall::action a = legal[static_cast<int>(rng.below(legal.size()))];
      const std::uint64_t t1 = ticks();
      if (g.apply(seat, a)) return 1;
      const std::uint64_t t2 = ticks();
      const crownhall::json j = g.action_to_json(a);
      const bool plain = open_trick && cb::kind_of(a) == cb::action_kind::play &&
                         cb::index_of(cb::card_of(a)) < cb::first_special;
      if (g.rounds_finished() != rounds)
        row += " [ends a round]";
      else if (g.tricks_finished() != tricks)
        row += " [ends a trick]";
      else if (plain)
        row += " [plain card, no special yet]";
      row += ": " + j.value("type", std::string("?"));
      cost& c = costs[row];
      c.all += static_cast<double>(t2 - t0);
      c.legal += static_cast<double>(t1 - t0);
      ++c.count;
      total += static_cast<double>(t2 - t0);
      ++actions;
    }
  }
  std::printf("deck %.*s, 4 players, %d games: %.1f actions a game, %.0f ticks an action\n",
              static_cast<int>(deck.size()), deck.data(), games,
              static_cast<double>(actions) / games, total / static_cast<double>(actions));
  std::printf("%-52s %9s %7s %13s %7s\n", "phase: action", "per game", "ticks", "(legal+pick)",
              "share");
  for (const auto& [row, c] : costs)
    std::printf("%-52s %9.1f %7.0f %13.0f %6.1f%%\n", row.c_str(),
                static_cast<double>(c.count) / games, c.all / static_cast<double>(c.count),
                c.legal / static_cast<double>(c.count), 100 * c.all / total);
  return 0;
}
