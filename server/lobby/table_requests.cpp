#include "server/lobby/table_requests.hpp"

#include <variant>

#include <spdlog/spdlog.h>

#include "protocol/server_messages.hpp"
#include "server/lobby/durable_tables.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/table_room.hpp"
#include "server/overloaded.hpp"
#include "server/player.hpp"

namespace crownhall::server {

using json = nlohmann::json;
using protocol::error;

bool is_table_request(const protocol::request& r) {
  return !std::holds_alternative<protocol::hello>(r.message) &&
         !std::holds_alternative<protocol::ping>(r.message) &&
         !std::holds_alternative<protocol::lobby_subscribe>(r.message) &&
         !std::holds_alternative<protocol::lobby_unsubscribe>(r.message) &&
         !std::holds_alternative<protocol::create_table>(r.message);
}

void handle_table_request(shared_state& state, const std::shared_ptr<player>& p,
                          protocol::request r, const refuse_fn& refuse) {
  const json id = r.id;
  std::visit(overloaded{
                 [&](protocol::set_name& m) {
                   p->set_name(m.name);
                   if (state.durable) state.durable->renamed(*p);
                   if (auto room = p->table()) room->renamed(p);
                   if (!id.is_null()) p->send(make_message(protocol::encode_ack(id)));
                 },
                 [&](protocol::join_table& m) {
                   auto room = m.invite ? state.tables->find_by_invite(*m.invite)
                                        : state.tables->find(*m.table);
                   if (!room)
                     return refuse(
                         error::no_such_table,
                         m.invite ? "no table has this invite code" : "no table with this id", id);
                   const bool with_invite = m.invite.has_value();
                   auto previous = p->table();
                   p->set_table(room);
                   room->join(p, std::move(m), with_invite, std::move(previous), id);
                 },
                 [&](protocol::leave_table&) {
                   auto room = p->table();
                   if (!room) return refuse(error::not_at_table, "you are not at a table", id);
                   room->leave(p, id);
                 },
                 [&](protocol::resume& m) {
                   auto room = p->table();
                   if (!room || room->id() != m.table) {
                     if (!state.tables->find(m.table))
                       return refuse(error::no_such_table, "no table with this id", id);
                     return refuse(error::not_at_table, "you are not at that table", id);
                   }
                   room->request(p, std::move(r));
                 },
                 [&](auto&) {
                   auto room = p->table();
                   if (!room) return refuse(error::not_at_table, "you are not at a table", id);
                   room->request(p, std::move(r));
                 },
             },
             r.message);
}

}  // namespace crownhall::server
