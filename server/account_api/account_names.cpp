#include "server/account_api/account_names.hpp"

#include "protocol/text_rules.hpp"

namespace crownhall::server {

std::optional<account_name> account_name_of(std::string_view raw) {
  auto shown = protocol::normalize_name(raw);
  if (!shown) return std::nullopt;
  std::string key = *shown;
  for (char& c : key)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return account_name{std::move(*shown), std::move(key)};
}

}  // namespace crownhall::server
