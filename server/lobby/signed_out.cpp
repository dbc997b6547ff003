#include "server/lobby/signed_out.hpp"

#include "server/connection_link.hpp"
#include "server/lobby/table_room.hpp"

namespace crownhall::server {

bool end_sessions_here(shared_state& state, const std::string& player_id,
                       const std::optional<std::string>& renamed_to) {
  auto p = state.sessions.forget(player_id);
  if (!p) return false;
  if (renamed_to && *renamed_to != p->name()) {
    p->set_name(*renamed_to);
    if (auto room = p->table()) room->renamed(p);
  }
  if (auto link = p->link()) link->close_after_flush(closed_signed_out, "signed out");
  if (auto room = p->table()) room->leave(p, nullptr);
  return true;
}

}  // namespace crownhall::server
