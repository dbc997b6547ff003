// player: a guest session (name, secret token, public id). It outlives connections so
// that a player who reloads or loses the network comes back to the same seat.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/connection_link.hpp"

namespace crownhall::server {

class table_room;

class player {
 public:
  player(std::string token, std::string id, std::string name);

  const std::string& token() const { return token_; }  // secret: only in its own welcome
  // A session rebuilt after a restart learns its token when the player comes back (the
  // store keeps only its hash); before anyone else can reach the player object.
  void set_token(std::string token) { token_ = std::move(token); }
  const std::string& id() const { return id_; }  // public: "p-..."
  std::string name() const;
  void set_name(std::string name);
  // The browser this session was last opened from (hello's `browser`; "" when it sent none):
  // a table seats a browser or shows it the table as a spectator, never both.
  std::string browser() const;
  void set_browser(std::string browser);
  bool same_browser(const player& other) const;

  // The connection serving this session now; a newer one replaces an older one.
  void attach(std::shared_ptr<connection_link> link);
  // Forgets `link` if it is still the current connection; true when it was.
  bool detach(const connection_link* link);
  // Server teardown: drops the connection and the table, which may point back at this
  // session (a cycle that would otherwise never be freed).
  void release();
  std::shared_ptr<connection_link> link() const;
  bool connected() const;
  // Sends to the current connection; dropped when there is none (a reconnect gets a
  // fresh snapshot).
  void send(const message_ptr& text, message_kind kind = message_kind::other) const;

  // The table this session is at, if any.
  std::shared_ptr<table_room> table() const;
  void set_table(std::shared_ptr<table_room> t);
  // Forgets the table if it is still `t` (a later join may already have replaced it).
  void clear_table(const table_room* t);
  // A join to `t` failed: back to `previous` if the session still points at `t`.
  void restore_table(const table_room* t, std::shared_ptr<table_room> previous);

  // Several nodes: the table this session sits at on another node (its connections here are
  // routed there, node_router), for a reconnect's welcome; empty when none.
  std::string table_elsewhere() const;
  void set_table_elsewhere(std::string table_id);

  // The unfinished tables this session holds a seat at: waiting for their start, or with a
  // game in progress (also one it left, whose seat is kept for it). Their number caps
  // create_table (--max-open-tables); History lists the games to go back to. Each table's
  // room keeps its own line up to date.
  struct open_table {
    std::string table;
    std::string game;
    bool playing = false;
    bool stopped = false;  // nobody held a seat for a while: it waits for its players
  };
  void hold_table(open_table t);  // adds the table, or updates its line
  void release_table(const std::string& table_id);
  std::vector<open_table> open_tables() const;
  std::size_t open_table_count() const;

  // Milliseconds (steady clock) when the session last had a connection.
  std::int64_t last_seen_ms() const { return last_seen_ms_.load(std::memory_order_relaxed); }
  void touch(std::int64_t now_ms) { last_seen_ms_.store(now_ms, std::memory_order_relaxed); }

 private:
  std::string token_;
  const std::string id_;
  mutable std::mutex mutex_;
  std::string name_;
  std::string browser_;
  std::shared_ptr<connection_link> link_;
  std::shared_ptr<table_room> table_;
  std::string table_elsewhere_;
  std::vector<open_table> open_tables_;
  std::atomic<std::int64_t> last_seen_ms_{0};
};

}  // namespace crownhall::server
