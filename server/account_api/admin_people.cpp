// The admin page's people (docs/admin.md, "People"): accounts and bans listed, one player
// looked at, an offensive name renamed, a troublemaker banned (signed out everywhere, their
// seats to bots, sign-in refused, new guests from their address refused for a while) and the
// ban lifted; every act written to the audit log, which the page shows. Under /api/admin/,
// with the admin token, like the rest of the admin API.
#include <spdlog/spdlog.h>

#include <charconv>

#include "server/account_api/account_call.hpp"
#include "server/account_api/account_names.hpp"
#include "server/http/admin_auth.hpp"
#include "server/lobby/table_room.hpp"
#include "server/store/moderation_store.hpp"

namespace crownhall::server {

using json = nlohmann::json;

namespace {

constexpr std::string_view players_path = "/api/admin/players";
constexpr std::string_view audit_path = "/api/admin/audit";
// Who did it, as the audit log says: the admin API has one token, so one admin.
constexpr const char* the_admin = "admin";
constexpr std::size_t max_reason_bytes = 500;
constexpr long long max_refusal_minutes = 7 * 24 * 60;

// The number after `name=` in the query, or `fallback`.
long long query_number(std::string_view target, std::string_view name, long long fallback) {
  const auto q = target.find('?');
  std::string_view query = q == std::string_view::npos ? "" : target.substr(q + 1);
  while (!query.empty()) {
    const auto end = std::min(query.find('&'), query.size());
    const std::string_view pair = query.substr(0, end);
    if (pair.size() > name.size() && pair.substr(0, name.size()) == name &&
        pair[name.size()] == '=') {
      long long v = 0;
      const auto text = pair.substr(name.size() + 1);
      if (std::from_chars(text.data(), text.data() + text.size(), v).ec == std::errc()) return v;
    }
    query.remove_prefix(std::min(end + 1, query.size()));
  }
  return fallback;
}

bool is_connected(const std::shared_ptr<player>& p) { return p && p->connected(); }

json ban_json(const store::ban_entry& b) {
  return {{"player", b.player_id}, {"at", b.banned_at_ms}, {"reason", b.reason}, {"by", b.by}};
}

json audit_json(const store::audit_entry& e) {
  return {{"id", e.id},
          {"at", e.at_ms},
          {"by", e.by},
          {"action", e.action},
          {"player", e.player_id},
          {"detail", json::parse(e.detail, nullptr, false)}};
}

// Writes the act to the audit log; a log that cannot be written is said in the server's
// log, the act itself stands.
void audit(const account_call& call, const char* action, const std::string& player_id,
           const json& detail) {
  const store::audit_entry e{0, call.now.unix_ms, the_admin, action, player_id, detail.dump()};
  if (auto id = call.store.moderation().append_audit(e); !id)
    spdlog::error("store: append_audit: {}", id.error());
  spdlog::info("admin: {} {}", action, player_id);
}

api_response list_people(const account_call& call) {
  const auto limit = static_cast<std::size_t>(
      std::clamp(query_number(call.request.target, "limit", 100), 1LL, 500LL));
  auto accounts = call.store.moderation().list_accounts(limit, "");
  if (!accounts) return store_failed("list_accounts", accounts.error());
  auto bans = call.store.moderation().list_bans();
  if (!bans) return store_failed("list_bans", bans.error());
  std::unordered_map<std::string, const store::ban_entry*> banned;
  for (const auto& b : *bans) banned[b.player_id] = &b;
  json list = json::array();
  for (const auto& a : *accounts)
    list.push_back({{"player", a.player_id},
                    {"name", a.name},
                    {"created_at", a.created_at_ms},
                    {"banned", banned.count(a.player_id) > 0},
                    {"online", is_connected(call.state.sessions.find_by_id(a.player_id))}});
  json ban_list = json::array();
  for (const auto& b : *bans) ban_list.push_back(ban_json(b));
  // The guests of this node are its sessions (GET /api/admin/sessions lists them).
  return json_answer(200, {{"accounts", std::move(list)}, {"bans", std::move(ban_list)}});
}

api_response look_at(const account_call& call, const std::string& player_id) {
  auto account = call.accounts.find_account(player_id);
  if (!account) return store_failed("find_account", account.error());
  auto ban = call.store.moderation().find_ban(player_id);
  if (!ban) return store_failed("find_ban", ban.error());
  auto identities = call.store.list_identities(player_id);
  if (!identities) return store_failed("list_identities", identities.error());
  const auto here = call.state.sessions.find_by_id(player_id);
  if (!*account && identities->empty() && !here)
    return refusal(404, "no_such_player", "no player has this id");
  std::size_t holding = 0;
  std::string name = here ? here->name() : std::string();
  for (const auto& e : *identities) {
    if (e.revoked_at_ms == 0 && e.expires_at_ms > call.now.unix_ms) ++holding;
    if (name.empty()) name = e.display_name;
  }
  if (*account) name = (*account)->name;
  json out = {{"player", player_id},
              {"name", name},
              {"account", account->has_value()},
              {"devices", holding},
              {"ban", *ban ? ban_json(**ban) : json()},
              {"online", is_connected(here)}};
  if (here)
    if (auto room = here->table()) out["table"] = room->id();
  return json_answer(200, out);
}

api_response ban(const account_call& call, const std::string& player_id) {
  const std::string reason = text_field(call.body, "reason").value_or("");
  if (reason.size() > max_reason_bytes)
    return refusal(400, "bad_request", "a reason of 500 bytes at most");
  const long long minutes = call.body.value("refuse_address_minutes", 0LL);
  if (minutes < 0 || minutes > max_refusal_minutes)
    return refusal(400, "bad_request", "refuse_address_minutes from 0 to 10080 (a week)");
  // The address is known while the person is connected to this node: read before their
  // connection is closed.
  std::string address;
  if (auto p = call.state.sessions.find_by_id(player_id))
    if (auto link = p->link()) address = link->client_key();
  if (auto s = call.store.moderation().ban({player_id, call.now.unix_ms, reason, the_admin}); !s)
    return store_failed("ban", s.error);
  auto ended = sign_out_everywhere(call, player_id);
  if (!ended) return store_failed("sign out everywhere", ended.error());
  if (minutes > 0 && !address.empty())
    call.state.limits->refuse_sessions(address, call.now.mono_ms + minutes * 60000);
  audit(call, "ban", player_id,
        {{"reason", reason},
         {"refuse_address_minutes", minutes},
         {"address_refused", minutes > 0 && !address.empty()},
         {"devices_signed_out", *ended}});
  return json_answer(200, {{"banned", player_id},
                           {"devices_signed_out", *ended},
                           {"address_refused", minutes > 0 && !address.empty()}});
}

api_response lift_ban(const account_call& call, const std::string& player_id) {
  auto lifted = call.store.moderation().lift_ban(player_id);
  if (!lifted) return store_failed("lift_ban", lifted.error());
  if (!*lifted) return refusal(404, "not_banned", "this player is not banned");
  audit(call, "lift_ban", player_id, json::object());
  return json_answer(200, {{"lifted", player_id}});
}

api_response rename(const account_call& call, const std::string& player_id) {
  const auto name = account_name_of(text_field(call.body, "name").value_or(""));
  if (!name) return refusal(400, "invalid_name", "a name of 1 to 24 visible characters");
  auto account = call.accounts.find_account(player_id);
  if (!account) return store_failed("find_account", account.error());
  std::string before;
  if (*account) {
    before = (*account)->name;
    auto renamed = call.accounts.rename_account(player_id, name->shown, name->key);
    if (!renamed) return store_failed("rename_account", renamed.error());
    if (!*renamed) return refusal(409, "name_taken", "another account has this name");
  }
  const caller who{player_id, call.state.sessions.find_by_id(player_id)};
  if (before.empty() && who.here) before = who.here->name();
  name_player(call, who, name->shown);
  audit(call, "rename", player_id, {{"from", before}, {"to", name->shown}});
  return json_answer(200, {{"player", player_id}, {"name", name->shown}});
}

api_response list_audit(const account_call& call) {
  const auto limit = static_cast<std::size_t>(
      std::clamp(query_number(call.request.target, "limit", 100), 1LL, 500LL));
  auto entries =
      call.store.moderation().list_audit(limit, query_number(call.request.target, "before", 0));
  if (!entries) return store_failed("list_audit", entries.error());
  json out = json::array();
  for (const auto& e : *entries) out.push_back(audit_json(e));
  return json_answer(200, {{"entries", std::move(out)}});
}

}  // namespace

bool is_admin_people_path(std::string_view target) {
  const std::string_view path = path_of(target);
  return path == players_path || path == audit_path ||
         (path.starts_with(players_path) && path[players_path.size()] == '/');
}

api_response admin_people(const account_call& call) {
  if (call.state.config.admin_token.empty())
    return refusal(404, "admin_off", "the admin API is off: start the server with --admin-token");
  if (!admin_token_matches(call.state.config.admin_token, bearer_token(call.request.authorization)))
    return refusal(401, "not_admin", "send the admin token: Authorization: Bearer TOKEN");
  const std::string& m = call.request.method;
  const std::string_view path = path_of(call.request.target);
  if (path == audit_path) return m == "GET" ? list_audit(call) : refusal(405, "bad_request", "GET");
  if (path == players_path)
    return m == "GET" ? list_people(call) : refusal(405, "bad_request", "GET");
  std::string_view rest = path.substr(players_path.size() + 1);
  const auto slash = rest.find('/');
  const std::string player_id(rest.substr(0, slash));
  const std::string_view act = slash == std::string_view::npos ? "" : rest.substr(slash + 1);
  if (act.empty() && m == "GET") return look_at(call, player_id);
  if (act == "ban" && m == "POST") return ban(call, player_id);
  if (act == "lift-ban" && m == "POST") return lift_ban(call, player_id);
  if (act == "rename" && m == "POST") return rename(call, player_id);
  return refusal(404, "bad_request", "no such admin request (docs/admin.md, \"People\")");
}

}  // namespace crownhall::server
