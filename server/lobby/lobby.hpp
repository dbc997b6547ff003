// lobby: every open table by id and by invite code, and the live list of public tables
// pushed to subscribers (at most twice a second), kept on the lobby's own strand.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "server/connection_link.hpp"
#include "server/lobby/shared_state.hpp"

namespace crownhall::server {

class table_room;

class lobby {
 public:
  explicit lobby(shared_state& state);
  ~lobby();

  // Opens a table with a fresh id and invite code.
  std::shared_ptr<table_room> create(const game_module& game, table_settings settings);
  // A table kept by the store, under its own id and invite code (a restart, or a table
  // taken over from another node), to be rebuilt before anyone can reach it: nobody finds it
  // until add_restored.
  std::shared_ptr<table_room> make_restored(const std::string& id, const std::string& invite,
                                            const game_module& game, table_settings settings);
  // Opens a rebuilt table to joins; false (and nothing changes) if its id or invite code is
  // in use already.
  bool add_restored(const std::shared_ptr<table_room>& room);
  std::shared_ptr<table_room> find(const std::string& id) const;
  std::shared_ptr<table_room> find_by_invite(const std::string& code) const;
  void remove(const table_room& room);
  std::vector<std::shared_ptr<table_room>> rooms() const;
  std::size_t size() const;

  // The public list. `id`: the request's id, acknowledged after the first list.
  void subscribe(const std::shared_ptr<connection_link>& who, nlohmann::json id);
  void unsubscribe(const connection_link* who);
  // A table's line changed; null removes it (closed, or now private).
  void update(const std::string& table_id, nlohmann::json entry);
  void stop();

  // Several nodes (node_router): one lobby on every node. `share` gets this node's own
  // public lines whenever they change and when reshare() asks; set it before the server
  // runs. The other nodes' lines come in through set_remote (a node's whole list; empty:
  // it stopped) and are dropped when not renewed since `mono_ms` (forget_remote_before: a
  // node that died).
  void share_with(std::function<void(const nlohmann::json& lines)> share);
  void reshare();
  void set_remote(const std::string& node, nlohmann::json lines);
  void forget_remote_before(std::int64_t mono_ms);

 private:
  void schedule();
  void push();
  nlohmann::json local_lines() const;  // on the strand

  shared_state& state_;
  strand_type strand_;
  net::steady_timer timer_;

  mutable std::mutex mutex_;  // the two maps below
  std::unordered_map<std::string, std::shared_ptr<table_room>> rooms_;
  std::unordered_map<std::string, std::shared_ptr<table_room>> by_invite_;

  // On the strand only.
  struct entry {
    std::uint64_t order;
    nlohmann::json line;
  };
  std::unordered_map<std::string, entry> entries_;
  struct remote_list {
    nlohmann::json lines;
    std::int64_t seen_mono_ms;
  };
  std::unordered_map<std::string, remote_list> remote_;  // by node
  std::function<void(const nlohmann::json&)> share_;
  std::uint64_t next_order_ = 0;
  std::unordered_map<const connection_link*, std::weak_ptr<connection_link>> subscribers_;
  message_ptr current_;  // the last list sent, for new subscribers
  bool dirty_ = false;
  bool timer_armed_ = false;
  std::int64_t last_push_ms_ = 0;
};

}  // namespace crownhall::server
