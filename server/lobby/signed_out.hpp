// signed_out: a player signed out everywhere (or their account deleted, or banned): every
// session of theirs on this node ends — its tokens forgotten, its connection closed with
// 4003 (protocol/README.md: the page starts again as a new guest), its seat left to a bot.
// The account requests call it on the node that answered; node_router on every other node.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/lobby/shared_state.hpp"

namespace crownhall::server {

inline constexpr std::uint16_t closed_signed_out = 4003;

// True when this node had a session of the player. `renamed_to`: the name their seat shows
// from now on (an account deleted: "former player"), also in the record its game leaves.
bool end_sessions_here(shared_state& state, const std::string& player_id,
                       const std::optional<std::string>& renamed_to = std::nullopt);

}  // namespace crownhall::server
