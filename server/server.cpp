#include "server/server.hpp"

#include <sched.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
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

#include "protocol/server_messages.hpp"
#include "server/account_api/account_desk.hpp"
#include "server/accounts/password_hash.hpp"
#include "server/cluster/node_presence.hpp"
#include "server/cluster/node_router.hpp"
#include "server/cluster/redis/redis_address.hpp"
#include "server/cluster/table_home_lookups.hpp"
#include "server/connection_link.hpp"
#include "server/http/http_rules.hpp"
#include "server/lobby/durable_tables.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/shared_state.hpp"
#include "server/lobby/store_calls.hpp"
#include "server/lobby/table_room.hpp"
#include "server/net/listener.hpp"
#include "server/store/account_store.hpp"

namespace crownhall::server {

int available_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

namespace {

// Store calls a connection's request may wait on at once (people arriving, look-ups of other
// nodes' tables): a few people joining while it is slow to answer, without a thread per
// connection.
constexpr int lookup_threads = 4;

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
      : ioc(c.threads),
        control(net::make_strand(ioc)),
        state(ioc, std::move(c)),
        sweeper(control),
        signals(control),
        closer(control),
        drainer(control) {}

  net::io_context ioc;
  // The signals, the drain, the stop and their timers take turns here: a timer is not to
  // be re-armed on one thread while another cancels it.
  strand_type control;
  shared_state state;
  std::shared_ptr<listener> accept;
  net::steady_timer sweeper;
  net::signal_set signals;
  net::steady_timer closer;
  int close_polls = 0;
  net::steady_timer drainer;
  std::chrono::steady_clock::time_point drain_deadline;

  // One node of several (--node): renews this node's leases and takes over the tables no
  // node holds, twice a second, on a thread of its own, since a takeover waits on
  // PostgreSQL and replays logs: never on the threads that serve players.
  std::thread lease_keeper;
  std::mutex lease_mutex;
  std::condition_variable lease_wake;
  bool lease_stop = false;

  void keep_leases() {
    lease_keeper = std::thread([this] {
      // On a steady beat, not half a second after each round ends: a round that replays
      // many taken-over tables must not stretch the time between this node's visits to the
      // database into what looks like the database having been away (database_reach).
      constexpr auto beat = std::chrono::milliseconds(500);
      std::unique_lock lock(lease_mutex);
      auto next = std::chrono::steady_clock::now() + beat;
      while (!lease_wake.wait_until(lock, next, [this] { return lease_stop; })) {
        lock.unlock();
        state.durable->keep_leases(state);
        lock.lock();
        next = std::max(next + beat, std::chrono::steady_clock::now());
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
      // The store's part of the sweep waits on the database: not on this I/O thread.
      if (state.store_work)
        state.store_work->post([&st = state] {
          const moment now = shared_state::now();
          st.durable->sweep_sessions(st, now);
          if (auto gone = st.durable->store().accounts().forget_expired_challenges(now.unix_ms);
              !gone)
            spdlog::error("store: forget_expired_challenges: {}", gone.error());
        });
      if (state.accounts) state.accounts->limits.forget_full(shared_state::now().mono_ms);
      state.limits->forget_idle(shared_state::now().mono_ms);
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
    if (state.homes) state.homes->stop();
    boost::system::error_code ec;
    signals.cancel(ec);
    drainer.cancel();
    state.tables->stop();
    for (auto& room : state.tables->rooms()) room->stop();
    for (auto& c : state.connections()) c->shut_down();
    wait_for_close();
  }

  // SIGTERM's first step (docs/hosting.md, "Stopping"): the balancer is told at once
  // (/readyz 503 "draining"), no new table is opened, everyone is told the server stops, and
  // the games under way get until the drain's end to finish. Then shut_down() as before.
  void drain() {
    if (state.stopping) return;
    const auto ms = state.config.drain_ms;
    if (ms <= 0) return shut_down();
    if (state.draining.exchange(true)) return;
    const auto seconds = (ms + 999) / 1000;
    spdlog::info(
        "draining: /readyz answers 503, no new tables; stopping once no game is under way, "
        "or in {} s",
        seconds);
    const auto notice = make_message(
        protocol::encode_shutdown("server is stopping within " + std::to_string(seconds) +
                                  " s; your game is kept: reconnect in a minute"));
    for (const auto& c : state.connections())
      if (auto* link = dynamic_cast<connection_link*>(c.get()))
        link->deliver(notice, message_kind::other);
    drain_deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    watch_drain();
  }

  // A table's state is read without a post to its strand (table_room::state_now), so this
  // never waits on a table; a tenth of a second's lag past a game's end is no matter.
  void watch_drain() {
    if (state.stopping) return;
    const auto rooms = state.tables->rooms();
    const bool under_way = std::any_of(rooms.begin(), rooms.end(), [](const auto& room) {
      return room->state_now() == table_state::playing;
    });
    if (!under_way) {
      spdlog::info("draining: no game is under way");
      return shut_down();
    }
    if (std::chrono::steady_clock::now() >= drain_deadline) {
      spdlog::info("draining: time is up with games under way; their tables are kept");
      return shut_down();
    }
    drainer.expires_after(std::chrono::milliseconds(100));
    drainer.async_wait([this](boost::system::error_code ec) {
      if (!ec) watch_drain();
    });
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
    st.store_work = std::make_unique<store_calls>(lookup_threads);
    // Before the tables come back: the edges routed to a table this node claims follow it.
    if (!st.config.redis.empty()) {
      st.router = std::make_unique<node_router>(st, st.config.redis, st.durable->node_id(),
                                                cluster_names(st.durable->cluster_id()));
      st.homes = std::make_unique<table_home_lookups>(st.durable->store(), lookup_threads);
    }
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
  // Before the first connection: a relying party no browser would accept stops the start.
  auto desk = make_account_desk(st.config.webauthn_rp_id, st.config.webauthn_origin,
                                "http://localhost:" + std::to_string(impl_->accept->port()));
  if (st.durable) {
    if (!desk->relying_party) spdlog::warn("passkeys off: {}", desk->passkeys_off);
    st.accounts = std::move(desk);
    // Made now, so that the first sign-in with an unknown name takes no longer than others.
    (void)accounts::stand_in_password_hash();
  }
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
  net::post(impl_->control, [this] { impl_->shut_down(); });
}

void server::stop_on_signals() {
  impl_->signals.add(SIGINT);
  impl_->signals.add(SIGTERM);
  wait_for_signal();
}

// The first signal drains; a second one, while draining, stops at once (a host at the
// terminal who pressed Ctrl-C twice).
void server::wait_for_signal() {
  impl_->signals.async_wait([this](boost::system::error_code ec, int sig) {
    if (ec) return;
    if (impl_->state.draining) {
      spdlog::info("signal {} while draining: stopping now", sig);
      return impl_->shut_down();
    }
    spdlog::info("signal {}: stopping", sig);
    impl_->drain();
    // Unless the drain stopped at once (nothing under way): a wait left pending then would
    // keep the io_context running after the stop.
    if (!impl_->state.stopping) wait_for_signal();
  });
}

std::uint16_t server::port() const { return impl_->accept ? impl_->accept->port() : 0; }
const server_metrics& server::metrics() const { return impl_->state.metrics; }
const server_config& server::config() const { return impl_->state.config; }

}  // namespace crownhall::server
