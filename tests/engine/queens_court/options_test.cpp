// Options, the option schema, and stacked deals that cannot be played.
#include "engine/core/registry.hpp"
#include "helpers.hpp"

namespace crownhall::queens_court {
namespace {

using namespace testing;

TEST(QueensCourtRegistry, IsRegisteredByItsId) {
  EXPECT_EQ(find_game("queens-court"), &queens_court_module());
}

TEST(QueensCourtOptions, DefaultsAreFilledIn) {
  const game_module& m = queens_court_module();
  EXPECT_EQ(m.id(), "queens-court");
  EXPECT_EQ(m.min_seats(), 2);
  EXPECT_EQ(m.max_seats(), 5);
  auto o = m.normalize_options(json::object(), 3);
  ASSERT_TRUE(o);
  EXPECT_EQ(*o, json({{"queens_wild", false}, {"coins", false}}));
  auto w = m.normalize_options({{"queens_wild", true}}, 2);
  ASSERT_TRUE(w);
  EXPECT_EQ((*w)["queens_wild"], true);
}

TEST(QueensCourtOptions, InvalidOptionsNameTheField) {
  const game_module& m = queens_court_module();
  const std::pair<json, std::string> cases[] = {
      {{{"queens_wild", 1}}, "queens_wild"},
      {{{"coins", "yes"}}, "coins"},
      {{{"stake", 3}}, "stake"},
      {json::array(), "object"},
  };
  for (const auto& [options, field] : cases) {
    auto r = m.normalize_options(options, 3);
    ASSERT_FALSE(r) << options;
    EXPECT_EQ(r.error().code, error_code::invalid_options);
    EXPECT_NE(r.error().reason.find(field), std::string::npos) << r.error().reason;
  }
  EXPECT_FALSE(m.normalize_options({}, 1));
  EXPECT_FALSE(m.normalize_options({}, 6));
}

TEST(QueensCourtOptions, SchemaDescribesEveryOption) {
  const json schema = queens_court_module().option_schema();
  ASSERT_TRUE(schema["options"].is_array());
  std::vector<std::string> names;
  for (const auto& o : schema["options"]) {
    names.push_back(o["name"]);
    EXPECT_EQ(o["type"], "bool");
    EXPECT_TRUE(o.contains("default"));
    EXPECT_TRUE(o.contains("label"));
  }
  EXPECT_EQ(names, (std::vector<std::string>{"queens_wild", "coins"}));
}

TEST(QueensCourtStackedDeal, BadDealsAreRefusedWithAReason) {
  const char* bad[] = {
      R"([])",
      R"({"first_player": 3})",
      R"({"rounds": {}})",
      R"({"dealer": 0})",
      R"({"rounds": [{"hands": [["1a", "2a"], null]}]})",
      R"({"rounds": [{"hands": [["1a", "2a", "3a"]]}]})",
      R"({"rounds": [{"hands": [["1a", "2a", "1a"], null]}]})",
      R"({"rounds": [{"hands": [["1a", "2a", "3a"], null], "piles": [null, ["1a", "4a"]]}]})",
      R"({"rounds": [{"piles": [["G1", "4a"], null]}]})",
      R"({"rounds": [{"draw": ["xx"]}]})",
      R"({"rounds": [{"tiles": []}]})",
  };
  for (const char* text : bad) {
    auto g = queens_court_module().new_game({}, 2, 1, json::parse(text));
    ASSERT_FALSE(g) << text;
    EXPECT_EQ(g.error().code, error_code::invalid_options);
    EXPECT_NE(g.error().reason.find("stacked deal"), std::string::npos);
  }
}

TEST(QueensCourtStackedDeal, MissingPartsComeFromTheSeed) {
  json deal = {{"rounds", json::array({{{"hands", {{"1a", "2a", "3a"}, nullptr}}}})}};
  auto a = start(2, deal, {}, 11);
  auto b = start(2, deal, {}, 11);
  EXPECT_EQ(a->state_hash(), b->state_hash());
  EXPECT_TRUE(holds(*a, 0, "1a"));
  EXPECT_EQ(a->make_view(spectator).draw_size, numbered_count - 10);
  EXPECT_EQ(a->cards_set_aside(), 0u);
  // With an explicit draw pile, the cards named nowhere sit the round out.
  json short_draw = {{"rounds", json::array({{{"draw", {"5a", "6a"}}}})}};
  auto c = start(2, short_draw, {}, 11);
  EXPECT_EQ(c->make_view(spectator).draw_size, 2);
  EXPECT_EQ(std::popcount(c->cards_set_aside()), numbered_count - 10 - 2);
}

}  // namespace
}  // namespace crownhall::queens_court
