// Hidden information on the wire: many full games over real sockets, every message each
// seat receives recorded; none holds another seat's card before the rules reveal it, nor
// a blind bid's value or a secret mission before the reveal.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <thread>

#include "card_ids.hpp"
#include "face_up_plays.hpp"
#include "protocol/server_messages.hpp"
#include "test_client.hpp"
#include "tests/common/test_scale.hpp"

namespace crownhall::testing {
namespace {

using test::card_ids;
using test::ids_in;

using crownhall::test::face_up_plays;

struct findings {
  std::mutex m;
  std::vector<std::string> leaks;
  std::atomic<long> seat_messages{0};
  std::atomic<long> compared_with_public{0};
  std::atomic<long> blind_checks{0};
  std::atomic<long> mission_checks{0};
  std::atomic<long> face_down_checks{0};       // Stealth Play: own face-down cards seen
  std::atomic<long> note_checks{0};            // Alliances: an ally's Secret Note seen
  std::atomic<long> split_checks{0};           // The Split: a view with the seat's first half
  std::atomic<long> previous_round_tricks{0};  // a new round's views showing the last one's
  std::atomic<int> games{0};
  void leak(std::string s) {
    std::lock_guard lock(m);
    if (leaks.size() < 20) leaks.push_back(std::move(s));
  }
};

// Checks every message one seat received against the spectator's messages at the same seq.
void check_seat(const test_client& c, const std::map<std::uint64_t, json>& public_views,
                findings& f) {
  int round = -1;
  std::set<std::string> held;  // every card this seat has held this round
  face_up_plays plays;
  for (const std::string& text : c.received()) {
    json j = json::parse(text);
    if (auto problem = protocol::validate_server_message(j))
      f.leak("non-conforming message: " + *problem);
    if (j["type"] != "table" || !j["game"].is_object()) continue;
    ++f.seat_messages;
    const json& view = j["game"]["view"];
    const int me = j["you"]["seat"];
    if (view["round"]["number"] != round) {
      round = view["round"]["number"];
      held.clear();
    }
    for (const auto& card : view["hand"]) held.insert(card.get<std::string>());
    std::set<std::string> allowed = held;
    // Alliances' Secret Note: the card the seat's ally showed it, and no other seat's.
    if (view["round"].contains("notes")) {
      const json& teams = view["round"]["teams"];
      const json& notes = view["round"]["notes"];
      for (std::size_t s = 0; s < notes.size(); ++s) {
        if (static_cast<int>(s) == me || !notes[s].contains("card")) continue;
        if (teams[s].is_null() || teams[s] != teams[static_cast<std::size_t>(me)])
          f.leak("seat " + std::to_string(me) + " sees the Secret Note of seat " +
                 std::to_string(s) + ", not its ally");
        allowed.insert(notes[s]["card"].get<std::string>());
        ++f.note_checks;
      }
    }
    // The last trick, from this seat's own reading of the plays, not from any view.
    plays.read(j, view["round"]["number"]);
    std::set<std::string> last_trick = ids_in(view["last_trick"]);
    for (const auto& id : last_trick) {
      if (!plays.shown(id))
        f.leak("seat " + std::to_string(me) + " sees " + id +
               " in a last trick it was never played in, seq " + j["seq"].dump());
      allowed.insert(id);
    }
    if (!last_trick.empty() && !plays.previous_round.empty() &&
        std::includes(plays.previous_round.begin(), plays.previous_round.end(), last_trick.begin(),
                      last_trick.end()) &&
        view["phase"] != "finished")
      ++f.previous_round_tricks;
    if (j["last_event"].contains("action")) {
      if (j["last_event"]["seat"] != me) f.leak("another seat's action in last_event: " + text);
      for (const auto& id : ids_in(j["last_event"]["action"])) allowed.insert(id);
    }
    const auto pub = public_views.find(j["seq"].get<std::uint64_t>());
    if (pub != public_views.end()) {
      ++f.compared_with_public;
      json public_game = pub->second;
      public_game["view"].erase("last_trick");  // checked above, from the plays read
      for (const auto& id : ids_in(public_game)) allowed.insert(id);
      // Everything about the other seats is exactly what the public sees.
      const json& theirs = pub->second["view"];
      for (std::size_t s = 0; s < view["seats"].size(); ++s)
        if (static_cast<int>(s) != me && view["seats"][s] != theirs["seats"][s])
          f.leak("seat " + std::to_string(me) + " sees more of seat " + std::to_string(s) +
                 " than the public: " + view["seats"][s].dump() + " vs " +
                 theirs["seats"][s].dump());
      // Stealth Play: the seat sees its own face-down card (and so, when no other lies face
      // down, who is winning), and nothing more.
      json trick = view["trick"];
      for (std::size_t i = 0; i < trick["cards"].size(); ++i)
        if (trick["cards"][i]["seat"] == me && theirs["trick"]["cards"][i].contains("face_down")) {
          trick["cards"][i] = theirs["trick"]["cards"][i];
          trick["winning"] = theirs["trick"]["winning"];
          ++f.face_down_checks;
        }
      if (trick != theirs["trick"])
        f.leak("trick differs from the public one: " + trick.dump() + " vs " +
               theirs["trick"].dump());
      if (view["last_trick"] != theirs["last_trick"])
        f.leak("last trick differs from the public one");
    } else {
      // No public message at this seq (a slow reader's snapshot was superseded): the
      // tricks in this message are public by the rules, and so are the cards Leaked Suit
      // lays face up (their owners' are checked against the public view when there is one).
      for (const auto& id : ids_in(view["trick"])) allowed.insert(id);
      for (const auto& id : ids_in(view["rounds"])) allowed.insert(id);
      if (view["round"].contains("leaks"))
        for (const auto& id : ids_in(view["round"]["leaks"])) allowed.insert(id);
    }
    for (const auto& id : card_ids(text))
      if (!allowed.count(id))
        f.leak("seat " + std::to_string(me) + " received " + id + " it never held, seq " +
               j["seq"].dump());
    // Missions: another seat's mission only as the public sees it (once all have chosen);
    // in Blind Missions never, before the score table.
    if (view["round"].contains("missions")) {
      ++f.mission_checks;
      const json& missions = view["round"]["missions"];
      for (std::size_t s = 0; s < missions.size(); ++s) {
        if (static_cast<int>(s) == me) continue;
        const bool shown = missions[s].contains("mission");
        if (shown && view["round"]["type"] == "blind_missions")
          f.leak("blind mission of seat " + std::to_string(s) + " visible to " +
                 std::to_string(me));
        if (shown && view["phase"] == "mission")
          f.leak("mission of seat " + std::to_string(s) + " visible before all had chosen");
        if (pub != public_views.end() && pub->second["view"]["round"]["missions"][s] != missions[s])
          f.leak("seat " + std::to_string(me) + " sees more of seat " + std::to_string(s) +
                 "'s mission than the public");
      }
    }
    // The Split: the seat's own first half, of its own hand; no other seat's (the card check
    // above: those cards were never the seat's to see).
    if (view.contains("first_half")) {
      ++f.split_checks;
      const std::set<std::string> hand = ids_in(view["hand"]);
      for (const auto& id : ids_in(view["first_half"]))
        if (!hand.count(id))
          f.leak("seat " + std::to_string(me) + "'s first half names " + id + ", not in its hand");
    }
    // Blind bids: no other seat's value before the reveal.
    if (view["round"]["type"] == "blind" && view["phase"] == "bidding") {
      ++f.blind_checks;
      for (std::size_t s = 0; s < view["seats"].size(); ++s) {
        const json& bid = view["seats"][s]["bid"];
        if (static_cast<int>(s) != me && !(bid.is_object() && !bid.contains("bid")))
          f.leak("blind bid of seat " + std::to_string(s) + " visible to " + std::to_string(me) +
                 ": " + bid.dump());
      }
    }
  }
}

void play_one(std::uint16_t port, int game, findings& f) {
  const int seats = 3 + game % 3;
  std::vector<std::unique_ptr<test_client>> owned;
  std::vector<test_client*> players;
  for (int s = 0; s < seats; ++s) {
    owned.push_back(std::make_unique<test_client>(port));
    players.push_back(owned.back().get());
    // Appending, not "S" + to_string: GCC 12 warns falsely (-Wrestrict) on the latter.
    std::string name = "S";
    name += std::to_string(s);
    players.back()->hello(name);
  }
  test_client spectator(port);
  spectator.hello("Watcher");
  json schedule = game % 4 == 0 ? json::array({1, 3, 5, 7}) : json::array({2, 4, 3});
  json types =
      game % 8 == 7
          ? json::array({"alliances", "missions_alliances", "suit_precision_alliances", "normal"})
      : game % 4 == 3 ? json::array({"missions", "blind_missions", "leaked_suit"})
      : game % 2 == 0 ? json::array({"blind", "the_split"})
                      : json::array({"normal", "blind", "stealth", "suit_precision"});
  json t = open_table(players, {{"options", {{"schedule", schedule}, {"round_types", types}}},
                                {"private", game % 5 == 0}});
  if (t.contains("invite"))
    spectator.request({{"type", "join_table"}, {"invite", t["invite"]}, {"as", "spectator"}});
  else
    spectator.request({{"type", "join_table"}, {"table", t["table"]}, {"as", "spectator"}});
  start_game(players);
  play_to_end(players, 1000 + static_cast<std::uint64_t>(game), {&spectator});
  sync_tables(players);
  EXPECT_EQ(players[0]->last_table()["state"], "finished");

  std::map<std::uint64_t, json> public_views;
  for (const std::string& text : spectator.received()) {
    json j = json::parse(text);
    if (j["type"] == "table" && j["game"].is_object()) {
      if (!j["game"]["view"]["hand"].empty()) f.leak("a spectator was shown a hand");
      public_views[j["seq"]] = j["game"];
    }
  }
  for (auto* p : players) check_seat(*p, public_views, f);
  ++f.games;
}

TEST(HiddenInformation, NoSeatEverSeesAnotherSeatsCardsOrBlindBids) {
  const int games = std::max(4, test::scaled_games(200));
  test_server server;
  findings f;
  const std::vector<std::string> failed =
      play_games_at_once(games, 8, [&](int g) { play_one(server.port(), g, f); });
  for (const auto& why : failed) f.leak(why);
  for (const auto& leak : f.leaks) ADD_FAILURE() << leak;
  EXPECT_TRUE(failed.empty());
  EXPECT_EQ(f.games, games);
  EXPECT_GT(f.seat_messages, games * 20L);
  // Nearly every seat message had its public counterpart to compare with.
  EXPECT_GT(f.compared_with_public * 10, f.seat_messages * 9);
  EXPECT_GT(f.blind_checks, 0);
  EXPECT_GT(f.mission_checks, 0);
  EXPECT_GT(f.face_down_checks, 0);
  EXPECT_GT(f.note_checks, 0);
  EXPECT_GT(f.split_checks, 0);
  // Views of a new round did show the previous round's final trick (and were checked).
  EXPECT_GT(f.previous_round_tricks, 0);
  std::cout << "hidden information: " << f.games << " games, " << f.seat_messages
            << " seat messages checked (" << f.compared_with_public << " against the public view, "
            << f.blind_checks << " during blind bidding, " << f.mission_checks
            << " in Missions rounds, " << f.face_down_checks << " with their own face-down card, "
            << f.note_checks << " with an ally's Secret Note, " << f.split_checks
            << " with the seat's own first half (The Split), " << f.previous_round_tricks
            << " showing the previous round's final trick)\n";
}

}  // namespace
}  // namespace crownhall::testing
