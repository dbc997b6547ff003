// Fuzz target: apply() of arbitrary action sequences, for every game and seat count — what
// a table receives from clients that send anything at any time. The input picks the game,
// the seat count and the seed, then a stream of steps: a seat and either one of its legal
// actions or any 32-bit action code. After every step:
// - a refused action changed nothing (same state hash);
// - an accepted action was one of the seat's legal actions, and every legal action of a
//   seat to act is accepted;
// - an accepted action's JSON form reads back as the same action;
// - the invariants of invariants.hpp hold (every card in exactly one place).
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "engine/core/registry.hpp"
#include "invariants.hpp"

using namespace crownhall;

namespace {

void require(bool ok) {
  if (!ok) __builtin_trap();
}

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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  reader in{data, size};
  const auto games = all_games();
  const game_module& m = *games[in.byte() % games.size()];
  const auto counts = playable_seat_counts(m);
  const int seats = counts[in.byte() % counts.size()];
  const std::uint64_t seed = in.word();
  auto options = m.normalize_options(json::object(), seats);
  require(static_cast<bool>(options));
  auto started = m.new_game(*options, seats, seed, json());
  require(static_cast<bool>(started));
  game_state& g = **started;
  fuzz::check_invariants(m, g);

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
    const std::uint64_t before = g.state_hash();
    const bool to_act = has_seat(g.seats_to_act(), seat);
    const bool was_legal = seat >= 0 && legal.contains(a);
    // action_to_json is defined for the game's own actions only (the server calls it for
    // applied ones), so only a legal action is written out.
    const json j = was_legal ? g.action_to_json(a) : json();
    auto refused = g.apply(seat, a);
    if (refused) {
      require(g.state_hash() == before);
      require(!(to_act && was_legal));  // a legal action of a seat to act is accepted
    } else {
      require(to_act && was_legal);  // only the legal actions of a seat to act
      auto back = g.action_from_json(j);
      require(back && *back == a);
      fuzz::check_invariants(m, g);
    }
  }
  return 0;
}
