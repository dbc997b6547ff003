// The sample table, seats, deal and actions every store test writes and reads back.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server/store/table_store.hpp"

namespace crownhall::store::testing {

inline table_config sample_config(const std::string& id) {
  table_config c;
  c.table_id = id;
  c.game = "crown-battles";
  c.options_json = R"({"rounds":7,"variant":"classic"})";
  c.seat_count = 4;
  c.visibility = table_visibility::private_table;
  c.allow_spectators = false;
  c.clock = {300000, 5000};
  c.invite_code = "invite-" + id;
  c.host_player_id = "p-ann";
  c.created_at_ms = 1700000000123;
  c.extra_json = R"({"name":"Friday night"})";
  return c;
}

inline std::vector<seat_entry> sample_seats() {
  return {
      {0, "p-ann", "Ann", secret_hash::of("token-ann"), false},
      {1, "p-bob", "Bob", secret_hash::of("token-bob"), false},
      {2, "", "Bot 3", std::nullopt, true},
      {3, "p-dee", "Dée ♛", secret_hash::of("token-dee"), false},
  };
}

inline game_start sample_start() {
  game_start g;
  g.game_id = "g-1";
  g.seed = 0xfedcba9876543210ull;  // above 2^63: must survive SQLite's signed integers
  g.salt = "5a1t";
  g.commitment = sha256_hex("seed+salt");
  g.started_at_ms = 1700000001000;
  g.clock_ms = {300000, 300000, 300000, 300000};
  return g;
}

inline action_entry sample_action(std::int64_t seq) {
  action_entry a;
  a.seq = seq;
  a.seat = static_cast<int>(seq % 4);
  a.action_json = R"({"type":"play","card":")" + std::to_string(seq) + R"(","note":"é\"x"})";
  a.clock_ms = {300000 - seq, 299000, 0, -1};
  a.at_ms = 1700000001000 + seq * 1000;
  return a;
}

// Creates table `id` with seats and a started game with `actions` actions.
inline void fill_table(table_store& s, const std::string& id, int actions) {
  ASSERT_TRUE(s.save_table(sample_config(id)));
  for (const auto& seat : sample_seats()) ASSERT_TRUE(s.save_seat(id, seat));
  auto g = sample_start();
  g.game_id = "game-of-" + id;
  ASSERT_TRUE(s.start_game(id, g));
  for (int i = 1; i <= actions; ++i) ASSERT_TRUE(s.append_action(id, sample_action(i)));
}

}  // namespace crownhall::store::testing
