// Pause by consent: every player asks, any player declines an ask or resumes.
#include <algorithm>
#include <limits>
#include <utility>

#include "server/table/seats.hpp"
#include "server/table/table.hpp"

namespace crownhall::server {

using protocol::error;
using protocol::refusal;

// Every player still playing their own seat has asked: those away (a bot plays for them)
// and those who left have no say.
bool table::everyone_asked_to_pause() const {
  for (int s = 0; s < settings_.seats; ++s) {
    const seat_slot& st = slot(s);
    if (st.present() && !st.away && !pause_.asked(s)) return false;
  }
  return true;
}

void table::begin_pause(moment now) {
  for (int s = 0; s < settings_.seats; ++s) stop_clock(s, now, false);
  pause_.begin(now.mono_ms);
}

// Time stood still: a bot's delay, a timed step's count and a lost connection's grace go on
// from where they were; the clocks of those to act run again.
void table::end_pause(moment now) {
  const std::int64_t paused_since = pause_.since();
  const std::int64_t paused_for = pause_.end(now.mono_ms);
  for (int s = 0; s < settings_.seats; ++s) {
    seat_slot& st = slot(s);
    if (st.turn_since >= 0) st.turn_since += paused_for;
    if (st.human() && !st.connected)
      st.disconnected_at =
          now.mono_ms - std::max<std::int64_t>(0, paused_since - st.disconnected_at);
  }
  if (timed_since_ >= 0) timed_since_ += paused_for;
  update_turns(now);
}

outcome table::pause(const player& p, bool want, moment now) {
  const auto member = seat_of(p);
  if (!member) return refuse(error::not_at_table, "you are not at this table");
  if (*member < 0) return refuse(error::not_seated, "only players may pause the game");
  const int s = *member;
  note_presence(s);
  if (state_ != table_state::playing)
    return refuse(state_ == table_state::waiting ? error::game_not_started : error::game_over,
                  "no game in progress");
  if (slot(s).away) return refuse(error::bad_message, "take your seat back first");
  if (want) {
    if (paused()) return std::nullopt;
    const bool asked_before = pause_.ask(s);
    // Asking again counts too: those who had not asked may have left or gone away since.
    if (everyone_asked_to_pause()) {
      begin_pause(now);
      set_event({{"kind", "paused"}}, s);
    } else if (asked_before) {
      return std::nullopt;
    } else {
      set_event({{"kind", "pause_asked"}}, s);
    }
  } else if (paused()) {
    end_pause(now);
    set_event({{"kind", "resumed"}}, s);
  } else if (pause_.withdraw(s)) {
    set_event({{"kind", "pause_withdrawn"}}, s);
  } else if (pause_.decline()) {
    set_event({{"kind", "pause_declined"}}, s);
  } else {
    return std::nullopt;  // nobody asked: nothing to withdraw or decline
  }
  touch();
  return std::nullopt;
}

}  // namespace crownhall::server
