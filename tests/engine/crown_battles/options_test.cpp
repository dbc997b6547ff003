// Table options: defaults per player count (rulings, Rounds; rulebook, Set up), presets, and
// every validation error, each naming its field.
#include <regex>
#include <string>
#include <tuple>

#include <gtest/gtest.h>

#include "engine/games/crown_battles/presets.hpp"
#include "helpers.hpp"

namespace crown_battles_test {
namespace {

json normalized(const json& options, int players) {
  auto r = module().normalize_options(options, players);
  EXPECT_TRUE(r) << r.error().reason;
  return r ? *r : json();
}

std::string refusal(const json& options, int players) {
  auto r = module().normalize_options(options, players);
  EXPECT_FALSE(r) << options.dump();
  if (r) return "";
  EXPECT_EQ(r.error().code, crownhall::error_code::invalid_options);
  return r.error().reason;
}

TEST(CrownBattlesOptions, DefaultSchedulesPerPlayerCount) {
  EXPECT_EQ(normalized({}, 2)["schedule"], json({2, 4, 6, 8, 10, 12, 14, 16, 18, 20}));
  EXPECT_EQ(normalized({}, 3)["schedule"], json({2, 4, 6, 8, 10, 12, 14, 16, 18, 20}));
  EXPECT_EQ(normalized({}, 4)["schedule"], json({2, 4, 6, 8, 10, 12, 14, 15}));
  EXPECT_EQ(normalized({}, 5)["schedule"], json({2, 4, 6, 8, 10, 12}));
  EXPECT_EQ(normalized({}, 6)["schedule"], json({2, 4, 6, 8, 10}));
  EXPECT_EQ(normalized({}, 7)["schedule"], json({2, 4, 6, 8}));
  // floor(60 / 8) = 7: the formula of the rulings (the ruling's text says 2,4,6,8, which would
  // need 64 cards).
  EXPECT_EQ(normalized({}, 8)["schedule"], json({2, 4, 6, 7}));
}

TEST(CrownBattlesOptions, DefaultDecksAndCaps) {
  const json two = normalized({}, 2);
  EXPECT_EQ(two["red_numbers"], json({5, 6, 7, 8, 9, 10, 11, 12, 13}));
  EXPECT_EQ(two["golems"], 1);
  EXPECT_EQ(two["dragons"], 1);
  EXPECT_EQ(two["peasants"], 2);
  EXPECT_EQ(cb::settings_from_options(two, 2).deck_size, 40);
  const json four = normalized(nullptr, 4);
  EXPECT_EQ(four["yellow_numbers"].size(), 13u);
  EXPECT_EQ(cb::settings_from_options(four, 4).deck_size, 60);
  EXPECT_EQ(four["round_types"], json({"normal"}));
  EXPECT_EQ(four["screw_the_dealer"], false);
  EXPECT_EQ(four["preset"], "standard");
  EXPECT_EQ(four["bid_cap"], 10);
  EXPECT_EQ(normalized({}, 6)["bid_cap"], 10);
  EXPECT_EQ(normalized({}, 7)["bid_cap"], 9);
  EXPECT_EQ(normalized({}, 8)["bid_cap"], 8);
  EXPECT_EQ(four["lift_bid_cap"], false);
}

TEST(CrownBattlesOptions, NormalizingTwiceChangesNothing) {
  for (int players = 2; players <= 8; ++players) {
    const json once = normalized({{"round_types", {"blind", "normal"}}, {"golems", 1}}, players);
    EXPECT_EQ(once["round_types"], json({"normal", "blind"}));
    EXPECT_EQ(normalized(once, players), once);
  }
}

TEST(CrownBattlesOptions, ScheduleFollowsACustomDeck) {
  const json o = normalized({{"red_numbers", json::array()}, {"peasants", 0}}, 4);
  EXPECT_EQ(cb::settings_from_options(o, 4).deck_size, 43);
  EXPECT_EQ(o["schedule"], json({2, 4, 6, 8, 10}));
  const json custom = normalized({{"schedule", {1, 1, 3}}}, 5);
  EXPECT_EQ(custom["schedule"], json({1, 1, 3}));
}

TEST(CrownBattlesOptions, PresetsSetDeckAndSchedule) {
  const json three = normalized({{"preset", "3p-mid"}}, 3);
  EXPECT_EQ(three["blue_numbers"], json({5, 6, 7, 8, 9, 10, 11, 12, 13}));
  EXPECT_EQ(three["golems"], 2);
  EXPECT_EQ(three["dragons"], 1);
  EXPECT_EQ(three["peasants"], 3);
  EXPECT_EQ(three["schedule"].size(), 14u);
  EXPECT_EQ(three["schedule"].back(), 14);
  const json five = normalized({{"preset", "5p-steady"}}, 5);
  EXPECT_EQ(five["schedule"], json({2, 4, 5, 6, 7, 8, 9, 10, 11, 12}));
  const json suits = normalized({{"preset", "2p-three-suits"}}, 2);
  EXPECT_EQ(suits["yellow_numbers"], json::array());
  EXPECT_EQ(suits["schedule"].back(), 14);
  // An option beside the preset overrides it.
  EXPECT_EQ(normalized({{"preset", "4p-long"}, {"schedule", {3}}}, 4)["schedule"], json({3}));
  // The book's suggestions with Special Power cards: 66, 67 and 68 cards, Peasants kept.
  for (auto [id, players, cards, specials, rounds] :
       {std::tuple{"6p-specials", 6, 66, 6u, 11u}, std::tuple{"7p-classic", 7, 67, 7u, 5u},
        std::tuple{"7p-long", 7, 67, 7u, 9u}, std::tuple{"8p-classic", 8, 68, 8u, 4u},
        std::tuple{"8p-long", 8, 68, 8u, 8u}}) {
    const json o = normalized({{"preset", id}}, players);
    EXPECT_EQ(cb::settings_from_options(o, players).deck_size, cards) << id;
    EXPECT_EQ(o["specials"].size(), specials) << id;
    EXPECT_EQ(o["peasants"], 4) << id;
    EXPECT_EQ(o["schedule"].size(), rounds) << id;
  }
  // Every preset is playable as given.
  for (const cb::preset& p : cb::presets()) {
    const json o = normalized({{"preset", p.id}}, p.players);
    EXPECT_EQ(static_cast<int>(o["schedule"].size()), p.rounds) << p.id;
    EXPECT_EQ(o["schedule"].back().get<int>(),
              cb::settings_from_options(o, p.players).deck_size / p.players)
        << p.id << ": the last round shares out the whole deck";
  }
}

TEST(CrownBattlesOptions, Errors) {
  EXPECT_EQ(refusal({}, 1), "players: Crown Battles is played by 2 to 8 players, not 1");
  EXPECT_EQ(refusal({}, 9), "players: Crown Battles is played by 2 to 8 players, not 9");
  EXPECT_EQ(refusal(json::array(), 4), "options must be a JSON object");
  EXPECT_NE(refusal({{"trumps", true}}, 4).find("unknown option \"trumps\""), std::string::npos);
  EXPECT_EQ(refusal({{"preset", 3}}, 4), "preset: must be a preset name (a string)");
  EXPECT_EQ(refusal({{"preset", "9p-classic"}}, 7), "preset: unknown preset \"9p-classic\"");
  EXPECT_EQ(refusal({{"preset", "3p-long"}}, 4),
            "preset: \"3p-long\" is for 3 players, but this table has 4");
  EXPECT_EQ(refusal({{"red_numbers", 5}}, 4),
            "red_numbers: must be a list of card numbers from 1 to 13");
  EXPECT_EQ(refusal({{"blue_numbers", {14}}}, 4),
            "blue_numbers: 14 is not a card number (1 to 13)");
  EXPECT_EQ(refusal({{"green_numbers", {"1"}}}, 4),
            "green_numbers: \"1\" is not a card number (1 to 13)");
  EXPECT_EQ(refusal({{"yellow_numbers", {3, 3}}}, 4), "yellow_numbers: 3 is listed twice");
  EXPECT_EQ(refusal({{"golems", 3}}, 4), "golems: must be a whole number from 0 to 2");
  EXPECT_EQ(refusal({{"dragons", -1}}, 4), "dragons: must be a whole number from 0 to 2");
  EXPECT_EQ(refusal({{"peasants", "x"}}, 4), "peasants: must be a whole number from 0 to 4");
  EXPECT_EQ(refusal({{"red_numbers", json::array()},
                     {"blue_numbers", json::array()},
                     {"green_numbers", json::array()},
                     {"yellow_numbers", {1}},
                     {"golems", 0},
                     {"dragons", 0},
                     {"peasants", 0}},
                    2),
            "deck: 1 card cannot deal one card to each of 2 players");
  EXPECT_EQ(refusal({{"schedule", json::array()}}, 4),
            "schedule: must be a non-empty list of hand sizes, e.g. [2, 4, 6]");
  EXPECT_EQ(refusal({{"schedule", "2,4"}}, 4),
            "schedule: must be a non-empty list of hand sizes, e.g. [2, 4, 6]");
  EXPECT_EQ(refusal({{"schedule", {2, 0}}}, 4), "schedule: 0 is not a hand size (1 card or more)");
  EXPECT_EQ(
      refusal({{"schedule", {2, 16}}}, 4),
      "schedule: round 2 deals 16 cards to each of 4 players (64), but the deck has 60 cards");
  EXPECT_EQ(refusal({{"schedule", json(std::vector<int>(101, 1))}}, 4),
            "schedule: at most 100 rounds");
  // A preset's schedule is checked against a deck changed beside it.
  EXPECT_EQ(
      refusal({{"preset", "4p-classic"}, {"peasants", 0}}, 4),
      "schedule: round 8 deals 15 cards to each of 4 players (60), but the deck has 56 cards");
  EXPECT_EQ(refusal({{"round_types", json::array()}}, 4),
            "round_types: must be a non-empty list of round types (normal, blind, wagering, "
            "missions, blind_missions, duel_fights, leaked_suit, stealth, alliances, "
            "missions_alliances, suit_precision, suit_precision_alliances, long_play, the_split)");
  EXPECT_EQ(refusal({{"round_types", {"normal", "grand_slam"}}}, 4),
            "round_types: \"grand_slam\" is not a round type (normal, blind, wagering, missions, "
            "blind_missions, duel_fights, leaked_suit, stealth, alliances, missions_alliances, "
            "suit_precision, suit_precision_alliances, long_play, the_split)");
  EXPECT_EQ(refusal({{"round_types", {"blind", "blind"}}}, 4),
            "round_types: \"blind\" is listed twice");
  EXPECT_EQ(refusal({{"screw_the_dealer", 1}}, 4), "screw_the_dealer: must be true or false");
  EXPECT_EQ(refusal({{"bid_cap", 0}}, 4), "bid_cap: must be a whole number from 1 to 38");
  EXPECT_EQ(refusal({{"bid_cap", 39}}, 4), "bid_cap: must be a whole number from 1 to 38");
  EXPECT_EQ(refusal({{"lift_bid_cap", "yes"}}, 4), "lift_bid_cap: must be true or false");
}

TEST(CrownBattlesOptions, NewGameRefusesBadOptionsToo) {
  auto g = module().new_game({{"schedule", {40}}}, 4, 1, nullptr);
  ASSERT_FALSE(g);
  EXPECT_EQ(g.error().code, crownhall::error_code::invalid_options);
}

// The schema describes every option the normalized options hold, with a default for every
// player count.
TEST(CrownBattlesOptions, SchemaDescribesEveryOption) {
  const json schema = module().option_schema();
  ASSERT_TRUE(schema["options"].is_array());
  const json o = normalized({}, 4);
  // `specials`, `bubble_shields`, `extra_wager`, `round_sequence`, `duel_pairing`,
  // `alliance_teams` and `leak_variation` are listed only by a table that plays them (so that
  // base-game records keep their options as they were).
  EXPECT_EQ(schema["options"].size(), o.size() + 7);
  EXPECT_FALSE(o.contains("specials"));
  for (const json& opt : schema["options"]) {
    const std::string name = opt["name"];
    if (name == "specials" || name == "bubble_shields") {
      const json with = normalized({{"specials", {"THIEF"}}}, 4);
      EXPECT_EQ(with["specials"], json({"THIEF"}));
      EXPECT_EQ(with["bubble_shields"], true);
      EXPECT_EQ(with["peasants"], 3);
      continue;
    }
    if (name == "extra_wager") {  // CrownBattlesWagering.TheExtraWagerNeedsWageringRounds
      EXPECT_FALSE(o.contains(name));
      EXPECT_EQ(opt["default"], false);
      continue;
    }
    if (name == "duel_pairing" || name == "alliance_teams") {  // *.Random*NeedNoDealer
      EXPECT_FALSE(o.contains(name));
      EXPECT_EQ(opt["default"], "dealer");
      continue;
    }
    if (name == "leak_variation") {  // CrownBattlesLeaks.*
      EXPECT_FALSE(o.contains(name));
      EXPECT_EQ(opt["default"], "secret");
      continue;
    }
    if (name == "round_sequence") {  // ARoundSequenceFixesEachRoundsType
      EXPECT_FALSE(o.contains(name));
      EXPECT_EQ(opt["default"], json::array());
      EXPECT_EQ(opt["type"], "list");
      continue;
    }
    EXPECT_TRUE(o.contains(name)) << name;
    EXPECT_TRUE(opt["label"].is_string()) << name;
    EXPECT_TRUE(opt["type"].is_string()) << name;
    EXPECT_TRUE(opt.contains("default") != opt.contains("default_by_players")) << name;
    if (opt.contains("default_by_players")) {
      for (int players = 2; players <= 8; ++players)
        EXPECT_EQ(opt["default_by_players"][std::to_string(players)], normalized({}, players)[name])
            << name << " for " << players;
    } else {
      EXPECT_EQ(opt["default"], o[name]) << name;
    }
  }
  const json& presets = schema["options"][0]["values"];
  EXPECT_EQ(presets.size(), cb::presets().size() + 1);
}

// The create form shows the schema's labels as they are: each choice reads as a person would
// say it ("Golem King"), never as the id a table's options hold ("GOLEM_KING").
TEST(CrownBattlesOptions, EveryChoiceIsLabelledInWords) {
  const std::regex id_like("[A-Z]{2,}|_");
  for (const json& opt : module().option_schema()["options"]) {
    EXPECT_FALSE(std::regex_search(opt["label"].get<std::string>(), id_like)) << opt["label"];
    for (const json& v : opt.value("values", json::array())) {
      const std::string label = v["label"];
      EXPECT_FALSE(std::regex_search(label, id_like)) << opt["name"] << ": " << label;
    }
  }
  const json specials = module().option_schema()["options"];
  for (const json& opt : specials)
    if (opt["name"] == "specials") {
      EXPECT_EQ(opt["values"].size(), 16u);
      EXPECT_EQ(opt["values"][14], json({{"value", "GOLEM_KING"}, {"label", "Golem King"}}));
    }
}

}  // namespace
}  // namespace crown_battles_test

namespace crown_battles_test {
namespace {

// The Round Tracker's fixed order (option `round_sequence`): round k plays the
// k-th type, starting over after the last; without `round_types` the sequence's own types
// are the table's set; a type outside a given set is refused.
TEST(CrownBattlesOptions, ARoundSequenceFixesEachRoundsType) {
  const json o = normalized({{"round_sequence", {"missions", "wagering", "missions"}}}, 4);
  EXPECT_EQ(o["round_types"], json({"wagering", "missions"}));
  EXPECT_EQ(o["round_sequence"], json({"missions", "wagering", "missions"}));
  EXPECT_FALSE(normalized({}, 4).contains("round_sequence")) << "left out when not given";
  EXPECT_FALSE(normalized({{"round_sequence", json::array()}}, 4).contains("round_sequence"));
  EXPECT_EQ(refusal({{"round_types", {"normal"}}, {"round_sequence", {"normal", "blind"}}}, 4),
            "round_sequence: \"blind\" is not among round_types");
  EXPECT_EQ(refusal({{"round_sequence", {"normal", "grand_slam"}}}, 4),
            "round_sequence: \"grand_slam\" is not a round type (normal, blind, wagering, "
            "missions, blind_missions, duel_fights, leaked_suit, stealth, alliances, "
            "missions_alliances, suit_precision, suit_precision_alliances, long_play, the_split)");
  EXPECT_EQ(refusal({{"round_sequence", "missions"}}, 4),
            "round_sequence: a list of up to 100 round types, in the order they are played");

  // Four rounds from a sequence of three: the fourth starts it over.
  auto g = start({{"schedule", {1, 2, 3, 4}}, {"round_sequence", {"blind", "missions", "normal"}}},
                 3, nullptr, 5);
  ASSERT_TRUE(g);
  crownhall::prng rng(8);
  std::vector<std::string> played;
  while (!g->is_over()) {
    const std::string type(cb::round_type_name(g->type()));
    if (played.size() <= g->score_table().size()) played.push_back(type);
    const int seat = std::countr_zero(g->seats_to_act());
    ASSERT_FALSE(g->apply(seat, g->bot_action(seat, crownhall::bot_kind::random, rng)));
  }
  played.resize(4);
  EXPECT_EQ(played, (std::vector<std::string>{"blind", "missions", "normal", "blind"}));
}

}  // namespace
}  // namespace crown_battles_test
