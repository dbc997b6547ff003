// rate_sampler: messages per second for the admin page, from the server's ever-growing
// counters. Each reading is compared with the previous sample kept here; a new sample
// replaces it only once a second has passed, so a page polling every 2 s and another
// polling every 100 ms both see rates over at least a second, not noise.
#pragma once

#include <cstdint>
#include <mutex>

namespace crownhall::server {

class rate_sampler {
 public:
  struct rates {
    double in_per_second = 0;
    double out_per_second = 0;
  };

  // `now_ms`: steady clock; `in`, `out`: the counters' values now.
  rates read(std::int64_t now_ms, std::uint64_t in, std::uint64_t out) {
    std::lock_guard lock(mutex_);
    if (!has_sample_) {
      keep(now_ms, in, out);
      return {};
    }
    const std::int64_t dt = now_ms - at_ms_;
    if (dt <= 0) return last_;
    const double seconds = static_cast<double>(dt) / 1000.0;
    const rates r{static_cast<double>(in - in_) / seconds,
                  static_cast<double>(out - out_) / seconds};
    if (dt >= 1000) {
      keep(now_ms, in, out);
      last_ = r;
      has_window_ = true;
      return r;
    }
    // Under a second since the last sample: the last full window, if there is one yet.
    return has_window_ ? last_ : r;
  }

 private:
  void keep(std::int64_t now_ms, std::uint64_t in, std::uint64_t out) {
    has_sample_ = true;
    at_ms_ = now_ms;
    in_ = in;
    out_ = out;
  }

  std::mutex mutex_;
  bool has_sample_ = false;
  bool has_window_ = false;
  std::int64_t at_ms_ = 0;
  std::uint64_t in_ = 0, out_ = 0;
  rates last_;
};

}  // namespace crownhall::server
