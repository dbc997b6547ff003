// The move log over real sockets: whole games of Queen's Court (whose draws are private),
// every `events` line each connection received, by its number. Each line reaches exactly
// its audience: a seat's own_draw only that seat, its drew (how many) everyone else
// (spectators too), the rest everyone; each is data (a kind, seats as numbers), no words.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "protocol/server_messages.hpp"
#include "test_client.hpp"

namespace crownhall::testing {
namespace {

std::map<std::uint64_t, std::string> lines_of(const test_client& c) {
  std::map<std::uint64_t, std::string> out;
  for (const std::string& text : c.received()) {
    json j = json::parse(text);
    EXPECT_FALSE(protocol::validate_server_message(j)) << text;
    if (j["type"] != "table" || !j.contains("events")) continue;
    std::uint64_t last = 0;
    for (const json& e : j["events"]) {
      const auto n = e["n"].get<std::uint64_t>();
      EXPECT_GT(n, last) << "events are in order";
      last = n;
      json event = e;
      event.erase("n");
      EXPECT_TRUE(event["kind"].is_string()) << e.dump();
      EXPECT_FALSE(event.contains("text")) << "an event is data, never words: " << e.dump();
      auto [it, fresh] = out.emplace(n, event.dump());
      if (!fresh) {
        EXPECT_EQ(it->second, event.dump()) << "line " << n << " changed";
      }
    }
  }
  return out;
}

TEST(EventLines, EachAudienceGetsExactlyItsLines) {
  test_server server;
  for (int game = 0; game < 3; ++game) {
    test_client ann(server.port()), bob(server.port()), eve(server.port());
    ann.hello("Ann");
    bob.hello("Bob");
    eve.hello("Eve");
    std::vector<test_client*> players{&ann, &bob};
    json t = open_table(players, {{"game", "queens-court"}});
    eve.request({{"type", "join_table"}, {"table", t["table"]}, {"as", "spectator"}});
    start_game(players);
    play_to_end(players, 500 + static_cast<std::uint64_t>(game), {&eve});
    sync_tables({&ann, &bob, &eve});
    ASSERT_EQ(ann.last_table()["state"], "finished");

    const std::vector<std::map<std::uint64_t, std::string>> got = {lines_of(ann), lines_of(bob),
                                                                   lines_of(eve)};
    const std::vector<std::string> names = {"Ann", "Bob"};
    std::set<std::uint64_t> all;
    for (const auto& g : got)
      for (const auto& [n, text] : g) all.insert(n);
    ASSERT_GT(all.size(), 10u);
    int private_lines = 0;
    for (std::uint64_t n : all) {
      std::set<int> who;
      std::string text;
      for (int a = 0; a < 3; ++a)
        if (got[a].contains(n)) who.insert(a), text = got[a].at(n);
      const json e = json::parse(text);
      if (e["kind"] == "own_draw") {
        ++private_lines;
        EXPECT_EQ(who, (std::set<int>{e["seat"].get<int>()})) << text;
      } else if (e["kind"] == "drew") {
        // Ann drew a card: everyone but Ann.
        const int drawer = e["seat"];
        EXPECT_EQ(who, (std::set<int>{1 - drawer, 2})) << text;
      } else {
        EXPECT_EQ(who, (std::set<int>{0, 1, 2})) << text;
      }
    }
    EXPECT_GT(private_lines, 0);
    // Seats are numbers (the client names them); a card is its id, as the view names it.
    bool named = false;
    for (const auto& [n, text] : got[2]) {
      const json e = json::parse(text);
      named |= e["kind"] == "played" && e["seat"] == 0 && e["card"].is_string() &&
               e["pile"]["owner"].is_number();
    }
    EXPECT_TRUE(named);

    // A late spectator's first table message carries the public backlog (up to 50).
    test_client zed(server.port());
    zed.hello("Zed");
    zed.request({{"type", "join_table"}, {"table", t["table"]}, {"as", "spectator"}});
    const json first = zed.next_table();
    ASSERT_TRUE(first.contains("events"));
    EXPECT_EQ(first["events"].size(), std::min<std::size_t>(50, got[2].size()));
    EXPECT_EQ(first["events"].back()["n"].get<std::uint64_t>(), got[2].rbegin()->first);
  }
}

}  // namespace
}  // namespace crownhall::testing
