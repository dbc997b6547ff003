// Spectator modes "delayed open hands" and "after the trick": the copy of the game
// spectators are shown, caught up as far as the mode allows, and what they are sent of it.
#include <algorithm>
#include <limits>
#include <utility>

#include "server/table/seats.hpp"
#include "server/table/spectators/after_trick_view.hpp"
#include "server/table/spectators/delayed_view.hpp"
#include "server/table/spectators/every_hand.hpp"
#include "server/table/spectators/spectator_copy.hpp"
#include "server/table/table.hpp"

namespace crownhall::server {

using protocol::error;
using protocol::refusal;

bool table::delayed_mode() const {
  return (settings_.spectator_view == protocol::spectator_mode::delayed_open ||
          settings_.spectator_view == protocol::spectator_mode::after_trick) &&
         game_;
}

void table::catch_up_delayed() {
  if (!delayed_ || !delayed_->follows(game_seed_, actions_.size())) {
    auto start =
        module_.new_game(settings_.options, settings_.seats, game_seed_, deal_for(game_seed_));
    if (!start) return;  // cannot happen: the live game was dealt the same way
    if (settings_.spectator_view == protocol::spectator_mode::after_trick)
      delayed_ = std::make_unique<after_trick_view>(std::move(*start), game_seed_);
    else
      delayed_ =
          std::make_unique<delayed_view>(std::move(*start), game_seed_, settings_.spectator_delay);
  }
  delayed_->catch_up(actions_, *game_);
}

std::string table::delayed_events_text(std::uint64_t after_line, std::size_t limit) const {
  return log_.delayed_text(after_line, limit, games_started_, delayed_->applied());
}

std::uint64_t table::last_delayed_line() const {
  return log_.last_delayed_line(games_started_, delayed_->applied());
}

// The last change, unless it is a move: which seat just moved is news from the live table.
json table::delayed_event() const {
  if (last_event_shared_.is_object() && last_event_shared_.value("kind", "") == "action")
    return json();
  return last_event_shared_;
}

void table::publish_delayed(const protocol::table_message& msg) {
  catch_up_delayed();
  const std::string game = delayed_->game_text(actions_.size());
  const json event = delayed_event();
  const std::string events = delayed_events_text(delayed_sent_, rules_.event_history);
  message_ptr text;  // one serialization for every spectator but the new ones
  for (auto& sp : spectators_) {
    if (std::exchange(sp.history_due, false)) {
      const std::string backlog = delayed_events_text(0, rules_.event_backlog);
      sp.person->send(make_message(msg.for_audience(you(-1), game, event, backlog)),
                      kind_of_message(backlog));
      continue;
    }
    if (!text) text = make_message(msg.for_audience(you(-1), game, event, events));
    sp.person->send(text, kind_of_message(events));
  }
  delayed_sent_ = last_delayed_line();
}

}  // namespace crownhall::server
