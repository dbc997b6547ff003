#include "server/cluster/redis/asio_events.hpp"

#include <hiredis/async.h>

#include <boost/asio/posix/stream_descriptor.hpp>

namespace crownhall::redis {

namespace net = boost::asio;
using boost::system::error_code;

namespace {

// One per context, owned by itself until hiredis cleans up and then by the waits still
// pending, so a wait never outlives what it reads.
class asio_events : public std::enable_shared_from_this<asio_events> {
 public:
  asio_events(redisAsyncContext* context, const redis_strand& strand, std::weak_ptr<void> owner)
      : context_(context), socket_(strand), owner_(std::move(owner)) {}

  error_code watch_socket() {
    error_code ec;
    socket_.assign(context_->c.fd, ec);
    return ec;
  }

  void install() {
    self_ = shared_from_this();
    context_->ev.data = this;
    context_->ev.addRead = [](void* e) { static_cast<asio_events*>(e)->add(read_interest); };
    context_->ev.delRead = [](void* e) { static_cast<asio_events*>(e)->del(read_interest); };
    context_->ev.addWrite = [](void* e) { static_cast<asio_events*>(e)->add(write_interest); };
    context_->ev.delWrite = [](void* e) { static_cast<asio_events*>(e)->del(write_interest); };
    context_->ev.cleanup = [](void* e) { static_cast<asio_events*>(e)->cleanup(); };
  }

 private:
  static constexpr int read_interest = 0;
  static constexpr int write_interest = 1;

  struct interest {
    bool wanted = false;   // hiredis asked for the event and has not had it since
    bool waiting = false;  // an async_wait is in flight (at most one per direction)
  };

  // hiredis calls addRead/addWrite again each time it wants more, as with libevent's one-shot
  // events, and expects the calls to be idempotent: one wait serves them all.
  void add(int which) {
    auto& i = interests_[which];
    i.wanted = true;
    if (i.waiting || !context_) return;
    i.waiting = true;
    auto wait = which == read_interest ? net::posix::stream_descriptor::wait_read
                                       : net::posix::stream_descriptor::wait_write;
    socket_.async_wait(
        wait, [self = shared_from_this(), which](error_code ec) { self->ready(which, ec); });
  }

  // A wait cannot be withdrawn alone (cancel() would end both): it finishes and is ignored.
  void del(int which) { interests_[which].wanted = false; }

  void ready(int which, error_code ec) {
    // Before anything else: once the owner is gone its destructor frees the context, maybe
    // on another thread, and this object is no longer ours to touch.
    auto owner = owner_.lock();
    if (!owner) return;
    auto& i = interests_[which];
    i.waiting = false;
    if (ec == net::error::operation_aborted || !context_ || !i.wanted) return;
    i.wanted = false;
    // Other errors are the socket's: hiredis's read or write finds and reports them.
    if (which == read_interest) {
      redisAsyncHandleRead(context_);
    } else {
      redisAsyncHandleWrite(context_);
    }
    // hiredis 0.14 does not ask again for a connect still in progress (EINPROGRESS).
    if (context_ && !(context_->c.flags & REDIS_CONNECTED)) add(write_interest);
  }

  // Called by hiredis just before it closes the socket and frees the context.
  void cleanup() {
    context_ = nullptr;
    socket_.release();  // cancels the waits (they end with operation_aborted); does not close
    auto last_reference = std::move(self_);
  }

  redisAsyncContext* context_;
  net::posix::stream_descriptor socket_;
  std::weak_ptr<void> owner_;
  interest interests_[2];
  std::shared_ptr<asio_events> self_;
};

}  // namespace

error_code attach_asio_events(redisAsyncContext* context, const redis_strand& strand,
                              std::weak_ptr<void> owner) {
  auto events = std::make_shared<asio_events>(context, strand, std::move(owner));
  if (auto ec = events->watch_socket()) return ec;
  events->install();
  return {};
}

}  // namespace crownhall::redis
