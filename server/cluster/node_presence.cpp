#include "server/cluster/node_presence.hpp"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <tuple>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "server/cluster/redis/redis_client.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/shared_state.hpp"
#include "server/lobby/table_room.hpp"

namespace crownhall::server {

using json = nlohmann::json;

namespace {

constexpr auto write_every = std::chrono::seconds(1);
constexpr std::int64_t dead_after_ms = 5000;  // five missed writes

}  // namespace

struct node_presence::impl : std::enable_shared_from_this<impl> {
  impl(shared_state& s, redis::redis_address address, std::string instance_id,
       const cluster_names& cluster)
      : state(s),
        client(s.ioc, std::move(address)),
        instance(std::move(instance_id)),
        nodes_key(cluster.nodes),
        strand(net::make_strand(s.ioc)),
        timer(strand) {}

  shared_state& state;
  redis::redis_client client;
  const std::string instance;
  const std::string nodes_key;  // cluster_names::nodes
  const std::int64_t started_unix_ms = shared_state::now().unix_ms;
  strand_type strand;
  net::steady_timer timer;
  bool stopped = false;  // on the strand

  mutable std::mutex mutex;
  json known = json::array();  // the last read, live entries only

  json own_entry() const {
    json tables = json::array();
    for (const auto& room : state.tables->rooms()) tables.push_back(room->id());
    return {{"node", state.config.node},
            {"instance", instance},
            {"tables", std::move(tables)},
            {"connections", state.metrics.connections_open.load()},
            {"started_unix_ms", started_unix_ms},
            {"seen_unix_ms", shared_state::now().unix_ms}};
  }

  void tick() {
    if (stopped) return;
    if (client.connected()) {
      client.command({"HSET", nodes_key, instance, own_entry().dump()}, [](redis::redis_reply r) {
        if (r.is_error()) spdlog::warn("presence: {}", r.text);
      });
      client.command({"HGETALL", nodes_key},
                     [self = shared_from_this()](redis::redis_reply r) { self->read(r); });
    }
    timer.expires_after(write_every);
    timer.async_wait([self = shared_from_this()](boost::system::error_code ec) {
      if (!ec) self->tick();
    });
  }

  // HGETALL's answer: field, value, field, value...
  void read(const redis::redis_reply& r) {
    if (!r.is_array()) return;
    const std::int64_t now = shared_state::now().unix_ms;
    json live = json::array();
    for (std::size_t i = 0; i + 1 < r.elements.size(); i += 2) {
      const std::string& field = r.elements[i].text;
      json entry = json::parse(r.elements[i + 1].text, nullptr, false);
      const bool fresh = entry.is_object() && entry.contains("seen_unix_ms") &&
                         entry["seen_unix_ms"].is_number_integer() &&
                         now - entry["seen_unix_ms"].get<std::int64_t>() < dead_after_ms;
      if (!fresh) {
        // A dead node's entry: whoever reads it first takes it out.
        client.command({"HDEL", nodes_key, field}, [](redis::redis_reply) {});
        continue;
      }
      entry["self"] = field == instance;
      live.push_back(std::move(entry));
    }
    std::sort(live.begin(), live.end(), [](const json& a, const json& b) {
      return std::tie(a["node"], a["instance"]) < std::tie(b["node"], b["instance"]);
    });
    std::lock_guard lock(mutex);
    known = std::move(live);
  }
};

node_presence::node_presence(shared_state& state, const std::string& redis_url,
                             std::string instance, cluster_names cluster) {
  auto parsed = redis::parse_redis_address(redis_url);
  if (!parsed.address) throw std::invalid_argument(parsed.error);
  impl_ = std::make_shared<impl>(state, *parsed.address, std::move(instance), cluster);
  impl_->client.on_link_change([url = parsed.address->text()](bool up) {
    if (up)
      spdlog::info("presence: linked to Redis at {}", url);
    else
      spdlog::warn("presence: Redis link to {} down", url);
  });
  impl_->client.start();
  net::post(impl_->strand, [self = impl_] { self->tick(); });
}

node_presence::~node_presence() {
  stop();
  impl_->client.stop();  // no reply is handled after this
}

void node_presence::stop() {
  // Out of the list at once (not after 5 s), so that other nodes stop showing this one.
  net::post(impl_->strand, [self = impl_] {
    if (self->stopped) return;
    self->stopped = true;
    self->timer.cancel();
    // Then the link closes: its pending read (or its reconnect timer) would keep the
    // server's io_context, and so the process, from ending.
    if (!self->client.connected()) return self->client.stop();
    self->client.command({"HDEL", self->nodes_key, self->instance},
                         [self](redis::redis_reply) { self->client.stop(); });
  });
}

bool node_presence::linked() const { return impl_->client.connected(); }

json node_presence::nodes() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->known;
}

int node_presence::nodes_sharing_tables() const {
  if (!linked()) return 1;
  // Entries are written every second and read every second: a live node's is at most about
  // two seconds old here, a dead one's older by the time its leases have run out.
  constexpr std::int64_t sharing_within_ms = 2500;
  const std::int64_t now = shared_state::now().unix_ms;
  std::lock_guard lock(impl_->mutex);
  int n = 0;
  bool self = false;
  for (const json& e : impl_->known) {
    self = self || e.value("self", false);
    if (e.value("self", false) ||
        now - e.value("seen_unix_ms", std::int64_t{0}) < sharing_within_ms)
      ++n;
  }
  return self ? n : n + 1;
}

}  // namespace crownhall::server
