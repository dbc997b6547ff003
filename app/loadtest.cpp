#include "app/loadtest.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <spdlog/spdlog.h>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "engine/core/prng.hpp"
#include "server/server.hpp"

namespace crownhall::server {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using json = nlohmann::json;
using steady = std::chrono::steady_clock;
using net::use_awaitable;

const std::string ready_text = R"({"type":"ready","ready":true})";
const std::string start_text = R"({"type":"start"})";
const std::string add_search_bot_text = R"({"type":"add_bot","kind":"search"})";
const std::string leave_text = R"({"type":"leave_table"})";

// Messages are built outside the coroutines: GCC 12 miscompiles braced string
// initializers inside them ("array used as initializer").
std::string hello_text(const std::string& name) {
  return json{{"type", "hello"}, {"protocol", 1}, {"name", name}}.dump();
}
std::string create_text(const std::string& game, int seats, const json& options) {
  return json{{"type", "create_table"}, {"game", game},     {"seats", seats},
              {"options", options},     {"private", false}, {"spectators", true}}
      .dump();
}
std::string join_text(const std::string& table, int seat) {
  return json{{"type", "join_table"}, {"table", table}, {"seat", seat}}.dump();
}
std::string act_text(const json& action, std::uint64_t id) {
  return json{{"type", "act"}, {"action", action}, {"id", id}}.dump();
}
std::string client_name(int table, int seat) {
  return "lt-" + std::to_string(table) + "-" + std::to_string(seat);
}

// One table as the load generator sees it: its id, its pace, its clients' progress.
struct table_run {
  std::string id;
  bool start_sent = false;         // for the game about to start
  steady::time_point next_slot{};  // the earliest moment the table's next action may go
};

struct load_totals {
  // Action sent -> sender's next table message, of the clients on the table's node (all of
  // them without --routed-port) and of the routed ones, apart: routing adds two Redis hops.
  std::vector<std::uint32_t> latency_us;
  std::vector<std::uint32_t> routed_latency_us;
  std::uint64_t actions = 0;
  std::uint64_t routed_actions = 0;
  std::uint64_t table_messages = 0;
  std::uint64_t messages = 0;
  std::uint64_t errors = 0;
  std::map<std::string, std::uint64_t> error_codes;
  std::uint64_t connect_failures = 0;
  std::uint64_t disconnects = 0;
  int clients_connected = 0;
  int routed_clients_connected = 0;  // of clients_connected
  int tables_started = 0;
  int tables_done = 0;
};

struct process_sample {
  double cpu_seconds = 0;
  std::uint64_t rss_kb = 0;
};

process_sample sample_process(int pid) {
  process_sample s;
  if (pid <= 0) return s;
  {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), {});
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const auto close = text.rfind(')');
    if (close != std::string::npos) {
      std::istringstream rest(text.substr(close + 2));
      std::string field;
      unsigned long long utime = 0, stime = 0;
      for (int i = 3; i <= 15 && rest >> field; ++i) {
        if (i == 14) utime = std::stoull(field);
        if (i == 15) stime = std::stoull(field);
      }
      s.cpu_seconds =
          static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
    }
  }
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0) s.rss_kb = std::stoull(line.substr(6));
  return s;
}

// A server process whose CPU and memory the report gives: the server, or with
// --routed-port either node.
struct watched_server {
  int pid = 0;
  std::string role;           // printed after the pid
  bool routed = false;        // the node the routed clients are connected to
  process_sample idle;        // before any connection
  process_sample start, end;  // the measured window's
};

watched_server watch(int pid, std::string role, bool routed) {
  watched_server s;
  s.pid = pid;
  s.role = std::move(role);
  s.routed = routed;
  s.idle = sample_process(pid);
  return s;
}

// p in [0, 1] of sorted microseconds, in milliseconds.
double percentile_ms(const std::vector<std::uint32_t>& sorted, double p) {
  if (sorted.empty()) return 0;
  const auto i = static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1));
  return sorted[i] / 1000.0;
}

void print_latency(const char* what, const std::vector<std::uint32_t>& sorted) {
  std::printf("%s (%zu samples): p50 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, max %.2f ms\n", what,
              sorted.size(), percentile_ms(sorted, 0.5), percentile_ms(sorted, 0.99),
              percentile_ms(sorted, 0.999), sorted.empty() ? 0.0 : sorted.back() / 1000.0);
}

class load {
 public:
  load(const loadtest_options& o) : o_(o), rng_(o.seed) {
    tables_.resize(static_cast<std::size_t>(o.tables));
    interval_ = std::chrono::nanoseconds(static_cast<std::int64_t>(1e9 / o.actions_per_second));
    options_ = json::parse(o.options_json);
  }

  int run() {
    watch_servers();
    const auto t0 = steady::now();
    for (int t = 0; t < o_.tables; ++t) net::co_spawn(ioc_, host(t), net::detached);
    for (int k = 0; k < o_.search_tables; ++k) net::co_spawn(ioc_, search_table(k), net::detached);
    net::co_spawn(ioc_, monitor(t0), net::detached);
    ioc_.run();
    return report_code_;
  }

 private:
  bool routing() const { return o_.routed_port != 0; }

  // The processes to sample, each first before any connection (its memory at rest).
  void watch_servers() {
    const int server_pid = o_.in_process ? static_cast<int>(getpid()) : o_.server_pid;
    if (server_pid > 0) {
      std::string role = o_.in_process ? " (in-process: includes this load generator)" : "";
      if (routing()) role = " (the tables' node)";
      servers_.push_back(watch(server_pid, role, false));
    }
    if (routing() && o_.routed_server_pid > 0)
      servers_.push_back(watch(o_.routed_server_pid, " (the routed clients' node)", true));
  }

  // Where a client connects: the table's node, or with --routed-port the other one.
  const std::string& host_of(bool routed) const {
    return routed && !o_.routed_host.empty() ? o_.routed_host : o_.host;
  }
  std::uint16_t port_of(bool routed) const { return routed ? o_.routed_port : o_.port; }

  // Waits while too many connections are being opened at once.
  net::awaitable<void> connect_slot() {
    net::steady_timer t(co_await net::this_coro::executor);
    while (connecting_ >= o_.connect_batch) {
      t.expires_after(std::chrono::milliseconds(2));
      co_await t.async_wait(use_awaitable);
    }
    ++connecting_;
  }

  net::awaitable<std::unique_ptr<websocket::stream<beast::tcp_stream>>> open(
      const std::string& name, bool routed = false) {
    co_await connect_slot();
    auto ws =
        std::make_unique<websocket::stream<beast::tcp_stream>>(co_await net::this_coro::executor);
    const std::string& host = host_of(routed);
    const std::string port = std::to_string(port_of(routed));
    try {
      tcp::resolver resolver(co_await net::this_coro::executor);
      auto results = co_await resolver.async_resolve(host, port, use_awaitable);
      beast::get_lowest_layer(*ws).expires_after(std::chrono::seconds(30));
      co_await beast::get_lowest_layer(*ws).async_connect(results, use_awaitable);
      beast::get_lowest_layer(*ws).expires_never();
      beast::get_lowest_layer(*ws).socket().set_option(tcp::no_delay(true));
      ws->set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
      co_await ws->async_handshake(host + ":" + port, "/ws", use_awaitable);
      co_await send(*ws, hello_text(name));
    } catch (const std::exception& e) {
      --connecting_;
      ++t_.connect_failures;
      if (t_.connect_failures <= 5) std::cerr << "loadtest: connect: " << e.what() << '\n';
      co_return nullptr;
    }
    --connecting_;
    ++t_.clients_connected;
    if (routed) ++t_.routed_clients_connected;
    co_return ws;
  }

  static net::awaitable<void> send(websocket::stream<beast::tcp_stream>& ws,
                                   const std::string& text) {
    ws.text(true);
    co_await ws.async_write(net::buffer(text), use_awaitable);
  }

  // The first client of table `t`: creates the table, then brings in the others.
  net::awaitable<void> host(int t) {
    auto ws = co_await open(client_name(t, 0));
    if (!ws) co_return;
    co_await send(*ws, create_text(o_.game, o_.clients_per_table, options_));
    co_await play(std::move(ws), t, 0);
  }

  // A table of search bots only: its host creates it, seats a search bot in every other
  // seat, starts the game and leaves (a bot plays the host's seat too). The game goes on
  // without clients, its searches queued on the server's search workers.
  net::awaitable<void> search_table(int k) {
    auto ws = co_await open(client_name(-1 - k, 0));
    if (!ws) co_return;
    try {
      co_await send(*ws, create_text(o_.game, o_.clients_per_table, options_));
      for (int s = 1; s < o_.clients_per_table; ++s) co_await send(*ws, add_search_bot_text);
      co_await send(*ws, start_text);
      beast::flat_buffer buffer;
      for (;;) {
        buffer.consume(buffer.size());
        co_await ws->async_read(buffer, use_awaitable);
        const std::string_view text(static_cast<const char*>(buffer.cdata().data()), buffer.size());
        if (text.find("\"type\":\"error\"") != std::string_view::npos)
          throw std::runtime_error(std::string(text));
        if (text.find("\"state\":\"playing\"") != std::string_view::npos) break;
      }
      co_await send(*ws, leave_text);
      ++search_tables_started_;
      co_await ws->async_close(websocket::close_code::normal, use_awaitable);
    } catch (const std::exception& e) {
      ++t_.errors;
      std::cerr << "loadtest: search table " << k << ": " << e.what() << '\n';
    }
  }

  // With --routed-port a guest is on the other node: its join finds the table there and
  // routes every later request of the connection to the table's node.
  net::awaitable<void> guest(int t, int seat) {
    const bool routed = routing();
    auto ws = co_await open(client_name(t, seat), routed);
    if (!ws) co_return;
    co_await send(*ws, join_text(table(t).id, seat));
    co_await send(*ws, ready_text);
    co_await play(std::move(ws), t, seat, routed);
  }

  table_run& table(int t) { return tables_[static_cast<std::size_t>(t)]; }

  // Reads every message; acts when the seat has legal actions, at the table's pace.
  net::awaitable<void> play(std::unique_ptr<websocket::stream<beast::tcp_stream>> ws, int t,
                            int seat, bool routed = false) {
    beast::flat_buffer buffer;
    bool pending = false;  // an action sent and not yet answered (ack or error)
    bool awaiting_view = false;
    steady::time_point sent_at{};
    std::uint64_t action_id = 0;
    bool in_game = false;
    int games_done = 0;
    net::steady_timer pace(co_await net::this_coro::executor);
    std::string deferred;  // my turn came while an action was unanswered: act after the ack
    std::string replay;
    std::string last_turn;  // the latest snapshot that gave this seat a turn
    try {
      for (;;) {
        std::string_view text;
        const bool replaying = !replay.empty();
        if (replaying) {
          text = replay;
        } else {
          buffer.consume(buffer.size());
          co_await ws->async_read(buffer, use_awaitable);
          ++t_.messages;
          text = std::string_view(static_cast<const char*>(buffer.cdata().data()), buffer.size());
        }
        if (text.find("\"type\":\"table\"") == std::string_view::npos) {
          if (text.find("\"type\":\"error\"") != std::string_view::npos) {
            ++t_.errors;
            json e = json::parse(text, nullptr, false);
            ++t_.error_codes[e.is_object() ? e.value("code", "?") : "?"];
            if (t_.errors <= 5) std::cerr << "loadtest: " << text << '\n';
            // A dropped action (rate limit) leaves the turn with us: try again.
            if (pending && text.find("rate_limited") != std::string_view::npos && deferred.empty())
              deferred = last_turn;
            pending = false;
          } else if (pending && text.find("\"type\":\"ack\"") != std::string_view::npos) {
            pending = false;
          }
          if (!pending && !deferred.empty()) replay = std::move(deferred), deferred.clear();
          continue;
        }
        if (!replaying) {
          if (measuring_) ++t_.table_messages;  // the window's own, not the ramp-up's
          deferred.clear();                     // a newer snapshot supersedes it
          if (awaiting_view) {
            awaiting_view = false;
            const auto us =
                std::chrono::duration_cast<std::chrono::microseconds>(steady::now() - sent_at);
            if (measuring_)
              (routed ? t_.routed_latency_us : t_.latency_us)
                  .push_back(static_cast<std::uint32_t>(us.count()));
          }
        }
        const bool my_turn = text.find("\"legal\":[]") == std::string_view::npos &&
                             text.find("\"legal\":[") != std::string_view::npos;
        const bool playing = text.find("\"state\":\"playing\"") != std::string_view::npos;
        if (playing) in_game = true;
        if (!my_turn && playing) {
          replay.clear();
          continue;
        }
        if (my_turn && playing) last_turn = std::string(text);
        if (pending && my_turn && playing) {
          deferred = std::string(text);
          replay.clear();
          continue;
        }
        json j = json::parse(text, nullptr, false);
        replay.clear();
        if (!j.is_object()) continue;
        table_run& run = table(t);
        if (seat == 0 && run.id.empty()) {
          run.id = j["table"];
          for (int s = 1; s < o_.clients_per_table; ++s)
            net::co_spawn(ioc_, guest(t, s), net::detached);
        }
        if (!playing) {
          if (in_game && j.value("state", "") == "finished") {
            in_game = false;
            ++games_done;
            if (seat == 0 && games_done == o_.games_per_table) ++t_.tables_done;
            if (games_done >= o_.games_per_table) break;
            if (seat != 0) co_await send(*ws, ready_text);
          }
          if (seat == 0 && !in_game && !run.start_sent && all_ready(j)) {
            run.start_sent = true;
            co_await send(*ws, start_text);
          }
          continue;
        }
        run.start_sent = false;
        const json& legal = j["game"]["legal"];
        if (!legal.is_array() || legal.empty()) continue;
        const json choice = legal[rng_.below(static_cast<std::uint32_t>(legal.size()))];
        // The table's pace: one action per interval, whoever acts.
        const auto now = steady::now();
        if (run.next_slot == steady::time_point{}) {
          // Tables are independent: each starts at its own phase of the interval, or they
          // would all act in the same instant, every interval.
          const auto phase = interval_.count() > 0
                                 ? std::chrono::nanoseconds(static_cast<std::int64_t>(
                                       rng_.next() % static_cast<std::uint64_t>(interval_.count())))
                                 : std::chrono::nanoseconds(0);
          run.next_slot = now + phase - interval_;
        }
        run.next_slot = std::max(run.next_slot + interval_, now);
        if (run.next_slot > now) {
          pace.expires_at(run.next_slot);
          co_await pace.async_wait(use_awaitable);
        }
        pending = true;
        awaiting_view = true;
        sent_at = steady::now();
        if (measuring_) {
          ++t_.actions;
          if (routed) ++t_.routed_actions;
        }
        co_await send(*ws, act_text(choice, ++action_id));
      }
      co_await ws->async_close(websocket::close_code::normal, use_awaitable);
    } catch (const std::exception& e) {
      if (!stopping_ && in_game) {
        ++t_.disconnects;
        if (t_.disconnects <= 5)
          std::cerr << "loadtest: client " << t << "/" << seat << ": " << e.what() << '\n';
      }
    }
  }

  // Every seat taken, every guest ready.
  bool all_ready(const json& j) const {
    if (!j.contains("seats")) return false;
    for (const json& s : j["seats"]) {
      if (s.value("status", "empty") == "empty") return false;
      if (s.value("seat", 0) != 0 && !s.value("ready", false)) return false;
    }
    return true;
  }

  net::awaitable<void> monitor(steady::time_point t0) {
    net::steady_timer timer(co_await net::this_coro::executor);
    // Ramp up: wait until every table has started its first game (or a minute passes).
    for (;;) {
      int started = 0;
      for (const auto& r : tables_)
        if (!r.id.empty()) ++started;
      const bool all_in = t_.clients_connected + static_cast<int>(t_.connect_failures) >=
                          o_.tables * o_.clients_per_table;
      if ((all_in && started == o_.tables && search_tables_started_ == o_.search_tables) ||
          steady::now() - t0 > std::chrono::minutes(3))
        break;
      timer.expires_after(std::chrono::milliseconds(100));
      co_await timer.async_wait(use_awaitable);
    }
    // Let every table start before the window opens.
    timer.expires_after(std::chrono::seconds(1));
    co_await timer.async_wait(use_awaitable);
    const double ramp = std::chrono::duration<double>(steady::now() - t0).count();
    for (auto& s : servers_) s.start = sample_process(s.pid);
    const auto w0 = steady::now();
    measuring_ = true;
    std::printf("crownhall loadtest: %d tables x %d clients, %s, %.2f actions/s per table\n",
                o_.tables, o_.clients_per_table, o_.game.c_str(), o_.actions_per_second);
    if (o_.search_tables > 0)
      std::printf("beside them: %d of %d tables of %d search bots playing on their own\n",
                  search_tables_started_, o_.search_tables, o_.clients_per_table - 1);
    std::printf("ramp-up: %d clients connected in %.1f s (%llu failed)\n", t_.clients_connected,
                ramp, static_cast<unsigned long long>(t_.connect_failures));
    std::fflush(stdout);
    for (;;) {
      timer.expires_after(std::chrono::milliseconds(200));
      co_await timer.async_wait(use_awaitable);
      const double elapsed = std::chrono::duration<double>(steady::now() - w0).count();
      if (t_.tables_done >= o_.tables) break;
      if (o_.duration_seconds > 0 && elapsed >= o_.duration_seconds) break;
    }
    measuring_ = false;
    const double window = std::chrono::duration<double>(steady::now() - w0).count();
    for (auto& s : servers_) s.end = sample_process(s.pid);
    report(window);
    stopping_ = true;
    ioc_.stop();
  }

  void report(double window) {
    std::sort(t_.latency_us.begin(), t_.latency_us.end());
    std::sort(t_.routed_latency_us.begin(), t_.routed_latency_us.end());
    std::vector<std::uint32_t> all;  // local and routed together: the figure of one node
    std::merge(t_.latency_us.begin(), t_.latency_us.end(), t_.routed_latency_us.begin(),
               t_.routed_latency_us.end(), std::back_inserter(all));
    std::printf("window: %.1f s; %llu actions (%.0f/s); %llu table messages (%.0f/s)\n", window,
                static_cast<unsigned long long>(t_.actions),
                static_cast<double>(t_.actions) / window,
                static_cast<unsigned long long>(t_.table_messages),
                static_cast<double>(t_.table_messages) / window);
    print_latency("latency, action sent -> sender's next table message", all);
    if (routing()) {
      print_latency("  local clients, connected to the table's node", t_.latency_us);
      print_latency("  routed clients, connected to the other node", t_.routed_latency_us);
    }
    std::printf(
        "games finished: %d of %d tables; errors: %llu; disconnects: %llu; connect failures: "
        "%llu\n",
        t_.tables_done, o_.tables, static_cast<unsigned long long>(t_.errors),
        static_cast<unsigned long long>(t_.disconnects),
        static_cast<unsigned long long>(t_.connect_failures));
    for (const auto& [code, n] : t_.error_codes)
      std::printf("  error %s: %llu\n", code.c_str(), static_cast<unsigned long long>(n));
    for (const auto& s : servers_) report_server(s, window);
    if (routing()) report_cpu_per_action();
    std::fflush(stdout);
    report_code_ = (t_.errors || t_.disconnects || t_.connect_failures) ? 3 : 0;
  }

  // CPU and memory of one server; memory per connection of the connections it holds.
  void report_server(const watched_server& s, double window) const {
    const int conns = std::max(1, s.routed ? t_.routed_clients_connected
                                           : t_.clients_connected - t_.routed_clients_connected);
    std::printf(
        "server pid %d%s: CPU %.1f%% of one core; RSS %.1f MB (before connections %.1f MB): "
        "%.1f KB per connection (%.1f KB counting the whole process)\n",
        s.pid, s.role.c_str(), 100.0 * (s.end.cpu_seconds - s.start.cpu_seconds) / window,
        s.end.rss_kb / 1024.0, s.idle.rss_kb / 1024.0,
        static_cast<double>(s.end.rss_kb - std::min(s.end.rss_kb, s.idle.rss_kb)) / conns,
        static_cast<double>(s.end.rss_kb) / conns);
  }

  // Each node's CPU over the window per action played (every action costs both nodes: the
  // table's node runs and stores it, the other carries the routed seats' requests and
  // views), and both together, to compare with one node serving every client.
  void report_cpu_per_action() const {
    const double actions = static_cast<double>(std::max<std::uint64_t>(1, t_.actions));
    double total = 0;
    for (const auto& s : servers_) {
      const double cpu = s.end.cpu_seconds - s.start.cpu_seconds;
      total += cpu;
      std::printf("server pid %d%s: %.3f ms of CPU per action (%.2f s over %llu actions)\n", s.pid,
                  s.role.c_str(), 1000.0 * cpu / actions, cpu,
                  static_cast<unsigned long long>(t_.actions));
    }
    if (servers_.size() > 1)
      std::printf("both nodes: %.3f ms of CPU per action (%llu of %llu actions routed)\n",
                  1000.0 * total / actions, static_cast<unsigned long long>(t_.routed_actions),
                  static_cast<unsigned long long>(t_.actions));
  }

  const loadtest_options& o_;
  net::io_context ioc_{1};
  prng rng_;
  json options_;
  std::vector<table_run> tables_;
  std::chrono::nanoseconds interval_{};
  load_totals t_;
  std::vector<watched_server> servers_;
  int connecting_ = 0;
  int search_tables_started_ = 0;
  bool measuring_ = false;
  bool stopping_ = false;
  int report_code_ = 0;
};

}  // namespace

int run_loadtest(const loadtest_options& options) {
  loadtest_options o = options;
  json parsed = json::parse(o.options_json, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    std::cerr << "loadtest: --options must be a JSON object\n";
    return 1;
  }
  std::unique_ptr<server> in_process;
  std::thread server_thread;
  if (o.in_process) {
    spdlog::set_level(spdlog::level::warn);
    server_config cfg;
    cfg.port = 0;
    cfg.threads = o.server_threads;
    cfg.rules.bot_delay_ms = 0;
    cfg.rules.unattended_stop_ms = 0;  // --search-tables: bots alone, thinking all the time
    // Every client is this machine: no limit per address.
    cfg.max_connections_per_address = 0;
    cfg.new_sessions_per_minute = 0;
    cfg.new_tables_per_minute = 0;
    in_process = std::make_unique<server>(cfg);
    o.port = in_process->start();
    o.host = "127.0.0.1";
    server_thread = std::thread([&] { in_process->run(); });
  }
  int code = 0;
  {
    load l(o);
    code = l.run();
  }
  if (in_process) {
    in_process->stop();
    server_thread.join();
  }
  return code;
}

}  // namespace crownhall::server
