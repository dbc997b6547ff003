// Ending a player's browsers: one device, this browser, or every one of them (also what
// deleting an account and an admin's ban do).
#include <spdlog/spdlog.h>

#include "server/account_api/account_call.hpp"
#include "server/cluster/node_router.hpp"
#include "server/lobby/signed_out.hpp"

namespace crownhall::server {

store::result<int> sign_out_everywhere(const account_call& call, const std::string& player_id,
                                       const std::optional<std::string>& renamed_to) {
  auto identities = call.store.list_identities(player_id);
  if (!identities) return store::status::failure(identities.error());
  int ended = 0;
  for (const auto& e : *identities) {
    if (e.revoked_at_ms != 0) continue;
    auto r = call.store.revoke_identity(e.token_hash, call.now.unix_ms);
    if (!r) return store::status::failure(r.error());
    ended += *r ? 1 : 0;
  }
  if (auto f = call.store.forget_session(player_id); !f) return store::status::failure(f.error());
  end_sessions_here(call.state, player_id, renamed_to);
  if (call.state.router) call.state.router->signed_out(player_id, renamed_to);
  return ended;
}

api_response end_device(const account_call& call, std::string_view device) {
  return as_caller(call, [&](const caller& who) -> api_response {
    auto identities = call.store.list_identities(who.id);
    if (!identities) return store_failed("list_identities", identities.error());
    for (const auto& e : *identities) {
      if (e.revoked_at_ms != 0 || device_id(e.token_hash) != device) continue;
      auto r = call.store.revoke_identity(e.token_hash, call.now.unix_ms);
      if (!r) return store_failed("revoke_identity", r.error());
      return account_view(call, who);
    }
    return refusal(404, "no_such_device", "no device of yours has this id");
  });
}

api_response sign_out(const account_call& call) {
  return as_caller(call, [&](const caller& who) -> api_response {
    const auto everywhere = call.body.find("everywhere");
    if (everywhere != call.body.end() && !everywhere->is_boolean())
      return refusal(400, "bad_request", "everywhere is true or false");
    if (everywhere != call.body.end() && everywhere->get<bool>()) {
      auto ended = sign_out_everywhere(call, who.id);
      if (!ended) return store_failed("sign out everywhere", ended.error());
      spdlog::info("{} signed out everywhere", who.id);
      return json_answer(200, {{"signed_out", *ended}});
    }
    // This browser only: its identity ends; the page forgets its session token. The session
    // itself may be another browser's too (one player has one session on a node).
    int ended = 0;
    if (!call.request.identity.empty()) {
      const auto hash = store::secret_hash::of(call.request.identity);
      auto found = call.store.find_identity(hash);
      if (!found) return store_failed("find_identity", found.error());
      if (*found && (*found)->player_id == who.id && (*found)->revoked_at_ms == 0) {
        auto r = call.store.revoke_identity(hash, call.now.unix_ms);
        if (!r) return store_failed("revoke_identity", r.error());
        ended = *r ? 1 : 0;
      }
    }
    return json_answer(200, {{"signed_out", ended}});
  });
}

}  // namespace crownhall::server
