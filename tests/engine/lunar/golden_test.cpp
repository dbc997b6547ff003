// A recorded heuristic game and its outcome, compared byte for byte with the golden file.
// Regenerate after an intended rule change: CROWNHALL_UPDATE_GOLDEN=1 ./lunar_tests
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/core/record.hpp"
#include "helpers.hpp"

namespace crownhall::lunar {
namespace {

void compare_with_golden(int players, std::uint64_t seed, const std::string& name) {
  auto rec = simulate(lunar_module(), {}, players, seed, bot_kind::heuristic);
  ASSERT_TRUE(rec) << rec.error().reason;
  auto out = replay(*rec);
  ASSERT_TRUE(out);
  json doc = {{"record", to_json(*rec)}, {"outcome", out->state->outcome()}};
  const std::string text = doc.dump(1) + "\n";
  const std::string path = std::string(LUNAR_GOLDEN_DIR) + "/" + name;
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

TEST(LunarGolden, FourPlayerPlaythrough) {
  compare_with_golden(4, 2024, "playthrough-4p-seed2024.json");
}
TEST(LunarGolden, SkyPlaythrough) { compare_with_golden(2, 2024, "playthrough-2p-seed2024.json"); }

}  // namespace
}  // namespace crownhall::lunar
