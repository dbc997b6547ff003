#include "server/table/chat_log.hpp"

#include "server/table/table.hpp"

namespace crownhall::server {

bool chat_log::admit(const std::string& player_id, std::int64_t now_ms) {
  auto& times = times_[player_id];
  while (!times.empty() && times.front() <= now_ms - rules_.chat_window_ms) times.pop_front();
  if (static_cast<int>(times.size()) >= rules_.chat_lines) return false;
  times.push_back(now_ms);
  return true;
}

void chat_log::keep(std::uint64_t seq, message_ptr text) {
  lines_.push_back({seq, std::move(text)});
  while (lines_.size() > rules_.chat_history) lines_.pop_front();
}

void chat_log::send_from(std::uint64_t seq, const player& p) const {
  for (const auto& l : lines_)
    if (l.seq >= seq) p.send(l.text);
}

std::string chat_log::clean(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  return out;
}

}  // namespace crownhall::server
