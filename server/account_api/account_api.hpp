// account_api: the account, passkey, password, sign-in and sign-out requests over HTTP
// (protocol/accounts.md). http_session hands a request here whole; it is answered from one
// of the store's threads (shared_state::store_work), since nearly every request waits on
// the database and a password's check takes a tenth of a second on purpose. No Beast here.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "server/http/api_http.hpp"
#include "server/lobby/shared_state.hpp"

namespace crownhall::server {

struct account_request {
  std::string method;  // "GET", "POST", "PUT", "DELETE"
  std::string target;
  std::string authorization;  // as sent: "Bearer SESSION_TOKEN"
  std::string identity;       // X-Crownhall-Identity: this browser's identity, when sent
  // The one Origin header sent; nullopt when there was none, or more than one.
  std::optional<std::string> origin;
  std::string body;
  std::string client;  // the address the sign-in limits count (address_limits' key)
};

// /api/account, /api/account/..., /api/sign-in/..., /api/sign-out, /api/players/ID/profile,
// and the admin's people: /api/admin/players..., /api/admin/audit (is_admin_people_path).
bool is_account_path(std::string_view target);
bool is_admin_people_path(std::string_view target);

// Answers `request` through `done`, called once, from another thread or (for a refusal
// that needs no store) at once.
void handle_account(shared_state& state, account_request request,
                    std::function<void(api_response)> done);

}  // namespace crownhall::server
