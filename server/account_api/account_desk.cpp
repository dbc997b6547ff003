#include "server/account_api/account_desk.hpp"

#include <stdexcept>

namespace crownhall::server {

namespace {

// "https://cards.example.org:8443/" -> "cards.example.org".
std::string host_of(const std::string& origin) {
  auto start = origin.find("://");
  start = start == std::string::npos ? 0 : start + 3;
  const auto end = origin.find_first_of(":/", start);
  return origin.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

}  // namespace

std::unique_ptr<account_desk> make_account_desk(const std::string& rp_id_flag,
                                                const std::string& origin_flag,
                                                const std::string& own_origin) {
  auto desk = std::make_unique<account_desk>();
  accounts::relying_party rp;
  rp.origin = !origin_flag.empty()  ? origin_flag
              : !rp_id_flag.empty() ? "https://" + rp_id_flag
                                    : own_origin;
  rp.id = !rp_id_flag.empty() ? rp_id_flag : host_of(rp.origin);
  if (auto problem = accounts::check_relying_party(rp)) {
    if (!rp_id_flag.empty() || !origin_flag.empty())
      throw std::runtime_error("--webauthn-rp-id " + rp.id + " with --webauthn-origin " +
                               rp.origin + ": " + *problem);
    desk->passkeys_off = *problem;
    return desk;
  }
  desk->relying_party = std::move(rp);
  return desk;
}

}  // namespace crownhall::server
