// chat_log: a table's chat — the lines kept for `resume`, and how many each player wrote
// lately (table_rules: chat_lines per chat_window_ms, chat_history kept).
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>

#include "server/player.hpp"

namespace crownhall::server {

struct table_rules;

class chat_log {
 public:
  explicit chat_log(const table_rules& rules) : rules_(rules) {}
  // Whether player `player_id` may write a line at `now_ms` (steady): counts it if so.
  bool admit(const std::string& player_id, std::int64_t now_ms);
  // Keeps a line sent at table seq `seq`.
  void keep(std::uint64_t seq, message_ptr line);
  // The lines kept from table seq `seq` on, oldest first, to `p`.
  void send_from(std::uint64_t seq, const player& p) const;
  // Chat text as the table keeps it: control characters become spaces.
  static std::string clean(std::string_view text);

 private:
  struct line {
    std::uint64_t seq;
    message_ptr text;
  };
  const table_rules& rules_;
  std::deque<line> lines_;
  std::unordered_map<std::string, std::deque<std::int64_t>> times_;
};

}  // namespace crownhall::server
