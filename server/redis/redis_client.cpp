#include "server/redis/redis_client.hpp"

#include <hiredis/async.h>

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "server/redis/callback_gate.hpp"
#include "server/redis/redis_link.hpp"
#include "server/redis/reply_from_hiredis.hpp"

namespace crownhall::redis {

namespace net = boost::asio;

class redis_client::impl : public std::enable_shared_from_this<impl> {
 public:
  impl(net::io_context& io, redis_address address)
      : strand_(net::make_strand(io)),
        link_(strand_, "commands", std::move(address),
              {[this] { report(true); }, [this] { report(false); }}) {}

  ~impl() { link_.close(); }

  link_handler on_link_change;

  void start() {
    if (started_.exchange(true)) return;
    net::post(strand_, [self = shared_from_this()] { self->link_.open(self->weak_from_this()); });
  }

  void stop() {
    if (!gate_.close()) return;
    up_ = false;
    net::post(strand_, [self = shared_from_this()] { self->link_.close(); });
  }

  bool connected() const { return up_; }

  void command(std::vector<std::string> args, reply_handler done) {
    net::post(strand_, [self = shared_from_this(), args = std::move(args),
                        done = std::move(done)]() mutable { self->send(args, std::move(done)); });
  }

 private:
  // What hiredis carries from a command to its reply.
  struct awaited_reply {
    impl* client;
    reply_handler done;
  };

  void send(const std::vector<std::string>& args, reply_handler done) {
    if (gate_.closed()) return;
    if (args.empty()) return deliver(done, redis_reply::error("redis: empty command"));
    auto awaited = std::make_unique<awaited_reply>(awaited_reply{this, std::move(done)});
    if (!link_.send(args, &impl::on_reply, awaited.get())) {
      return deliver(awaited->done, redis_reply::error("redis link down: " + link_.last_error()));
    }
    awaited.release();  // hiredis calls on_reply exactly once with it
  }

  // A null reply: the connection went away first (hiredis's errstr says why, if it knows).
  static void on_reply(redisAsyncContext* context, void* reply, void* privdata) {
    std::unique_ptr<awaited_reply> awaited(static_cast<awaited_reply*>(privdata));
    auto* r = static_cast<redisReply*>(reply);
    std::string why = context->errstr ? context->errstr : "connection lost";
    awaited->client->deliver(
        awaited->done, r ? reply_from_hiredis(*r) : redis_reply::error("redis link down: " + why));
  }

  void deliver(reply_handler& done, redis_reply reply) {
    gate_.run([&] {
      if (done) done(std::move(reply));
    });
  }

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

redis_client::redis_client(net::io_context& io, redis_address address)
    : impl_(std::make_shared<impl>(io, std::move(address))) {}

redis_client::~redis_client() { stop(); }

void redis_client::on_link_change(link_handler handler) {
  impl_->on_link_change = std::move(handler);
}

void redis_client::start() { impl_->start(); }

void redis_client::stop() { impl_->stop(); }

bool redis_client::connected() const { return impl_->connected(); }

void redis_client::command(std::vector<std::string> args, reply_handler done) {
  impl_->command(std::move(args), std::move(done));
}

}  // namespace crownhall::redis
