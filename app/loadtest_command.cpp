// The `loadtest` subcommand: its flags, read into loadtest_options (app/loadtest.hpp).
#include "app/loadtest_command.hpp"

#include "app/loadtest.hpp"

namespace crownhall {

void add_loadtest_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "loadtest", "Play many tables against a server and measure latency, CPU and memory");
  static server::loadtest_options o;
  cmd->add_option("--host", o.host, "server address")->capture_default_str();
  cmd->add_option("--port", o.port, "server port")->capture_default_str();
  cmd->add_option("--game", o.game, "game id")->capture_default_str();
  cmd->add_option("--options", o.options_json, "the game's options as JSON")->capture_default_str();
  cmd->add_option("--tables", o.tables, "tables")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--search-tables", o.search_tables,
                  "also this many tables of search bots only, thinking all the time (not measured)")
      ->capture_default_str()
      ->check(CLI::Range(0, 10000));
  cmd->add_option("--clients", o.clients_per_table, "clients (seats) per table")
      ->capture_default_str()
      ->check(CLI::Range(1, 8));
  cmd->add_option("--rate", o.actions_per_second, "actions per second per table")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 1000.0));
  cmd->add_option("--games", o.games_per_table, "games each table plays")->capture_default_str();
  cmd->add_option("--duration", o.duration_seconds,
                  "stop measuring after this many seconds (0: when every game has ended)")
      ->capture_default_str();
  cmd->add_option("--connect-batch", o.connect_batch, "connections opened at once")
      ->capture_default_str();
  cmd->add_option("--server-pid", o.server_pid, "read the server's CPU and memory from /proc");
  // Two nodes (docs/cluster.md): the tables are --port's, most of their players elsewhere.
  auto* routed_port =
      cmd->add_option("--routed-port", o.routed_port,
                      "another node's port: at every table, the clients other than the one "
                      "that creates it connect there, so their actions are routed to the "
                      "table's node (latency reported apart for local and routed clients)");
  cmd->add_option("--routed-host", o.routed_host, "the other node's address (default: --host)")
      ->needs(routed_port);
  cmd->add_option("--routed-server-pid", o.routed_server_pid,
                  "read the other node's CPU and memory from /proc")
      ->needs(routed_port);
  auto* in_process = cmd->add_flag("--in-process", o.in_process, "run the server in this process");
  in_process->excludes(routed_port);  // the in-process server is not a node
  cmd->add_option("--server-threads", o.server_threads, "threads of the in-process server");
  cmd->add_option("--seed", o.seed, "seed of the clients' random choices")->capture_default_str();
  cmd->callback([] {
    const int code = server::run_loadtest(o);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace crownhall
