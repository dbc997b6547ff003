#include "server/lobby/guest_arrival.hpp"

#include "server/address_limits.hpp"
#include "server/lobby/durable_tables.hpp"

namespace crownhall::server {

using protocol::error;

namespace {

guest_arrival refused(error code, std::string reason,
                      std::optional<std::int64_t> retry_ms = std::nullopt) {
  guest_arrival a;
  a.refused = protocol::refusal{code, std::move(reason), retry_ms};
  return a;
}

}  // namespace

bool arrives_without_store(shared_state& st, const protocol::hello& m) {
  return !st.durable || (m.token && st.sessions.find(*m.token));
}

guest_arrival arrive(shared_state& st, const protocol::hello& m, const std::string& client,
                     moment now) {
  guest_arrival a;
  if (m.token) {
    a.who = st.sessions.find(*m.token);
    if (!a.who && st.durable) a.who = st.durable->resume(st, *m.token, now);  // a restart
    if (!a.who && !m.identity)
      return refused(error::invalid_token,
                     "unknown or expired session token: send hello without it");
  }
  // No session, but the person's identity: the same player as before.
  if (!a.who && m.identity) {
    if (st.durable) {
      auto back = st.durable->return_with_identity(st, *m.identity, now);
      if (back.unavailable)
        return refused(error::internal, "the server cannot look up who you are now; try again");
      a.who = std::move(back.who);
      a.you.identity_refused = std::move(back.refused);
      a.how = "returned";
    } else {
      a.you.identity_refused = "invalid_token";  // a server that keeps nothing knows no one
    }
  }
  if (!a.who) {
    if (!m.name)
      return refused(
          error::invalid_token,
          "unknown session and identity (" + a.you.identity_refused + "): send hello with a name");
    if (const auto wait = st.limits->refused_for(client, now.mono_ms))
      return refused(
          error::too_many_new_sessions,
          "an admin refused new guests from your address for a while; " + try_again_in(wait), wait);
    if (const auto wait = st.limits->take_session(client, now.mono_ms))
      return refused(error::too_many_new_sessions,
                     "too many new sessions from your address; " + try_again_in(wait), wait);
    a.who = st.sessions.create(*m.name, now.mono_ms);
    a.how = "new";
    if (st.durable) {
      st.durable->session_created(*a.who, now);
      a.you.new_identity = st.durable->issue_identity(st, a.who->id(), a.who->name(), now);
    }
  }
  a.you.player = a.who->id();
  a.you.name = a.who->name();
  a.you.token = a.who->token();
  return a;
}

}  // namespace crownhall::server
