// GET /api/account: who the session's player is, their account, and their devices.
#include <algorithm>

#include "server/account_api/account_call.hpp"
#include "server/accounts/base64url.hpp"

namespace crownhall::server {

using json = nlohmann::json;

// A device is named by the start of its identity's hash: enough to tell a player's few
// devices apart, and nothing that lets anyone sign in.
std::string device_id(const store::secret_hash& token_hash) {
  return token_hash.hex().substr(0, 16);
}

json passkey_json(const store::passkey_entry& k) {
  return {{"id", accounts::base64url_encode(k.credential_id)},
          {"created_at", k.created_at_ms},
          {"last_used_at", k.last_used_ms},
          {"synced", k.backed_up}};
}

api_response account_view(const account_call& call, const caller& who, int status) {
  auto account = call.accounts.find_account(who.id);
  if (!account) return store_failed("find_account", account.error());
  auto identities = call.store.list_identities(who.id);
  if (!identities) return store_failed("list_identities", identities.error());

  json out = {{"player", who.id}, {"passkeys_available", call.desk.relying_party.has_value()}};
  std::string name = who.here ? who.here->name() : std::string();
  out["account"] = nullptr;
  if (*account) {
    const store::account_entry& a = **account;
    auto keys = call.accounts.list_passkeys(who.id);
    if (!keys) return store_failed("list_passkeys", keys.error());
    auto password = call.accounts.find_password_hash(who.id);
    if (!password) return store_failed("find_password_hash", password.error());
    json passkeys = json::array();
    for (const auto& k : *keys) passkeys.push_back(passkey_json(k));
    out["account"] = {{"name", a.name},
                      {"created_at", a.created_at_ms},
                      {"password", password->has_value()},
                      {"passkeys", std::move(passkeys)}};
    name = a.name;
  }
  const auto mine = call.request.identity.empty() ? std::optional<store::secret_hash>()
                                                  : store::secret_hash::of(call.request.identity);
  json devices = json::array();
  for (const auto& e : *identities) {
    if (e.revoked_at_ms != 0 || e.expires_at_ms <= call.now.unix_ms) continue;
    if (name.empty()) name = e.display_name;
    json d = {{"id", device_id(e.token_hash)},
              {"issued_at", e.issued_at_ms},
              {"expires_at", e.expires_at_ms}};
    if (mine && *mine == e.token_hash) d["this_device"] = true;
    devices.push_back(std::move(d));
  }
  out["name"] = name;
  out["devices"] = std::move(devices);
  return json_answer(status, out);
}

}  // namespace crownhall::server
