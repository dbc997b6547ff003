#include "server/commands.hpp"

#include <unistd.h>

#include <filesystem>
#include <iostream>

#include <spdlog/spdlog.h>

#include "server/client_address.hpp"
#include "server/log_format.hpp"
#include "server/server.hpp"
#include "server/store/sqlite_store.hpp"

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
  static double identity_days = 365;
  static double unattended_stop_seconds = 60;
  static double drain_seconds = 5;
  cfg.web_root = default_web_root();
  cfg.data_dir = store::sqlite_store::default_data_dir;
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
  static std::string log_format = "text";
  cmd->add_option("--log-format", log_format,
                  "text, or json: one object a line (time, level, message, table, player)")
      ->envname("CROWNHALL_LOG_FORMAT")
      ->check(CLI::IsMember({"text", "json"}))
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
  cmd->add_option("--max-connections-per-address", cfg.max_connections_per_address,
                  "connections at once from one client address, an IPv6 one by its /64 (0: no "
                  "limit)")
      ->envname("CROWNHALL_MAX_CONNECTIONS_PER_ADDRESS")
      ->capture_default_str();
  cmd->add_option("--new-sessions-per-minute", cfg.new_sessions_per_minute,
                  "new sessions (hello without a token) a minute from one client address (0: no "
                  "limit)")
      ->envname("CROWNHALL_NEW_SESSIONS_PER_MINUTE")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  cmd->add_option("--new-tables-per-minute", cfg.new_tables_per_minute,
                  "tables created a minute from one client address (0: no limit)")
      ->envname("CROWNHALL_NEW_TABLES_PER_MINUTE")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  cmd->add_option("--trusted-proxy", cfg.trusted_proxies,
                  "a reverse proxy (address or address/prefix) whose X-Forwarded-For names the "
                  "client the limits per address count; repeatable, or comma-separated")
      ->envname("CROWNHALL_TRUSTED_PROXY")
      ->delimiter(',')
      ->check([](const std::string& range) -> std::string {
        return server::address_range::parse(range) ? std::string() : "an address or address/prefix";
      });
  cmd->add_option("--threads", cfg.threads, "I/O threads (0: one per CPU this process may use)")
      ->envname("CROWNHALL_THREADS")
      ->capture_default_str();
  cmd->add_option("--search-threads", cfg.search_threads,
                  "threads the search bots think on, below the I/O threads' priority (0: half "
                  "the CPUs, at least 1)")
      ->envname("CROWNHALL_SEARCH_THREADS")
      ->check(CLI::Range(0, 256))
      ->capture_default_str();
  cmd->add_option("--coach-threads", cfg.coach_threads,
                  "threads the coach works out its reports on, below the search bots' priority "
                  "(never a seated bot's thread)")
      ->envname("CROWNHALL_COACH_THREADS")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd->add_option("--coach-reports", cfg.coach_reports,
                  "coach reports queued or being worked out at once; more are refused with 503 "
                  "coach_busy (retry later)")
      ->envname("CROWNHALL_COACH_REPORTS")
      ->check(CLI::Range(1, 10000))
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
  cmd->add_option("--unattended-stop-seconds", unattended_stop_seconds,
                  "a game in which no person holds a seat (bots play every one) stops after "
                  "this long, to go on when a player comes back (0: bots play it to the end)")
      ->envname("CROWNHALL_UNATTENDED_STOP_SECONDS")
      ->check(CLI::Range(0.0, 7 * 24 * 3600.0))
      ->capture_default_str();
  cmd->add_option("--max-open-tables", cfg.max_open_tables,
                  "unfinished tables one session may hold seats at; create_table beyond it is "
                  "refused (too_many_tables)")
      ->envname("CROWNHALL_MAX_OPEN_TABLES")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd->add_option("--drain-seconds", drain_seconds,
                  "on SIGTERM, first drain for up to this long: /readyz answers 503, new tables "
                  "are refused, games under way may finish; then stop (0: stop at once)")
      ->envname("CROWNHALL_DRAIN_SECONDS")
      ->check(CLI::Range(0.0, 600.0))
      ->capture_default_str();
  cmd->add_option("--session-ttl-minutes", session_ttl_minutes,
                  "a session without a connection is forgotten after this long")
      ->envname("CROWNHALL_SESSION_TTL_MINUTES")
      ->check(CLI::Range(1.0, 7 * 24 * 60.0))
      ->capture_default_str();
  cmd->add_option("--webauthn-rp-id", cfg.webauthn_rp_id,
                  "the domain passkeys are bound to, as the browser sees it (cards.example.org); "
                  "default: the host of --webauthn-origin, else localhost")
      ->envname("CROWNHALL_WEBAUTHN_RP_ID");
  cmd->add_option("--webauthn-origin", cfg.webauthn_origin,
                  "the exact origin of the pages, as the address bar has it "
                  "(https://cards.example.org); default: https:// and the rp id, else "
                  "http://localhost:PORT")
      ->envname("CROWNHALL_WEBAUTHN_ORIGIN");
  cmd->add_option("--identity-days", identity_days,
                  "a guest's identity (kept by their browser) makes them the same player, with "
                  "their History, when they come back within this long; a session's TTL is "
                  "how long their seat waits")
      ->envname("CROWNHALL_IDENTITY_DAYS")
      ->check(CLI::Range(0.00001, 10 * 365.0))
      ->capture_default_str();
  cmd->callback([] {
    spdlog::set_level(spdlog::level::from_str(log_level));
    server::use_log_format(log_format);
    std::error_code ec;
    if (cfg.database.empty()) {
      fs::create_directories(cfg.data_dir, ec);
      if (ec) fail("--data " + cfg.data_dir + ": " + ec.message());
    }
    if (!fs::exists(fs::path(cfg.web_root) / "index.html", ec))
      spdlog::warn("web root {} has no index.html", cfg.web_root);
    cfg.rules.grace_ms = static_cast<std::int64_t>(grace_seconds * 1000);
    cfg.rules.unattended_stop_ms = static_cast<std::int64_t>(unattended_stop_seconds * 1000);
    cfg.session_ttl_ms = static_cast<std::int64_t>(session_ttl_minutes * 60000);
    cfg.identity_lifetime_ms = static_cast<std::int64_t>(identity_days * 86400000);
    cfg.drain_ms = static_cast<std::int64_t>(drain_seconds * 1000);
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

}  // namespace

void add_server_commands(CLI::App& app) { add_serve(app); }

}  // namespace crownhall
