// redis_address: where a node finds Redis, read from `redis://[[user]:password@]host[:port][/db]`
// (the form of `--redis`): host, port (6379 by default), database number (0 by default) and
// the credentials for AUTH, if any.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace crownhall::redis {

struct redis_address {
  std::string host;
  int port = 6379;
  int database = 0;      // SELECTed after connecting when not 0
  std::string user;      // AUTH user password (Redis 6 ACL) when set
  std::string password;  // AUTH password when set and `user` is not

  // redis://host:port/db, without the credentials: fit for a log line.
  std::string text() const;
};

struct redis_address_parse {
  std::optional<redis_address> address;  // set when the text was an address
  std::string error;                     // else why not, a sentence for the command line
};

// Reads a redis:// URL. An IPv6 host is written in brackets (redis://[::1]:6380). A password
// in a refused URL is not repeated in the error.
redis_address_parse parse_redis_address(std::string_view url);

}  // namespace crownhall::redis
