#include "server/client_address.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <stdexcept>

namespace crownhall::server {

namespace {

using address_bytes = std::array<std::uint8_t, 16>;

constexpr std::array<std::uint8_t, 12> v4_mapped = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// An IPv4 or IPv6 address (brackets allowed around IPv6), IPv4 as IPv4-mapped IPv6; `v4`
// says which it was written as.
std::optional<address_bytes> address_of(std::string_view text, bool* v4 = nullptr) {
  if (text.size() > 2 && text.front() == '[' && text.back() == ']')
    text = text.substr(1, text.size() - 2);
  if (text.empty() || text.size() >= INET6_ADDRSTRLEN) return std::nullopt;
  char buf[INET6_ADDRSTRLEN] = {};
  std::memcpy(buf, text.data(), text.size());
  address_bytes out{};
  in_addr four{};
  if (inet_pton(AF_INET, buf, &four) == 1) {
    std::copy(v4_mapped.begin(), v4_mapped.end(), out.begin());
    std::memcpy(out.data() + 12, &four, 4);
    if (v4) *v4 = true;
    return out;
  }
  if (inet_pton(AF_INET6, buf, out.data()) != 1) return std::nullopt;
  if (v4) *v4 = false;
  return out;
}

bool is_v4_mapped(const address_bytes& a) {
  return std::equal(v4_mapped.begin(), v4_mapped.end(), a.begin());
}

}  // namespace

std::optional<address_range> address_range::parse(std::string_view text) {
  text = trimmed(text);
  const std::size_t slash = text.find('/');
  bool v4 = false;
  const auto bytes = address_of(text.substr(0, slash), &v4);
  if (!bytes) return std::nullopt;
  address_range r;
  r.bytes_ = *bytes;
  if (slash != std::string_view::npos) {
    const std::string_view digits = text.substr(slash + 1);
    int prefix = -1;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), prefix);
    if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty() || prefix < 0 ||
        prefix > (v4 ? 32 : 128))
      return std::nullopt;
    r.prefix_ = v4 ? prefix + 96 : prefix;
  }
  return r;
}

bool address_range::contains(std::string_view address) const {
  const auto a = address_of(trimmed(address));
  if (!a) return false;
  for (int bit = 0; bit < prefix_; ++bit) {
    const std::uint8_t mask = static_cast<std::uint8_t>(0x80u >> (bit % 8));
    if ((((*a)[bit / 8]) & mask) != (bytes_[bit / 8] & mask)) return false;
  }
  return true;
}

std::vector<address_range> parse_ranges(const std::vector<std::string>& texts) {
  std::vector<address_range> out;
  for (const auto& t : texts) {
    auto r = address_range::parse(t);
    if (!r) throw std::invalid_argument("not an address or address/prefix: \"" + t + "\"");
    out.push_back(*r);
  }
  return out;
}

bool in_any(std::string_view address, const std::vector<address_range>& ranges) {
  return std::any_of(ranges.begin(), ranges.end(),
                     [&](const address_range& r) { return r.contains(address); });
}

std::string limit_key(std::string_view address) {
  auto a = address_of(trimmed(address));
  if (!a) return std::string(address);
  char text[INET6_ADDRSTRLEN] = {};
  if (is_v4_mapped(*a)) {
    inet_ntop(AF_INET, a->data() + 12, text, sizeof text);
    return text;
  }
  std::fill(a->begin() + 8, a->end(), 0);
  inet_ntop(AF_INET6, a->data(), text, sizeof text);
  return std::string(text) + "/64";
}

std::string forwarded_client(std::string_view peer, std::string_view forwarded_for,
                             const std::vector<address_range>& trusted) {
  std::string client(peer);
  if (!in_any(peer, trusted)) return client;
  while (!forwarded_for.empty()) {
    const std::size_t comma = forwarded_for.rfind(',');
    const std::string_view entry =
        trimmed(comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1));
    forwarded_for =
        comma == std::string_view::npos ? std::string_view() : forwarded_for.substr(0, comma);
    if (!address_of(entry)) break;
    client = std::string(entry);
    if (!in_any(entry, trusted)) break;
  }
  return client;
}

}  // namespace crownhall::server
