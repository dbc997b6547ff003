// durable_tables, its sessions and guest identities (docs/storage.md, "What the server does";
// docs/accounts.md): sessions kept by their token's hash until their TTL, identities by
// theirs for a year, and a returning person given back the one session of their player id.
#include <spdlog/spdlog.h>

#include "server/accounts/guest_identity.hpp"
#include "server/lobby/durable_tables.hpp"
#include "server/lobby/shared_state.hpp"
#include "server/secure_random.hpp"

namespace crownhall::server {

namespace st = crownhall::store;
namespace acc = crownhall::accounts;

void durable_tables::session_created(const player& p, moment now) {
  st::session_entry e{p.id(), p.name(), st::secret_hash::of(p.token()), now.unix_ms, now.unix_ms};
  if (auto s = store_->save_session(e); !s) spdlog::error("store: save_session: {}", s.error);
}

void durable_tables::session_seen(const player& p, moment now) {
  if (auto s = store_->touch_session(p.id(), now.unix_ms); !s)
    spdlog::error("store: touch_session: {}", s.error);
}

void durable_tables::sweep_sessions(shared_state& state, moment now) {
  std::vector<std::string> connected;
  for (const auto& p : state.sessions.all())
    if (p->connected()) connected.push_back(p->id());
  if (auto s = store_->touch_sessions(connected, now.unix_ms); !s)
    spdlog::error("store: touch_sessions: {}", s.error);
  auto gone = store_->expire_sessions(now.unix_ms - state.config.session_ttl_ms);
  if (!gone)
    spdlog::error("store: expire_sessions: {}", gone.error());
  else if (*gone > 0)
    spdlog::info("store: {} expired sessions forgotten", *gone);
}

std::optional<std::string> durable_tables::live_session(const shared_state& state,
                                                        const std::string& token, moment now) {
  auto found = store_->find_session(st::secret_hash::of(token));
  if (!found || !*found) return std::nullopt;
  if ((*found)->last_seen_ms + state.config.session_ttl_ms <= now.unix_ms) return std::nullopt;
  return (*found)->player_id;
}

std::shared_ptr<player> durable_tables::resume(shared_state& state, const std::string& token,
                                               moment now) {
  auto found = store_->find_session(st::secret_hash::of(token));
  if (!found) {
    spdlog::error("store: find_session: {}", found.error());
    return nullptr;
  }
  if (!*found) return nullptr;
  const st::session_entry& e = **found;
  // Expired like a session in the registry: without a connection for the TTL (the sweeper
  // deletes it too, but only every few seconds). Players at a restored table were marked
  // seen by restore(): the time the server was down does not count against them.
  if (e.last_seen_ms + state.config.session_ttl_ms <= now.unix_ms) return nullptr;
  auto p = session_of(state, e.player_id, e.display_name, token, now);
  (void)store_->touch_session(e.player_id, now.unix_ms);
  return p;
}

std::shared_ptr<player> durable_tables::session_of(shared_state& state, const std::string& id,
                                                   const std::string& name, std::string token,
                                                   moment now) {
  std::lock_guard lock(mutex_);
  if (!token.empty())
    if (auto p = state.sessions.find(token)) return p;  // another connection was quicker
  const bool new_token = token.empty();
  if (new_token) token = secure_random_hex(16);
  std::shared_ptr<player> p;
  if (auto it = restored_.find(id); it != restored_.end()) {
    p = std::move(it->second);
    restored_.erase(it);
    p->set_token(token);
    state.sessions.adopt(token, p, restored_key_prefix + id);
  } else if (auto here = state.sessions.find_by_id(id)) {
    // This player has a session here already (their identity brought them back on another
    // node, which gave them a new token, or here while the old session waits): that one.
    if (!new_token) state.sessions.alias(token, here);
    here->touch(now.mono_ms);
    return here;
  } else {
    p = std::make_shared<player>(token, id, name);
    state.sessions.adopt(token, p);
  }
  p->touch(now.mono_ms);
  if (new_token) session_created(*p, now);
  return p;
}

std::string durable_tables::issue_identity(const shared_state& state, const std::string& player_id,
                                           const std::string& name, moment now) {
  auto issued =
      acc::issue_guest_identity(player_id, now.unix_ms, state.config.identity_lifetime_ms);
  const acc::guest_identity& g = issued.identity;
  st::identity_entry e{g.player_id, name, g.token_hash, g.issued_ms, g.expires_ms, 0};
  if (auto s = store_->save_identity(e); !s) {
    spdlog::error("store: save_identity: {}", s.error);
    return {};
  }
  return std::move(issued.token);
}

durable_tables::identity_return durable_tables::return_with_identity(shared_state& state,
                                                                     const std::string& identity,
                                                                     moment now) {
  auto found = store_->find_identity(st::secret_hash::of(identity));
  if (!found) {
    spdlog::error("store: find_identity: {}", found.error());
    return {nullptr, {}, true};
  }
  if (!*found) return {nullptr, std::string(acc::code(acc::guest_identity_check::wrong_token))};
  const st::identity_entry& e = **found;
  const acc::guest_identity g{e.player_id, e.token_hash, e.issued_at_ms, e.expires_at_ms,
                              e.revoked_at_ms};
  if (const auto c = acc::check_guest_identity(g, identity, now.unix_ms);
      c != acc::guest_identity_check::valid)
    return {nullptr, std::string(acc::code(c))};
  return {session_of(state, e.player_id, e.display_name, {}, now), {}};
}

void durable_tables::renamed(const player& p) {
  if (auto s = store_->rename_player(p.id(), p.name()); !s)
    spdlog::error("store: rename_player: {}", s.error);
}

}  // namespace crownhall::server
