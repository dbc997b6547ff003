// Making, renaming and deleting an account, its password, and ending its devices.
#include <spdlog/spdlog.h>

#include "protocol/server_messages.hpp"
#include "server/account_api/account_call.hpp"
#include "server/account_api/account_names.hpp"
#include "server/accounts/password_hash.hpp"
#include "server/lobby/durable_tables.hpp"
#include "server/lobby/table_room.hpp"
#include "server/store/moderation_store.hpp"

namespace crownhall::server {

using json = nlohmann::json;

namespace {

std::optional<api_response> refuse_name(const std::optional<account_name>& name) {
  if (!name)
    return refusal(
        400, "invalid_name",
        "a name of 1 to 24 visible characters (protocol/README.md, \"Names and chat text\")");
  return std::nullopt;
}

}  // namespace

void name_player(const account_call& call, const caller& who, const std::string& name) {
  if (who.here) {
    who.here->set_name(name);
    if (auto room = who.here->table()) room->renamed(who.here);    // the table shows it at once
    who.here->send(make_message(protocol::encode_renamed(name)));  // and their own header
  }
  if (auto s = call.store.rename_player(who.id, name); !s)
    spdlog::error("store: rename_player: {}", s.error);
}

api_response create_account(const account_call& call) {
  return as_caller(call, [&](const caller& who) -> api_response {
    const auto name = account_name_of(text_field(call.body, "name").value_or(""));
    if (auto refused = refuse_name(name)) return *refused;
    auto had = call.accounts.find_account(who.id);
    if (!had) return store_failed("find_account", had.error());
    if (*had) return refusal(409, "account_exists", "this player has an account already");
    auto made = call.accounts.create_account({who.id, name->shown, name->key, call.now.unix_ms});
    if (!made) return store_failed("create_account", made.error());
    if (!*made) return refusal(409, "name_taken", "another account has this name");
    name_player(call, who, name->shown);
    spdlog::info("account made for {}", who.id);
    return account_view(call, who, 201);
  });
}

api_response rename_account(const account_call& call) {
  return as_caller(call, [&](const caller& who) -> api_response {
    const auto name = account_name_of(text_field(call.body, "name").value_or(""));
    if (auto refused = refuse_name(name)) return *refused;
    auto had = call.accounts.find_account(who.id);
    if (!had) return store_failed("find_account", had.error());
    if (!*had) return refusal(404, "no_account", "this player has no account");
    auto renamed = call.accounts.rename_account(who.id, name->shown, name->key);
    if (!renamed) return store_failed("rename_account", renamed.error());
    if (!*renamed) return refusal(409, "name_taken", "another account has this name");
    name_player(call, who, name->shown);
    return account_view(call, who);
  });
}

api_response delete_account(const account_call& call) {
  return as_caller(call, [&](const caller& who) -> api_response {
    auto deleted = call.accounts.delete_account(who.id);
    if (!deleted) return store_failed("delete_account", deleted.error());
    if (!*deleted) return refusal(404, "no_account", "this player has no account");
    // The name goes with the account: the identities, all ended, a table still being
    // played (and the record it will leave) and the finished records keep a neutral one,
    // so other people's histories stay whole without it.
    name_player(call, who, former_player_name);
    if (auto r = call.store.moderation().rename_in_records(who.id, former_player_name); !r)
      spdlog::error("store: rename_in_records: {}", r.error());
    auto ended = sign_out_everywhere(call, who.id, former_player_name);
    if (!ended) return store_failed("sign out everywhere", ended.error());
    if (auto s = call.store.let_go_of_deleted(); !s)
      spdlog::error("store: let go of deleted data: {}", s.error);
    spdlog::info("account of {} deleted", who.id);
    return json_answer(200, {{"deleted", true}});
  });
}

api_response set_password(const account_call& call) {
  return as_caller(call, [&](const caller& who) -> api_response {
    const auto password = text_field(call.body, "password");
    if (!password) return refusal(400, "bad_request", "send {\"password\": \"...\"}");
    if (auto refused = accounts::check_new_password(*password))
      return refusal(400, accounts::code(*refused),
                     "a password of 8 characters or more, and 1024 bytes at most");
    auto had = call.accounts.find_account(who.id);
    if (!had) return store_failed("find_account", had.error());
    if (!*had) return refusal(404, "no_account", "make an account first");
    auto set = call.accounts.set_password_hash(who.id, accounts::hash_password(*password),
                                               call.now.unix_ms);
    if (!set) return store_failed("set_password_hash", set.error());
    if (!*set) return refusal(404, "no_account", "this player has no account");
    return account_view(call, who);
  });
}

api_response remove_password(const account_call& call) {
  return as_caller(call, [&](const caller& who) -> api_response {
    auto keys = call.accounts.list_passkeys(who.id);
    if (!keys) return store_failed("list_passkeys", keys.error());
    if (keys->empty())
      return refusal(409, "last_way_in", "add a passkey first: this password is the only way in");
    auto removed = call.accounts.remove_password_hash(who.id);
    if (!removed) return store_failed("remove_password_hash", removed.error());
    return account_view(call, who);
  });
}

}  // namespace crownhall::server
