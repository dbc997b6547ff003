// metrics: the server's counters, lock-free, read by /healthz now and by /metrics and the
// admin page later.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>

#include "protocol/error_codes.hpp"
#include "server/metrics_histogram.hpp"

namespace crownhall::server {

struct server_metrics {
  using counter = std::atomic<std::uint64_t>;
  counter connections_open{0};   // WebSocket sessions now
  counter connections_total{0};  // WebSocket sessions ever
  counter http_requests{0};
  counter messages_in{0};
  counter messages_out{0};
  counter messages_routed{0};  // requests sent to the node holding their table (node_router)
  counter bytes_in{0};
  counter bytes_out{0};
  counter tables_open{0};
  counter tables_total{0};
  counter games_started{0};
  counter games_finished{0};
  counter actions{0};  // applied actions, bots' included
  counter sessions_open{0};
  std::array<counter, protocol::error_count> errors{};  // by protocol error code
  // An `act` request from its arrival on the table's strand until its views are published
  // (the store's append included): /metrics crownhall_action_seconds.
  latency_histogram action_latency;
  // A search bot's decision from the table asking until the answer is back at the table
  // (waiting for a free worker included): /metrics crownhall_search_seconds.
  latency_histogram search_latency;
  counter searches_waiting{0};  // asked and not yet back at their table: /metrics gauge

  void count_error(protocol::error e) {
    errors[static_cast<std::size_t>(e)].fetch_add(1, std::memory_order_relaxed);
  }
};

}  // namespace crownhall::server
