#include "engine/core/coach.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "engine/core/registry.hpp"
#include "engine/core/search.hpp"

namespace crownhall {

namespace {

game_error bad_record(std::string reason) {
  return game_error{error_code::invalid_record, std::move(reason)};
}

// The recorded game at its start.
result<std::unique_ptr<game_state>> start_of(const game_record& r) {
  const game_module* m = find_game(r.game);
  if (!m) return bad_record("unknown game \"" + r.game + "\"");
  return m->new_game(r.options, static_cast<int>(r.seats.size()), r.seed, r.deal);
}

}  // namespace

result<coach_report> coach_record(const game_record& r, int seat, int playouts,
                                  std::uint64_t seed) {
  auto started = start_of(r);
  if (!started) return started.error();
  game_state& state = **started;
  if (seat < 0 || seat >= state.seat_count())
    return bad_record("seat " + std::to_string(seat) + " is not a seat of this game");
  coach_report out{r.game, seat, playouts, {}, {}};
  prng rng(seed);
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    const recorded_action& ra = r.actions[i];
    auto a = state.action_from_json(ra.action);
    if (!a) return bad_record("action " + std::to_string(i) + ": " + a.error().reason);
    if (ra.seat == seat) {
      action_list legal;
      state.legal_actions(seat, legal);
      if (legal.size() > 1) {
        const search_report rep = search_evaluate(state, seat, rng, {.playouts = playouts});
        out.decisions.push_back({i, state.action_to_json(*a), state.action_to_json(rep.best),
                                 std::max(0.0, rep.best_value() - rep.value_of(*a))});
      }
    }
    if (auto refused = state.apply(ra.seat, *a))
      return bad_record("action " + std::to_string(i) + ": " + refused->reason);
  }
  // The biggest losses first, ties in game order (std::sort with the index as tie-break:
  // GCC 12's stable_sort buffer trips AddressSanitizer, see crown_battles/sampler.cpp).
  std::vector<std::size_t> order(out.decisions.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    const double a = out.decisions[x].loss, b = out.decisions[y].loss;
    return a != b ? a > b : x < y;
  });
  for (std::size_t k = 0; k < order.size() && out.worst.size() < 3; ++k)
    if (out.decisions[order[k]].loss > 0) out.worst.push_back(order[k]);
  return out;
}

result<int> coach_playouts_for_ms(const game_record& r, int ms) {
  auto started = start_of(r);
  if (!started) return started.error();
  return playouts_for_ms((*started)->search_rate(), ms);
}

json to_json(const coach_report& c) {
  auto line = [](const coached_decision& d) {
    return json{{"index", d.index},
                {"played", d.played},
                {"search", d.search},
                {"loss", std::round(d.loss * 100) / 100}};
  };
  json decisions = json::array(), worst = json::array();
  for (const auto& d : c.decisions) decisions.push_back(line(d));
  for (std::size_t k : c.worst) worst.push_back(line(c.decisions[k]));
  return {{"game", c.game},
          {"seat", c.seat},
          {"playouts", c.playouts},
          {"decisions", decisions},
          {"worst", worst}};
}

}  // namespace crownhall
