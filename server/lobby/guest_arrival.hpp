// guest_arrival: who a `hello` is — a session this node holds, one the store kept through
// a restart, a guest returning with their identity (docs/accounts.md), or a new guest —
// and the identity their welcome carries. With a store it waits on the database: the
// connection runs it on `store_calls` and answers when it is back (websocket_session).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "protocol/client_messages.hpp"
#include "protocol/error_codes.hpp"
#include "protocol/server_messages.hpp"
#include "server/lobby/shared_state.hpp"
#include "server/player.hpp"

namespace crownhall::server {

struct guest_arrival {
  std::shared_ptr<player> who;  // null when refused
  const char* how = "resumed";  // "resumed", "returned" or "new", for the log
  protocol::identity you;       // who the welcome names: from `who`, a refused or new identity
  std::optional<protocol::refusal> refused;
};

// Whether `m` is answered from memory alone: no store, or a session this node holds.
bool arrives_without_store(shared_state& st, const protocol::hello& m);

// `client`: the connection's address_limits key (a new guest takes a session from it).
guest_arrival arrive(shared_state& st, const protocol::hello& m, const std::string& client,
                     moment now);

}  // namespace crownhall::server
