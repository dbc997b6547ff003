#include "server/lobby/signed_out.hpp"

#include "server/connection_link.hpp"
#include "server/lobby/table_room.hpp"

namespace crownhall::server {

bool end_sessions_here(shared_state& state, const std::string& player_id) {
  auto p = state.sessions.forget(player_id);
  if (!p) return false;
  if (auto link = p->link()) link->close_after_flush(closed_signed_out, "signed out");
  if (auto room = p->table()) room->leave(p, nullptr);
  return true;
}

}  // namespace crownhall::server
