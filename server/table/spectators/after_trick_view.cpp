#include "server/table/spectators/after_trick_view.hpp"

namespace crownhall::server {

namespace {

json no_cards(int seats) {
  json out = json::array();
  for (int s = 0; s < seats; ++s) out.push_back(json::array());
  return out;
}

}  // namespace

after_trick_view::after_trick_view(std::unique_ptr<game_state> start, std::uint64_t seed)
    : spectator_copy(seed) {
  const int seats = start->seat_count();
  shown_ = {std::move(start), no_cards(seats)};
  ahead_ = copy_of(shown_);
}

after_trick_view::position after_trick_view::copy_of(const position& p) {
  return {p.state->clone(), p.played};
}

void after_trick_view::play(position& p, int seat, action a) {
  game_state& g = *p.state;
  const int rounds = g.rounds_finished(), tricks = g.tricks_finished();
  if (g.apply(seat, a)) return;  // cannot happen: the table applied this move
  if (g.rounds_finished() != rounds) {
    p.played = no_cards(g.seat_count());  // a new round: no card of it played yet
  } else if (g.tricks_finished() != tricks) {
    for (const trick_play& c : g.last_trick())
      p.played[static_cast<std::size_t>(c.seat)].push_back(c.card);
  }
}

void after_trick_view::catch_up(const std::vector<std::pair<int, action>>& actions,
                                const game_state& live) {
  while (ahead_applied_ < actions.size()) {
    const auto& [seat, a] = actions[ahead_applied_];
    play(ahead_, seat, a);
    ++ahead_applied_;
    // Shown: every move up to one that leaves no card of an unfinished trick on the table.
    if (ahead_.state->trick_on_table().empty() || live.is_over()) {
      shown_ = copy_of(ahead_);
      applied_ = ahead_applied_;
    }
  }
}

void after_trick_view::write_mode(json_writer& w, std::size_t live_actions) const {
  w.key("played").raw(shown_.played.dump());
  w.key("after_trick")
      .begin_object()
      .key("moves_behind")
      .value(static_cast<std::int64_t>(live_actions - applied_))
      .end_object();
}

}  // namespace crownhall::server
