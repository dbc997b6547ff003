#include "server/table/deals/duplicate_seating.hpp"

namespace crownhall::server {

duplicate_seating duplicate_seating_of(const game_record& source, int rotate) {
  const std::size_t n = source.seats.size();
  duplicate_seating out{std::vector<std::string>(n), source.seats};
  const auto it = source.extra.find("players");
  if (n == 0 || it == source.extra.end() || !it->is_array()) return out;
  const auto shift = static_cast<std::size_t>(rotate) % n;
  for (std::size_t j = 0; j < n && j < it->size(); ++j)
    if ((*it)[j].is_string()) out.plan[(j + shift) % n] = (*it)[j].get<std::string>();
  return out;
}

}  // namespace crownhall::server
