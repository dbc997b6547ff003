// metrics_histogram: a lock-free latency histogram with fixed buckets (milliseconds), for
// /metrics (Prometheus `histogram`) and the admin page's p50/p99.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace crownhall::server {

class latency_histogram {
 public:
  // Upper bounds in milliseconds of every bucket but the last (+Inf).
  static constexpr std::array<double, 16> bounds_ms = {
      0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 5000};

  void observe_ns(std::int64_t ns) {
    const double ms = static_cast<double>(ns) / 1e6;
    std::size_t i = 0;
    while (i < bounds_ms.size() && ms > bounds_ms[i]) ++i;
    counts_[i].fetch_add(1, std::memory_order_relaxed);
    sum_ns_.fetch_add(static_cast<std::uint64_t>(ns < 0 ? 0 : ns), std::memory_order_relaxed);
  }

  std::uint64_t bucket(std::size_t i) const { return counts_[i].load(std::memory_order_relaxed); }
  std::uint64_t count() const {
    std::uint64_t n = 0;
    for (const auto& c : counts_) n += c.load(std::memory_order_relaxed);
    return n;
  }
  double sum_seconds() const {
    return static_cast<double>(sum_ns_.load(std::memory_order_relaxed)) / 1e9;
  }
  // The upper bound (ms) of the bucket holding quantile q; 0 when empty.
  double quantile_bound_ms(double q) const {
    const std::uint64_t n = count();
    if (n == 0) return 0;
    const auto want = static_cast<std::uint64_t>(q * static_cast<double>(n) + 0.5);
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < bounds_ms.size(); ++i) {
      seen += bucket(i);
      if (seen >= want) return bounds_ms[i];
    }
    return bounds_ms.back() * 10;
  }

 private:
  std::array<std::atomic<std::uint64_t>, bounds_ms.size() + 1> counts_{};
  std::atomic<std::uint64_t> sum_ns_{0};
};

}  // namespace crownhall::server
