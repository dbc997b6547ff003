// What a seat knows of other hands, on the wire: many full Crown Battles games over real
// sockets with all sixteen Special Power cards and every round type the table's size allows,
// every seat a person, every message each seat received replayed through an independent
// account of that seat's legitimate knowledge (knowledge_tracker.hpp). `specials.known` must
// equal the account at every message, so a card vanishing from a known list (which would
// show which card a secret move took, or which card lies face down) is caught as surely as
// a card shown that the seat never saw.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <mutex>

#include "card_ids.hpp"
#include "knowledge_tracker.hpp"
#include "test_client.hpp"
#include "tests/common/test_scale.hpp"

namespace crownhall::testing {
namespace {

struct tally {
  std::mutex m;
  std::vector<std::string> findings;
  std::map<std::string, long> by_kind;  // findings per rule in play
  std::map<std::string, long> uses;     // how often each knowledge-moving special was used
  long messages = 0;
  int games = 0;

  void add(const std::vector<test::knowledge_tracker::finding>& found, long read,
           const std::map<std::string, long>& used) {
    std::lock_guard lock(m);
    messages += read;
    for (const auto& f : found) {
      ++by_kind[f.kind];
      if (findings.size() < 40) findings.push_back(f.kind + ": " + f.what);
    }
    for (const auto& [what, n] : used) uses[what] += n;
    ++games;
  }
};

// The round types a table of `seats` may draw (the Round Tracker's exclusions).
json round_types_for(int seats) {
  json types = json::array({"normal", "blind", "wagering", "missions", "blind_missions",
                            "leaked_suit", "suit_precision", "long_play", "the_split"});
  if (seats >= 3)
    for (const char* t : {"stealth", "alliances", "missions_alliances", "suit_precision_alliances"})
      types.push_back(t);
  if (seats >= 4) types.push_back("duel_fights");
  return types;
}

// The specials that move or show cards, read in the public lines of one seat's messages.
std::map<std::string, long> uses_in(const test_client& c) {
  std::map<std::string, long> out;
  for (const std::string& text : c.received()) {
    const json j = json::parse(text);
    if (!j.contains("events")) continue;
    for (const auto& e : j["events"]) {
      const std::string kind = e["kind"];
      for (const char* what :
           {"merchant_traded", "merchant_swapped", "hands_swapped", "smuggler_swapped",
            "bishop_looks", "pass_called", "played_face_down"})
        if (kind == what) ++out[what];
    }
  }
  return out;
}

void play_one(std::uint16_t port, int game, tally& t) {
  const int seats = 2 + game % 7;
  std::vector<std::unique_ptr<test_client>> owned;
  std::vector<test_client*> players;
  for (int s = 0; s < seats; ++s) {
    owned.push_back(std::make_unique<test_client>(port));
    players.push_back(owned.back().get());
    players.back()->hello("P" + std::to_string(s));
  }
  // Small hands leave undealt cards for the Spy and the Smuggler; several rounds draw several
  // round types.
  const json schedules[] = {json::array({3, 2, 4}), json::array({2, 4, 3}),
                            json::array({4, 3, 2, 3})};
  const char* variations[] = {"secret", "clockwise", "dealer", "spinner", "neighbour"};
  json options = {{"schedule", schedules[game % 3]},
                  {"round_types", round_types_for(seats)},
                  {"specials", test::all_special_ids},
                  {"peasants", (game % 3) * 2},
                  {"bubble_shields", true},
                  {"leak_variation", variations[game % 5]}};
  open_table(players, {{"seats", seats}, {"options", options}});
  start_game(players);
  play_to_end(players, 9000 + static_cast<std::uint64_t>(game));
  sync_tables(players);
  EXPECT_EQ(players[0]->last_table()["state"], "finished");
  std::vector<test::knowledge_tracker::finding> found;
  long read = 0;
  std::map<std::string, long> used;
  for (auto* p : players) {
    test::knowledge_tracker tracker;
    for (const std::string& text : p->received())
      for (auto& f : tracker.read(json::parse(text))) found.push_back(std::move(f));
    read += tracker.messages();
  }
  used = uses_in(*players[0]);
  t.add(found, read, used);
}

TEST(KnownCards, EverySeatsKnownListsMatchWhatItSaw) {
  const int games = std::max(7, test::scaled_games(300));
  test_server server;
  tally t;
  const std::vector<std::string> failed =
      play_games_at_once(games, 8, [&](int g) { play_one(server.port(), g, t); });
  for (const auto& why : failed) ADD_FAILURE() << why;
  for (const auto& f : t.findings) ADD_FAILURE() << f;
  EXPECT_EQ(t.games, games);
  EXPECT_TRUE(t.by_kind.empty());
  if (games >= 100) {
    // The games did put every knowledge-moving rule to work.
    for (const char* what : {"merchant_traded", "hands_swapped", "smuggler_swapped", "bishop_looks",
                             "pass_called", "played_face_down"})
      EXPECT_GT(t.uses[what], 0) << what;
  }
  std::cout << "known cards: " << t.games << " games, " << t.messages
            << " seat messages replayed; differences:";
  for (const auto& [kind, n] : t.by_kind) std::cout << " " << kind << " " << n << ";";
  std::cout << "\n  used (seat 0's lines):";
  for (const auto& [what, n] : t.uses) std::cout << " " << what << " " << n << ";";
  std::cout << "\n";
}

}  // namespace
}  // namespace crownhall::testing
