// loadtest: the load generator — N WebSocket clients playing M tables of a real server to
// the end at a chosen action rate, measuring latency from an action to the sender's next
// table message, and the server's CPU and memory.
#pragma once

#include <cstdint>
#include <string>

namespace crownhall::server {

struct loadtest_options {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  std::string game = "crown-battles";
  std::string options_json = "{}";  // the game's options for every table
  int tables = 10;
  // Besides the measured tables: tables of search bots only (a host seats them, starts and
  // leaves), whose searches keep the server's search workers busy.
  int search_tables = 0;
  int clients_per_table = 4;
  double actions_per_second = 1.0;  // per table
  int games_per_table = 1;
  double duration_seconds = 0;  // 0: until every game ends
  int connect_batch = 200;      // connections opened at once while ramping up
  int server_pid = 0;           // read CPU and memory from /proc/<pid>
  bool in_process = false;      // start a server in this process instead of connecting
  int server_threads = 0;       // for the in-process server
  std::uint64_t seed = 1;

  // Several nodes (docs/cluster.md): at every table the client that creates it connects to
  // `port` (so the table is that node's) and the others to `routed_port`, another node, so
  // that their requests are routed to the table's node. 0: every client on `port`.
  std::string routed_host;  // empty: `host`
  std::uint16_t routed_port = 0;
  int routed_server_pid = 0;  // the other node's CPU and memory, as `server_pid`
};

// Runs the load and prints the report; returns the process exit code (non-zero on errors).
int run_loadtest(const loadtest_options& o);

}  // namespace crownhall::server
