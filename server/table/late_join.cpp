// Late join: a spectator claims a bot's seat during the game and takes it when the round
// in progress ends.
#include <algorithm>
#include <limits>
#include <utility>

#include "engine/core/bot_kind.hpp"
#include "server/table/seats.hpp"
#include "server/table/table.hpp"

namespace crownhall::server {

using protocol::error;
using protocol::refusal;

// A late joiner's claim on a bot's seat (the caller is a spectator, the game is on).
outcome table::claim_bot_seat(const player& p, int seat, bool cancel) {
  seat_slot& st = slot(seat);
  if (cancel) {
    if (st.successor && st.successor->id() == p.id()) {
      st.successor.reset();
      set_event({{"kind", "late_join_withdrawn"}}, seat);
      touch();
    }
    return std::nullopt;
  }
  if (!settings_.late_join)
    return refuse(error::game_started, "the game has started and the host allows no late joiners");
  if (st.who != seat_slot::occupant::bot)
    return refuse(error::seat_taken, "seat " + std::to_string(seat) +
                                         " is a player's: a late joiner takes a bot's seat");
  if (st.successor && st.successor->id() != p.id())
    return refuse(error::seat_taken, "seat " + std::to_string(seat) + " is promised to " +
                                         st.successor->name() + " at the next round");
  const int i = find_spectator(p);
  drop_claims(p);  // one claim at a time: a new one replaces the old
  st.successor = spectators_[static_cast<std::size_t>(i)].person;
  st.claimed_in_round = game_->rounds_finished();
  set_event({{"kind", "late_join_claimed"}}, seat);
  touch();
  return std::nullopt;
}

void table::drop_claims(const player& p) {
  for (auto& st : seats_)
    if (st.successor && st.successor->id() == p.id()) st.successor.reset();
}

// A round has ended: those who claimed a bot's seat in an earlier round sit down. The seat's
// view is theirs from here; its move-log lines from before are read as a spectator reads them.
void table::seat_late_joiners(moment now) {
  const int round = game_->rounds_finished();
  for (int s = 0; s < settings_.seats; ++s) {
    seat_slot& st = slot(s);
    if (!st.successor || st.claimed_in_round >= round) continue;
    auto person = std::move(st.successor);
    st.successor.reset();
    const int i = find_spectator(*person);
    if (i < 0 || st.who != seat_slot::occupant::bot) continue;  // left meanwhile
    spectators_.erase(spectators_.begin() + i);
    handovers_.push_back({s, actions_.size(), bot_display_name(st.bot)});
    sit(s, person, now);
    seat_slot& joined = slot(s);
    joined.ready = true;
    joined.private_from = log_.made() + 1;
    if (settings_.clock) joined.remaining_ms = std::int64_t{settings_.clock->bank_seconds} * 1000;
    set_event({{"kind", "late_joined"}}, s);
    touch();
  }
}

}  // namespace crownhall::server
