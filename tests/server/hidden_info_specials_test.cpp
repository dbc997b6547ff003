// Hidden information on the wire with all sixteen Special Power cards: many full Crown Battles
// games over real sockets (2 to 8 seats, some of them bots, Blind Bidding rounds, Bubble
// Shields), every message each human seat and a spectator receive recorded, then checked:
// no seat holds a card id it was not allowed to see at that moment, nobody else learns a
// blind bid or a Jester's change before the round's end reveals the bids, the spectator
// never sees a card before it is played face up, and the move log's lines for everyone
// name no hidden card.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <string_view>
#include <thread>
#include <unordered_set>

#include "card_ids.hpp"
#include "engine/core/prng.hpp"
#include "face_up_plays.hpp"
#include "protocol/server_messages.hpp"
#include "test_client.hpp"
#include "tests/common/test_scale.hpp"

// Its own namespace: its findings differ from the base game's (hidden_info_test.cpp).
namespace crownhall::testing::with_specials {
namespace {

using test::card_ids;
using test::ids_in;

// A table message's card ids, but for its options: the deck's list of specials is public.
std::set<std::string> message_ids(json j) {
  j.erase("options");
  return ids_in(j);
}

struct findings {
  std::mutex m;
  std::vector<std::string> leaks;
  std::atomic<long> seat_messages{0};
  std::atomic<long> spectator_messages{0};
  std::atomic<long> compared_with_public{0};
  std::atomic<long> blind_checks{0};
  std::atomic<long> private_cards{0};  // card ids justified by known / undealt_seen alone
  std::atomic<long> event_lines{0};
  std::atomic<int> overtaken{0};  // human moves refused because a bot moved first
  std::atomic<int> games{0};
  // How often the specials that show one seat something were used (read in the public log).
  std::map<std::string, long> uses;
  void leak(std::string s) {
    std::lock_guard lock(m);
    if (leaks.size() < 30) leaks.push_back(std::move(s));
  }
  void used(const std::string& what) {
    std::lock_guard lock(m);
    ++uses[what];
  }
};

struct public_message {
  json game;
  std::set<std::string> ids;
  std::set<std::int64_t> lines;  // the move-log line numbers everyone read
};

// A message's move-log events by their numbers (each as its kind and arguments).
std::vector<std::pair<std::int64_t, json>> lines_of(const json& j) {
  std::vector<std::pair<std::int64_t, json>> out;
  if (j.contains("events") && j["events"].is_array())
    for (auto e : j["events"]) {
      const auto n = e["n"].get<std::int64_t>();
      e.erase("n");
      out.emplace_back(n, std::move(e));
    }
  return out;
}

// Blind Bidding: until the round's end reveals them, a bid is its bidder's alone.
bool bids_secret(const json& view) {
  return view["round"]["type"] == "blind" && view["phase"] != "finished";
}

bool has_bid_value(const json& bid) {
  return !bid.is_null() && !(bid.is_object() && !bid.contains("bid"));
}

// The cards any viewer sees face up in a view: the trick, what was played this round, and
// the card whose decision the table waits for. The last trick is checked on its own, against
// the plays read in the move log (face_up_plays).
std::set<std::string> face_up(const json& view) {
  std::set<std::string> out = ids_in(view["trick"]);
  if (view.contains("specials")) {
    for (const auto& id : ids_in(view["specials"]["played"])) out.insert(id);
    // The card being used: played, or the Smuggler used before bidding, which the rules
    // make public with its draw ("draws a card with the Smuggler").
    if (view["specials"]["pending"].is_object())
      out.insert(view["specials"]["pending"]["card"].get<std::string>());
  }
  return out;
}

using crownhall::test::names_a_play;

// The plays read from the move log (face_up_plays.hpp), and the check of a view's last trick.
struct read_plays : crownhall::test::face_up_plays {
  // Checks the view's last trick against the plays read; its cards are then allowed.
  void check_last_trick(const json& view, std::set<std::string>& allowed, findings& f,
                        const std::string& at) const {
    for (const auto& id : ids_in(view["last_trick"])) {
      if (!shown(id)) f.leak("a last trick holds " + id + ", never played face up" + at);
      allowed.insert(id);
    }
  }
};
// The events that carry a bid's value or a Jester's change.
bool tells_a_bid(const json& e) { return e.contains("bid") || e.contains("change"); }

// The public stream: the spectator's messages. It must never show a card before it is face
// up, nor a blind bid or a Jester's change before the reveal.
std::map<std::uint64_t, public_message> check_spectator(const test_client& spectator, findings& f) {
  std::map<std::uint64_t, public_message> out;
  bool secret = false;  // the lines read belong to a Blind Bidding round not yet revealed
  json previous_view;
  read_plays plays;
  for (const std::string& text : spectator.received()) {
    json j = json::parse(text);
    if (auto problem = protocol::validate_server_message(j))
      f.leak("non-conforming message to the spectator: " + *problem);
    if (j["type"] != "table" || !j["game"].is_object()) continue;
    ++f.spectator_messages;
    const json& view = j["game"]["view"];
    const std::string at = " (spectator, seq " + j["seq"].dump() + ")";
    if (!view["hand"].empty()) f.leak("the spectator was shown a hand" + at);
    if (!j["game"]["legal"].empty()) f.leak("the spectator was given legal actions" + at);
    if (j["last_event"].contains("action")) f.leak("a seat's action went to the spectator" + at);
    const json& sp = view["specials"];
    if (!sp.is_object()) f.leak("a game with specials sent a view without them" + at);
    if (!sp["known"].empty() || !sp["undealt_seen"].empty())
      f.leak("the spectator was shown private cards: " + sp.dump() + at);
    if (sp["pending"].is_object() && sp["pending"].contains("drawn"))
      f.leak("the Smuggler's drawn card went to the spectator" + at);
    for (std::size_t s = 0; s < view["seats"].size(); ++s)
      if (bids_secret(view) && has_bid_value(view["seats"][s]["bid"]))
        f.leak("blind bid of seat " + std::to_string(s) + " shown to the spectator" + at);

    std::set<std::string> allowed = face_up(view);
    if (previous_view.is_object())
      for (const auto& id : face_up(previous_view)) allowed.insert(id);
    plays.read(j, view["round"]["number"]);
    plays.check_last_trick(view, allowed, f, at);
    if (previous_view.is_object() && previous_view["round"]["number"] != view["round"]["number"] &&
        view["phase"] != "finished" && ids_in(view["last_trick"]).empty())
      f.leak("a new round's view does not show the previous round's final trick" + at);
    public_message pm{j["game"], {}, {}};
    for (const auto& [n, e] : lines_of(j)) {
      ++f.event_lines;
      pm.lines.insert(n);
      const std::string kind = e["kind"];
      const std::string line = e.dump();
      // A card played face up is named by the event that says so; it must then be on the
      // table (the trick that ended a round stays on show as the last trick).
      if (names_a_play(kind)) {
        const std::string card = e["card"];
        if (!allowed.count(card) && view["phase"] != "finished")
          f.leak("an event names " + card + " that is not on the table: " + line + at);
        allowed.insert(card);
      } else if (kind == "summoner_copies" && !allowed.count(e["card"].get<std::string>())) {
        f.leak("the Summoner copies a card not on the table: " + line + at);
      }
      if (kind == "round_scored") secret = false;  // the reveal
      if (kind == "round_dealt") secret = e["type"] == "blind";
      // In a blind round only the Jester's player learns the change, or that there was
      // none: everyone else reads "jester_secret" whatever was chosen.
      if (secret && kind.starts_with("jester_") && kind != "jester_secret")
        f.leak("a Jester event before the blind bids are revealed: " + line + at);
      if (secret && tells_a_bid(e)) f.leak("a blind bid's value before the reveal: " + line + at);
      if (kind == "bishop_looks") f.used("Bishop looks");
      if (kind == "pass_called") f.used("Magician passes");
      if (kind.starts_with("merchant_")) f.used("Merchant trades");
      if (kind == "spy_looks") f.used("Spy looks");
      if (kind == "smuggler_draws") f.used("Smuggler draws");
      if (kind == "hands_swapped") f.used("Cursed swaps");
      if (secret && kind == "jester_secret") f.used("Jesters in blind rounds");
    }
    for (const auto& id : message_ids(j))
      if (!allowed.count(id))
        f.leak("the spectator received " + id + " before it was face up" + at);
    pm.ids = message_ids(j);
    secret = bids_secret(view);
    previous_view = view;
    out[j["seq"].get<std::uint64_t>()] = std::move(pm);
  }
  return out;
}

json without_drawn(json pending) {
  if (pending.is_object()) pending.erase("drawn");
  return pending;
}

// Checks every message one seat received against the spectator's at the same seq.
void check_seat(const test_client& c, const std::map<std::uint64_t, public_message>& public_stream,
                findings& f) {
  int round = -1;
  std::set<std::string> held;  // every card this seat has held this round
  read_plays plays;
  for (const std::string& text : c.received()) {
    json j = json::parse(text);
    if (auto problem = protocol::validate_server_message(j))
      f.leak("non-conforming message: " + *problem);
    if (j["type"] != "table" || !j["game"].is_object()) continue;
    ++f.seat_messages;
    const json& view = j["game"]["view"];
    const int me = j["you"]["seat"];
    const std::string at = " (seat " + std::to_string(me) + ", seq " + j["seq"].dump() + ")";
    if (view["round"]["number"] != round) {
      round = view["round"]["number"];
      held.clear();
    }
    for (const auto& card : view["hand"]) held.insert(card.get<std::string>());
    std::set<std::string> allowed = held;
    plays.read(j, view["round"]["number"]);
    plays.check_last_trick(view, allowed, f, at);
    if (j["last_event"].contains("action")) {
      if (j["last_event"]["seat"] != me) f.leak("another seat's action in last_event" + at);
      // The seat's own move, echoed back to it.
      for (const auto& id : ids_in(j["last_event"]["action"])) allowed.insert(id);
    }

    // What the specials showed this seat alone, each only while a rule allows it.
    const json& sp = view["specials"];
    const json& pending = sp["pending"];
    const auto pending_is = [&](const char* card) {
      return pending.is_object() && pending["card"] == card && pending["seat"] == me;
    };
    if (pending.is_object() && pending.contains("drawn")) {
      // The Smuggler's draw is in its drawer's hand while it decides what to put back.
      if (!pending_is("SMUGGLER")) f.leak("a drawn card shown to a seat not drawing" + at);
      if (!held.count(pending["drawn"].get<std::string>()))
        f.leak("the drawn card is not in the drawer's hand" + at);
    }
    if (!sp["undealt_seen"].empty()) {
      // The Spy's look: the undealt cards, only during its own look.
      if (!pending_is("SPY")) f.leak("undealt cards shown outside its Spy's look" + at);
      const std::set<std::string> hand = ids_in(view["hand"]);
      for (const auto& id : ids_in(sp["undealt_seen"])) {
        if (hand.count(id)) f.leak("an undealt card " + id + " that is in the hand" + at);
        allowed.insert(id);
        ++f.private_cards;
      }
    }
    int seen_incoming = 0;
    for (const auto& [key, cards] : sp["known"].items()) {
      const int other = std::stoi(key);
      if (other == me) f.leak("a seat's own hand listed in known" + at);
      for (const auto& card : cards) {
        const std::string id = card.get<std::string>();
        if (held.count(id)) continue;  // it passed through this seat's hand this round
        // The Bishop's look at that seat, while it lasts; the Magician's player sees the one
        // card coming to it before picking its own.
        const bool bishop = pending_is("BISHOP") && pending.value("chosen_seat", -1) == other;
        const bool magician =
            pending_is("MAGICIAN") && pending["step"] == 2 && ++seen_incoming == 1;
        if (!bishop && !magician)
          f.leak("seat " + std::to_string(me) + " knows " + id + " in seat " + key +
                 "'s hand without a Bishop, Magician, Merchant or swap that showed it" + at);
        allowed.insert(id);
        ++f.private_cards;
      }
    }

    const auto pub = public_stream.find(j["seq"].get<std::uint64_t>());
    std::set<std::int64_t> public_lines;
    if (pub != public_stream.end()) {
      ++f.compared_with_public;
      for (const auto& id : pub->second.ids) allowed.insert(id);
      public_lines = pub->second.lines;
      // Everything about the other seats and the table is exactly what the public sees.
      const json& theirs = pub->second.game["view"];
      for (std::size_t s = 0; s < view["seats"].size(); ++s)
        if (static_cast<int>(s) != me && view["seats"][s] != theirs["seats"][s])
          f.leak("seat " + std::to_string(me) + " sees more of seat " + std::to_string(s) +
                 " than the public: " + view["seats"][s].dump() + " vs " +
                 theirs["seats"][s].dump() + at);
      for (const char* part : {"trick", "last_trick", "round", "phase"})
        if (view[part] != theirs[part]) f.leak(std::string(part) + " differs from the public" + at);
      for (const char* part : {"shields", "protected", "played", "trick_golems", "wizard_in_trick"})
        if (sp[part] != theirs["specials"][part])
          f.leak("specials." + std::string(part) + " differs from the public" + at);
      if (without_drawn(pending) != theirs["specials"]["pending"])
        f.leak("the pending decision differs from the public one" + at);
    } else {
      // No public message at this seq (a slow reader's snapshot was superseded): the cards
      // face up in this message are public by the rules.
      for (const auto& id : face_up(view)) allowed.insert(id);
    }
    for (const auto& id : message_ids(j))
      if (!allowed.count(id))
        f.leak("seat " + std::to_string(me) + " received " + id + " it was not allowed to see" +
               at);

    // Events for this seat alone name it as their `seat` (own_draw, undealt_seen …);
    // another seat's bid or Jester change never reaches it.
    for (const auto& [n, e] : lines_of(j)) {
      if (pub == public_stream.end() || public_lines.count(n)) continue;
      if (e.value("seat", -1) != me)
        f.leak("an event for this seat alone that is not addressed to it: " + e.dump() + at);
    }
    if (bids_secret(view)) {
      ++f.blind_checks;
      for (std::size_t s = 0; s < view["seats"].size(); ++s)
        if (static_cast<int>(s) != me && has_bid_value(view["seats"][s]["bid"]))
          f.leak("blind bid of seat " + std::to_string(s) + " visible" + at);
    }
  }
}

// play_to_end (test_client.hpp) for a table with bots: in a simultaneous step (Blind Bidding,
// the Magician's passes) a bot may move between a human's reading and its move, and a bot's
// Smuggler draw before bidding stops the other bidders; such a move is refused and the
// human chooses again from the new state. Returns the number of refusals.
int play_beside_bots(const std::vector<test_client*>& players, std::uint64_t seed,
                     test_client& spectator) {
  prng rng(seed);
  std::vector<test_client*> all = players;
  all.push_back(&spectator);
  int refused = 0;
  for (int guard = 0; guard < 100000; ++guard) {
    const std::uint64_t top = sync_tables(all);
    if (players[0]->last_table()["state"] != "playing") {
      for (auto* p : all) p->next_table([](const json& t) { return t["state"] != "playing"; });
      return refused;
    }
    std::vector<test_client*> able;
    for (auto* p : players)
      if (!p->last_table()["game"]["legal"].empty()) able.push_back(p);
    if (able.empty()) {  // the bots are moving
      players[0]->next_table([top](const json& t) { return t["seq"].get<std::uint64_t>() > top; });
      continue;
    }
    test_client* actor = able[rng.below(static_cast<std::uint32_t>(able.size()))];
    const json& legal = actor->last_table()["game"]["legal"];
    try {
      actor->request({{"type", "act"},
                      {"action", legal[rng.below(static_cast<std::uint32_t>(legal.size()))]},
                      {"seq", top}});
    } catch (const client_error& e) {
      const std::string why = e.what();
      const bool overtaken = why.find("\"not_your_turn\"") != std::string::npos ||
                             why.find("\"illegal_action\"") != std::string::npos;
      if (!overtaken || ++refused > 100) throw;
    }
  }
  throw client_error("the game did not end");
}

void play_one(std::uint16_t port, int game, findings& f) {
  const int seats = 2 + game % 7;
  // Some seats are bots (their moves reach the humans like anyone's); at least one human.
  const int bots = game % 3 == 2 ? std::min(seats - 1, 1 + game % 2) : 0;
  const int humans = seats - bots;
  std::vector<std::unique_ptr<test_client>> owned;
  std::vector<test_client*> players;
  for (int s = 0; s < humans; ++s) {
    owned.push_back(std::make_unique<test_client>(port));
    players.push_back(owned.back().get());
    std::string name = "P";
    name += std::to_string(s);
    players.back()->hello(name);
  }
  test_client spectator(port);
  spectator.hello("Watcher");
  // Small hands leave many undealt cards (for the Spy and the Smuggler); several rounds bring
  // the specials around; a Blind Bidding round in most games.
  const json schedules[] = {json::array({3, 2}), json::array({1, 4}), json::array({2, 3, 1})};
  const json round_types[] = {json::array({"blind"}), json::array({"normal", "blind"}),
                              json::array({"blind"}), json::array({"normal"})};
  json options = {{"schedule", schedules[game % 3]},
                  {"round_types", round_types[game % 4]},
                  {"specials", test::all_special_ids},
                  {"peasants", (game % 3) * 2},
                  {"bubble_shields", true}};
  // A bid cap of 1 allows a 0-1 bid that the Jester cannot move.
  if (game % 5 == 4) options["bid_cap"] = 1;
  json t = open_table(players, {{"seats", seats}, {"options", options}});
  for (int b = 0; b < bots; ++b)
    players[0]->request({{"type", "add_bot"}, {"kind", b % 2 == 0 ? "heuristic" : "random"}});
  spectator.request({{"type", "join_table"}, {"table", t["table"]}, {"as", "spectator"}});
  start_game(players);
  if (bots > 0)
    f.overtaken += play_beside_bots(players, 5000 + static_cast<std::uint64_t>(game), spectator);
  else
    play_to_end(players, 5000 + static_cast<std::uint64_t>(game), {&spectator});
  sync_tables(players);
  EXPECT_EQ(players[0]->last_table()["state"], "finished");

  const auto public_stream = check_spectator(spectator, f);
  for (auto* p : players) check_seat(*p, public_stream, f);
  ++f.games;
}

TEST(HiddenInfoSpecials, NoSeatOrSpectatorSeesAHiddenCardBlindBidOrJesterChange) {
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
  EXPECT_GT(f.private_cards, 0);
  if (games >= 100) {
    // The games did reach every special that shows a seat something, so the checks on
    // `known`, `undealt_seen`, `drawn` and the private lines were put to work.
    for (const char* what : {"Bishop looks", "Magician passes", "Merchant trades", "Spy looks",
                             "Smuggler draws", "Cursed swaps", "Jesters in blind rounds"})
      EXPECT_GT(f.uses[what], 0) << what;
  }
  std::cout << "hidden information with specials: " << f.games << " games, " << f.seat_messages
            << " seat messages checked (" << f.compared_with_public << " against the public view, "
            << f.blind_checks << " in secret blind rounds, " << f.private_cards
            << " privately shown cards), " << f.spectator_messages << " spectator messages, "
            << f.event_lines << " public log lines; " << f.overtaken
            << " moves overtaken by a bot\n  specials used:";
  for (const auto& [what, n] : f.uses) std::cout << " " << what << " " << n << ";";
  std::cout << "\n";
}

}  // namespace
}  // namespace crownhall::testing::with_specials
