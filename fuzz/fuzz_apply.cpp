// Fuzz target: apply() of arbitrary action sequences, for every game and seat count — what
// a table receives from clients that send anything at any time. The input picks the game,
// the seat count, the options and the seed, then a stream of steps: a seat and either one of its
// legal actions or any 32-bit action code. After every step:
// - a refused action changed nothing (same state hash);
// - an accepted action was one of the seat's legal actions, and every legal action of a
//   seat to act is accepted;
// - an accepted action's JSON form reads back as the same action;
// - the invariants of invariants.hpp hold (every card in exactly one place).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

#include "engine/core/registry.hpp"
#include "invariants.hpp"

using namespace crownhall;

namespace {

// A broken rule: say which (the fuzzer's report shows it) and stop.
void fail_check(const char* what, int line) {
  std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, line, what);
  std::abort();
}
#define require(ok) ((ok) ? (void)0 : fail_check(#ok, __LINE__))

struct reader {
  const std::uint8_t* p;
  std::size_t left;
  bool empty() const { return left == 0; }
  std::uint8_t byte() {
    if (!left) return 0;
    --left;
    return *p++;
  }
  std::uint32_t word() {
    std::uint32_t w = 0;
    for (int i = 0; i < 4; ++i) w = (w << 8) | byte();
    return w;
  }
};

// What does not depend on the input beyond the game, the seat count and the variant: the
// playable seat counts and each options variant, normalized once (reading the option schema
// and normalizing it took a tenth of an execution when done for every input).
const std::vector<int>& seat_counts(const game_module& m) {
  static std::map<const game_module*, std::vector<int>> known;
  auto it = known.find(&m);
  if (it == known.end()) it = known.emplace(&m, playable_seat_counts(m)).first;
  return it->second;
}

const json& options_for(const game_module& m, int seats, int variant) {
  static std::map<std::tuple<const game_module*, int, int>, json> known;
  const auto key = std::make_tuple(&m, seats, variant);
  auto it = known.find(key);
  if (it == known.end()) it = known.emplace(key, fuzz::options_variant(m, seats, variant)).first;
  return it->second;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  reader in{data, size};
  const auto games = all_games();
  const game_module& m = *games[in.byte() % games.size()];
  const auto& counts = seat_counts(m);
  // The seat byte's low bits pick the seat count, its top two bits the options
  // (fuzz::options_variant: Crown Battles' specials among them).
  const std::uint8_t seat_byte = in.byte();
  const int seats = counts[(seat_byte & 0x3f) % counts.size()];
  const std::uint64_t seed = in.word();
  const json& options = options_for(m, seats, seat_byte >> 6);
  auto started = m.new_game(options, seats, seed, json());
  require(static_cast<bool>(started));
  game_state& g = **started;
  // The state's hash, kept from one step to the next: a refused step must leave it as it
  // is, an accepted one gets the hash check_invariants computes (hashing Crown Battles'
  // state is a large part of a step's time, so each state is hashed once).
  std::uint64_t hash = fuzz::check_invariants(m, g);

  for (int step = 0; step < 4000 && !in.empty(); ++step) {
    const std::uint8_t how = in.byte();
    const int seat = (how & 0x7f) % (seats + 1) - 1;  // -1: no seat (a spectator)
    action_list legal;
    if (seat >= 0) g.legal_actions(seat, legal);
    action a;
    if ((how & 0x80) && legal.size() > 0)
      a = legal[in.byte() % legal.size()];
    else
      a.code = in.word();
    const bool to_act = has_seat(g.seats_to_act(), seat);
    const bool was_legal = seat >= 0 && legal.contains(a);
    // action_to_json is defined for the game's own actions only (the server calls it for
    // applied ones), so only a legal action is written out.
    const json j = was_legal ? g.action_to_json(a) : json();
    // The game as it was, to judge a code that is not one of the listed ones should it be
    // accepted (rare): writing every legal action as JSON at each such step instead made the
    // target ten times slower.
    const std::unique_ptr<game_state> was = to_act && !was_legal ? g.clone() : nullptr;
    auto refused = g.apply(seat, a);
    if (refused) {
      require(g.state_hash() == hash);
      require(!(to_act && was_legal));  // a legal action of a seat to act is accepted
    } else if (was_legal) {
      require(to_act);
      auto back = g.action_from_json(j);
      require(back && *back == a);
      hash = fuzz::check_invariants(m, g);
    } else {
      // Accepted, but not one of the listed codes: it must be another encoding of a legal
      // action (Lunar ignores the bits outside an action's fields; docs/fuzzing.md). Codes
      // from the wire come only from action_from_json, so never in this form.
      require(to_act);
      std::vector<json> legal_json;
      for (action x : legal) legal_json.push_back(was->action_to_json(x));
      const json as_json = was->action_to_json(a);
      require(std::find(legal_json.begin(), legal_json.end(), as_json) != legal_json.end());
      hash = fuzz::check_invariants(m, g);
    }
  }
  return 0;
}
