// reply_from_hiredis: copies a hiredis reply into a redis_reply (internal: this directory's
// .cpp files only). hiredis frees its reply as soon as the callback returns.
#pragma once

#include "server/cluster/redis/redis_reply.hpp"

struct redisReply;

namespace crownhall::redis {

redis_reply reply_from_hiredis(const redisReply& reply);

}  // namespace crownhall::redis
