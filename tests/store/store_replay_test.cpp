// The store with the engine: a table restored from the store replays to the same state as
// the game that was played, a finished record read back verifies with crownhall::replay, and
// so does one a deleted player's name was taken out of.
#include <gtest/gtest.h>

#include "engine/core/record.hpp"
#include "engine/core/registry.hpp"
#include "server/store/moderation_store.hpp"
#include "server/store/sqlite_store.hpp"
#include "temp_dir.hpp"

namespace crownhall::store {
namespace {

game_record simulated(std::uint64_t seed, int seats = 4) {
  const game_module* m = find_game("crown-battles");
  EXPECT_NE(m, nullptr);
  auto r = simulate(*m, json::object(), seats, seed, bot_kind::heuristic);
  EXPECT_TRUE(r) << r.error().reason;
  r->game_id = "game-" + std::to_string(seed);
  return *r;
}

// What the server does on start: a stored table back into a record to replay.
game_record record_of(const stored_table& t) {
  game_record r;
  r.game = t.config.game;
  r.game_id = t.game->game_id;
  r.options = json::parse(t.config.options_json);
  for (const auto& s : t.seats) r.seats.push_back(s.display_name);
  r.seed = t.game->seed;
  for (const auto& a : t.actions) r.actions.push_back({a.seat, json::parse(a.action_json)});
  return r;
}

std::uint64_t final_hash(const game_record& r) {
  auto out = replay(r);
  EXPECT_TRUE(out) << out.error().reason;
  EXPECT_FALSE(out->error) << out->error->reason;
  return out->state->state_hash();
}

void create_table(table_store& s, const std::string& id, const game_record& r) {
  table_config c;
  c.table_id = id;
  c.game = r.game;
  c.options_json = r.options.dump();
  c.seat_count = static_cast<int>(r.seats.size());
  ASSERT_TRUE(s.save_table(c));
  for (int i = 0; i < c.seat_count; ++i)
    ASSERT_TRUE(s.save_seat(id, {i, "p" + std::to_string(i), r.seats[i],
                                 secret_hash::of("tok" + std::to_string(i)), false}));
  ASSERT_TRUE(s.start_game(id, {r.game_id, r.seed, "salt", "commitment", 0, {}}));
}

TEST(store_replay, restored_tables_replay_to_the_state_they_were_in) {
  testing::temp_dir dir;
  std::vector<game_record> games;
  std::vector<std::size_t> played;
  {
    auto s = sqlite_store::open(dir.path());
    ASSERT_TRUE(s.ok()) << s.error();
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      games.push_back(simulated(seed * 7919, 2 + static_cast<int>(seed % 5)));
      const auto& r = games.back();
      // Stop somewhere in the game, as a crash would.
      played.push_back(r.actions.size() * seed / 13);
      const std::string id = "t" + std::to_string(seed);
      create_table(**s, id, r);
      for (std::size_t i = 0; i < played.back(); ++i)
        ASSERT_TRUE((*s)->append_action(id, {static_cast<std::int64_t>(i) + 1,
                                             r.actions[i].seat,
                                             r.actions[i].action.dump(),
                                             {},
                                             1000 + static_cast<millis>(i)}));
    }
  }
  auto s = sqlite_store::open(dir.path());
  ASSERT_TRUE(s.ok()) << s.error();
  auto loaded = (*s)->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  ASSERT_EQ(loaded->size(), games.size());
  for (std::size_t g = 0; g < games.size(); ++g) {
    game_record prefix = games[g];
    prefix.actions.resize(played[g]);
    const game_record restored = record_of((*loaded)[g]);
    ASSERT_EQ(restored.actions.size(), played[g]);
    EXPECT_EQ(final_hash(restored), final_hash(prefix)) << "game " << g;
  }
}

TEST(store_replay, finished_records_round_trip_and_verify) {
  testing::temp_dir dir;
  auto s = sqlite_store::open(dir.path());
  ASSERT_TRUE(s.ok()) << s.error();
  for (std::uint64_t seed = 100; seed < 106; ++seed) {
    game_record r = simulated(seed);
    r.extra["commitment"] = sha256_hex("seed and salt");
    r.extra["salt"] = "salt";
    const std::string id = "t" + std::to_string(seed);
    create_table(**s, id, r);
    std::vector<action_entry> log;
    for (std::size_t i = 0; i < r.actions.size(); ++i)
      log.push_back(
          {static_cast<std::int64_t>(i) + 1, r.actions[i].seat, r.actions[i].action.dump(), {}, 0});
    ASSERT_TRUE((*s)->append_actions(id, log));
    ASSERT_TRUE((*s)->finish_table(id, {to_json(r).dump(), "{}", static_cast<millis>(seed)}));

    auto text = (*s)->get_record(r.game_id);
    ASSERT_TRUE(text.ok() && text->has_value()) << text.error();
    auto back = record_from_json(json::parse(**text));
    ASSERT_TRUE(back) << back.error().reason;
    EXPECT_EQ(to_json(*back), to_json(r));
    auto out = replay(*back);
    ASSERT_TRUE(out) << out.error().reason;
    EXPECT_FALSE(out->error);
    EXPECT_EQ(out->applied, static_cast<int>(r.actions.size()));
    EXPECT_TRUE(out->state->is_over());
    EXPECT_EQ(out->state->state_hash(), final_hash(r));
    EXPECT_EQ((*s)->list_finished_for_player("p0")->front().game_id, r.game_id);
  }
  EXPECT_EQ((*s)->list_finished_for_player("p1")->size(), 6u);
}

// rename_in_records rewrites the seat's name in the record's text and nothing that the rules
// read: the record replays, action for action, to the same end and the same outcome.
TEST(store_replay, a_record_with_a_deleted_players_name_replaced_replays_the_same) {
  testing::temp_dir dir;
  auto s = sqlite_store::open(dir.path());
  ASSERT_TRUE(s.ok()) << s.error();
  std::vector<game_record> games;
  std::vector<json> outcomes;
  for (std::uint64_t seed = 200; seed < 204; ++seed) {
    games.push_back(simulated(seed, 3 + static_cast<int>(seed % 2)));
    const game_record& r = games.back();
    auto played = replay(r);
    ASSERT_TRUE(played) << played.error().reason;
    outcomes.push_back(played->state->outcome());
    const std::string id = "t" + std::to_string(seed);
    create_table(**s, id, r);
    const json summary = {{"seats", r.seats}, {"outcome", outcomes.back()}};
    ASSERT_TRUE((*s)->finish_table(id, {to_json(r).dump(), summary.dump(), 1000}));
  }
  auto renamed = (*s)->moderation().rename_in_records("p1", "Former player");
  ASSERT_TRUE(renamed.ok()) << renamed.error();
  EXPECT_EQ(*renamed, games.size());

  for (std::size_t g = 0; g < games.size(); ++g) {
    const game_record& r = games[g];
    auto text = (*s)->get_record(r.game_id);
    ASSERT_TRUE(text.ok() && text->has_value()) << text.error();
    auto back = record_from_json(json::parse(**text));
    ASSERT_TRUE(back) << back.error().reason;
    game_record expected = r;
    expected.seats[1] = "Former player";
    EXPECT_EQ(to_json(*back), to_json(expected)) << "game " << g;
    auto out = replay(*back);
    ASSERT_TRUE(out) << out.error().reason;
    EXPECT_FALSE(out->error);
    EXPECT_EQ(out->applied, static_cast<int>(r.actions.size()));
    EXPECT_TRUE(out->state->is_over());
    EXPECT_EQ(out->state->state_hash(), final_hash(r)) << "game " << g;
    EXPECT_EQ(out->state->outcome(), outcomes[g]) << "game " << g;
  }
  // The history's summaries: the name at that seat, and the rest as it was.
  const auto history = (*s)->list_finished_for_player("p1");
  ASSERT_TRUE(history.ok()) << history.error();
  ASSERT_EQ(history->size(), games.size());
  for (const auto& f : *history) {
    std::size_t g = 0;
    while (g < games.size() && games[g].game_id != f.game_id) ++g;
    ASSERT_LT(g, games.size()) << f.game_id;
    std::vector<std::string> seats = games[g].seats;
    seats[1] = "Former player";
    const json expected = {{"seats", seats}, {"outcome", outcomes[g]}};
    EXPECT_EQ(json::parse(f.summary_json), expected) << f.game_id;
  }
}

}  // namespace
}  // namespace crownhall::store
