// rate_limiter: a token bucket per connection (protocol/README.md, Transport), and the
// count of refusals that tells persistent flooding from a burst.
#pragma once

#include <algorithm>
#include <cstdint>

namespace crownhall::server {

class rate_limiter {
 public:
  rate_limiter(double per_second, double burst, int refusals_per_minute_to_close)
      : rate_(per_second),
        burst_(burst),
        tokens_(burst),
        close_after_(refusals_per_minute_to_close) {}

  enum class verdict : std::uint8_t { pass, refuse, close };

  verdict take(std::int64_t now_ms) {
    if (last_ms_ >= 0) tokens_ = std::min(burst_, tokens_ + (now_ms - last_ms_) * rate_ / 1000.0);
    last_ms_ = now_ms;
    if (tokens_ >= 1.0) {
      tokens_ -= 1.0;
      return verdict::pass;
    }
    if (now_ms - window_start_ms_ >= 60000) {
      window_start_ms_ = now_ms;
      refusals_ = 0;
    }
    return ++refusals_ > close_after_ ? verdict::close : verdict::refuse;
  }

 private:
  double rate_;
  double burst_;
  double tokens_;
  int close_after_;
  std::int64_t last_ms_ = -1;
  std::int64_t window_start_ms_ = 0;
  int refusals_ = 0;
};

}  // namespace crownhall::server
