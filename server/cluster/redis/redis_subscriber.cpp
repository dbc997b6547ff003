#include "server/cluster/redis/redis_subscriber.hpp"

#include <hiredis/async.h>

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <set>
#include <string_view>
#include <vector>

#include "server/cluster/redis/link_owner.hpp"

namespace crownhall::redis {

namespace net = boost::asio;

class redis_subscriber::impl : public link_owner {
 public:
  impl(net::io_context& io, redis_address address)
      : link_owner(io, "pub/sub", std::move(address), [this] { subscribe_again(); }) {}

  ~impl() { link_.close(); }

  message_handler on_message;

  enum class kind { channel, pattern };
  enum class action { add, remove };

  // Adds `name` to the channels or the patterns, or removes it; tells Redis now if the link
  // is open, else the next connection subscribes to the whole set.
  void change(kind k, action a, std::string name) {
    net::post(strand_, [self = std::static_pointer_cast<impl>(shared_from_this()), k, a,
                        name = std::move(name)] {
      bool pattern = k == kind::pattern;
      bool adding = a == action::add;
      auto& names = pattern ? self->patterns_ : self->channels_;
      bool changed = adding ? names.insert(name).second : names.erase(name) > 0;
      if (!changed || !self->link_.is_open()) return;
      std::string command = pattern ? (adding ? "PSUBSCRIBE" : "PUNSUBSCRIBE")
                                    : (adding ? "SUBSCRIBE" : "UNSUBSCRIBE");
      self->send({std::move(command), name});
    });
  }

 private:
  // Every subscription again, on a new connection; the link is reported up once Redis has
  // confirmed them all, so a message published after that is not missed.
  void subscribe_again() {
    confirmations_due_ = 0;
    if (!channels_.empty()) send(with_command("SUBSCRIBE", channels_));
    if (!patterns_.empty()) send(with_command("PSUBSCRIBE", patterns_));
    if (confirmations_due_ == 0) report(true);
  }

  static std::vector<std::string> with_command(std::string command,
                                               const std::set<std::string>& names) {
    std::vector<std::string> args{std::move(command)};
    args.insert(args.end(), names.begin(), names.end());
    return args;
  }

  void send(const std::vector<std::string>& args) {
    bool confirmed_by_reply = args[0] == "SUBSCRIBE" || args[0] == "PSUBSCRIBE";
    // hiredis keeps the callback of a (P)SUBSCRIBE for every message of its channels.
    if (link_.send(args, &impl::on_pubsub, this) && confirmed_by_reply) {
      confirmations_due_ += static_cast<int>(args.size()) - 1;
    }
  }

  static std::string text_of(const redisReply* r) {
    return r && r->str ? std::string(r->str, r->len) : std::string();
  }

  // Redis's pub/sub replies are arrays: [message, channel, payload],
  // [pmessage, pattern, channel, payload], [subscribe|psubscribe, name, count], and the
  // same for unsubscribing.
  static void on_pubsub(redisAsyncContext*, void* reply, void* privdata) {
    auto* self = static_cast<impl*>(privdata);
    auto* r = static_cast<redisReply*>(reply);
    if (!r || r->type != REDIS_REPLY_ARRAY || r->elements < 3) return;  // null: link gone
    auto type = text_of(r->element[0]);
    if (type == "message") {
      // A message may still come for a channel just unsubscribed: it is not ours anymore.
      if (self->channels_.contains(text_of(r->element[1]))) {
        self->deliver(text_of(r->element[1]), text_of(r->element[2]));
      }
    } else if (type == "pmessage" && r->elements >= 4) {
      if (self->patterns_.contains(text_of(r->element[1]))) {
        self->deliver(text_of(r->element[2]), text_of(r->element[3]));
      }
    } else if (type == "subscribe" || type == "psubscribe") {
      if (self->confirmations_due_ > 0 && --self->confirmations_due_ == 0) self->report(true);
    }
  }

  void deliver(std::string channel, std::string payload) {
    gate_.run([&] {
      if (on_message) on_message(std::move(channel), std::move(payload));
    });
  }

  std::set<std::string> channels_;  // what the caller asked for, made again on reconnect
  std::set<std::string> patterns_;
  int confirmations_due_ = 0;  // (p)subscribe replies still due on this connection
};

redis_subscriber::redis_subscriber(net::io_context& io, redis_address address)
    : impl_(std::make_shared<impl>(io, std::move(address))) {}

redis_subscriber::~redis_subscriber() { stop(); }

void redis_subscriber::on_message(message_handler handler) {
  impl_->on_message = std::move(handler);
}

void redis_subscriber::on_link_change(link_handler handler) {
  impl_->on_link_change = std::move(handler);
}

void redis_subscriber::start() { impl_->start(); }

void redis_subscriber::stop() { impl_->stop(); }

bool redis_subscriber::connected() const { return impl_->connected(); }

void redis_subscriber::subscribe(std::string channel) {
  impl_->change(impl::kind::channel, impl::action::add, std::move(channel));
}

void redis_subscriber::psubscribe(std::string pattern) {
  impl_->change(impl::kind::pattern, impl::action::add, std::move(pattern));
}

void redis_subscriber::unsubscribe(std::string channel) {
  impl_->change(impl::kind::channel, impl::action::remove, std::move(channel));
}

void redis_subscriber::punsubscribe(std::string pattern) {
  impl_->change(impl::kind::pattern, impl::action::remove, std::move(pattern));
}

}  // namespace crownhall::redis
