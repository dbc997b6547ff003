#include "server/table/move_log.hpp"

#include <algorithm>
#include <utility>

#include "engine/core/json_writer.hpp"

namespace crownhall::server {

namespace {

// {"n":57,"card":"Y12","kind":"played","seat":2}: the number, then the event's members.
void append_line(json_writer& w, std::uint64_t n, const std::string& members) {
  w.raw("{\"n\":" + std::to_string(n) + (members.size() > 1 ? "," : "") + members);
}

}  // namespace

void move_log::add(const game_event& e, int game, std::size_t after) {
  nlohmann::json wire = e.args;
  wire.erase("n");  // the line's number is the table's, never the game's
  wire["kind"] = e.kind;
  std::string members = wire.dump();
  members.erase(0, 1);  // the object's members and its closing brace, written after "n"
  lines_.push_back({++made_, e.to, std::move(members), game, after});
  if (lines_.size() > keep_) lines_.pop_front();
}

// Whether seat `s` (-1: a spectator) reads line `e`: a seat taken over by a late joiner reads
// the lines from before as a spectator did.
bool move_log::reads(int s, std::uint64_t private_from, const line& e) {
  if (!e.to.includes(s)) return false;
  return s < 0 || e.n >= private_from || e.to.includes(-1);
}

// Whether a delayed spectator reads line `e` yet: a line of an earlier game, or of this
// game's moves the delayed copy has made.
bool move_log::delayed_reads(const line& e, int game, std::size_t applied) {
  return e.game < game || e.after <= applied;
}

std::string move_log::text_for(int s, std::uint64_t private_from, std::size_t limit) const {
  std::vector<const line*> mine;
  for (auto it = lines_.rbegin(); it != lines_.rend() && mine.size() < limit; ++it)
    if (reads(s, private_from, *it)) mine.push_back(&*it);
  return lines_text(mine);
}

// Lines gathered newest first, written oldest first as a JSON array ("" for none).
std::string move_log::lines_text(const std::vector<const line*>& newest_first) {
  if (newest_first.empty()) return {};
  std::string out;
  json_writer w(out);
  w.begin_array();
  for (auto it = newest_first.rbegin(); it != newest_first.rend(); ++it)
    append_line(w, (*it)->n, (*it)->members);
  w.end_array();
  return out;
}

std::string move_log::new_text_for(int s, std::uint64_t private_from) const {
  std::string out;
  json_writer w(out);
  bool any = false;
  for (auto it = std::lower_bound(lines_.begin(), lines_.end(), published_ + 1,
                                  [](const line&e, std::uint64_t n) { return e.n < n; });
       it != lines_.end(); ++it) {
    if (!reads(s, private_from, *it)) continue;
    if (!any) w.begin_array();
    any = true;
    append_line(w, it->n, it->members);
  }
  if (any) w.end_array();
  return out;
}

std::string move_log::delayed_text(std::uint64_t after_line, std::size_t limit, int game,
                                   std::size_t applied) const {
  std::vector<const line*> lines;
  for (auto it = lines_.rbegin(); it != lines_.rend() && lines.size() < limit; ++it) {
    if (it->n <= after_line) break;
    if (reads(-1, 0, *it) && delayed_reads(*it, game, applied)) lines.push_back(&*it);
  }
  return lines_text(lines);
}

std::uint64_t move_log::last_delayed_line(int game, std::size_t applied) const {
  for (auto it = lines_.rbegin(); it != lines_.rend(); ++it)
    if (delayed_reads(*it, game, applied)) return it->n;
  return 0;
}

}  // namespace crownhall::server
