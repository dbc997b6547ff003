#include "server/cluster/redis/reply_from_hiredis.hpp"

#include <hiredis/hiredis.h>

namespace crownhall::redis {

redis_reply reply_from_hiredis(const redisReply& reply) {
  redis_reply copy;
  switch (reply.type) {
    case REDIS_REPLY_NIL:
      break;
    case REDIS_REPLY_INTEGER:
      copy.kind = redis_reply_kind::integer;
      copy.integer = reply.integer;
      break;
    case REDIS_REPLY_ARRAY:
      copy.kind = redis_reply_kind::array;
      copy.elements.reserve(reply.elements);
      for (std::size_t i = 0; i < reply.elements; ++i) {
        copy.elements.push_back(reply.element[i] ? reply_from_hiredis(*reply.element[i])
                                                 : redis_reply{});
      }
      break;
    case REDIS_REPLY_STATUS:
      copy.kind = redis_reply_kind::status;
      copy.text.assign(reply.str, reply.len);
      break;
    case REDIS_REPLY_ERROR:
      copy.kind = redis_reply_kind::error;
      copy.text.assign(reply.str, reply.len);
      break;
    default:
      // REDIS_REPLY_STRING, and the RESP3 kinds of later hiredis versions (never sent on a
      // RESP2 connection) as their text.
      copy.kind = redis_reply_kind::string;
      if (reply.str) copy.text.assign(reply.str, reply.len);
      break;
  }
  return copy;
}

}  // namespace crownhall::redis
