// client_address: who a connection's client is, as the per-address limits count it — the
// peer's address, or behind a trusted proxy (--trusted-proxy) the address that proxy
// forwarded in X-Forwarded-For; an IPv6 client by its /64, the block one home or host is
// given, so that a host cannot step around a limit by changing its last 64 bits.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crownhall::server {

// One address or a block of them: "192.0.2.7", "10.0.0.0/8", "2001:db8::/32", "::1".
class address_range {
 public:
  // nullopt for anything that is not an IPv4 or IPv6 address with an optional prefix length.
  static std::optional<address_range> parse(std::string_view text);
  bool contains(std::string_view address) const;

 private:
  std::array<std::uint8_t, 16> bytes_{};  // an IPv4 address as IPv4-mapped IPv6
  int prefix_ = 128;
};

// The --trusted-proxy ranges; throws std::invalid_argument naming the first that does not
// read.
std::vector<address_range> parse_ranges(const std::vector<std::string>& texts);

bool in_any(std::string_view address, const std::vector<address_range>& ranges);

// The name `address` is counted under: an IPv4 address as it is (an IPv4-mapped IPv6 one as
// IPv4), an IPv6 address as its /64 ("2001:db8:1:2::/64"), anything else as given.
std::string limit_key(std::string_view address);

// The client behind `peer`. When the peer is a trusted proxy: the rightmost address of
// `forwarded_for` (X-Forwarded-For, several headers comma-joined) that is not a trusted
// proxy itself, each proxy having appended the address it was reached from; an entry that
// is not an address ends the walk (what lies left of it was written by the client). The
// peer itself otherwise, or when no entry is an address.
std::string forwarded_client(std::string_view peer, std::string_view forwarded_for,
                             const std::vector<address_range>& trusted);

}  // namespace crownhall::server
