// redis_reply: one reply from Redis as a plain value — nil, an integer, a string (bulk or
// status), an error, or an array of replies — copied out of hiredis, so it outlives the
// connection and names no hiredis type.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace crownhall::redis {

enum class redis_reply_kind { nil, integer, string, status, error, array };

struct redis_reply {
  redis_reply_kind kind = redis_reply_kind::nil;
  long long integer = 0;              // kind integer
  std::string text;                   // kind string (binary-safe), status or error
  std::vector<redis_reply> elements;  // kind array

  bool is_nil() const { return kind == redis_reply_kind::nil; }
  bool is_integer() const { return kind == redis_reply_kind::integer; }
  bool is_string() const { return kind == redis_reply_kind::string; }
  bool is_status() const { return kind == redis_reply_kind::status; }
  bool is_error() const { return kind == redis_reply_kind::error; }
  bool is_array() const { return kind == redis_reply_kind::array; }

  // An error made on this side: the command never reached Redis, or its reply never came
  // back (the link was down or dropped).
  static redis_reply error(std::string message) {
    redis_reply r;
    r.kind = redis_reply_kind::error;
    r.text = std::move(message);
    return r;
  }
};

}  // namespace crownhall::redis
