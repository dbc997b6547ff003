// account_call: one account request being answered on a store thread, and the helpers every
// part of account_api uses (the refusals of protocol/accounts.md, the caller's player).
// Internal to server/account_api/.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

#include "server/account_api/account_api.hpp"
#include "server/account_api/account_desk.hpp"
#include "server/store/account_store.hpp"

namespace crownhall::server {

struct account_call {
  shared_state& state;
  const account_request& request;
  const nlohmann::json& body;  // an object ({} for a request without a body)
  moment now;
  store::table_store& store;
  store::account_store& accounts;
  account_desk& desk;
};

api_response refusal(int status, std::string_view code, std::string_view why);
api_response store_failed(std::string_view what, const std::string& error);
api_response json_answer(int status, const nlohmann::json& body);

// The session's player: its id, and its session on this node when it has one.
struct caller {
  std::string id;
  std::shared_ptr<player> here;
};
// The player behind the request's session token, or the refusal (not_signed_in).
std::variant<caller, api_response> caller_of(const account_call& call);

// `answer(who)` for the session's player, or the refusal when there is none.
template <class Answer>
api_response as_caller(const account_call& call, Answer answer) {
  auto who = caller_of(call);
  if (auto* refused = std::get_if<api_response>(&who)) return std::move(*refused);
  return answer(std::get<caller>(who));
}

// The name finished records and ended identities keep for a player whose account was
// deleted: other people's histories stay whole, without the person's name.
inline constexpr const char* former_player_name = "former player";

// The player's new name wherever a person sees it: their session here (and the table it
// sits at, at once) and whatever the store keeps (their identities, seats and session).
void name_player(const account_call& call, const caller& who, const std::string& name);

// A request's path: its target without the query.
inline std::string_view path_of(std::string_view target) {
  return target.substr(0, target.find('?'));
}

// A string field of the body, or nullopt when missing or not a string.
std::optional<std::string> text_field(const nlohmann::json& body, const char* name);

// A device as listed: the start of its identity's hash.
std::string device_id(const store::secret_hash& token_hash);
nlohmann::json passkey_json(const store::passkey_entry& passkey);

// Each request, by its part of the API (the router in account_api.cpp calls these).
api_response account_view(const account_call& call, const caller& who, int status = 200);
api_response create_account(const account_call& call);
api_response rename_account(const account_call& call);
api_response delete_account(const account_call& call);
api_response set_password(const account_call& call);
api_response remove_password(const account_call& call);
api_response end_device(const account_call& call, std::string_view device);
api_response sign_out(const account_call& call);
api_response passkey_options(const account_call& call);
api_response add_passkey(const account_call& call);
api_response remove_passkey(const account_call& call, std::string_view id);
api_response sign_in_options(const account_call& call);
api_response player_profile(const account_call& call, const std::string& player_id);
api_response set_profile_private(const account_call& call);
api_response admin_people(const account_call& call);
api_response sign_in_with_passkey(const account_call& call);
api_response sign_in_with_password(const account_call& call);

// Every browser of the player signed out: each identity revoked, the stored session
// forgotten, the session ended on this node and every other (4003). How many identities
// were ended, or the store's error. `renamed_to`: the name their seats show from then on.
store::result<int> sign_out_everywhere(const account_call& call, const std::string& player_id,
                                       const std::optional<std::string>& renamed_to = std::nullopt);

// A sign-in's answer: a new identity of `player_id` for this browser.
api_response signed_in(const account_call& call, const std::string& player_id,
                       const std::string& name);
// The refusal of a sign-in over its limits, or nullopt; `name_key` counted when given.
std::optional<api_response> over_sign_in_limits(const account_call& call,
                                                const std::string* name_key);

}  // namespace crownhall::server
