// shared_state: what every connection, the lobby and every table share — the
// configuration, the sessions, the lobby, the metrics, and the list of live connections
// that a shutdown must reach. Internal to the server (includes Asio).
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include "server/address_limits.hpp"
#include "server/client_address.hpp"
#include "server/config.hpp"
#include "server/http/rate_sampler.hpp"
#include "server/metrics.hpp"
#include "server/session_registry.hpp"
#include "server/table/deals/deals_in_play.hpp"
#include "server/table/table.hpp"

namespace crownhall::server {

namespace net = boost::asio;
using strand_type = net::strand<net::io_context::executor_type>;

class lobby;
class durable_tables;
class search_workers;
class node_presence;
class node_router;
class table_home_lookups;
class store_calls;
struct account_desk;

// A connection a shutdown must close (WebSocket or plain HTTP).
class live_connection {
 public:
  virtual ~live_connection() = default;
  // Tells the client (WebSocket: `shutdown`) and closes cleanly; from any thread.
  virtual void shut_down() = 0;
};

class shared_state {
 public:
  shared_state(net::io_context& ioc, server_config config);
  ~shared_state();

  net::io_context& ioc;
  const server_config config;
  server_metrics metrics;
  // What one client address may take (connections, new sessions, new tables), and the
  // proxies believed about who the client is (--trusted-proxy).
  const std::shared_ptr<address_limits> limits;
  const std::vector<address_range> trusted_proxies;
  rate_sampler message_rates;  // the admin page's messages per second
  session_registry sessions;
  deals_in_play repeated_deals;  // "Play this deal again": one table at a time per deal
  // The store (docs/storage.md); null when the server runs without a data directory.
  // Declared before `tables`: destroyed after every table.
  std::unique_ptr<durable_tables> durable;
  // With the store: where a `hello`, a player's history or a sweep waits on the database,
  // off the sockets' threads. Declared after `durable`: destroyed, its calls ended, before it.
  std::unique_ptr<store_calls> store_work;
  // With the store: the account requests' relying party and sign-in limits (account_api). A
  // shared_ptr, whose deleter is made where it is made: the lobby does not include the account
  // requests, which stand above it.
  std::shared_ptr<account_desk> accounts;
  std::unique_ptr<lobby> tables;
  // One node of several with --redis: the live nodes, through Redis; else null.
  std::unique_ptr<node_presence> presence;
  // One node of several with --redis: requests for other nodes' tables, one lobby
  // (docs/cluster.md).
  std::unique_ptr<node_router> router;
  // With the router: where another node's table lives, asked off the sockets' threads.
  std::unique_ptr<table_home_lookups> homes;
  nlohmann::json games;  // welcome's list of games, built once
  // The Origins of our own pages (http_rules.hpp); set once by start(), before the first
  // connection is accepted, and only read after.
  std::vector<std::string> own_origins;
  std::atomic<bool> stopping{false};
  // SIGTERM's first step, before `stopping`: /readyz 503, create_table refused.
  std::atomic<bool> draining{false};
  // Where search bots think. Declared last, destroyed first: no search outlives the tables.
  std::unique_ptr<search_workers> search;

  static moment now() {
    using namespace std::chrono;
    return {duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count(),
            duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count()};
  }

  void add_connection(const std::shared_ptr<live_connection>& c);
  void remove_connection(const live_connection* c);
  std::vector<std::shared_ptr<live_connection>> connections() const;
  std::size_t connection_count() const;

 private:
  mutable std::mutex mutex_;
  std::unordered_map<const live_connection*, std::weak_ptr<live_connection>> live_;
};

}  // namespace crownhall::server
