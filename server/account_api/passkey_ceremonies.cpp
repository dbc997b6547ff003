// Passkeys: making one for an account, removing one, and signing in with one
// (protocol/accounts.md, "Passkeys" and "Signing in"). The checks themselves are the
// accounts library's (server/accounts/webauthn.hpp); here, the challenge's round trip
// through the store and the passkey's row.
#include <spdlog/spdlog.h>

#include "server/account_api/account_call.hpp"
#include "server/account_api/webauthn_json.hpp"
#include "server/accounts/base64url.hpp"
#include "server/accounts/challenge_book.hpp"
#include "server/secure_random.hpp"

namespace crownhall::server {

using json = nlohmann::json;
namespace acc = crownhall::accounts;

namespace {

// How long a page may take between asking for options and answering with a passkey.
constexpr std::int64_t ceremony_ms = 5 * 60 * 1000;

std::string registration_owner(const std::string& player_id) { return "passkey:" + player_id; }
std::string sign_in_owner(const std::string& ceremony) { return "sign-in:" + ceremony; }

// The user.id the browser keeps with the account's passkeys: the same for every passkey of
// the account, so that one authenticator holds one passkey per account, and not the name
// (WebAuthn asks that it say nothing about the person).
std::string user_handle_of(const std::string& player_id) {
  const auto hash = store::secret_hash::of("crownhall user handle " + player_id);
  return std::string(reinterpret_cast<const char*>(hash.bytes().data()), 16);
}

api_response passkeys_off(const account_call& call) {
  return refusal(503, "passkeys_unavailable", call.desk.passkeys_off);
}

api_response refused(acc::webauthn_error e) {
  return refusal(400, acc::code(e),
                 "the passkey was refused (docs/accounts.md, the table of checks)");
}

// A new challenge for `owner`, kept in the store; the bytes, or the refusal.
std::variant<std::string, api_response> new_challenge(const account_call& call,
                                                      const std::string& owner) {
  std::string challenge = acc::challenge_book::random_challenge();
  if (auto s = call.accounts.put_challenge(
          {owner, challenge, call.now.unix_ms, call.now.unix_ms + ceremony_ms});
      !s)
    return store_failed("put_challenge", s.error);
  return challenge;
}

}  // namespace

api_response passkey_options(const account_call& call) {
  if (!call.desk.relying_party) return passkeys_off(call);
  return as_caller(call, [&](const caller& who) -> api_response {
    auto account = call.accounts.find_account(who.id);
    if (!account) return store_failed("find_account", account.error());
    if (!*account) return refusal(404, "no_account", "make an account first");
    auto keys = call.accounts.list_passkeys(who.id);
    if (!keys) return store_failed("list_passkeys", keys.error());
    auto challenge = new_challenge(call, registration_owner(who.id));
    if (auto* r = std::get_if<api_response>(&challenge)) return std::move(*r);
    const acc::relying_party& rp = *call.desk.relying_party;
    json exclude = json::array();
    for (const auto& k : *keys)
      exclude.push_back({{"type", "public-key"}, {"id", acc::base64url_encode(k.credential_id)}});
    json params = json::array();
    for (int alg : {-7, -8, -257}) params.push_back({{"type", "public-key"}, {"alg", alg}});
    const std::string& name = (*account)->name;
    return json_answer(
        200, {{"publicKey",
               {{"challenge", acc::base64url_encode(std::get<std::string>(challenge))},
                {"rp", {{"id", rp.id}, {"name", rp.name}}},
                {"user",
                 {{"id", acc::base64url_encode(user_handle_of(who.id))},
                  {"name", name},
                  {"displayName", name}}},
                {"pubKeyCredParams", std::move(params)},
                {"timeout", ceremony_ms},
                {"attestation", "none"},
                {"authenticatorSelection",
                 {{"residentKey", "required"},
                  {"requireResidentKey", true},
                  {"userVerification", rp.require_user_verification ? "required" : "preferred"}}},
                {"excludeCredentials", std::move(exclude)}}}});
  });
}

api_response add_passkey(const account_call& call) {
  if (!call.desk.relying_party) return passkeys_off(call);
  return as_caller(call, [&](const caller& who) -> api_response {
    const auto response = registration_of(call.body);
    if (!response) return refused(acc::webauthn_error::malformed);
    // Taken before anything else is checked: a refused answer uses its challenge up too.
    auto challenge = call.accounts.take_challenge(registration_owner(who.id), call.now.unix_ms);
    if (!challenge) return store_failed("take_challenge", challenge.error());
    if (!*challenge) return refused(acc::webauthn_error::bad_challenge);
    auto made = acc::verify_registration(*call.desk.relying_party, *response, **challenge);
    if (!made) return refused(made.error());
    const store::passkey_entry entry{made->credential_id,
                                     who.id,
                                     user_handle_of(who.id),
                                     made->public_key_cose,
                                     static_cast<int>(made->algorithm),
                                     made->sign_count,
                                     made->aaguid,
                                     made->backup_eligible,
                                     made->backed_up,
                                     call.now.unix_ms,
                                     0};
    auto added = call.accounts.add_passkey(entry);
    if (!added) return store_failed("add_passkey", added.error());
    // Stored already (the same authenticator again), or the account is gone.
    if (!*added)
      return refusal(409, "passkey_exists",
                     "this passkey is stored already, or the account is gone");
    spdlog::info("passkey ({}) added for {}", acc::name(made->algorithm), who.id);
    return json_answer(201, {{"passkey", passkey_json(entry)}});
  });
}

api_response remove_passkey(const account_call& call, std::string_view id) {
  return as_caller(call, [&](const caller& who) -> api_response {
    const auto credential = acc::base64url_decode(id);
    if (!credential) return refusal(404, "no_such_passkey", "no passkey of yours has this id");
    auto keys = call.accounts.list_passkeys(who.id);
    if (!keys) return store_failed("list_passkeys", keys.error());
    auto password = call.accounts.find_password_hash(who.id);
    if (!password) return store_failed("find_password_hash", password.error());
    if (keys->size() == 1 && keys->front().credential_id == *credential && !password->has_value())
      return refusal(409, "last_way_in", "set a password first: this passkey is the only way in");
    auto removed = call.accounts.remove_passkey(*credential, who.id);
    if (!removed) return store_failed("remove_passkey", removed.error());
    if (!*removed) return refusal(404, "no_such_passkey", "no passkey of yours has this id");
    return account_view(call, who);
  });
}

api_response sign_in_options(const account_call& call) {
  if (!call.desk.relying_party) return passkeys_off(call);
  if (auto limited = over_sign_in_limits(call, nullptr)) return *limited;
  const std::string ceremony = secure_random_hex(16);
  auto challenge = new_challenge(call, sign_in_owner(ceremony));
  if (auto* r = std::get_if<api_response>(&challenge)) return std::move(*r);
  const acc::relying_party& rp = *call.desk.relying_party;
  return json_answer(
      200, {{"ceremony", ceremony},
            {"publicKey",
             {{"challenge", acc::base64url_encode(std::get<std::string>(challenge))},
              {"rpId", rp.id},
              {"timeout", ceremony_ms},
              {"userVerification", rp.require_user_verification ? "required" : "preferred"},
              {"allowCredentials", json::array()}}}});
}

api_response sign_in_with_passkey(const account_call& call) {
  if (!call.desk.relying_party) return passkeys_off(call);
  const auto ceremony = text_field(call.body, "ceremony");
  const auto response = sign_in_of(call.body.value("credential", json()));
  if (!ceremony || !response) return refused(acc::webauthn_error::malformed);
  auto challenge = call.accounts.take_challenge(sign_in_owner(*ceremony), call.now.unix_ms);
  if (!challenge) return store_failed("take_challenge", challenge.error());
  if (!*challenge) return refused(acc::webauthn_error::bad_challenge);
  auto stored = call.accounts.find_passkey(response->credential_id);
  if (!stored) return store_failed("find_passkey", stored.error());
  std::optional<acc::passkey> key;
  if (*stored)
    key = acc::passkey{(*stored)->credential_id, (*stored)->player_id, (*stored)->user_handle,
                       (*stored)->public_key, (*stored)->sign_count};
  // The passkey was chosen without a name: the account is the one it belongs to, and the
  // user handle the browser sent must be that account's.
  auto verified = acc::verify_sign_in(*call.desk.relying_party, *response, **challenge,
                                      key ? &*key : nullptr, key ? key->account_id : "");
  if (!verified) return refused(verified.error());
  auto used = call.accounts.record_passkey_use(response->credential_id, verified->sign_count,
                                               verified->backed_up, call.now.unix_ms);
  if (!used) return store_failed("record_passkey_use", used.error());
  // Another sign-in with the same counter was recorded first: a cloned authenticator.
  if (!*used) return refused(acc::webauthn_error::counter_went_back);
  auto account = call.accounts.find_account(key->account_id);
  if (!account) return store_failed("find_account", account.error());
  if (!*account) return refused(acc::webauthn_error::unknown_credential);
  return signed_in(call, key->account_id, (*account)->name);
}

}  // namespace crownhall::server
