// Folding a game's behaviour into one number, for the trace tests that pin a game's
// behaviour down while its speed is worked on (tests/engine/<game>/trace_test.cpp).
#pragma once

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "engine/core/game.hpp"

namespace crownhall::test {

inline void add_text(state_hasher& h, const std::string& s) {
  h.add(s.size());
  for (unsigned char c : s) h.add(c);
}

// Offers `code` by seat `s` and folds in what happened: whether it was refused, and the
// refusal's code and reason. A probe that the seat's `legal` list holds is skipped, and so
// is one by `idle` while `idle` may act. A refusal leaves the state untouched, so a probe
// sure to be refused may go to the game itself; one that might be taken goes to a copy
// (`on_copy`), whose state hash is folded in when it is taken.
inline void probe_refusal(state_hasher& h, game_state& g, const action_list& legal, int seat,
                          int idle, seat_mask to_act, int s, std::uint32_t code, bool on_copy) {
  if (s == seat && legal.contains(action{code})) return;
  if (s == idle && has_seat(to_act, idle)) return;
  std::unique_ptr<game_state> copy = on_copy ? g.clone() : nullptr;
  game_state& target = on_copy ? *copy : g;
  const auto refused = target.apply(s, action{code});
  h.add(refused.has_value());
  if (!refused) {
    EXPECT_TRUE(on_copy) << "action " << code << " by seat " << s << " was taken";
    h.add(target.state_hash());
    return;
  }
  h.add(static_cast<std::uint64_t>(refused->code));
  add_text(h, refused->reason);
}

}  // namespace crownhall::test
