#include "server/cluster/redis/redis_address.hpp"

#include <charconv>

namespace crownhall::redis {
namespace {

constexpr std::string_view scheme = "redis://";

// A decimal number in [low, high], or nullopt: no sign, no spaces, no trailing text.
std::optional<int> number_in(std::string_view digits, int low, int high) {
  int value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size() || value < low ||
      value > high) {
    return std::nullopt;
  }
  return value;
}

// The URL as it may be shown: the credentials, if any, replaced by "***".
std::string without_credentials(std::string_view url) {
  if (!url.starts_with(scheme)) return std::string(url);
  auto rest = url.substr(scheme.size());
  auto at = rest.rfind('@');
  if (at == std::string_view::npos) return std::string(url);
  return std::string(scheme) + "***" + std::string(rest.substr(at));
}

redis_address_parse refused(std::string_view url, std::string_view why) {
  return {std::nullopt, "--redis: expected redis://host:port, got '" + without_credentials(url) +
                            "' (" + std::string(why) + ")"};
}

}  // namespace

std::string redis_address::text() const {
  bool bracket = host.find(':') != std::string::npos;
  return std::string(scheme) + (bracket ? "[" + host + "]" : host) + ":" + std::to_string(port) +
         "/" + std::to_string(database);
}

redis_address_parse parse_redis_address(std::string_view url) {
  if (!url.starts_with(scheme)) return refused(url, "it must start with redis://");
  auto rest = url.substr(scheme.size());
  redis_address address;

  // The password may itself hold '@' or ':': the host starts after the last '@', the user
  // ends at the first ':'.
  if (auto at = rest.rfind('@'); at != std::string_view::npos) {
    auto credentials = rest.substr(0, at);
    rest = rest.substr(at + 1);
    auto colon = credentials.find(':');
    if (colon == std::string_view::npos) return refused(url, "credentials are user:password");
    address.user = credentials.substr(0, colon);
    address.password = credentials.substr(colon + 1);
    if (address.password.empty()) return refused(url, "the password is empty");
  }

  auto slash = rest.find('/');
  auto host_port = rest.substr(0, slash);
  if (slash != std::string_view::npos && slash + 1 < rest.size()) {
    auto db = number_in(rest.substr(slash + 1), 0, 1'000'000);
    if (!db) return refused(url, "the database is a number, as in /0");
    address.database = *db;
  }

  std::string_view port_text;
  if (host_port.starts_with('[')) {
    auto close = host_port.find(']');
    if (close == std::string_view::npos) return refused(url, "an IPv6 host needs its ']'");
    address.host = host_port.substr(1, close - 1);
    auto after = host_port.substr(close + 1);
    if (!after.empty() && !after.starts_with(':')) return refused(url, "text after ']'");
    if (!after.empty()) port_text = after.substr(1);
    if (after == ":") return refused(url, "the port is empty");
  } else {
    auto colon = host_port.find(':');
    address.host = host_port.substr(0, colon);
    if (colon != std::string_view::npos) {
      port_text = host_port.substr(colon + 1);
      if (port_text.empty()) return refused(url, "the port is empty");
    }
  }
  if (address.host.empty()) return refused(url, "no host");
  if (address.host.find_first_of("?#/ ") != std::string::npos) {
    return refused(url, "the host has a character a host cannot have");
  }
  if (!port_text.empty()) {
    auto port = number_in(port_text, 1, 65535);
    if (!port) return refused(url, "the port is a number from 1 to 65535");
    address.port = *port;
  }
  return {std::move(address), {}};
}

}  // namespace crownhall::redis
