// link_owner: what the command client and the subscriber share — one self-reconnecting
// redis_link on a strand of its own, started once, stopped once (callback_gate: no callback
// after stop), and its ups and downs reported to the caller's on_link_change. Internal.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "server/cluster/redis/callback_gate.hpp"
#include "server/cluster/redis/redis_link.hpp"

namespace crownhall::redis {

class link_owner : public std::enable_shared_from_this<link_owner> {
 public:
  std::function<void(bool up)> on_link_change;

  void start() {
    if (started_.exchange(true)) return;
    boost::asio::post(strand_, [self = shared_from_this()] { self->link_.open(self); });
  }

  void stop() {
    if (!gate_.close()) return;
    up_ = false;
    boost::asio::post(strand_, [self = shared_from_this()] { self->link_.close(); });
  }

  bool connected() const { return up_; }

 protected:
  // `opened`: the link is up (connected, authenticated); the owner reports it when ready.
  link_owner(boost::asio::io_context& io, std::string role, redis_address address,
             std::function<void()> opened)
      : strand_(boost::asio::make_strand(io)),
        link_(strand_, std::move(role), std::move(address),
              {std::move(opened), [this] { report(false); }}) {}
  ~link_owner() { link_.close(); }

  void report(bool up) {
    if (up_.exchange(up) == up) return;
    gate_.run([&] {
      if (on_link_change) on_link_change(up);
    });
  }

  // Declared before the link: the link's destructor may still deliver null replies.
  callback_gate gate_;
  std::atomic<bool> up_{false};
  std::atomic<bool> started_{false};
  redis_strand strand_;
  redis_link link_;
};

}  // namespace crownhall::redis
