// The move log over real sockets: whole games of Queen's Court (whose draws are private),
// every `events` line each connection received, by its number. Each line reaches exactly
// its audience: a seat's "you drew" line only that seat, the "drew a card" line everyone
// else (spectators too), the rest everyone; the names are filled in.
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
      auto [it, fresh] = out.emplace(n, e["text"]);
      if (!fresh) {
        EXPECT_EQ(it->second, e["text"]) << "line " << n << " changed";
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
      EXPECT_EQ(text.find('{'), std::string::npos) << "a name was not filled in: " << text;
      if (text.rfind("you drew", 0) == 0) {
        ++private_lines;
        EXPECT_EQ(who.size(), 1u) << text;
        EXPECT_FALSE(who.contains(2)) << "a spectator read " << text;
      } else if (text.find(" drew ") != std::string::npos) {
        // "Ann drew a card": everyone but Ann.
        const int drawer = text.rfind("Ann", 0) == 0 ? 0 : 1;
        EXPECT_EQ(who, (std::set<int>{1 - drawer, 2})) << text;
      } else {
        EXPECT_EQ(who, (std::set<int>{0, 1, 2})) << text;
      }
    }
    EXPECT_GT(private_lines, 0);
    // Names are the seats' display names.
    bool named = false;
    for (const auto& [n, text] : got[2]) named |= text.rfind("Ann played", 0) == 0;
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
