// postgres_store's own checks, on fresh databases of the tests' private server: the schema
// and its version, databases it must refuse, an unreachable server, a failed batch, tokens
// kept only as hashes, servers starting together, and a connection that drops. What every
// store must do is in store_contract_test.cpp.
#include <gtest/gtest.h>

#include <thread>

#include "server/store/postgres_query.hpp"
#include "server/store/postgres_store.hpp"
#include "store_samples.hpp"
#include "tests/common/test_postgres.hpp"

namespace crownhall::store {
namespace {

using namespace testing;
using crownhall::testing::postgres_database;
using detail::pg_result;

// A connection of the test's own to the database, to look and to tamper behind the store.
class side_connection {
 public:
  explicit side_connection(const postgres_database& db) : c_(PQconnectdb(db.conninfo().c_str())) {
    EXPECT_EQ(PQstatus(c_), CONNECTION_OK) << PQerrorMessage(c_);
  }
  ~side_connection() { PQfinish(c_); }
  pg_result run(const std::string& sql) {
    pg_result r(PQexec(c_, sql.c_str()));
    EXPECT_TRUE(r.ok()) << sql << ": " << PQresultErrorMessage(r.get());
    return r;
  }

 private:
  PGconn* c_;
};

// As a network failure or a server restart would: every other session on the database ends.
void cut_every_connection(const postgres_database& db) {
  side_connection(db).run(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
      " WHERE datname = current_database() AND pid <> pg_backend_pid()");
}

std::unique_ptr<postgres_store> open_ok(const postgres_database& db) {
  auto s = postgres_store::open(db.conninfo());
  EXPECT_TRUE(s.ok()) << s.error();
  return s.ok() ? std::move(*s) : nullptr;
}

TEST(postgres_store, creates_its_schema_on_first_open_and_keeps_it) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  {
    auto s = open_ok(db);
    ASSERT_TRUE(s);
    fill_table(*s, "t", 3);
  }
  side_connection side(db);
  auto v = side.run("SELECT version FROM crownhall_schema");
  ASSERT_EQ(v.rows(), 1);
  EXPECT_EQ(v.int32(0, 0), postgres_store::schema_version);
  auto s = open_ok(db);  // a second start migrates nothing and finds the table
  ASSERT_TRUE(s);
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  ASSERT_EQ(loaded->size(), 1u);
  EXPECT_EQ((*loaded)[0].actions.size(), 3u);
}

TEST(postgres_store, power_loss_durability_works_too) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  {
    auto s = postgres_store::open(db.conninfo(), {.level = durability::power_loss});
    ASSERT_TRUE(s.ok()) << s.error();
    fill_table(**s, "t", 10);
  }
  auto s = open_ok(db);
  ASSERT_TRUE(s);
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_EQ((*loaded)[0].actions.size(), 10u);
}

TEST(postgres_store, is_address_names_only_postgres_urls) {
  EXPECT_TRUE(postgres_store::is_address("postgres://u@db:5432/crownhall"));
  EXPECT_TRUE(postgres_store::is_address("postgresql://db/crownhall"));
  EXPECT_FALSE(postgres_store::is_address("./crownhall-data"));
  EXPECT_FALSE(postgres_store::is_address("sqlite://x"));
}

TEST(postgres_store, a_database_with_other_tables_is_refused) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  side_connection(db).run("CREATE TABLE invoices (id INTEGER)");
  auto s = postgres_store::open(db.conninfo());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("not a crownhall database"), std::string::npos) << s.error();
}

TEST(postgres_store, a_schema_from_a_newer_build_is_refused) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  ASSERT_TRUE(open_ok(db));
  side_connection(db).run("UPDATE crownhall_schema SET version = 99");
  auto s = postgres_store::open(db.conninfo());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("newer than this build"), std::string::npos) << s.error();
}

TEST(postgres_store, an_unreachable_server_is_a_clear_error) {
  // Port 1 on loopback: nothing listens there.
  auto s = postgres_store::open("host=127.0.0.1 port=1 user=nobody dbname=none connect_timeout=2");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("cannot connect to PostgreSQL"), std::string::npos) << s.error();
}

TEST(postgres_store, a_batch_that_fails_in_the_database_leaves_nothing_behind) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  auto s = open_ok(db);
  ASSERT_TRUE(s);
  fill_table(*s, "t", 2);
  // Written behind the store's back, so the store's own check passes and PostgreSQL refuses.
  side_connection(db).run(
      "INSERT INTO actions SELECT id, 4, 0, '{}', '', 0 FROM tables WHERE table_id = 't'");
  std::vector<action_entry> batch = {sample_action(3), sample_action(4)};
  EXPECT_FALSE(s->append_actions("t", batch));
  // The failed batch left no transaction open and no row 3.
  EXPECT_TRUE(s->append_action("t", sample_action(3)));
}

// A commit whose answer never arrived (the link broke just after PostgreSQL committed):
// the same append again finds its rows and succeeds, rather than being refused for its
// number forever. Simulated by writing the very row behind the store's back.
TEST(postgres_store, an_append_already_committed_is_not_refused) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  auto s = open_ok(db);
  ASSERT_TRUE(s);
  fill_table(*s, "t", 2);
  const action_entry third = sample_action(3);
  side_connection(db).run("INSERT INTO actions SELECT id, 3, " + std::to_string(third.seat) +
                          ", '" + third.action_json + "', '', 0 FROM tables WHERE table_id = 't'");
  EXPECT_TRUE(s->append_action("t", third));
  EXPECT_TRUE(s->append_action("t", sample_action(4)));
  // A different action under a stored number is still refused.
  side_connection(db).run(
      "INSERT INTO actions SELECT id, 5, 0, '{\"other\":1}', '', 0 FROM tables WHERE table_id = "
      "'t'");
  EXPECT_FALSE(s->append_action("t", sample_action(5)));
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  ASSERT_EQ((*loaded)[0].actions.size(), 5u);
  EXPECT_EQ((*loaded)[0].actions[2].action_json, third.action_json);
}

TEST(postgres_store, stores_tokens_only_as_hashes) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  const std::string token = "tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
  auto s = open_ok(db);
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->save_table(sample_config("t")));
  ASSERT_TRUE(s->save_seat("t", {0, "p-1", "Ann", secret_hash::of(token), false}));
  ASSERT_TRUE(s->save_session({"p-1", "Ann", secret_hash::of(token), 1, 2}));
  side_connection side(db);
  // Every column of every row, as text: the token is nowhere; its hash is, as 32 bytes.
  auto rows = side.run(
      "SELECT s::text FROM seats s UNION ALL SELECT x::text FROM sessions x"
      " UNION ALL SELECT t::text FROM tables t");
  ASSERT_EQ(rows.rows(), 3);
  for (int i = 0; i < rows.rows(); ++i)
    EXPECT_EQ(rows.text(i, 0).find(token), std::string::npos) << rows.text(i, 0);
  auto hashes = side.run(
      "SELECT encode(token_hash, 'hex') FROM seats UNION ALL"
      " SELECT encode(token_hash, 'hex') FROM sessions");
  ASSERT_EQ(hashes.rows(), 2);
  for (int i = 0; i < 2; ++i) EXPECT_EQ(hashes.text(i, 0), secret_hash::of(token).hex());
}

TEST(postgres_store, of_servers_starting_together_one_migrates_and_owns_the_database) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  constexpr std::size_t servers = 4;
  std::vector<std::unique_ptr<postgres_store>> opened(servers);
  std::vector<std::string> errors(servers);
  std::vector<std::thread> starting;
  for (std::size_t i = 0; i < servers; ++i)
    starting.emplace_back([&, i] {
      auto s = postgres_store::open(db.conninfo(), {.ownership_wait_ms = 0});
      if (s.ok())
        opened[i] = std::move(*s);
      else
        errors[i] = s.error();
    });
  for (auto& t : starting) t.join();
  int owners = 0;
  for (std::size_t i = 0; i < servers; ++i) {
    if (opened[i]) {
      ++owners;
      continue;
    }
    EXPECT_NE(errors[i].find("in use by another crownhall server"), std::string::npos) << errors[i];
  }
  EXPECT_EQ(owners, 1);
  auto v = side_connection(db).run("SELECT count(*) FROM crownhall_schema");
  EXPECT_EQ(v.int64(0, 0), 1);
}

TEST(postgres_store, a_second_server_is_refused_until_the_first_stops) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  auto first = open_ok(db);
  ASSERT_TRUE(first);
  auto second = postgres_store::open(db.conninfo(), {.ownership_wait_ms = 300});
  ASSERT_FALSE(second.ok());
  EXPECT_NE(second.error().find("in use by another crownhall server"), std::string::npos)
      << second.error();
  first.reset();
  EXPECT_TRUE(open_ok(db));
}

// A server cut off from PostgreSQL (a partition, a long pause) while another took over
// the database must never append to the tables that are now the other's.
TEST(postgres_store, a_server_that_lost_the_database_never_writes_again) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  auto old_server = open_ok(db);
  ASSERT_TRUE(old_server);
  fill_table(*old_server, "t", 2);
  cut_every_connection(db);
  auto new_server = open_ok(db);
  ASSERT_TRUE(new_server);
  auto loaded = new_server->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  ASSERT_EQ((*loaded)[0].actions.size(), 2u);

  EXPECT_FALSE(old_server->append_action("t", sample_action(3)));  // finds its link broken
  auto refused = old_server->append_action("t", sample_action(3));
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error.find("took over"), std::string::npos) << refused.error;
  EXPECT_FALSE(old_server->save_session({"p-x", "X", secret_hash::of("t-x"), 1, 1}));
  EXPECT_FALSE(old_server->check_health());  // its /healthz says so: no players sent to it
  EXPECT_TRUE(new_server->check_health());

  EXPECT_TRUE(new_server->append_action("t", sample_action(3)));
  loaded = new_server->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_EQ((*loaded)[0].actions.size(), 3u);
}

TEST(postgres_store, a_dropped_connection_fails_one_write_then_reconnects) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  auto s = open_ok(db);
  ASSERT_TRUE(s);
  fill_table(*s, "t", 2);
  EXPECT_TRUE(s->check_health());
  cut_every_connection(db);
  EXPECT_TRUE(s->check_health());  // reconnects: the next write would succeed
  cut_every_connection(db);
  // The write that finds the connection gone fails (the table forgets that action); the
  // store opens a new connection for the next one, and nothing written before is lost.
  int seq = 3;
  if (s->append_action("t", sample_action(seq))) ++seq;
  ASSERT_TRUE(s->append_action("t", sample_action(seq)));
  auto loaded = s->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  ASSERT_EQ((*loaded)[0].actions.size(), static_cast<std::size_t>(seq));
}

}  // namespace
}  // namespace crownhall::store
