#include "server/table/table_abandonment.hpp"

#include <limits>

namespace crownhall::server {

bool table_abandonment::review(table& t, moment now) {
  next_.reset();
  if (t.state() != table_state::playing) {
    unattended_since_ = -1;
    stopped_ = false;
    return false;
  }
  if (const auto held = t.seats_held_until(); held && *held > now.mono_ms) {
    unattended_since_ = -1;
    stopped_ = false;
    if (*held != std::numeric_limits<std::int64_t>::max()) next_ = *held;  // a grace's end
    return false;
  }
  // Nobody holds a seat: nobody could resume a pause, and nobody watches the bots play.
  t.end_unattended_pause(now);
  if (unattended_since_ < 0) unattended_since_ = now.mono_ms;
  if (stop_after_ms_ <= 0) return false;
  const std::int64_t stop_at = unattended_since_ + stop_after_ms_;
  stopped_ = now.mono_ms >= stop_at;
  if (!stopped_) next_ = stop_at;
  return stopped_;
}

}  // namespace crownhall::server
