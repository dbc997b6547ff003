// The table_store contract, run against every store: SQLite in a temporary directory and
// PostgreSQL in a fresh database on the tests' private server, as a server alone on it and
// as one node of several. Exact round trips, the action log's ordering rule, finished
// records and history, sessions, concurrent writers.
#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <thread>

#include "any_store.hpp"
#include "store_samples.hpp"

namespace crownhall::store {
namespace {

using namespace testing;

TEST_P(any_store, round_trips_a_table_exactly_across_reopen) {
  {
    auto s = open();
    ASSERT_TRUE(s);
    fill_table(*s, "t-1", 37);
    ASSERT_TRUE(s->save_table(sample_config("t-waiting")));
    ASSERT_TRUE(s->save_seat("t-waiting", sample_seats()[0]));
  }
  auto s = open();
  ASSERT_TRUE(s);
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  ASSERT_EQ(loaded->size(), 2u);

  const stored_table& t = (*loaded)[0];
  EXPECT_EQ(t.config, sample_config("t-1"));
  EXPECT_EQ(t.state, table_state::playing);
  EXPECT_EQ(t.seats, sample_seats());
  ASSERT_TRUE(t.game);
  auto g = sample_start();
  g.game_id = "game-of-t-1";
  EXPECT_EQ(*t.game, g);
  ASSERT_EQ(t.actions.size(), 37u);
  for (int i = 0; i < 37; ++i) EXPECT_EQ(t.actions[i], sample_action(i + 1));

  const stored_table& w = (*loaded)[1];
  EXPECT_EQ(w.config, sample_config("t-waiting"));
  EXPECT_EQ(w.state, table_state::waiting);
  EXPECT_FALSE(w.game);
  EXPECT_TRUE(w.actions.empty());
  ASSERT_EQ(w.seats.size(), 1u);

  // The log goes on where it stopped.
  EXPECT_TRUE(s->append_action("t-1", sample_action(38)));
  EXPECT_FALSE(s->append_action("t-1", sample_action(38)));
}

TEST_P(any_store, tables_without_clock_or_invite_round_trip) {
  auto s = open();
  ASSERT_TRUE(s);
  table_config c = sample_config("open");
  c.visibility = table_visibility::public_table;
  c.invite_code.clear();
  c.clock = {};
  c.extra_json = "{}";
  ASSERT_TRUE(s->save_table(c));
  game_start g = sample_start();
  g.clock_ms.clear();
  g.seed = 0;
  ASSERT_TRUE(s->start_game("open", g));
  action_entry a = sample_action(1);
  a.clock_ms.clear();
  ASSERT_TRUE(s->append_action("open", a));
  s.reset();
  s = open();
  ASSERT_TRUE(s);
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  ASSERT_EQ(loaded->size(), 1u);
  EXPECT_EQ((*loaded)[0].config, c);
  EXPECT_EQ(*(*loaded)[0].game, g);
  EXPECT_EQ((*loaded)[0].actions, std::vector<action_entry>{a});
}

TEST_P(any_store, config_and_seats_change_before_the_start) {
  auto s = open();
  ASSERT_TRUE(s);
  table_config c = sample_config("t");
  ASSERT_TRUE(s->save_table(c));
  for (const auto& seat : sample_seats()) ASSERT_TRUE(s->save_seat("t", seat));
  c.options_json = R"({"rounds":3})";
  c.host_player_id = "p-bob";
  ASSERT_TRUE(s->save_table(c));
  ASSERT_TRUE(s->clear_seat("t", 0));
  seat_entry bot{1, "", "Bot 2", std::nullopt, true};
  ASSERT_TRUE(s->save_seat("t", bot));
  s.reset();
  s = open();
  ASSERT_TRUE(s);
  // A node writes only the tables it holds: it first claims the one the last node let go.
  if (GetParam() == "postgres_node") {
    ASSERT_TRUE(s->take_over_tables(10).ok());
  }
  // Saving a table known only from disk updates it rather than creating a second one.
  c.extra_json = R"({"name":"renamed"})";
  ASSERT_TRUE(s->save_table(c));
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  ASSERT_EQ(loaded->size(), 1u);
  EXPECT_EQ((*loaded)[0].config, c);
  auto seats = sample_seats();
  std::vector<seat_entry> expected = {bot, seats[2], seats[3]};
  EXPECT_EQ((*loaded)[0].seats, expected);
}

TEST_P(any_store, refuses_actions_out_of_order_or_without_a_game) {
  auto s = open();
  ASSERT_TRUE(s);
  EXPECT_FALSE(s->append_action("nope", sample_action(1)));
  ASSERT_TRUE(s->save_table(sample_config("t")));
  EXPECT_FALSE(s->append_action("t", sample_action(1)));  // not started
  ASSERT_TRUE(s->start_game("t", sample_start()));
  EXPECT_FALSE(s->start_game("t", sample_start()));  // already playing
  EXPECT_FALSE(s->append_action("t", sample_action(2)));
  EXPECT_TRUE(s->append_action("t", sample_action(1)));
  EXPECT_FALSE(s->append_action("t", sample_action(1)));
  EXPECT_FALSE(s->append_action("t", sample_action(3)));
  std::vector<action_entry> batch = {sample_action(2), sample_action(3), sample_action(4)};
  EXPECT_TRUE(s->append_actions("t", batch));
  std::vector<action_entry> gap = {sample_action(5), sample_action(7)};
  EXPECT_FALSE(s->append_actions("t", gap));
  EXPECT_TRUE(s->append_action("t", sample_action(5)));
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok());
  ASSERT_EQ((*loaded)[0].actions.size(), 5u);
  for (int i = 0; i < 5; ++i) EXPECT_EQ((*loaded)[0].actions[i].seq, i + 1);
}

TEST_P(any_store, sessions_are_found_by_token_hash_after_restart) {
  session_entry ann{"p-ann", "Ann", secret_hash::of("t-ann"), 100, 100};
  session_entry bob{"p-bob", "Bob", secret_hash::of("t-bob"), 200, 250};
  {
    auto s = open();
    ASSERT_TRUE(s);
    ASSERT_TRUE(s->save_session(ann));
    ASSERT_TRUE(s->save_session(bob));
    ASSERT_TRUE(s->touch_session("p-ann", 999));
    ann.last_seen_ms = 999;
    ann.display_name = "Annie";
    ASSERT_TRUE(s->save_session(ann));  // renamed
  }
  auto s = open();
  ASSERT_TRUE(s);
  auto a = s->find_session(secret_hash::of("t-ann"));
  ASSERT_TRUE(a.ok()) << a.error();
  ASSERT_TRUE(a->has_value());
  EXPECT_EQ(**a, ann);
  auto b = s->find_session(secret_hash::of("t-bob"));
  ASSERT_TRUE(b.ok() && b->has_value());
  EXPECT_EQ(**b, bob);
  auto none = s->find_session(secret_hash::of("t-forged"));
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(none->has_value());
}

TEST_P(any_store, a_forgotten_session_is_gone_after_a_reopen_and_others_stay) {
  {
    auto s = open();
    ASSERT_TRUE(s);
    ASSERT_TRUE(s->save_session({"p-ann", "Ann", secret_hash::of("t-ann"), 1, 1000}));
    ASSERT_TRUE(s->save_session({"p-bob", "Bob", secret_hash::of("t-bob"), 1, 1000}));
    auto forgot = s->forget_session("p-ann");
    ASSERT_TRUE(forgot.ok()) << forgot.error();
    EXPECT_TRUE(*forgot);
    EXPECT_FALSE(*s->forget_session("p-ann"));  // none left to forget
  }
  auto s = open();
  ASSERT_TRUE(s);
  EXPECT_FALSE(s->find_session(secret_hash::of("t-ann"))->has_value());
  EXPECT_TRUE(s->find_session(secret_hash::of("t-bob"))->has_value());
}

TEST_P(any_store, a_renamed_player_has_the_new_name_in_their_session_and_seats_after_a_reopen) {
  {
    auto s = open();
    ASSERT_TRUE(s);
    ASSERT_TRUE(s->save_table(sample_config("t")));
    for (const auto& seat : sample_seats()) ASSERT_TRUE(s->save_seat("t", seat));
    ASSERT_TRUE(s->save_session({"p-ann", "Ann", secret_hash::of("t-ann"), 1, 1000}));
    ASSERT_TRUE(s->save_session({"p-bob", "Bob", secret_hash::of("t-bob"), 1, 1000}));
    ASSERT_TRUE(s->rename_player("p-ann", "former player"));
    auto let_go = s->let_go_of_deleted();
    ASSERT_TRUE(let_go) << let_go.error;
  }
  auto s = open();
  ASSERT_TRUE(s);
  if (GetParam() == "postgres_node") {
    ASSERT_TRUE(s->take_over_tables(10).ok());
  }
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  ASSERT_EQ(loaded->size(), 1u);
  auto expected = sample_seats();
  expected[0].display_name = "former player";
  EXPECT_EQ((*loaded)[0].seats, expected);
  EXPECT_EQ((*s->find_session(secret_hash::of("t-ann")))->display_name, "former player");
  EXPECT_EQ((*s->find_session(secret_hash::of("t-bob")))->display_name, "Bob");
}

TEST_P(any_store, expired_sessions_are_deleted_and_touched_ones_kept) {
  auto s = open();
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->save_session({"p-old", "Old", secret_hash::of("t-old"), 1, 1000}));
  ASSERT_TRUE(s->save_session({"p-new", "New", secret_hash::of("t-new"), 1, 1000}));
  const std::vector<std::string> seen = {"p-new"};
  ASSERT_TRUE(s->touch_sessions(seen, 5000));
  auto gone = s->expire_sessions(2000);
  ASSERT_TRUE(gone.ok()) << gone.error();
  EXPECT_EQ(*gone, 1u);
  EXPECT_FALSE(s->find_session(secret_hash::of("t-old"))->has_value());
  auto kept = s->find_session(secret_hash::of("t-new"));
  ASSERT_TRUE(kept.ok() && kept->has_value());
  EXPECT_EQ((*kept)->last_seen_ms, 5000);
  EXPECT_EQ(*s->expire_sessions(2000), 0u);
}

TEST_P(any_store, finished_tables_leave_a_record_and_history) {
  auto s = open();
  ASSERT_TRUE(s);
  fill_table(*s, "t-1", 5);
  fill_table(*s, "t-2", 3);
  const std::string record = R"({"format":"crownhall-game-record","version":1,"game_id":"x"})";
  ASSERT_TRUE(s->finish_table("t-1", {record, R"({"winner":"Ann"})", 5000}));
  ASSERT_TRUE(s->finish_table("t-2", {record + " ", "{}", 6000}));
  EXPECT_FALSE(s->finish_table("t-2", {record, "{}", 7000}));  // already finished
  EXPECT_FALSE(s->append_action("t-1", sample_action(6)));

  // A finished table still has its players (for the next game): it is loaded, with its
  // last game's deal and no log — the record has the actions.
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok());
  ASSERT_EQ(loaded->size(), 2u);
  for (const auto& t : *loaded) {
    EXPECT_EQ(t.state, table_state::finished);
    ASSERT_TRUE(t.game.has_value());
    EXPECT_EQ(t.game->game_id, "game-of-" + t.config.table_id);
    EXPECT_TRUE(t.actions.empty());
    EXPECT_FALSE(t.seats.empty());
  }

  auto r = s->get_record("game-of-t-1");
  ASSERT_TRUE(r.ok() && r->has_value());
  EXPECT_EQ(**r, record);
  auto missing = s->get_record("game-of-nothing");
  ASSERT_TRUE(missing.ok());
  EXPECT_FALSE(missing->has_value());

  auto history = s->list_finished_for_player("p-dee");
  ASSERT_TRUE(history.ok()) << history.error();
  ASSERT_EQ(history->size(), 2u);
  EXPECT_EQ((*history)[0].game_id, "game-of-t-2");  // newest first
  EXPECT_EQ((*history)[0].finished_at_ms, 6000);
  EXPECT_EQ((*history)[1].game_id, "game-of-t-1");
  EXPECT_EQ((*history)[1].table_id, "t-1");
  EXPECT_EQ((*history)[1].game, "crown-battles");
  EXPECT_EQ((*history)[1].seat, 3);
  EXPECT_EQ((*history)[1].summary_json, R"({"winner":"Ann"})");
  EXPECT_EQ(s->list_finished_for_player("p-dee", 1)->size(), 1u);
  EXPECT_TRUE(s->list_finished_for_player("")->empty());  // bots have no history
  EXPECT_TRUE(s->list_finished_for_player("p-nobody")->empty());

  // The same table plays again: a new game with its own log.
  auto g = sample_start();
  g.game_id = "rematch";
  ASSERT_TRUE(s->start_game("t-1", g));
  ASSERT_TRUE(s->append_action("t-1", sample_action(1)));
  ASSERT_TRUE(s->close_table("t-2"));  // everyone left t-2: it is not loaded any more
  loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok());
  ASSERT_EQ(loaded->size(), 1u);
  EXPECT_EQ((*loaded)[0].state, table_state::playing);
  EXPECT_EQ((*loaded)[0].game->game_id, "rematch");
  EXPECT_EQ((*loaded)[0].actions.size(), 1u);
}

TEST_P(any_store, closed_tables_are_not_loaded) {
  auto s = open();
  ASSERT_TRUE(s);
  fill_table(*s, "t", 4);
  ASSERT_TRUE(s->close_table("t"));
  EXPECT_FALSE(s->start_game("t", sample_start()));
  s.reset();
  s = open();
  ASSERT_TRUE(s);
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok());
  EXPECT_TRUE(loaded->empty());
}

TEST_P(any_store, concurrent_writers_keep_every_log_in_order) {
  auto s = open();
  ASSERT_TRUE(s);
  constexpr int threads = 4, tables_per_thread = 5, actions = 60;
  std::vector<std::string> ids;
  for (int i = 0; i < threads * tables_per_thread; ++i) {
    ids.push_back("t" + std::to_string(i));
    ASSERT_TRUE(s->save_table(sample_config(ids.back())));
    ASSERT_TRUE(s->start_game(ids.back(), sample_start()));
  }
  std::vector<std::thread> writers;
  std::atomic<int> failures{0};
  for (int w = 0; w < threads; ++w)
    writers.emplace_back([&, w] {
      for (int seq = 1; seq <= actions; ++seq)
        for (int k = 0; k < tables_per_thread; ++k)
          if (!s->append_action(ids[static_cast<std::size_t>(w * tables_per_thread + k)],
                                sample_action(seq)))
            ++failures;
    });
  for (auto& t : writers) t.join();
  EXPECT_EQ(failures, 0);
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok());
  ASSERT_EQ(loaded->size(), static_cast<std::size_t>(threads * tables_per_thread));
  for (const auto& t : *loaded) {
    ASSERT_EQ(t.actions.size(), static_cast<std::size_t>(actions));
    for (int i = 0; i < actions; ++i) EXPECT_EQ(t.actions[i], sample_action(i + 1));
  }
}

INSTANTIATE_TEST_SUITE_P(stores, any_store,
                         ::testing::Values("sqlite", "postgres", "postgres_node"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace crownhall::store
