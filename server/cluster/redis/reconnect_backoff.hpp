// reconnect_backoff: how long to wait before the next attempt to reach Redis — 100 ms,
// doubling to 2 s, back to 100 ms once a connection opens. Short at first so that a Redis
// restart costs a node a fraction of a second; capped so that a long outage costs one
// attempt every 2 s, not a busy loop.
#pragma once

#include <algorithm>
#include <chrono>

namespace crownhall::redis {

class reconnect_backoff {
 public:
  static constexpr std::chrono::milliseconds first{100};
  static constexpr std::chrono::milliseconds longest{2000};

  // The wait before this attempt; the one after it is twice as long, up to `longest`.
  std::chrono::milliseconds next() {
    auto wait = wait_;
    wait_ = std::min(wait_ * 2, longest);
    return wait;
  }

  void reset() { wait_ = first; }

 private:
  std::chrono::milliseconds wait_ = first;
};

}  // namespace crownhall::redis
