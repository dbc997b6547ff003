// A recorded game and its outcome, compared byte for byte with the file in golden/: the
// cheapest way to notice an unintended rule change. DWARF_KING_UPDATE_GOLDEN=1 rewrites it.
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/core/record.hpp"
#include "scenario.hpp"

namespace crownhall::dwarf_king::testing {
namespace {

TEST(Golden, HeuristicFourPlayerGame) {
  const std::string path = std::string(DWARF_KING_GOLDEN_DIR) + "/heuristic-4p-seed-2024.json";
  auto record = simulate(dwarf_king_module(), json::object(), 4, 2024, bot_kind::heuristic);
  ASSERT_TRUE(record);
  auto played = replay(*record);
  ASSERT_TRUE(played);
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx",
                static_cast<unsigned long long>(played->state->state_hash()));
  const json golden = {
      {"record", to_json(*record)}, {"outcome", played->state->outcome()}, {"state_hash", hash}};
  const std::string text = golden.dump(1) + "\n";
  if (std::getenv("DWARF_KING_UPDATE_GOLDEN")) {
    std::ofstream(path) << text;
  }
  std::ifstream in(path);
  ASSERT_TRUE(in) << "missing " << path << " (run with DWARF_KING_UPDATE_GOLDEN=1)";
  std::stringstream expected;
  expected << in.rdbuf();
  EXPECT_EQ(text, expected.str());
}

}  // namespace
}  // namespace crownhall::dwarf_king::testing
