#include "server/server.hpp"

#include <sched.h>
#include <sys/resource.h>

#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include <spdlog/spdlog.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include "server/durable_tables.hpp"
#include "server/http_rules.hpp"
#include "server/listener.hpp"
#include "server/lobby.hpp"
#include "server/node_presence.hpp"
#include "server/node_router.hpp"
#include "server/redis/redis_address.hpp"
#include "server/shared_state.hpp"
#include "server/table_room.hpp"

namespace crownhall::server {

int available_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

namespace {

// Raises the open-files limit to its hard maximum and returns the connection cap that
// leaves room for files, the listener and HTTP requests.
std::size_t default_max_connections() {
  rlimit r{};
  if (getrlimit(RLIMIT_NOFILE, &r) != 0) return 1000;
  if (r.rlim_cur < r.rlim_max) {
    r.rlim_cur = r.rlim_max;
    setrlimit(RLIMIT_NOFILE, &r);
    getrlimit(RLIMIT_NOFILE, &r);
  }
  const auto limit = static_cast<std::size_t>(r.rlim_cur);
  return limit > 256 ? limit - 200 : limit / 2;
}

server_config completed(server_config c) {
  if (c.max_connections == 0) c.max_connections = default_max_connections();
  if (c.threads <= 0) c.threads = available_cpus();
  if (c.search_threads <= 0) c.search_threads = std::max(1, available_cpus() / 2);
  return c;
}

}  // namespace

struct server::impl {
  explicit impl(server_config c)
      : ioc(c.threads), state(ioc, std::move(c)), sweeper(ioc), signals(ioc), closer(ioc) {}

  net::io_context ioc;
  shared_state state;
  std::shared_ptr<listener> accept;
  net::steady_timer sweeper;
  net::signal_set signals;
  net::steady_timer closer;
  int close_polls = 0;

  // One node of several (--node): renews this node's leases and takes over the tables no
  // node holds, twice a second, on a thread of its own, since a takeover waits on
  // PostgreSQL and replays logs: never on the threads that serve players.
  std::thread lease_keeper;
  std::mutex lease_mutex;
  std::condition_variable lease_wake;
  bool lease_stop = false;

  void keep_leases() {
    lease_keeper = std::thread([this] {
      std::unique_lock lock(lease_mutex);
      while (!lease_wake.wait_for(lock, std::chrono::milliseconds(500),
                                  [this] { return lease_stop; })) {
        lock.unlock();
        state.durable->keep_leases(state);
        lock.lock();
      }
    });
  }
  void stop_keeping_leases() {
    {
      std::lock_guard lock(lease_mutex);
      lease_stop = true;
    }
    lease_wake.notify_all();
    if (lease_keeper.joinable()) lease_keeper.join();
  }
  ~impl() { stop_keeping_leases(); }

  void sweep() {
    const auto every = std::chrono::milliseconds(
        std::clamp<std::int64_t>(state.config.session_ttl_ms / 4, 1000, 60000));
    sweeper.expires_after(every);
    sweeper.async_wait([this](boost::system::error_code ec) {
      if (ec || state.stopping) return;
      const auto gone =
          state.sessions.expire(shared_state::now().mono_ms, state.config.session_ttl_ms);
      for (const auto& p : gone) {
        spdlog::info("session {} expired", p->id());
        if (auto room = p->table()) room->leave(p, nullptr);
      }
      if (state.durable) state.durable->sweep_sessions(state, shared_state::now());
      sweep();
    });
  }

  void shut_down() {
    if (state.stopping.exchange(true)) return;
    spdlog::info("stopping: {} connections, {} tables", state.connection_count(),
                 state.tables->size());
    if (accept) accept->stop();
    sweeper.cancel();
    stop_keeping_leases();
    if (state.presence) state.presence->stop();
    if (state.router) state.router->stop();
    boost::system::error_code ec;
    signals.cancel(ec);
    state.tables->stop();
    for (auto& room : state.tables->rooms()) room->stop();
    for (auto& c : state.connections()) c->shut_down();
    wait_for_close();
  }

  // Returns once every connection has closed; a client that never answers the close
  // handshake must not hold the process for more than 5 s.
  void wait_for_close() {
    if (state.connection_count() == 0) return;
    if (++close_polls > 250) {
      spdlog::warn("stopping: {} connections still open after 5 s, closing hard",
                   state.connection_count());
      ioc.stop();
      return;
    }
    closer.expires_after(std::chrono::milliseconds(20));
    closer.async_wait([this](boost::system::error_code ec) {
      if (!ec) wait_for_close();
    });
  }
};

server::server(server_config config)
    : impl_(std::make_unique<impl>(completed(std::move(config)))) {}

server::~server() {
  if (!impl_->ioc.stopped()) {
    impl_->ioc.stop();
  }
}

std::uint16_t server::start() {
  auto& st = impl_->state;
  boost::system::error_code ec;
  const auto address = net::ip::make_address(st.config.bind, ec);
  if (ec) throw std::runtime_error("--bind " + st.config.bind + ": not an IP address");
  if (!st.config.redis.empty()) {
    if (st.config.node.empty()) throw std::runtime_error("--redis: only nodes (--node) use Redis");
    if (auto parsed = redis::parse_redis_address(st.config.redis); !parsed.address)
      throw std::runtime_error(parsed.error);
  }
  if ((!st.config.data_dir.empty() || !st.config.database.empty()) && !st.durable) {
    // Every table that was in progress is back before the first connection is accepted.
    st.durable = durable_tables::open(st.config.data_dir, st.config.database, st.config.node);
    // Before the tables come back: the edges routed to a table this node claims follow it.
    if (!st.config.redis.empty())
      st.router = std::make_unique<node_router>(st, st.config.redis, st.durable->node_id(),
                                                cluster_names(st.durable->cluster_id()));
    st.durable->restore(st);
    if (!st.config.node.empty()) impl_->keep_leases();
  }
  if (!st.config.redis.empty())
    st.presence = std::make_unique<node_presence>(st, st.config.redis, st.durable->node_id(),
                                                  cluster_names(st.durable->cluster_id()));
  try {
    impl_->accept = std::make_shared<listener>(st, net::ip::tcp::endpoint(address, st.config.port));
  } catch (const boost::system::system_error& e) {
    throw std::runtime_error("cannot listen on " + st.config.bind + ":" +
                             std::to_string(st.config.port) + ": " + e.code().message());
  }
  st.own_origins = own_origins(st.config.bind, impl_->accept->port());
  impl_->accept->run();
  impl_->sweep();
  spdlog::info("listening on http://{}:{} ({} threads, up to {} connections, web root {})",
               st.config.bind, impl_->accept->port(), st.config.threads, st.config.max_connections,
               st.config.web_root.empty() ? "none" : st.config.web_root);
  return impl_->accept->port();
}

void server::run() {
  const int n = impl_->state.config.threads;
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(n > 1 ? n - 1 : 0));
  for (int i = 1; i < n; ++i) threads.emplace_back([this] { impl_->ioc.run(); });
  impl_->ioc.run();
  for (auto& t : threads) t.join();
  spdlog::info("stopped");
}

void server::stop() {
  net::post(impl_->ioc, [this] { impl_->shut_down(); });
}

void server::stop_on_signals() {
  impl_->signals.add(SIGINT);
  impl_->signals.add(SIGTERM);
  impl_->signals.async_wait([this](boost::system::error_code ec, int sig) {
    if (ec) return;
    spdlog::info("signal {}: stopping", sig);
    impl_->shut_down();
  });
}

std::uint16_t server::port() const { return impl_->accept ? impl_->accept->port() : 0; }
const server_metrics& server::metrics() const { return impl_->state.metrics; }
const server_config& server::config() const { return impl_->state.config; }

}  // namespace crownhall::server
