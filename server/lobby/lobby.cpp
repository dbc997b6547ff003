#include "server/lobby/lobby.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "protocol/server_messages.hpp"
#include "server/lobby/table_room.hpp"
#include "server/secure_random.hpp"

namespace crownhall::server {

using json = nlohmann::json;

namespace {

// Where a lobby line goes: tables with people first (waiting for players, then in play),
// then those left with bots only, each kind by age. A table with no person seated has no
// host (`host` is null, table::lobby_entry): bots finishing a game nobody plays any more
// are not what a person comes to the lobby for.
int lobby_rank(const json& line) {
  const auto state = line.contains("state") && line["state"].is_string()
                         ? line["state"].get<std::string>()
                         : std::string();
  const int by_state = state == "waiting" ? 0 : state == "playing" ? 1 : 2;
  const bool people = line.contains("host") && !line["host"].is_null();
  return (people ? 0 : 3) + by_state;
}

}  // namespace

lobby::lobby(shared_state& state)
    : state_(state), strand_(net::make_strand(state.ioc)), timer_(strand_) {}

lobby::~lobby() = default;

std::shared_ptr<table_room> lobby::create(const game_module& game, table_settings settings) {
  std::shared_ptr<table_room> room;
  {
    std::lock_guard lock(mutex_);
    std::string id, invite;
    // Unique on this node by the check; among nodes sharing a database (which refuses a
    // second table of one id) by its length: 64 random bits never meet in practice.
    const std::size_t id_bytes = state_.config.node.empty() ? 4 : 8;
    do id = "t-" + secure_random_hex(id_bytes);
    while (rooms_.count(id));
    do invite = secure_random_code(16);
    while (by_invite_.count(invite));
    room = std::make_shared<table_room>(state_, id, invite, game, std::move(settings),
                                        secure_random_u64());
    rooms_.emplace(id, room);
    by_invite_.emplace(invite, room);
  }
  state_.metrics.tables_open.fetch_add(1, std::memory_order_relaxed);
  state_.metrics.tables_total.fetch_add(1, std::memory_order_relaxed);
  return room;
}

std::shared_ptr<table_room> lobby::make_restored(const std::string& id, const std::string& invite,
                                                 const game_module& game, table_settings settings) {
  {
    std::lock_guard lock(mutex_);
    if (rooms_.count(id) || by_invite_.count(invite)) return nullptr;
  }
  return std::make_shared<table_room>(state_, id, invite, game, std::move(settings),
                                      secure_random_u64());
}

bool lobby::add_restored(const std::shared_ptr<table_room>& room) {
  {
    std::lock_guard lock(mutex_);
    if (rooms_.count(room->id()) || by_invite_.count(room->invite())) return false;
    rooms_.emplace(room->id(), room);
    by_invite_.emplace(room->invite(), room);
  }
  state_.metrics.tables_open.fetch_add(1, std::memory_order_relaxed);
  state_.metrics.tables_total.fetch_add(1, std::memory_order_relaxed);
  return true;
}

std::shared_ptr<table_room> lobby::find(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

std::shared_ptr<table_room> lobby::find_by_invite(const std::string& code) const {
  std::lock_guard lock(mutex_);
  auto it = by_invite_.find(code);
  return it == by_invite_.end() ? nullptr : it->second;
}

void lobby::remove(const table_room& room) {
  std::shared_ptr<table_room> a, b;  // released outside the lock
  {
    std::lock_guard lock(mutex_);
    if (auto it = rooms_.find(room.id()); it != rooms_.end() && it->second.get() == &room) {
      a = std::move(it->second);
      rooms_.erase(it);
    }
    if (auto it = by_invite_.find(room.invite());
        it != by_invite_.end() && it->second.get() == &room) {
      b = std::move(it->second);
      by_invite_.erase(it);
    }
  }
  if (a) state_.metrics.tables_open.fetch_sub(1, std::memory_order_relaxed);
  update(room.id(), nullptr);
}

std::vector<std::shared_ptr<table_room>> lobby::rooms() const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<table_room>> out;
  out.reserve(rooms_.size());
  for (const auto& [id, r] : rooms_) out.push_back(r);
  return out;
}

std::size_t lobby::size() const {
  std::lock_guard lock(mutex_);
  return rooms_.size();
}

void lobby::subscribe(const std::shared_ptr<connection_link>& who, json id) {
  net::post(strand_, [this, who, id = std::move(id)] {
    subscribers_[who.get()] = who;
    if (!current_) {
      push();
    } else {
      // The latest list at once; if it is stale, the next scheduled push follows within
      // lobby_interval_ms. Pushing here instead would rebuild and send the whole list to
      // everyone on every arrival: quadratic when thousands connect at once.
      who->deliver(current_, message_kind::other);
      if (dirty_) schedule();
    }
    if (!id.is_null()) who->deliver(make_message(protocol::encode_ack(id)), message_kind::other);
  });
}

void lobby::unsubscribe(const connection_link* who) {
  net::post(strand_, [this, who] { subscribers_.erase(who); });
}

void lobby::update(const std::string& table_id, json line) {
  net::post(strand_, [this, table_id, line = std::move(line)]() mutable {
    if (line.is_null()) {
      if (!entries_.erase(table_id)) return;
    } else {
      auto it = entries_.find(table_id);
      if (it == entries_.end())
        entries_.emplace(table_id, entry{next_order_++, std::move(line)});
      else if (it->second.line == line)
        return;
      else
        it->second.line = std::move(line);
    }
    dirty_ = true;
    if (!subscribers_.empty() || share_) schedule();
  });
}

void lobby::share_with(std::function<void(const json&)> share) { share_ = std::move(share); }

void lobby::reshare() {
  net::post(strand_, [this] {
    if (share_) share_(local_lines());
  });
}

void lobby::set_remote(const std::string& node, json lines) {
  net::post(strand_, [this, node, lines = std::move(lines)]() mutable {
    auto it = remote_.find(node);
    const std::int64_t now = shared_state::now().mono_ms;
    if (it != remote_.end() && it->second.lines == lines) {
      it->second.seen_mono_ms = now;
      return;
    }
    if (lines.empty() || !lines.is_array()) {
      if (it == remote_.end()) return;
      remote_.erase(it);
    } else {
      remote_[node] = {std::move(lines), now};
    }
    dirty_ = true;
    if (!subscribers_.empty()) schedule();
  });
}

void lobby::forget_remote_before(std::int64_t mono_ms) {
  net::post(strand_, [this, mono_ms] {
    const auto gone = std::erase_if(
        remote_, [&](const auto& node) { return node.second.seen_mono_ms < mono_ms; });
    if (gone == 0) return;
    dirty_ = true;
    if (!subscribers_.empty()) schedule();
  });
}

// At most one push per lobby_interval_ms: the first change pushes at once, later ones wait.
void lobby::schedule() {
  if (timer_armed_ || state_.stopping) return;
  const std::int64_t now = shared_state::now().mono_ms;
  const std::int64_t due = last_push_ms_ + state_.config.lobby_interval_ms;
  if (now >= due) {
    push();
    return;
  }
  timer_armed_ = true;
  timer_.expires_after(std::chrono::milliseconds(due - now));
  timer_.async_wait([this](boost::system::error_code ec) {
    timer_armed_ = false;
    if (ec || state_.stopping) return;
    if (dirty_) push();
  });
}

// This node's public tables in lobby order (lobby_rank), then by age.
json lobby::local_lines() const {
  std::vector<const entry*> list;
  list.reserve(entries_.size());
  for (const auto& [id, e] : entries_) list.push_back(&e);
  std::sort(list.begin(), list.end(), [&](const entry* a, const entry* b) {
    const int ra = lobby_rank(a->line), rb = lobby_rank(b->line);
    return ra != rb ? ra < rb : a->order < b->order;
  });
  if (list.size() > state_.config.lobby_max_tables) list.resize(state_.config.lobby_max_tables);
  json tables = json::array();
  for (const entry* e : list) tables.push_back(e->line);
  return tables;
}

void lobby::push() {
  dirty_ = false;
  last_push_ms_ = shared_state::now().mono_ms;
  json tables = local_lines();
  if (share_) share_(tables);
  if (!remote_.empty()) {
    // Every node's tables in one list, in lobby order; a node's own order kept within.
    std::vector<const json*> all;
    for (const auto& line : tables) all.push_back(&line);
    // A table just taken over here may still be in its dead node's last list: listed once.
    for (const auto& [node, list] : remote_)
      for (const auto& line : list.lines)
        if (line.is_object() && line.contains("state") && line["state"].is_string() &&
            !(line.contains("table") && line["table"].is_string() &&
              entries_.count(line["table"].get<std::string>())))
          all.push_back(&line);
    std::stable_sort(all.begin(), all.end(),
                     [](const json* a, const json* b) { return lobby_rank(*a) < lobby_rank(*b); });
    if (all.size() > state_.config.lobby_max_tables) all.resize(state_.config.lobby_max_tables);
    json merged = json::array();
    for (const json* line : all) merged.push_back(*line);
    tables = std::move(merged);
  }
  current_ = make_message(protocol::encode_lobby(tables));
  for (auto it = subscribers_.begin(); it != subscribers_.end();) {
    if (auto s = it->second.lock()) {
      s->deliver(current_, message_kind::other);
      ++it;
    } else {
      it = subscribers_.erase(it);
    }
  }
}

void lobby::stop() {
  net::post(strand_, [this] {
    timer_.cancel();
    subscribers_.clear();
  });
}

}  // namespace crownhall::server
