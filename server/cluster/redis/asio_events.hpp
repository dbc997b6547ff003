// asio_events: the hiredis adapter Boost.Asio lacks — hiredis's event hooks (ev.addRead,
// delRead, addWrite, delWrite, cleanup) implemented with waits on the connection's socket,
// run on a strand. Internal: this directory's .cpp files only.
#pragma once

#include <memory>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <boost/system/error_code.hpp>

struct redisAsyncContext;

namespace crownhall::redis {

using redis_strand = boost::asio::strand<boost::asio::io_context::executor_type>;

// From now on, `context` is driven from `strand`: when hiredis wants to read or write, its
// socket is awaited and redisAsyncHandleRead/Write runs on the strand. Call on the strand,
// right after connecting and before any command. Guarantees:
// - the socket stays hiredis's: it is released, never closed, when hiredis cleans up;
// - a wait still pending when hiredis frees the context finishes without touching it;
// - `owner` (the object that owns the context) is kept alive while hiredis runs, as its
//   callbacks may drop every other reference to it; once it is gone nothing is done.
// Fails, attaching nothing, if Asio cannot watch the socket.
boost::system::error_code attach_asio_events(redisAsyncContext* context, const redis_strand& strand,
                                             std::weak_ptr<void> owner);

}  // namespace crownhall::redis
