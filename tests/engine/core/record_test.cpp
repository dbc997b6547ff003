#include "engine/core/record.hpp"

#include <gtest/gtest.h>

namespace crownhall {
namespace {

json sample() {
  return json::parse(R"({
    "format": "crownhall-game-record", "version": 1, "game": "crown-battles",
    "game_id": "g1", "options": {}, "seats": ["Ann", "Bob"], "seed": "18446744073709551615",
    "deal": null, "commitment": {"sha256": "ab"},
    "actions": [{"seat": 1, "action": {"type": "bid", "bid": 0}}]})");
}

TEST(Record, RoundTripsAndKeepsUnknownFields) {
  auto r = record_from_json(sample());
  ASSERT_TRUE(r) << r.error().reason;
  EXPECT_EQ(r->seed, 18446744073709551615ull);
  EXPECT_EQ(r->seats.size(), 2u);
  ASSERT_EQ(r->actions.size(), 1u);
  EXPECT_EQ(r->actions[0].seat, 1);
  EXPECT_EQ(r->extra["commitment"]["sha256"], "ab");
  EXPECT_EQ(to_json(*r), sample());
}

TEST(Record, RefusesWhatIsNotARecord) {
  const std::pair<const char*, std::string> cases[] = {
      {"format", R"("other")"},
      {"version", "2"},
      {"seed", R"("-1")"},
      {"seed", R"("12x")"},
      {"seats", R"([1])"},
      {"actions", R"([{"seat": 0}])"},
      {"options", R"([])"},
      {"game", "3"},
      // Found by fuzz_game_record: a "format" that is not a string threw instead.
      {"format", R"(["bot 1"])"},
      {"format", "7"},
      // A seat beyond an int would have wrapped around into seat 1.
      {"actions", R"([{"seat": 4294967297, "action": {"type": "bid", "bid": 1}}])"},
  };
  for (const auto& [field, value] : cases) {
    json j = sample();
    j[field] = json::parse(value);
    auto r = record_from_json(j);
    EXPECT_FALSE(r) << field << " = " << value;
    if (!r) {
      EXPECT_EQ(r.error().code, error_code::invalid_record);
      EXPECT_FALSE(r.error().reason.empty());
    }
  }
  EXPECT_FALSE(record_from_json(json::array()));
}

TEST(Record, ReplayRefusesAnUnknownGame) {
  auto r = record_from_json(sample());
  ASSERT_TRUE(r);
  r->game = "no-such-game";
  auto out = replay(*r);
  ASSERT_FALSE(out);
  EXPECT_NE(out.error().reason.find("unknown game"), std::string::npos);
}

}  // namespace
}  // namespace crownhall
