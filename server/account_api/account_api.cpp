// The door of the account requests: what is checked before the store is asked (the store,
// the Origin, the body), and which part answers which path.
#include "server/account_api/account_api.hpp"

#include <spdlog/spdlog.h>

#include "server/account_api/account_call.hpp"
#include "server/http/http_rules.hpp"
#include "server/lobby/durable_tables.hpp"
#include "server/lobby/store_calls.hpp"

namespace crownhall::server {

using json = nlohmann::json;

namespace {

constexpr std::string_view account_prefix = "/api/account";
constexpr std::string_view sign_in_prefix = "/api/sign-in/";
constexpr std::string_view sign_out_path = "/api/sign-out";
constexpr std::string_view players_prefix = "/api/players/";
constexpr std::string_view profile_suffix = "/profile";

std::string_view bearer(std::string_view authorization) {
  constexpr std::string_view prefix = "Bearer ";
  if (authorization.substr(0, prefix.size()) != prefix) return {};
  return authorization.substr(prefix.size());
}

api_response route(const account_call& call) {
  const std::string& m = call.request.method;
  const std::string_view path = path_of(call.request.target);
  if (is_admin_people_path(path)) return admin_people(call);
  if (path == sign_out_path && m == "POST") return sign_out(call);
  if (path.starts_with(players_prefix) && path.ends_with(profile_suffix) && m == "GET")
    return player_profile(
        call, std::string(path.substr(players_prefix.size(), path.size() - players_prefix.size() -
                                                                 profile_suffix.size())));
  if (path.starts_with(sign_in_prefix)) {
    const std::string_view what = path.substr(sign_in_prefix.size());
    if (m == "POST" && what == "options") return sign_in_options(call);
    if (m == "POST" && what == "passkey") return sign_in_with_passkey(call);
    if (m == "POST" && what == "password") return sign_in_with_password(call);
    return refusal(400, "bad_request", "no such sign-in request");
  }
  const std::string_view rest = path.substr(account_prefix.size());
  if (rest.empty()) {
    if (m == "GET") {
      auto who = caller_of(call);
      if (auto* refused = std::get_if<api_response>(&who)) return std::move(*refused);
      return account_view(call, std::get<caller>(who));
    }
    if (m == "POST") return create_account(call);
    if (m == "DELETE") return delete_account(call);
  } else if (rest == "/name" && m == "PUT") {
    return rename_account(call);
  } else if (rest == "/profile" && m == "PUT") {
    return set_profile_private(call);
  } else if (rest == "/password") {
    if (m == "PUT") return set_password(call);
    if (m == "DELETE") return remove_password(call);
  } else if (rest == "/passkeys/options" && m == "POST") {
    return passkey_options(call);
  } else if (rest == "/passkeys" && m == "POST") {
    return add_passkey(call);
  } else if (rest.starts_with("/passkeys/") && m == "DELETE") {
    return remove_passkey(call, rest.substr(std::string_view("/passkeys/").size()));
  } else if (rest.starts_with("/devices/") && m == "DELETE") {
    return end_device(call, rest.substr(std::string_view("/devices/").size()));
  }
  return refusal(400, "bad_request", "no such account request (protocol/accounts.md)");
}

}  // namespace

bool is_account_path(std::string_view target) {
  const std::string_view path = path_of(target);
  return is_admin_people_path(path) || path == account_prefix ||
         (path.starts_with(account_prefix) && path[account_prefix.size()] == '/') ||
         path.starts_with(sign_in_prefix) || path == sign_out_path ||
         (path.starts_with(players_prefix) && path.ends_with(profile_suffix) &&
          path.size() > players_prefix.size() + profile_suffix.size());
}

void handle_account(shared_state& state, account_request request,
                    std::function<void(api_response)> done) {
  if (!state.durable || !state.store_work || !state.accounts)
    return done(refusal(503, "no_store", "this server keeps no data (no --data or --database)"));
  if (request.method != "GET") {
    // A page of another site must not act for the player whose token its script cannot
    // read anyway; a browser always sends Origin with these requests.
    if (!request.origin ||
        !origin_allowed(*request.origin, state.own_origins, state.config.allow_origins))
      return done(refusal(403, "bad_origin", "send one Origin header, of this server's pages"));
  }
  state.store_work->post([&state, request = std::move(request), done = std::move(done)] {
    json body = json::object();
    if (!request.body.empty()) {
      body = json::parse(request.body, nullptr, false);
      if (!body.is_object())
        return done(refusal(400, "bad_request", "the body must be a JSON object"));
    }
    const account_call call{state,
                            request,
                            body,
                            shared_state::now(),
                            state.durable->store(),
                            state.durable->store().accounts(),
                            *state.accounts};
    done(route(call));
  });
}

api_response json_answer(int status, const json& body) {
  api_response r;
  r.status = status;
  r.body = body.dump() + "\n";
  return r;
}

api_response refusal(int status, std::string_view code, std::string_view why) {
  return error_response(status, why, code);
}

api_response store_failed(std::string_view what, const std::string& error) {
  spdlog::error("store: {}: {}", what, error);
  return refusal(503, "store_unavailable", "the store did not answer; try again");
}

std::variant<caller, api_response> caller_of(const account_call& call) {
  const std::string token(bearer(call.request.authorization));
  if (!token.empty()) {
    if (auto p = call.state.sessions.find(token)) return caller{p->id(), p};
    if (auto id = call.state.durable->live_session(call.state, token, call.now))
      return caller{*id, call.state.sessions.find_by_id(*id)};
  }
  return refusal(401, "not_signed_in", "send your session token: Authorization: Bearer TOKEN");
}

std::optional<std::string> text_field(const json& body, const char* name) {
  const auto it = body.find(name);
  if (it == body.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

}  // namespace crownhall::server
