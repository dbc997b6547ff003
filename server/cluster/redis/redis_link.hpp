// redis_link: one connection to Redis that comes back by itself. It connects, sends AUTH and
// SELECT when the address asks for them, reports itself open, and when the connection drops
// (Redis restarted, the network failed) reports it lost and connects again after a backoff
// (reconnect_backoff.hpp). The client and the subscriber each own one. Internal; every call
// and every handler runs on the owner's strand, never inside another hiredis call.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/steady_timer.hpp>

#include "server/cluster/redis/asio_events.hpp"
#include "server/cluster/redis/reconnect_backoff.hpp"
#include "server/cluster/redis/redis_address.hpp"

namespace crownhall::redis {

class redis_link {
 public:
  // hiredis's redisCallbackFn: called with the reply, or with a null reply when the
  // connection goes away before it came.
  using reply_callback = void (*)(redisAsyncContext* context, void* reply, void* privdata);

  struct handlers {
    std::function<void()> opened;  // connected, authenticated, database selected
    // The open connection is gone; every reply still awaited has had its null reply first.
    std::function<void()> lost;
  };

  // `role` names the connection in log lines ("commands", "pub/sub").
  redis_link(const redis_strand& strand, std::string role, redis_address address, handlers on);
  ~redis_link();  // frees a connection still there; no handler runs
  redis_link(const redis_link&) = delete;
  redis_link& operator=(const redis_link&) = delete;

  // The first attempt. `owner` is the object that owns this link: kept alive while hiredis
  // or a pending retry runs.
  void open(std::weak_ptr<void> owner);
  // Frees the connection (awaited replies get their null reply at once) and stops retrying;
  // no handler runs after. Not from inside a reply callback.
  void close();

  bool is_open() const { return open_; }

  // Sends a command (binary-safe) on the open connection; false if it is not open or hiredis
  // refused it, and then `callback` is never called.
  bool send(const std::vector<std::string>& args, reply_callback callback, void* privdata);

  // Why the last connection went away (hiredis's words), for replies that never came.
  const std::string& last_error() const { return last_error_; }

 private:
  static void on_connect(const redisAsyncContext* context, int status);
  static void on_disconnect(const redisAsyncContext* context, int status);
  static void on_handshake_reply(redisAsyncContext* context, void* reply, void* privdata);

  bool write(const std::vector<std::string>& args, reply_callback callback, void* privdata);
  void connect();
  void handshake();
  void become_open();
  void failed(const std::string& why);

  redis_strand strand_;
  std::string role_;
  redis_address address_;
  handlers on_;
  std::weak_ptr<void> owner_;
  boost::asio::steady_timer retry_timer_;
  reconnect_backoff backoff_;
  redisAsyncContext* context_ = nullptr;  // connecting, handshaking or open
  bool open_ = false;
  bool closed_ = false;
  int handshake_replies_left_ = 0;
  bool handshake_refused_ = false;
  bool reported_down_ = false;  // one warning per outage, not one per attempt
  bool ever_open_ = false;
  std::string last_error_ = "not connected";
};

}  // namespace crownhall::redis
