#include "server/table/spectators/delayed_view.hpp"

#include <limits>

#include "server/table/spectators/every_hand.hpp"

namespace crownhall::server {

delayed_view::delayed_view(std::unique_ptr<game_state> start, std::uint64_t seed, int delay)
    : spectator_copy(seed), state_(std::move(start)), delay_(delay) {}

void delayed_view::catch_up(const std::vector<std::pair<int, action>>& actions,
                            const game_state& live) {
  const int shown_tricks =
      live.is_over() ? std::numeric_limits<int>::max() : live.tricks_finished() - delay_;
  while (applied_ < actions.size()) {
    const auto& [seat, a] = actions[applied_];
    // A move that finishes a trick is the one that may go past the delay: try it on a copy.
    auto next = state_->clone();
    if (next->apply(seat, a) || next->tricks_finished() > shown_tricks) return;
    state_ = std::move(next);
    ++applied_;
  }
}

void delayed_view::write_mode(json_writer& w, std::size_t live_actions) const {
  w.key("hands").raw(every_hand_text(*state_));
  w.key("delayed")
      .begin_object()
      .key("tricks")
      .value(delay_)
      .key("moves_behind")
      .value(static_cast<std::int64_t>(live_actions - applied_))
      .end_object();
}

}  // namespace crownhall::server
