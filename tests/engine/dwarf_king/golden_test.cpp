// A recorded game and its outcome, compared byte for byte with the file in golden/: the
// cheapest way to notice an unintended rule change. The file has one line per action and
// per hand, so a change shows where it starts. CROWNHALL_UPDATE_GOLDEN=1 rewrites it.
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/core/record.hpp"
#include "scenario.hpp"

namespace crownhall::dwarf_king::testing {
namespace {

std::string playthrough(const game_record& record, const game_state& end) {
  std::ostringstream out;
  json header = to_json(record);
  header.erase("actions");
  out << "record " << header.dump() << "\n";
  for (const recorded_action& a : record.actions)
    out << "action " << json{{"seat", a.seat}, {"action", a.action}}.dump() << "\n";
  const json outcome = end.outcome();
  for (const json& hand : outcome["hands"]) out << "hand " << hand.dump() << "\n";
  out << "totals " << outcome["totals"].dump() << " winner " << outcome["winner"].dump()
      << " ranks " << outcome["ranks"].dump() << "\n";
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(end.state_hash()));
  out << "state_hash " << hash << "\n";
  return out.str();
}

TEST(Golden, HeuristicFourPlayerGame) {
  const std::string path = std::string(DWARF_KING_GOLDEN_DIR) + "/heuristic-4p-seed-2024.txt";
  auto record = simulate(dwarf_king_module(), json::object(), 4, 2024, bot_kind::heuristic);
  ASSERT_TRUE(record);
  auto played = replay(*record);
  ASSERT_TRUE(played);
  const std::string text = playthrough(*record, *played->state);
  if (std::getenv("CROWNHALL_UPDATE_GOLDEN")) std::ofstream(path) << text;
  std::ifstream in(path);
  ASSERT_TRUE(in) << "missing " << path << " (run with CROWNHALL_UPDATE_GOLDEN=1)";
  std::stringstream expected;
  expected << in.rdbuf();
  if (text == expected.str()) return;
  std::istringstream got(text), want(expected.str());
  std::string g, w;
  for (int line = 1;; ++line) {
    const bool more_g = static_cast<bool>(std::getline(got, g));
    const bool more_w = static_cast<bool>(std::getline(want, w));
    if (g != w || more_g != more_w) {
      ADD_FAILURE() << path << " differs at line " << line << "\n  expected: " << w
                    << "\n  actual:   " << g;
      return;
    }
  }
}

}  // namespace
}  // namespace crownhall::dwarf_king::testing
