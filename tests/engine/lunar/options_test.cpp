// Options, the option schema, registration and stacked deals that cannot be played.
#include "engine/core/registry.hpp"
#include "helpers.hpp"

namespace crownhall::lunar {
namespace {

using namespace testing;

TEST(LunarRegistry, IsRegisteredByItsId) { EXPECT_EQ(find_game("lunar"), &lunar_module()); }

TEST(LunarOptions, DefaultsAndSeats) {
  const game_module& m = lunar_module();
  EXPECT_EQ(m.min_seats(), 2);
  EXPECT_EQ(m.max_seats(), 4);
  auto o = m.normalize_options(json::object(), 4);
  ASSERT_TRUE(o);
  EXPECT_EQ((*o)["target_score"], 30);
  EXPECT_EQ((*o)["track_points"], json({0, 4, 3, 2, 0, 0, 0, 2, 3, 0, 0, 0, 0}));
  EXPECT_TRUE(m.normalize_options({}, 2));
  auto three = m.normalize_options({}, 3);
  ASSERT_FALSE(three);
  EXPECT_NE(three.error().reason.find("4 players"), std::string::npos);
}

TEST(LunarOptions, InvalidOptionsNameTheField) {
  const std::pair<json, std::string> cases[] = {
      {{{"target_score", 0}}, "target_score"},
      {{{"target_score", "30"}}, "target_score"},
      {{{"track_points", {1, 2}}}, "track_points"},
      {{{"track_points", {0, 4, 3, 2, 0, 0, 0, 2, 3, 0, 0, 0, -1}}}, "track_points"},
      {{{"sky", true}}, "sky"},
      {json::array(), "object"},
  };
  for (const auto& [options, field] : cases) {
    auto r = lunar_module().normalize_options(options, 4);
    ASSERT_FALSE(r) << options;
    EXPECT_EQ(r.error().code, error_code::invalid_options);
    EXPECT_NE(r.error().reason.find(field), std::string::npos) << r.error().reason;
  }
}

TEST(LunarOptions, SchemaDescribesEveryOption) {
  const json schema = lunar_module().option_schema();
  std::vector<std::string> names;
  for (const auto& o : schema["options"]) {
    names.push_back(o["name"]);
    EXPECT_TRUE(o.contains("default"));
    EXPECT_TRUE(o.contains("label"));
  }
  EXPECT_EQ(names, (std::vector<std::string>{"target_score", "track_points"}));
  EXPECT_EQ(schema["options"][1]["type"], "int_list");
}

TEST(LunarStackedDeal, BadDealsAreRefusedWithAReason) {
  const char* bad[] = {
      R"([])",
      R"({"start_player": 4})",
      R"({"dealer": 0})",
      R"({"rounds": [{"hands": [null, null]}]})",
      R"({"rounds": [{"hands": [["1a"], null, null, null]}]})",
      R"({"rounds": [{"hands": [["1a","2a","3a","4a","5a","6a","7a","Wa","Wb","Wc","Wd","We"], null, null, null]}]})",
      R"({"rounds": [{"hands": [["1a","2a","3a","4a","5a","6a","Wa","Wb","Wc","Wd","We","Wa"], null, null, null]}]})",
      R"({"rounds": [{"sky": []}]})",
      R"({"rounds": [{"trump": "owl"}]})",
  };
  for (const char* text : bad) {
    auto g = lunar_module().new_game({}, 4, 1, json::parse(text));
    ASSERT_FALSE(g) << text;
    EXPECT_EQ(g.error().code, error_code::invalid_options);
    EXPECT_NE(g.error().reason.find("stacked deal"), std::string::npos);
  }
  auto two = lunar_module().new_game({}, 2, 1, json::parse(R"({"rounds": [{"sky": ["1a"]}]})"));
  ASSERT_FALSE(two);
  EXPECT_NE(two.error().reason.find("sky"), std::string::npos);
}

TEST(LunarStackedDeal, MissingPartsComeFromTheSeed) {
  json deal = four_player_deal();
  deal["rounds"][0]["hands"][1] = nullptr;
  deal["rounds"][0]["hands"][3] = nullptr;
  auto g = start(4, deal, {}, 9);
  EXPECT_EQ(g->hand(0),
            set_of({"1a", "2a", "3a", "4a", "5a", "6a", "Wa", "Wb", "Wc", "Oa", "Ob", "Oc"}));
  EXPECT_EQ(g->hand(1) | g->hand(3),
            set_of({"7a", "8a", "1b", "2b", "3b", "4b", "Wd", "We", "La", "Lb", "Lc", "Ld",
                    "3c", "4c", "5c", "6c", "7c", "8c", "Of", "Bb", "Bc", "Bd", "Be", "Bf"}));
  EXPECT_EQ(std::popcount(g->hand(1) & rank_cards), 6);
  auto again = start(4, deal, {}, 9);
  EXPECT_EQ(again->state_hash(), g->state_hash());
}

}  // namespace
}  // namespace crownhall::lunar
