// connection_link: how tables and the lobby reach one client connection without knowing
// it is a WebSocket (so table logic builds and tests without Beast).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace crownhall::server {

// One outgoing frame, serialized once and shared by every recipient.
using message_ptr = std::shared_ptr<const std::string>;

inline message_ptr make_message(std::string text) {
  return std::make_shared<const std::string>(std::move(text));
}

enum class message_kind : std::uint8_t {
  other,
  // A full `table` snapshot without move-log lines: a newer one makes an older, still
  // unsent one useless, so a slow connection may drop the older. (A table message with
  // lines is `other`: its lines are in no later message.)
  table_snapshot,
};

class connection_link {
 public:
  virtual ~connection_link() = default;
  // Queues a frame; safe from any thread.
  virtual void deliver(message_ptr text, message_kind kind) = 0;
  // Closes with a WebSocket close code once the frames already queued are written.
  virtual void close_after_flush(std::uint16_t code, std::string reason) = 0;
  // The client's address as the limits per address count it (address_limits' key); empty
  // when this node does not know it (a connection another node serves).
  virtual std::string client_key() const { return {}; }
  // Several nodes: table `table_id` has gone on at node `owner` (empty: not known yet) and
  // this connection's person with it. True when the connection follows it there by itself
  // (docs/cluster.md, "When a node loses its tables"); false: the person must be told.
  virtual bool follow_table(const std::string& table_id, const std::string& owner) {
    (void)table_id;
    (void)owner;
    return false;
  }
};

}  // namespace crownhall::server
