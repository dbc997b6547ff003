// Golden playthroughs: a simulated game's record and its outcome, compared byte for byte with
// golden/. The cheapest way to notice an unintended rule change.
//
// To regenerate after an intended change (then review the diff):
//   CROWNHALL_UPDATE_GOLDEN=1 <build>/tests/engine/crown_battles/crown_battles_tests
//     --gtest_filter='CrownBattlesGolden.*'   (one command line)
// The record files are ordinary game records: `crownhall replay golden/<name>.record.json`
// prints the outcome file's content.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "engine/core/record.hpp"
#include "helpers.hpp"

namespace crown_battles_test {
namespace {

// JSON with one line per element of `list_key`, so a diff shows which action or round moved.
std::string layout(const json& j, const std::string& list_key) {
  std::string out = "{\n";
  bool first = true;
  for (auto it = j.begin(); it != j.end(); ++it) {
    out += first ? " " : ",\n ";
    first = false;
    out += json(it.key()).dump() + ": ";
    if (it.key() == list_key && it.value().is_array()) {
      out += "[";
      for (std::size_t i = 0; i < it.value().size(); ++i)
        out += (i ? ",\n  " : "\n  ") + it.value()[i].dump();
      out += "\n ]";
    } else {
      out += it.value().dump();
    }
  }
  return out + "\n}\n";
}

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void check_golden(const std::string& name, const json& options, int players, std::uint64_t seed,
                  crownhall::bot_kind bots) {
  auto r = crownhall::simulate(module(), options, players, seed, bots);
  ASSERT_TRUE(r) << r.error().reason;
  auto replayed = crownhall::replay(*r);
  ASSERT_TRUE(replayed && !replayed->error);
  json outcome = replayed->state->outcome();
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx",
                static_cast<unsigned long long>(replayed->state->state_hash()));
  outcome["state_hash"] = hash;
  const std::string record_text = layout(crownhall::to_json(*r), "actions");
  const std::string outcome_text = layout(outcome, "rounds");
  const std::string dir = CROWN_BATTLES_GOLDEN_DIR;
  const std::string record_path = dir + "/" + name + ".record.json";
  const std::string outcome_path = dir + "/" + name + ".outcome.json";
  if (std::getenv("CROWNHALL_UPDATE_GOLDEN")) {
    std::ofstream(record_path, std::ios::binary) << record_text;
    std::ofstream(outcome_path, std::ios::binary) << outcome_text;
    GTEST_SKIP() << "rewrote " << record_path << " and " << outcome_path;
  }
  EXPECT_EQ(read(record_path), record_text) << "record differs from " << record_path;
  EXPECT_EQ(read(outcome_path), outcome_text) << "outcome differs from " << outcome_path;
  // The stored record replays to the stored outcome.
  auto stored = crownhall::record_from_json(json::parse(read(record_path), nullptr, false));
  ASSERT_TRUE(stored);
  auto again = crownhall::replay(*stored);
  ASSERT_TRUE(again && !again->error);
  EXPECT_EQ(again->state->state_hash(), replayed->state->state_hash());
}

TEST(CrownBattlesGolden, FourPlayersHeuristicMixedRounds) {
  check_golden("4p-heuristic-mixed",
               {{"round_types", {"normal", "blind"}}, {"screw_the_dealer", true}}, 4, 20261122,
               crownhall::bot_kind::heuristic);
}

TEST(CrownBattlesGolden, ThreePlayersRandomShortPreset) {
  check_golden("3p-random-mid", {{"preset", "3p-mid"}}, 3, 7, crownhall::bot_kind::random);
}

}  // namespace
}  // namespace crown_battles_test
