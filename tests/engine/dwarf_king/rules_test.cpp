// Setup, the three 5s, following suit, refusals, options, the stacked deal, the action
// JSON forms, and the decisions where the rules are silent (docs/rules/dwarf-king.md).
#include <set>

#include "designed_hands.hpp"
#include "engine/core/record.hpp"
#include "engine/core/registry.hpp"
#include "scenario.hpp"

namespace crownhall::dwarf_king::testing {
namespace {

const game_module& module() { return dwarf_king_module(); }

TEST(Setup, DealsTheWholeDeckWithOneSpecialCard) {
  for (int players = 3; players <= 5; ++players) {
    table t = start(players, nullptr, json::object(), 100 + players);
    card_set all = 0;
    for (int s = 0; s < players; ++s) {
      EXPECT_EQ(size_of(t.g().hand(s)), players == 3 ? 13 : players == 4 ? 10 : 8);
      EXPECT_EQ(all & t.g().hand(s), 0u);
      all |= t.g().hand(s);
    }
    EXPECT_EQ(all, t.g().deck());
    EXPECT_EQ(size_of(all & ~basic_cards), 1);
    // Rulings: three players play without the 2 of Dwarves.
    EXPECT_EQ(contains(all, id("d2")), players != 3);
  }
}

TEST(Setup, TheFivesChooseTheQuestAndLead) {
  table t = start(4, nullptr, json::object(), 5);
  int knights = -1, goblins = -1;
  for (int s = 0; s < 4; ++s) {
    if (contains(t.g().hand(s), five_of_knights)) knights = s;
    if (contains(t.g().hand(s), five_of_goblins)) goblins = s;
  }
  EXPECT_EQ(t.state->seats_to_act(), 1u << knights);
  EXPECT_EQ(
      t.legal(knights),
      json::parse(R"([{"type":"choose_quest","side":"A"},{"type":"choose_quest","side":"B"}])"));
  ASSERT_TRUE(t.choose(knights, "B"));
  if (t.g().current_phase() == phase::playing) {
    EXPECT_EQ(t.state->seats_to_act(), 1u << goblins);
  }
}

TEST(Setup, SpecialCardsAndTilesAreNotReusedAndTheFirstDealerIsRandom) {
  std::set<int> dealers;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    auto r = simulate(module(), json::object(), 3, seed, bot_kind::random);
    ASSERT_TRUE(r) << r.error().reason;
    auto played = replay(*r);
    ASSERT_TRUE(played);
    const auto& g = static_cast<const game&>(*played->state);
    std::set<int> specials, tiles;
    const std::size_t hands = std::min<std::size_t>(g.results().size(), special_count);
    for (std::size_t h = 0; h < hands; ++h) {
      specials.insert(g.results()[h].special);
      tiles.insert(g.results()[h].quest);
    }
    EXPECT_EQ(specials.size(), hands);
    EXPECT_EQ(tiles.size(), hands);
    dealers.insert(g.results()[0].dealer);
  }
  EXPECT_EQ(dealers.size(), 3u);
}

TEST(Play, MustFollowSuitAndAnyCardWhenVoid) {
  table t = start(3, one_hand({{"g5", "d3"}, {"d9", "k9"}, {"k5"}}));
  ASSERT_TRUE(t.choose(2, "A"));
  ASSERT_TRUE(t.play(0, "d3"));
  const game_error e = t.refuse(1, {{"type", "play"}, {"card", "k9"}});
  EXPECT_EQ(e.code, error_code::illegal_action);
  EXPECT_EQ(e.reason, "you must follow suit (dwarves)");
  EXPECT_EQ(t.refuse(1, {{"type", "play"}, {"card", "g5"}}).reason, "you do not hold that card");
  EXPECT_EQ(t.refuse(0, {{"type", "play"}, {"card", "d4"}}).code, error_code::not_your_turn);
  EXPECT_EQ(t.refuse(7, {{"type", "play"}, {"card", "d4"}}).code, error_code::not_your_turn);
  EXPECT_EQ(t.refuse(1, {{"type", "choose_quest"}, {"side", "A"}}).code,
            error_code::illegal_action);
}

TEST(Play, NothingAfterTheEnd) {
  auto r = simulate(module(), {{"hands", 1}}, 3, 3, bot_kind::random);
  ASSERT_TRUE(r);
  auto played = replay(*r);
  ASSERT_TRUE(played);
  ASSERT_TRUE(played->state->is_over());
  EXPECT_EQ(played->state->seats_to_act(), 0u);
  auto a = played->state->action_from_json({{"type", "pass"}});
  ASSERT_TRUE(a);
  EXPECT_EQ(played->state->apply(0, *a)->code, error_code::game_over);
  const json out = played->state->outcome();
  EXPECT_EQ(out["finished"], true);
  EXPECT_TRUE(out["winner"].is_number_integer());
  EXPECT_EQ(out["ranks"].size(), 3u);
}

// Rulebook, "Victory": a tie after the planned hands is played off with more hands.
TEST(Victory, ATieForTheLeadPlaysAnotherHand) {
  json deal = {
      {"hands", json::array({{{"cards", cards_from_tricks(3, quest_hand_3)}, {"quest", 10}}})}};
  table t = start(3, deal, {{"hands", 1}});
  ASSERT_TRUE(t.choose(1, "A"));  // Evens: seats 0 and 1 take 6 and 4 tricks, +5 each
  ASSERT_TRUE(t.tricks(quest_hand_3));
  EXPECT_EQ(t.g().total(0), 5);
  EXPECT_EQ(t.g().total(1), 5);
  EXPECT_FALSE(t.state->is_over());
  EXPECT_EQ(t.g().hand_number(), 1);
  EXPECT_EQ(t.state->outcome()["winner"], nullptr);
  for (int hand = 1; !t.state->is_over(); ++hand) {
    t.finish_hand();
    ASSERT_LT(hand, 30);
  }
  const json out = t.state->outcome();
  int best = -1000, leaders = 0;
  for (const json& total : out["totals"]) best = std::max(best, total.get<int>());
  for (const json& total : out["totals"]) leaders += total == best;
  EXPECT_EQ(leaders, 1);
  EXPECT_EQ(out["totals"][out["winner"].get<int>()], best);
}

// Decisions: once all 14 special cards (20 tiles) are spent in one game they are shuffled
// again; within each such cycle none repeats.
TEST(Decisions, SpentPilesAreShuffledAgain) {
  bool saw_tiles_again = false;
  for (std::uint64_t seed = 1; seed <= 60 && !saw_tiles_again; ++seed) {
    auto r = simulate(module(), {{"hands", 20}}, 3, seed, bot_kind::random);
    ASSERT_TRUE(r);
    auto played = replay(*r);
    ASSERT_TRUE(played);
    const auto& results = static_cast<const game&>(*played->state).results();
    ASSERT_GE(results.size(), 20u);
    for (std::size_t start = 0; start < results.size(); start += special_count) {
      std::set<int> specials;
      for (std::size_t h = start; h < std::min(results.size(), start + special_count); ++h)
        EXPECT_TRUE(specials.insert(results[h].special).second) << "hand " << h;
    }
    for (std::size_t start = 0; start < results.size(); start += quest_count) {
      std::set<int> tiles;
      for (std::size_t h = start; h < std::min(results.size(), start + quest_count); ++h)
        EXPECT_TRUE(tiles.insert(results[h].quest).second) << "hand " << h;
    }
    saw_tiles_again = results.size() > 20;
  }
  EXPECT_TRUE(saw_tiles_again) << "no seed tied after 20 hands";
}

TEST(Options, DefaultsAndErrors) {
  auto o = module().normalize_options(nullptr, 4);
  ASSERT_TRUE(o);
  EXPECT_EQ(*o, json({{"hands", 7}}));
  EXPECT_EQ(*module().normalize_options({{"hands", 3}}, 5), json({{"hands", 3}}));
  const std::pair<json, int> bad[] = {
      {json::object(), 2},   {json::object(), 6}, {{{"hands", 0}}, 3}, {{{"hands", 21}}, 3},
      {{{"hands", "7"}}, 3}, {{{"speed", 1}}, 3}, {json::array(), 3}};
  for (const auto& [options, players] : bad) {
    auto r = module().normalize_options(options, players);
    ASSERT_FALSE(r) << options.dump() << " " << players;
    EXPECT_EQ(r.error().code, error_code::invalid_options);
  }
  EXPECT_NE(module().normalize_options({{"hands", 0}}, 3).error().reason.find("\"hands\""),
            std::string::npos);
  const json schema = module().option_schema();
  ASSERT_EQ(schema["options"].size(), 1u);
  EXPECT_EQ(schema["options"][0]["name"], "hands");
  EXPECT_EQ(schema["options"][0]["default"], 7);
}

TEST(StackedDeal, RefusesWhatCannotBeDealt) {
  const char* bad[] = {
      R"([])",
      R"({"first_dealer": 3})",
      R"({"shuffle": true})",
      R"({"hands": {}})",
      R"({"hands": [{"cards": [["k2"], ["k3"]]}]})",
      R"({"hands": [{"cards": [["k2"], ["k2"], []]}]})",
      R"({"hands": [{"cards": [["d2"], [], []]}]})",
      R"({"hands": [{"cards": [["zz"], [], []]}]})",
      R"({"hands": [{"cards": [["dragon"], ["mummy"], []]}]})",
      R"({"hands": [{"special": "k2"}]})",
      R"({"hands": [{"special": "dragon", "cards": [["mummy"], [], []]}]})",
      R"({"hands": [{"quest": 21}]})",
      R"({"hands": [{"quest": 4}, {"quest": 4}]})",
      R"({"hands": [{"special": "thief"}, {"special": "thief"}]})",
      R"({"hands": [{"thief_draw": ["k2"]}]})",
      R"({"hands": [{"color": 1}]})",
      R"({"hands": [{"cards": [["k2","k3","k4","k5","k6","k7","k8","k9","k10","kJ","kQ","kK","kA","g2"], [], []]}]})",
  };
  for (const char* text : bad) {
    auto g = module().new_game(*module().normalize_options(nullptr, 3), 3, 1, json::parse(text));
    EXPECT_FALSE(g) << text;
    if (!g) {
      EXPECT_NE(g.error().reason.find("stacked deal"), std::string::npos) << g.error().reason;
    }
  }
}

TEST(StackedDeal, FixesSpecialQuestAndDealerAndFillsTheRestFromTheSeed) {
  const json deal = json::parse(R"({"first_dealer": 2, "hands": [{"special": "mummy", "quest": 17},
    {"special": "dragon", "quest": 3, "cards": [null, ["kA", "dragon"], null]}]})");
  table t = start(3, deal, json::object(), 9);
  EXPECT_EQ(t.g().dealer(), 2);
  EXPECT_EQ(t.g().special(), special_card(special::mummy));
  EXPECT_EQ(t.g().quest(), 16);
  t.finish_hand();
  EXPECT_EQ(t.g().special(), special_card(special::dragon));
  EXPECT_EQ(t.g().quest(), 2);
  EXPECT_EQ(t.g().hand(1) & set_of({"kA", "dragon"}), set_of({"kA", "dragon"}));
  EXPECT_EQ(size_of(t.g().hand(1)), 13);
  // The same seed and deal give the same game; another seed shuffles the rest otherwise.
  EXPECT_EQ(start(3, deal, json::object(), 9).state->view(0),
            start(3, deal, json::object(), 9).state->view(0));
  EXPECT_NE(start(3, deal, json::object(), 9).g().hand(0),
            start(3, deal, json::object(), 10).g().hand(0));
}

TEST(Actions, JsonFormsRoundTripAndMalformedOnesAreRefused) {
  table t = start(3, nullptr);
  const json forms[] = {
      {{"type", "play"}, {"card", "d3"}},
      {{"type", "choose_quest"}, {"side", "B"}},
      {{"type", "steal"}, {"seat", 2}},
      {{"type", "give_back"}, {"cards", {"k2", "gA"}}},
      {{"type", "swap_hands"}, {"seat", 0}},
      {{"type", "pass_hands"}, {"direction", "right"}},
      {{"type", "use_sorcerer"}, {"card", "dragon"}},
      {{"type", "pass"}},
  };
  for (const json& f : forms) {
    auto a = t.state->action_from_json(f);
    ASSERT_TRUE(a) << f.dump();
    EXPECT_EQ(t.state->action_to_json(*a), f);
  }
  const char* malformed[] = {
      R"(3)",
      R"({"card": "d3"})",
      R"({"type": "dance"})",
      R"({"type": "play"})",
      R"({"type": "play", "card": "d1"})",
      R"({"type": "choose_quest", "side": "C"})",
      R"({"type": "steal", "seat": 3})",
      R"({"type": "swap_hands", "seat": "1"})",
      R"({"type": "give_back", "cards": ["k2"]})",
      R"({"type": "give_back", "cards": ["k2", 5]})",
      R"({"type": "pass_hands", "direction": "up"})",
  };
  for (const char* text : malformed) {
    auto a = t.state->action_from_json(json::parse(text));
    EXPECT_FALSE(a) << text;
    if (!a) {
      EXPECT_EQ(a.error().code, error_code::malformed_action);
      EXPECT_FALSE(a.error().reason.empty());
    }
  }
}

TEST(Module, IsRegistered) {
  const game_module* m = find_game("dwarf-king");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->title(), "The Dwarf King");
  EXPECT_EQ(m->min_seats(), 3);
  EXPECT_EQ(m->max_seats(), 5);
}

}  // namespace
}  // namespace crownhall::dwarf_king::testing
