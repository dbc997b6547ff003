// config: everything `crownhall serve` can be told (flags and CROWNHALL_* variables).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/table.hpp"

namespace crownhall::server {

struct server_config {
  std::string bind = "127.0.0.1";
  std::uint16_t port = 8080;  // 0: any free port (tests)
  std::string web_root;       // the browser client's files
  std::string data_dir;       // the store (docs/storage.md); empty: nothing is kept (tests)
  // A postgres:// address: the store is kept there instead of in data_dir (several nodes).
  std::string database;
  // One node of several sharing `database` (--node): this node's name. Empty: the only one.
  std::string node;
  // A redis:// address the nodes tell each other through (--redis; needs `node`).
  std::string redis;
  std::string admin_token;                 // the admin API (issue 5); empty: disabled
  std::vector<std::string> allow_origins;  // WebSocket Origins allowed besides our own; "*": any
  std::size_t max_connections = 0;         // WebSocket sessions; 0: from the open-files limit
  int threads = 0;                         // io_context threads; 0: the CPUs we may run on
  int search_threads = 0;  // search bots' threads (search_workers); 0: half the CPUs, at least 1

  std::int64_t session_ttl_ms = 30 * 60 * 1000;  // a session without a connection expires
  std::int64_t idle_timeout_ms = 60000;          // silent this long: closed (pinged at half)
  std::int64_t handshake_timeout_ms = 10000;
  std::int64_t http_timeout_ms = 30000;
  double rate_per_second = 20;
  double rate_burst = 40;
  int flood_refusals_per_minute = 200;    // more refused messages than this: closed with 1008
  std::size_t max_queued_messages = 512;  // a connection this far behind is dropped
  std::int64_t lobby_interval_ms = 500;   // lobby pushes at most this often
  std::size_t lobby_max_tables = 500;     // entries in one lobby message
  table_rules rules;
};

// The CPUs this process may run on (taskset), at least 1.
int available_cpus();

}  // namespace crownhall::server
