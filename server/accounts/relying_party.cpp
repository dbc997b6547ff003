#include "server/accounts/relying_party.hpp"

#include <string_view>

namespace crownhall::accounts {

namespace {

bool domain_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

// "host" of "scheme://host[:port]", or nullopt when the origin has a path, user or query.
std::optional<std::string_view> origin_host(std::string_view origin, std::string_view scheme) {
  if (!origin.starts_with(scheme)) return std::nullopt;
  std::string_view rest = origin.substr(scheme.size());
  const auto colon = rest.find(':');
  std::string_view host = rest.substr(0, colon);
  if (colon != std::string_view::npos) {
    const std::string_view port = rest.substr(colon + 1);
    if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != port.npos)
      return std::nullopt;
  }
  if (host.empty()) return std::nullopt;
  for (char c : host)
    if (!domain_character(c)) return std::nullopt;
  return host;
}

}  // namespace

std::optional<std::string> check_relying_party(const relying_party& rp) {
  if (rp.id.empty()) return "the relying-party id is empty (it is the site's domain)";
  for (char c : rp.id)
    if (!domain_character(c))
      return "the relying-party id \"" + rp.id +
             "\" is not a lower-case domain (no scheme, no port, no path)";
  if (rp.id.find_first_not_of("0123456789.") == std::string::npos)
    return "the relying-party id \"" + rp.id + "\" is an address: browsers take only domains";
  auto host = origin_host(rp.origin, "https://");
  if (!host) {
    host = origin_host(rp.origin, "http://");
    if (host && *host != "localhost")
      return "the origin \"" + rp.origin +
             "\" is plain http: browsers allow passkeys only over https, or on localhost";
  }
  if (!host)
    return "the origin \"" + rp.origin +
           "\" is not scheme://host[:port] as the browser's address bar has it";
  const bool same = *host == rp.id;
  const bool parent = host->size() > rp.id.size() && host->ends_with(rp.id) &&
                      (*host)[host->size() - rp.id.size() - 1] == '.' &&
                      rp.id.find('.') != std::string::npos;
  if (!same && !parent)
    return "the relying-party id \"" + rp.id + "\" is neither the origin's host \"" +
           std::string(*host) + "\" nor a parent domain of it";
  return std::nullopt;
}

}  // namespace crownhall::accounts
