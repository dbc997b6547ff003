// A recorded heuristic game and its outcome, compared byte for byte with the golden file.
// Regenerate after an intended rule change: CROWNHALL_UPDATE_GOLDEN=1 ./queens_court_tests
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/core/record.hpp"
#include "helpers.hpp"

namespace crownhall::queens_court {
namespace {

TEST(QueensCourtGolden, PlaythroughMatchesTheGoldenFile) {
  const json options = {{"queens_wild", true}, {"coins", true}};
  auto rec = simulate(queens_court_module(), options, 3, 2024, bot_kind::heuristic);
  ASSERT_TRUE(rec) << rec.error().reason;
  auto out = replay(*rec);
  ASSERT_TRUE(out);
  json doc = {{"record", to_json(*rec)}, {"outcome", out->state->outcome()}};
  const std::string text = doc.dump(1) + "\n";
  const std::string path = std::string(QUEENS_COURT_GOLDEN_DIR) + "/playthrough-3p-seed2024.json";
  if (std::getenv("CROWNHALL_UPDATE_GOLDEN")) {
    std::ofstream(path) << text;
    GTEST_SKIP() << "golden file written: " << path;
  }
  std::ifstream in(path);
  ASSERT_TRUE(in) << "missing " << path << " (run with CROWNHALL_UPDATE_GOLDEN=1)";
  std::stringstream golden;
  golden << in.rdbuf();
  EXPECT_EQ(text, golden.str());
}

}  // namespace
}  // namespace crownhall::queens_court
