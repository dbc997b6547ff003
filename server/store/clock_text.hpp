// clock_text: a seat clock as both stores keep it, each seat's milliseconds comma
// separated ("" for a table without a clock). Internal to the stores.
#pragma once

#include <charconv>
#include <string>
#include <string_view>

#include "server/store/table_store.hpp"

namespace crownhall::store::detail {

// A clock as stored: each seat's milliseconds, comma separated ("" without a clock).
inline std::string clock_to_text(const seat_clocks& clock) {
  std::string s;
  char buf[24];
  for (std::size_t i = 0; i < clock.size(); ++i) {
    if (i) s.push_back(',');
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, clock[i]);
    s.append(buf, end);
  }
  return s;
}

// False when the text is not a clock this build wrote.
inline bool clock_from_text(std::string_view s, seat_clocks& out) {
  out.clear();
  const char* p = s.data();
  const char* end = s.data() + s.size();
  while (p < end) {
    millis v = 0;
    auto [next, ec] = std::from_chars(p, end, v);
    if (ec != std::errc{}) return false;
    if (!out.push_back(v)) return false;
    p = next;
    if (p < end && *p++ != ',') return false;
  }
  return true;
}

}  // namespace crownhall::store::detail
