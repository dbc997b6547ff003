// table_creation: a new table as `create_table` asks for it — the game and its options
// checked, a finished game's record read for "play this deal again", an uploaded deal tried
// once for a teaching table, the limits on new tables applied — and its creator seated.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "protocol/client_messages.hpp"
#include "protocol/error_codes.hpp"
#include "server/lobby/shared_state.hpp"
#include "server/player.hpp"

namespace crownhall::server {

// Opens the table `m` asks for with `p` in its first seat (at a duplicate, the seat planned
// for them); the join's answer goes to `id`. `client` is the address_limits key of `p`'s
// connection. The refusal when no table opens.
std::optional<protocol::refusal> open_table(shared_state& state, const std::shared_ptr<player>& p,
                                            const std::string& client, protocol::create_table& m,
                                            const nlohmann::json& id);

}  // namespace crownhall::server
