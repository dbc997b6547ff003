// config: everything `crownhall serve` can be told (flags and CROWNHALL_* variables).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/table/table.hpp"

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
  std::string admin_token;                 // the admin API; empty: disabled
  std::vector<std::string> allow_origins;  // WebSocket Origins allowed besides our own; "*": any
  std::size_t max_connections = 0;         // WebSocket sessions; 0: from the open-files limit
  // What one client address may take (address_limits.hpp); 0: no limit.
  std::size_t max_connections_per_address = 64;
  int new_sessions_per_minute = 30;  // per address: hellos without a token
  int new_tables_per_minute = 20;    // per address: create_table
  // Proxies whose X-Forwarded-For names the client: addresses or address/prefix blocks.
  std::vector<std::string> trusted_proxies;
  int threads = 0;         // io_context threads; 0: the CPUs we may run on
  int search_threads = 0;  // search bots' threads (search_workers); 0: half the CPUs, at least 1
  int coach_threads = 1;   // the coach's threads, below the search bots' (search_workers)
  std::size_t coach_reports = 4;  // coach reports queued or being worked out at once

  std::int64_t session_ttl_ms = 30 * 60 * 1000;  // a session without a connection expires
  // How long a guest's identity lasts on its device (docs/accounts.md): the person is the
  // same player whenever they come back within it, however long the session was gone.
  std::int64_t identity_lifetime_ms = 365LL * 24 * 3600 * 1000;
  // Who this server is to a passkey (docs/accounts.md, "The relying party behind a proxy"):
  // the domain passkeys are bound to and the exact origin of the pages, as the browser sees
  // them. Empty: http://localhost:PORT, for a server tried on one's own machine.
  std::string webauthn_rp_id;
  std::string webauthn_origin;
  std::int64_t idle_timeout_ms = 60000;  // silent this long: closed (pinged at half)
  std::int64_t handshake_timeout_ms = 10000;
  // SIGTERM drains this long at most before stopping: /readyz 503, no new tables, the games
  // under way may finish (docs/hosting.md, "Stopping"). 0: stop at once.
  std::int64_t drain_ms = 5000;
  std::int64_t http_timeout_ms = 30000;
  double rate_per_second = 20;
  double rate_burst = 40;
  int flood_refusals_per_minute = 200;    // more refused messages than this: closed with 1008
  std::size_t max_queued_messages = 512;  // a connection this far behind is dropped
  std::int64_t lobby_interval_ms = 500;   // lobby pushes at most this often
  std::size_t lobby_max_tables = 500;     // entries in one lobby message
  // Unfinished tables one session may hold seats at before create_table is refused.
  std::size_t max_open_tables = 10;
  table_rules rules;
};

// The CPUs this process may run on (taskset), at least 1.
int available_cpus();

}  // namespace crownhall::server
