// People at a table without sockets, for the table's own tests: a connection that keeps
// every message it is sent (each checked against the protocol), and a player attached to
// one. Time is passed in by hand (`at`).
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/server_messages.hpp"
#include "server/table/table.hpp"

namespace crownhall::server::testing {

struct recorder : connection_link {
  std::vector<json> messages;
  std::vector<message_kind> kinds;
  void deliver(message_ptr text, message_kind kind) override {
    kinds.push_back(kind);
    json j = json::parse(*text);
    auto problem = protocol::validate_server_message(j);
    EXPECT_FALSE(problem) << *problem << ": " << *text;
    messages.push_back(std::move(j));
  }
  void close_after_flush(std::uint16_t, std::string) override {}
  // The latest message of this type, or null.
  json last(std::string_view type) const {
    for (auto it = messages.rbegin(); it != messages.rend(); ++it)
      if ((*it)["type"] == type) return *it;
    return nullptr;
  }
  int count(std::string_view type) const {
    int n = 0;
    for (const auto& m : messages) n += m["type"] == type;
    return n;
  }
  // Every move-log line received, by its number.
  std::map<std::uint64_t, std::string> lines() const {
    std::map<std::uint64_t, std::string> out;
    for (const json& m : messages)
      if (m["type"] == "table" && m.contains("events"))
        for (json e : m["events"]) {
          const auto n = e["n"].get<std::uint64_t>();
          e.erase("n");
          out[n] = e.dump();  // the event's kind and arguments
        }
    return out;
  }
};

// Player `n` (its token 32 times the n-th letter, its id "p-n"), connected.
struct person {
  std::shared_ptr<recorder> link = std::make_shared<recorder>();
  std::shared_ptr<player> who;
  person(const std::string& name, int n)
      : who(std::make_shared<player>(std::string(32, static_cast<char>('a' + n)),
                                     "p-" + std::to_string(n), name)) {
    who->attach(link);
  }
  json table() const { return link->last("table"); }
};

// A moment `ms` milliseconds into a test, on both clocks.
// An action the table accepted, or refused with exactly `code`.
inline void ok(const outcome& o) {
  EXPECT_FALSE(o) << (o ? std::string(protocol::to_string(o->code)) + ": " + o->reason : "");
}
inline void refused(const outcome& o, protocol::error code) {
  ASSERT_TRUE(o) << "accepted, expected " << protocol::to_string(code);
  EXPECT_EQ(protocol::to_string(o->code), protocol::to_string(code)) << o->reason;
}

inline moment at(std::int64_t ms) { return {ms, 1763800000000 + ms}; }

// Every game, for a test run once per game: its ids, and a test name made of one.
inline auto every_game() {
  return ::testing::Values("crown-battles", "dwarf-king", "queens-court", "lunar");
}
inline std::string game_test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param;
  for (char& c : n)
    if (c == '-') c = '_';
  return n;
}

}  // namespace crownhall::server::testing
