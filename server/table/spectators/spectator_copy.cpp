#include "server/table/spectators/spectator_copy.hpp"

namespace crownhall::server {

std::string spectator_copy::game_text(std::size_t live_actions) const {
  const game_state& g = shown();
  std::string out, part;
  out.reserve(8192);
  json_writer w(out);
  w.begin_object().key("legal").begin_array().end_array();
  if (g.is_over())
    w.key("outcome").raw(g.outcome().dump(-1, ' ', false, json::error_handler_t::replace));
  w.key("to_act").begin_array();
  const seat_mask m = g.seats_to_act();
  for (int i = 0; i < g.seat_count(); ++i)
    if (has_seat(m, i)) w.value(i);
  w.end_array();
  g.write_view(spectator, part);
  w.key("view").raw(part);
  write_mode(w, live_actions);
  w.end_object();
  return out;
}

}  // namespace crownhall::server
