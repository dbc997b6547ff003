#include "server/cluster/redis/redis_client.hpp"

#include <hiredis/async.h>

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "server/cluster/redis/link_owner.hpp"
#include "server/cluster/redis/reply_from_hiredis.hpp"

namespace crownhall::redis {

namespace net = boost::asio;

class redis_client::impl : public link_owner {
 public:
  impl(net::io_context& io, redis_address address)
      : link_owner(io, "commands", std::move(address), [this] { report(true); }) {}

  ~impl() { link_.close(); }

  void command(std::vector<std::string> args, reply_handler done) {
    net::post(strand_,
              [self = std::static_pointer_cast<impl>(shared_from_this()), args = std::move(args),
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
