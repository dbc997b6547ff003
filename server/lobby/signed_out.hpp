// signed_out: a player signed out everywhere (or their account deleted, or banned): every
// session of theirs on this node ends — its tokens forgotten, its connection closed with
// 4003 (protocol/README.md: the page starts again as a new guest), its seat left to a bot.
// The account requests call it on the node that answered; node_router on every other node.
#pragma once

#include <cstdint>
#include <string>

#include "server/lobby/shared_state.hpp"

namespace crownhall::server {

inline constexpr std::uint16_t closed_signed_out = 4003;

// True when this node had a session of the player.
bool end_sessions_here(shared_state& state, const std::string& player_id);

}  // namespace crownhall::server
