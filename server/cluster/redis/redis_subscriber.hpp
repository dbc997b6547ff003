// redis_subscriber: one connection to Redis for pub/sub (SUBSCRIBE, PSUBSCRIBE), driven by
// the server's io_context. It remembers what it is subscribed to and, after a reconnect,
// subscribes again before it reports the link up: messages published while it was down are
// lost, which the link change tells. Threads, lifetime: server/redis/README.md.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "server/cluster/redis/redis_address.hpp"

namespace boost::asio {
class io_context;
}

namespace crownhall::redis {

class redis_subscriber {
 public:
  // A message published on `channel` (a subscribed one, or one matching a subscribed
  // pattern: a message matching both arrives twice, as Redis sends it).
  using message_handler = std::function<void(std::string channel, std::string payload)>;
  using link_handler = std::function<void(bool up)>;

  redis_subscriber(boost::asio::io_context& io, redis_address address);
  ~redis_subscriber();  // stop()s
  redis_subscriber(const redis_subscriber&) = delete;
  redis_subscriber& operator=(const redis_subscriber&) = delete;

  // Set both before start().
  void on_message(message_handler handler);
  // Up once connected and every subscription is confirmed by Redis; down when the link
  // drops (messages may be missed until it is up again).
  void on_link_change(link_handler handler);

  void start();
  // As redis_client::stop(): no callback starts after it returns.
  void stop();
  bool connected() const;  // any thread

  // Any thread; kept across reconnects. Subscribing twice to the same channel is once.
  void subscribe(std::string channel);
  void psubscribe(std::string pattern);  // glob-style, as Redis's PSUBSCRIBE
  void unsubscribe(std::string channel);
  void punsubscribe(std::string pattern);

 private:
  class impl;
  std::shared_ptr<impl> impl_;
};

}  // namespace crownhall::redis
