// Signing in with a password, the limits every sign-in counts against, and what a
// successful sign-in gives the browser: an identity of the account's player.
#include <spdlog/spdlog.h>

#include "server/account_api/account_call.hpp"
#include "server/account_api/account_names.hpp"
#include "server/accounts/password_hash.hpp"
#include "server/lobby/durable_tables.hpp"
#include "server/store/moderation_store.hpp"

namespace crownhall::server {

using json = nlohmann::json;

std::optional<api_response> over_sign_in_limits(const account_call& call,
                                                const std::string* name_key) {
  const auto wait = call.desk.limits.take(call.request.client, name_key, call.now.mono_ms);
  if (!wait) return std::nullopt;
  api_response r = json_answer(429, {{"error", "too many sign-in attempts; try again later"},
                                     {"code", "sign_in_limited"},
                                     {"retry_after_seconds", *wait}});
  r.extra_header_name = "Retry-After";
  r.extra_header_value = std::to_string(*wait);
  return r;
}

api_response signed_in(const account_call& call, const std::string& player_id,
                       const std::string& name) {
  auto ban = call.store.moderation().find_ban(player_id);
  if (!ban) return store_failed("find_ban", ban.error());
  // Said only after the password or passkey was right: a stranger learns nothing of a ban.
  if (*ban) return refusal(403, "banned", "this account is banned");
  const std::string identity =
      call.state.durable->issue_identity(call.state, player_id, name, call.now);
  if (identity.empty())
    return refusal(503, "store_unavailable", "the store did not answer; try again");
  spdlog::info("{} signed in", player_id);
  return json_answer(200, {{"identity", identity}, {"player", player_id}, {"name", name}});
}

api_response sign_in_with_password(const account_call& call) {
  const auto name = text_field(call.body, "name");
  const auto password = text_field(call.body, "password");
  if (!name || !password)
    return refusal(400, "bad_request", "send {\"name\": ..., \"password\": ...}");
  const auto key = account_name_of(*name);
  if (auto limited = over_sign_in_limits(call, key ? &key->key : nullptr)) return *limited;
  // An unknown name, a name with passkeys only and a wrong password take the same path to
  // the same answer: a password is checked against a hash in every case.
  std::optional<store::account_entry> account;
  std::optional<std::string> stored;
  if (key) {
    auto found = call.accounts.find_account_by_name(key->key);
    if (!found) return store_failed("find_account_by_name", found.error());
    account = std::move(*found);
  }
  if (account) {
    auto hash = call.accounts.find_password_hash(account->player_id);
    if (!hash) return store_failed("find_password_hash", hash.error());
    stored = std::move(*hash);
  }
  const bool right = accounts::verify_password(
      stored ? std::optional<std::string_view>(*stored) : std::nullopt, *password);
  if (!right || !account) return refusal(401, "sign_in_failed", "wrong name or password");
  if (accounts::password_needs_rehash(*stored))
    if (auto s = call.accounts.set_password_hash(
            account->player_id, accounts::hash_password(*password), call.now.unix_ms);
        !s)
      spdlog::error("store: set_password_hash: {}", s.error());
  return signed_in(call, account->player_id, account->name);
}

}  // namespace crownhall::server
