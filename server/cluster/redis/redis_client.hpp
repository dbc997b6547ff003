// redis_client: one connection to Redis for commands, driven by the server's io_context. It
// reconnects by itself after a drop; while it is down, commands fail at once with an error
// reply instead of waiting. Threads, lifetime and reconnects: server/redis/README.md.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/cluster/redis/redis_address.hpp"
#include "server/cluster/redis/redis_reply.hpp"

namespace boost::asio {
class io_context;
}

namespace crownhall::redis {

class redis_client {
 public:
  using reply_handler = std::function<void(redis_reply reply)>;
  using link_handler = std::function<void(bool up)>;

  redis_client(boost::asio::io_context& io, redis_address address);
  ~redis_client();  // stop()s
  redis_client(const redis_client&) = delete;
  redis_client& operator=(const redis_client&) = delete;

  // Told when the link comes up (connected, authenticated, database selected) and when it
  // drops. Set before start().
  void on_link_change(link_handler handler);

  // Connects; from then on, reconnects after every drop until stop().
  void start();

  // No callback starts after stop() returns (one running on another thread is waited for;
  // stop() may be called from inside a callback). Replies still awaited are given up: their
  // commands may or may not have run. The connection is closed on the io_context shortly
  // after. A stopped client does not start again.
  void stop();

  // True while the link is up. Any thread.
  bool connected() const;

  // Sends `args` (the command and its arguments, binary-safe) and calls `done` with the
  // reply, on one of the io_context's threads. Any thread; commands sent from one thread are
  // sent and answered in that order. When the link is down, or drops before the reply
  // comes, `done` gets an error reply starting with "redis link down".
  void command(std::vector<std::string> args, reply_handler done);

 private:
  class impl;
  std::shared_ptr<impl> impl_;
};

}  // namespace crownhall::redis
