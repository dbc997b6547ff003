#include "server/commands.hpp"

#include <unistd.h>

#include <filesystem>
#include <iostream>

#include <spdlog/spdlog.h>

#include "server/loadtest.hpp"
#include "server/server.hpp"

namespace crownhall {

namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& why, int code = 1) {
  std::cerr << "crownhall: " << why << '\n';
  throw CLI::RuntimeError(code);
}

// The web client next to the executable (an installed tree), else the source tree's.
std::string default_web_root() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    for (const fs::path& p :
         {exe.parent_path() / "web-client", exe.parent_path() / "../share/crownhall/web-client"})
      if (fs::exists(p / "index.html", ec)) return fs::weakly_canonical(p, ec).string();
  }
  return CROWNHALL_SOURCE_WEB_ROOT;
}

void add_serve(CLI::App& app) {
  auto* cmd = app.add_subcommand("serve", "Serve the web client, the lobby and every table");
  static server::server_config cfg;
  static std::string log_level = "info";
  static double grace_seconds = 30;
  static double session_ttl_minutes = 30;
  cfg.web_root = default_web_root();
  cfg.data_dir = "./crownhall-data";
  cmd->add_option("--bind", cfg.bind, "address to listen on")
      ->envname("CROWNHALL_BIND")
      ->capture_default_str();
  cmd->add_option("--port", cfg.port, "port (0: any free port)")
      ->envname("CROWNHALL_PORT")
      ->capture_default_str();
  cmd->add_option("--web-root", cfg.web_root, "the browser client's files")
      ->envname("CROWNHALL_WEB_ROOT")
      ->capture_default_str();
  cmd->add_option("--data", cfg.data_dir, "data directory (created if missing)")
      ->envname("CROWNHALL_DATA")
      ->capture_default_str();
  cmd->add_option("--database", cfg.database,
                  "keep tables, records and sessions in PostgreSQL at this postgres:// address "
                  "instead of the data directory (several nodes: docs/storage.md)")
      ->envname("CROWNHALL_DATABASE");
  cmd->add_option("--node", cfg.node,
                  "run as one node of several sharing the --database: this node's name (tables "
                  "are owned through leases; a dead node's are taken over within seconds)")
      ->envname("CROWNHALL_NODE")
      ->check([](const std::string& name) -> std::string {
        // It labels /metrics and names the node on the admin page: plain characters only.
        const bool plain = !name.empty() && name.size() <= 64 &&
                           name.find_first_not_of(
                               "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU"
                               "VWXYZ0123456789._-") == std::string::npos;
        return plain ? std::string() : "a node name is 1 to 64 letters, digits, '.', '_' or '-'";
      });
  cmd->add_option("--redis", cfg.redis,
                  "with --node: the Redis (redis://host:port) through which the nodes know "
                  "each other, pass requests for each other's tables on and share one lobby")
      ->envname("CROWNHALL_REDIS");
  cmd->add_option("--log-level", log_level, "trace, debug, info, warn, error")
      ->envname("CROWNHALL_LOG_LEVEL")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}))
      ->capture_default_str();
  cmd->add_option("--admin-token", cfg.admin_token, "token for the admin page and API")
      ->envname("CROWNHALL_ADMIN_TOKEN");
  cmd->add_option("--allow-origin", cfg.allow_origins,
                  "also accept WebSocket upgrades from this Origin (e.g. https://example.org; "
                  "'*' for any); repeatable, or comma-separated")
      ->envname("CROWNHALL_ALLOW_ORIGIN")
      ->delimiter(',');
  cmd->add_option("--max-connections", cfg.max_connections,
                  "WebSocket connections at once (0: the open-files limit less a margin)")
      ->envname("CROWNHALL_MAX_CONNECTIONS")
      ->capture_default_str();
  cmd->add_option("--threads", cfg.threads, "I/O threads (0: one per CPU this process may use)")
      ->envname("CROWNHALL_THREADS")
      ->capture_default_str();
  cmd->add_option("--search-threads", cfg.search_threads,
                  "threads the search bots think on, below the I/O threads' priority (0: half "
                  "the CPUs, at least 1)")
      ->envname("CROWNHALL_SEARCH_THREADS")
      ->check(CLI::Range(0, 256))
      ->capture_default_str();
  cmd->add_option("--search-ms", cfg.rules.search_ms,
                  "a search bot's thinking budget per move, in milliseconds of one core (as "
                  "playouts at its game's measured rate, so games replay)")
      ->envname("CROWNHALL_SEARCH_MS")
      ->check(CLI::Range(1, 10000))
      ->capture_default_str();
  cmd->add_option("--bot-delay-ms", cfg.rules.bot_delay_ms,
                  "how long a bot (or a bot playing for an away player) waits before a move")
      ->envname("CROWNHALL_BOT_DELAY_MS")
      ->check(CLI::Range(0, 60000))
      ->capture_default_str();
  cmd->add_option("--grace-seconds", grace_seconds,
                  "a disconnected player's seat is played by a bot after this long")
      ->envname("CROWNHALL_GRACE_SECONDS")
      ->check(CLI::Range(0.0, 3600.0))
      ->capture_default_str();
  cmd->add_option("--session-ttl-minutes", session_ttl_minutes,
                  "a session without a connection is forgotten after this long")
      ->envname("CROWNHALL_SESSION_TTL_MINUTES")
      ->check(CLI::Range(1.0, 7 * 24 * 60.0))
      ->capture_default_str();
  cmd->callback([] {
    spdlog::set_level(spdlog::level::from_str(log_level));
    std::error_code ec;
    if (cfg.database.empty()) {
      fs::create_directories(cfg.data_dir, ec);
      if (ec) fail("--data " + cfg.data_dir + ": " + ec.message());
    }
    if (!fs::exists(fs::path(cfg.web_root) / "index.html", ec))
      spdlog::warn("web root {} has no index.html", cfg.web_root);
    cfg.rules.grace_ms = static_cast<std::int64_t>(grace_seconds * 1000);
    cfg.session_ttl_ms = static_cast<std::int64_t>(session_ttl_minutes * 60000);
    try {
      server::server s(cfg);
      s.start();
      s.stop_on_signals();
      s.run();
    } catch (const std::exception& e) {
      fail(e.what());
    }
  });
}

void add_loadtest(CLI::App& app) {
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

}  // namespace

void add_server_commands(CLI::App& app) {
  add_serve(app);
  add_loadtest(app);
}

}  // namespace crownhall
