#include "server/cluster/redis/redis_link.hpp"

#include <hiredis/async.h>
#include <spdlog/spdlog.h>

#include <utility>

namespace crownhall::redis {

redis_link::redis_link(const redis_strand& strand, std::string role, redis_address address,
                       handlers on)
    : strand_(strand),
      role_(std::move(role)),
      address_(std::move(address)),
      on_(std::move(on)),
      retry_timer_(strand) {}

redis_link::~redis_link() { close(); }

void redis_link::open(std::weak_ptr<void> owner) {
  owner_ = std::move(owner);
  if (!closed_ && !context_) connect();
}

void redis_link::close() {
  closed_ = true;
  open_ = false;
  retry_timer_.cancel();
  if (auto* context = std::exchange(context_, nullptr)) redisAsyncFree(context);
}

bool redis_link::send(const std::vector<std::string>& args, reply_callback callback,
                      void* privdata) {
  return open_ && write(args, callback, privdata);
}

bool redis_link::write(const std::vector<std::string>& args, reply_callback callback,
                       void* privdata) {
  if (!context_ || args.empty()) return false;
  std::vector<const char*> argv;
  std::vector<size_t> lengths;
  argv.reserve(args.size());
  lengths.reserve(args.size());
  for (const auto& a : args) {
    argv.push_back(a.data());
    lengths.push_back(a.size());
  }
  return redisAsyncCommandArgv(context_, callback, privdata, static_cast<int>(args.size()),
                               argv.data(), lengths.data()) == REDIS_OK;
}

void redis_link::connect() {
  // hiredis resolves the host name here, blocking the strand: use an address or a name the
  // resolver answers at once (/etc/hosts, a local cache).
  redisAsyncContext* context = redisAsyncConnect(address_.host.c_str(), address_.port);
  if (!context) return failed("out of memory");
  if (context->err) {
    std::string why = context->errstr;
    redisAsyncFree(context);
    return failed(why);
  }
  if (auto ec = attach_asio_events(context, strand_, owner_)) {
    redisAsyncFree(context);
    return failed(ec.message());
  }
  // A peer that vanishes without closing the socket is noticed by TCP keepalive.
  redisEnableKeepAlive(&context->c);
  context->data = this;
  context_ = context;
  handshake_refused_ = false;
  redisAsyncSetDisconnectCallback(context, &redis_link::on_disconnect);
  redisAsyncSetConnectCallback(context, &redis_link::on_connect);  // waits to be writable
}

void redis_link::on_connect(const redisAsyncContext* context, int status) {
  auto* link = static_cast<redis_link*>(context->data);
  if (status != REDIS_OK) {
    link->context_ = nullptr;  // hiredis frees it when this returns
    return link->failed(context->c.errstr);
  }
  link->handshake();
}

void redis_link::handshake() {
  std::vector<std::vector<std::string>> steps;
  if (!address_.password.empty()) {
    if (address_.user.empty()) {
      steps.push_back({"AUTH", address_.password});
    } else {
      steps.push_back({"AUTH", address_.user, address_.password});
    }
  }
  if (address_.database != 0) steps.push_back({"SELECT", std::to_string(address_.database)});
  if (steps.empty()) return become_open();

  // Pipelined: the connection opens with the last good reply; any error closes it.
  handshake_replies_left_ = static_cast<int>(steps.size());
  for (const auto& step : steps) write(step, &redis_link::on_handshake_reply, this);
}

void redis_link::on_handshake_reply(redisAsyncContext* context, void* reply, void* privdata) {
  auto* link = static_cast<redis_link*>(privdata);
  auto* r = static_cast<redisReply*>(reply);
  if (!r) return;  // the connection is going away: on_disconnect follows
  if (r->type == REDIS_REPLY_ERROR && !link->handshake_refused_) {
    link->handshake_refused_ = true;
    link->last_error_ = std::string(r->str, r->len);
    redisAsyncDisconnect(context);  // after the replies still due; then on_disconnect
    return;
  }
  if (--link->handshake_replies_left_ == 0 && !link->handshake_refused_) link->become_open();
}

void redis_link::become_open() {
  open_ = true;
  backoff_.reset();
  spdlog::info("redis: {} link to {} {}", role_, address_.text(),
               std::exchange(ever_open_, true) ? "is back" : "open");
  reported_down_ = false;
  on_.opened();
}

void redis_link::on_disconnect(const redisAsyncContext* context, int status) {
  auto* link = static_cast<redis_link*>(context->data);
  bool was_open = std::exchange(link->open_, false);
  link->context_ = nullptr;  // hiredis frees it when this returns
  if (link->closed_) return;
  std::string why = link->handshake_refused_ ? link->last_error_
                    : status == REDIS_OK     ? "closed"
                    : context->errstr        ? context->errstr
                                             : "connection lost";
  if (was_open) {
    link->last_error_ = why;
    spdlog::warn("redis: {} link to {} lost: {}", link->role_, link->address_.text(), why);
    link->reported_down_ = true;
    link->on_.lost();
  }
  link->failed(why);
}

void redis_link::failed(const std::string& why) {
  last_error_ = why;
  if (closed_) return;
  if (!reported_down_) {
    spdlog::warn("redis: {} link cannot reach {}: {} (retrying)", role_, address_.text(), why);
    reported_down_ = true;
  }
  retry_timer_.expires_after(backoff_.next());
  retry_timer_.async_wait([this, owner = owner_.lock()](boost::system::error_code ec) {
    if (!ec && !closed_ && !context_) connect();
  });
}

}  // namespace crownhall::redis
