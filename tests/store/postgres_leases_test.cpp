// Several nodes on one PostgreSQL database (docs/storage.md, "Several nodes"): each table
// has one owner at a time, through a lease with a fencing number. A node that lost a table
// (paused past its lease, cut off) never writes to it again; a dead node's tables are taken
// over once its leases run out, a stopping node's at once; and however the nodes race, a
// table's log never has a gap or a number written twice.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <set>
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

std::unique_ptr<postgres_store> open_node(const postgres_database& db, const std::string& name,
                                          int lease_ms = 60000) {
  auto s = postgres_store::open(db.conninfo(), {.node = name, .lease_ms = lease_ms});
  EXPECT_TRUE(s.ok()) << s.error();
  return s.ok() ? std::move(*s) : nullptr;
}

// What the database holds, read behind the nodes' backs.
struct table_row {
  std::string owner;
  std::int64_t fence = 0;
  std::int64_t actions = 0;
};
table_row read_row(const postgres_database& db, const std::string& table_id) {
  PGconn* c = PQconnectdb(db.conninfo().c_str());
  pg_result r(PQexec(c, ("SELECT coalesce(owner_node, ''), fence, (SELECT count(*) FROM actions"
                         " WHERE table_ref = tables.id) FROM tables WHERE table_id = '" +
                         table_id + "'")
                            .c_str()));
  table_row row;
  EXPECT_TRUE(r.ok() && r.rows() == 1) << PQerrorMessage(c);
  if (r.ok() && r.rows() == 1) row = {std::string(r.text(0, 0)), r.int64(0, 1), r.int64(0, 2)};
  PQfinish(c);
  return row;
}

void expect_lost(const status& st) {
  EXPECT_FALSE(st);
  EXPECT_NE(st.error.find("belongs to another node"), std::string::npos) << st.error;
}

TEST(postgres_leases, a_node_owns_what_it_creates_and_another_node_cannot_write_it) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  auto a = open_node(db, "a");
  auto b = open_node(db, "b");
  ASSERT_TRUE(a && b);
  fill_table(*a, "t", 3);
  EXPECT_EQ(read_row(db, "t").owner, a->node_id());
  EXPECT_EQ(read_row(db, "t").fence, 1);
  EXPECT_NE(a->node_id(), b->node_id());
  EXPECT_EQ(a->node_id().rfind("a/", 0), 0u) << a->node_id();

  // b sees a live lease: it takes nothing, and every write it tries is refused.
  auto taken = b->take_over_tables(100);
  ASSERT_TRUE(taken.ok()) << taken.error();
  EXPECT_TRUE(taken->empty());
  auto loaded = b->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  EXPECT_TRUE(loaded->empty());
  expect_lost(b->append_action("t", sample_action(4)));
  expect_lost(b->append_actions("t", std::vector{sample_action(4), sample_action(5)}));
  expect_lost(b->save_seat("t", sample_seats()[0]));
  expect_lost(b->clear_seat("t", 0));
  expect_lost(b->save_table(sample_config("t")));
  expect_lost(b->finish_table("t", {"{}", "{}", 5}));
  expect_lost(b->close_table("t"));
  EXPECT_EQ(read_row(db, "t").actions, 3);

  EXPECT_TRUE(a->append_action("t", sample_action(4)));
  auto renewed = a->renew_leases();
  ASSERT_TRUE(renewed.ok()) << renewed.error();
  EXPECT_TRUE(renewed->empty());
}

TEST(postgres_leases, a_dead_nodes_tables_are_taken_over_when_its_lease_runs_out) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  auto a = open_node(db, "a", 300);
  auto b = open_node(db, "b", 300);
  ASSERT_TRUE(a && b);
  fill_table(*a, "t1", 5);
  fill_table(*a, "t2", 2);

  // a stops renewing (paused, its machine gone). Until its lease runs out nobody takes over;
  // b, asking as a node does (every 50 ms here), takes them once it has.
  const auto since = std::chrono::steady_clock::now();
  auto early = b->take_over_tables(100);
  ASSERT_TRUE(early.ok()) << early.error();
  EXPECT_TRUE(early->empty());
  std::vector<stored_table> taken;
  while (taken.empty() && std::chrono::steady_clock::now() - since < std::chrono::seconds(5)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    auto t = b->take_over_tables(100);
    ASSERT_TRUE(t.ok()) << t.error();
    taken = std::move(*t);
  }
  EXPECT_GE(std::chrono::steady_clock::now() - since, std::chrono::milliseconds(300));
  ASSERT_EQ(taken.size(), 2u);
  EXPECT_EQ(taken[0].config.table_id, "t1");
  EXPECT_EQ(taken[0].actions.size(), 5u);
  EXPECT_EQ(taken[1].actions.size(), 2u);
  EXPECT_EQ(read_row(db, "t1").owner, b->node_id());
  EXPECT_EQ(read_row(db, "t1").fence, 2);

  // a wakes up: its late writes are refused, and its next renewal tells it what it lost.
  expect_lost(a->append_action("t1", sample_action(6)));
  auto lost = a->renew_leases();
  ASSERT_TRUE(lost.ok()) << lost.error();
  EXPECT_EQ(std::set<std::string>(lost->begin(), lost->end()), (std::set<std::string>{"t1", "t2"}));
  // b goes on where the log ends.
  EXPECT_TRUE(b->append_action("t1", sample_action(6)));
  EXPECT_TRUE(b->append_actions("t2", std::vector{sample_action(3), sample_action(4)}));
  EXPECT_EQ(read_row(db, "t1").actions, 6);
  EXPECT_EQ(read_row(db, "t2").actions, 4);
}

// The database is away for longer than a lease (stopped, frozen, cut off from every node):
// every lease has run out by its clock when it is back, but no owner died. A node that could
// not reach it for that long takes nothing over until the owners have had a lease's time to
// renew, and they do: every table stays with its node.
TEST(postgres_leases, a_database_away_for_longer_than_a_lease_leaves_every_table_with_its_node) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  auto a = open_node(db, "a", 300);
  auto b = open_node(db, "b", 300);
  ASSERT_TRUE(a && b);
  fill_table(*a, "t1", 3);
  fill_table(*a, "t2", 1);
  for (int round = 0; round < 8; ++round) {  // both nodes at work: a renews, b finds nothing
    ASSERT_TRUE(a->renew_leases().ok());
    auto t = b->take_over_tables(100);
    ASSERT_TRUE(t.ok()) << t.error();
    EXPECT_TRUE(t->empty());
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  // Neither reaches the database for 450 ms: a's leases run out meanwhile.
  std::this_thread::sleep_for(std::chrono::milliseconds(450));
  // Back: b happens to ask first. It takes nothing, and a renews both leases.
  auto first = b->take_over_tables(100);
  ASSERT_TRUE(first.ok()) << first.error();
  EXPECT_TRUE(first->empty());
  auto lost = a->renew_leases();
  ASSERT_TRUE(lost.ok()) << lost.error();
  EXPECT_TRUE(lost->empty());
  for (int round = 0; round < 12; ++round) {  // a lease and more: still a's
    auto t = b->take_over_tables(100);
    ASSERT_TRUE(t.ok()) << t.error();
    EXPECT_TRUE(t->empty()) << "round " << round;
    ASSERT_TRUE(a->renew_leases().ok());
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_EQ(read_row(db, "t1").owner, a->node_id());
  EXPECT_EQ(read_row(db, "t1").fence, 1);
  EXPECT_TRUE(a->append_action("t1", sample_action(4)));
  // a really dies now: b takes its tables once their leases have run out.
  std::vector<stored_table> taken;
  for (int round = 0; round < 40 && taken.empty(); ++round) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    auto t = b->take_over_tables(100);
    ASSERT_TRUE(t.ok()) << t.error();
    taken = std::move(*t);
  }
  EXPECT_EQ(taken.size(), 2u);
}

// A person opens a link to another node's table: any node finds where it is, by its id or
// its invite code (docs/cluster.md).
TEST(postgres_leases, any_node_finds_a_tables_node_by_its_id_or_invite_code) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  auto a = open_node(db, "a", 300);
  auto b = open_node(db, "b", 300);
  ASSERT_TRUE(a && b);
  fill_table(*a, "t1", 2);
  for (const std::string key : {"t1", "invite-t1"}) {
    auto home = b->find_table_home(key);
    ASSERT_TRUE(home.ok()) << home.error();
    ASSERT_TRUE(home->has_value()) << key;
    EXPECT_EQ((*home)->table_id, "t1");
    EXPECT_EQ((*home)->owner_node, a->node_id());
  }
  auto none = b->find_table_home("t-nowhere");
  ASSERT_TRUE(none.ok()) << none.error();
  EXPECT_FALSE(none->has_value());

  // a's lease runs out (it died): nobody holds the table until b claims it.
  std::this_thread::sleep_for(std::chrono::milliseconds(450));
  auto between = b->find_table_home("t1");
  ASSERT_TRUE(between.ok() && between->has_value());
  EXPECT_EQ((*between)->owner_node, "");
  // b claims it, asking as a node does (here every 50 ms), once it has reached the database
  // for a lease.
  for (int round = 0; round < 40; ++round) {
    auto t = b->take_over_tables(10);
    ASSERT_TRUE(t.ok()) << t.error();
    if (!t->empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  auto moved = a->find_table_home("invite-t1");
  ASSERT_TRUE(moved.ok() && moved->has_value());
  EXPECT_EQ((*moved)->owner_node, b->node_id());

  // A closed table is nowhere.
  ASSERT_TRUE(b->close_table("t1"));
  auto closed = a->find_table_home("t1");
  ASSERT_TRUE(closed.ok());
  EXPECT_FALSE(closed->has_value());
}

TEST(postgres_leases, a_stopping_node_lets_go_at_once) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  auto b = open_node(db, "b");
  ASSERT_TRUE(b);
  {
    auto a = open_node(db, "a");  // a lease of a minute: only letting go frees it early
    ASSERT_TRUE(a);
    fill_table(*a, "t1", 1);
    fill_table(*a, "t2", 1);
    ASSERT_TRUE(a->release_table("t1"));
    EXPECT_EQ(read_row(db, "t1").owner, "");
    expect_lost(a->append_action("t1", sample_action(2)));
  }  // closing the store lets go of t2
  EXPECT_EQ(read_row(db, "t2").owner, "");
  auto taken = b->take_over_tables(1);  // at most one at a time
  ASSERT_TRUE(taken.ok()) << taken.error();
  EXPECT_EQ(taken->size(), 1u);
  taken = b->take_over_tables(10);
  ASSERT_TRUE(taken.ok()) << taken.error();
  EXPECT_EQ(taken->size(), 1u);
  EXPECT_TRUE(b->append_action("t1", sample_action(2)));
  EXPECT_TRUE(b->append_action("t2", sample_action(2)));
}

// Several nodes share a stopped node's tables by load: each claims up to its share of all
// live tables (their count over the nodes sharing, rounded up), counting what it holds.
TEST(postgres_leases, nodes_sharing_take_no_more_than_their_share) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  auto b = open_node(db, "b");
  auto c = open_node(db, "c");
  ASSERT_TRUE(b && c);
  fill_table(*c, "c1", 1);  // c holds one table already
  {
    auto a = open_node(db, "a");
    ASSERT_TRUE(a);
    for (int i = 0; i < 6; ++i) fill_table(*a, "a" + std::to_string(i), 1);
  }  // a stops: its six tables are let go; seven live tables, shared by b and c
  auto by_b = b->take_over_tables(100, 2);
  ASSERT_TRUE(by_b.ok()) << by_b.error();
  EXPECT_EQ(by_b->size(), 4u);                        // its share: 7 / 2, rounded up
  EXPECT_TRUE(b->take_over_tables(100, 2)->empty());  // at its share: nothing more
  auto by_c = c->take_over_tables(100, 2);
  ASSERT_TRUE(by_c.ok()) << by_c.error();
  EXPECT_EQ(by_c->size(), 2u);  // 4 less the one it had
  // A node alone (or one whose peers are unknown) takes what is left.
  EXPECT_TRUE(c->take_over_tables(100, 1)->empty());
}

TEST(postgres_leases, a_finished_table_stays_with_its_node_for_the_next_game) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  auto a = open_node(db, "a");
  ASSERT_TRUE(a);
  fill_table(*a, "t", 2);
  ASSERT_TRUE(a->finish_table("t", {"{}", "{}", 9}));
  auto g = sample_start();
  g.game_id = "second";
  ASSERT_TRUE(a->start_game("t", g));
  EXPECT_TRUE(a->append_action("t", sample_action(1)));
}

// The nodes of one database name their Redis keys and channels by the database's id
// (docs/cluster.md): every node of the database reads the same one, and it outlives the nodes;
// another database has another, so two clusters on one Redis stay apart.
TEST(postgres_leases, the_nodes_of_a_database_share_its_cluster_id_and_no_other_database_has_it) {
  const auto is_id = [](const std::string& id) {
    return id.size() == 32 && id.find_first_not_of("0123456789abcdef") == std::string::npos;
  };
  postgres_database db, other;
  ASSERT_TRUE(db.ok() && other.ok());
  std::string first;
  {
    auto a = open_node(db, "a");
    auto b = open_node(db, "b");
    ASSERT_TRUE(a && b);
    first = a->cluster_id();
    EXPECT_TRUE(is_id(first)) << first;
    EXPECT_EQ(b->cluster_id(), first);
    EXPECT_NE(a->node_id(), b->node_id());
  }
  auto again = open_node(db, "c");
  ASSERT_TRUE(again);
  EXPECT_EQ(again->cluster_id(), first) << "a node started later is of the same cluster";
  auto elsewhere = open_node(other, "a");
  ASSERT_TRUE(elsewhere);
  EXPECT_TRUE(is_id(elsewhere->cluster_id())) << elsewhere->cluster_id();
  EXPECT_NE(elsewhere->cluster_id(), first) << "another database is another cluster";
}

TEST(postgres_leases, a_lone_server_and_nodes_never_share_a_database) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  {
    auto node = open_node(db, "a");
    ASSERT_TRUE(node);
    auto lone = postgres_store::open(db.conninfo(), {.ownership_wait_ms = 200});
    ASSERT_FALSE(lone.ok());
    EXPECT_NE(lone.error().find("in use by another crownhall server"), std::string::npos);
  }
  auto lone = postgres_store::open(db.conninfo(), {.ownership_wait_ms = 200});
  ASSERT_TRUE(lone.ok()) << lone.error();
  fill_table(**lone, "t", 1);  // a lone server's tables belong to no node...
  auto node = postgres_store::open(db.conninfo(), {.ownership_wait_ms = 200, .node = "a"});
  EXPECT_FALSE(node.ok());
  lone->reset();
  auto a = open_node(db, "a");  // ...so that nodes started on its database later take them
  ASSERT_TRUE(a);
  auto loaded = a->load_in_progress();
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  ASSERT_EQ(loaded->size(), 1u);
  EXPECT_TRUE(a->append_action("t", sample_action(2)));
}

// Two nodes fight over one table while each appends as fast as it can: the old owner
// writes until the new one has claimed, never after, and the log has every number once.
TEST(postgres_leases, however_nodes_race_a_log_has_no_gap_and_no_number_twice) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  constexpr int rounds = 6;
  std::vector<std::unique_ptr<postgres_store>> nodes;
  for (int i = 0; i < rounds + 1; ++i) nodes.push_back(open_node(db, "n" + std::to_string(i), 50));
  for (auto& n : nodes) ASSERT_TRUE(n);
  fill_table(*nodes[0], "t", 0);

  std::int64_t next = 1;  // the log's next number as the current owner knows it
  for (int r = 0; r < rounds; ++r) {
    postgres_store& old_owner = *nodes[static_cast<std::size_t>(r)];
    postgres_store& new_owner = *nodes[static_cast<std::size_t>(r) + 1];
    std::atomic<bool> give_up{false};  // only if the claim fails: then nothing refuses it
    std::atomic<std::int64_t> old_next{next};
    std::atomic<int> refused_after_claim{0};
    // The old owner appends until a write is refused; the store itself numbers each try. It
    // never stops on its own: its first write after the claim must be the refused one.
    std::thread writer([&] {
      while (!give_up) {
        std::int64_t seq = old_next;
        auto st = old_owner.append_action("t", sample_action(seq));
        if (st) {
          old_next = seq + 1;
          continue;
        }
        if (st.error.find("belongs to another node") != std::string::npos) {
          ++refused_after_claim;
          return;
        }
        ADD_FAILURE() << st.error;
        return;
      }
    });
    struct join_on_failure {
      std::atomic<bool>& give_up;
      std::thread& writer;
      ~join_on_failure() {
        if (!writer.joinable()) return;
        give_up = true;
        writer.join();
      }
    } guard{give_up, writer};
    std::optional<std::vector<stored_table>> taken;
    while (!taken || taken->empty()) {
      auto t = new_owner.take_over_tables(10);
      ASSERT_TRUE(t.ok()) << t.error();
      taken = std::move(*t);
    }
    writer.join();
    EXPECT_EQ(refused_after_claim.load(), 1) << "round " << r;
    // The new owner saw every action the old one stored, and continues the log.
    ASSERT_EQ(taken->size(), 1u);
    next = static_cast<std::int64_t>((*taken)[0].actions.size()) + 1;
    EXPECT_EQ(next, old_next.load()) << "round " << r;
    ASSERT_TRUE(new_owner.append_action("t", sample_action(next)));
    ++next;
  }
  const table_row row = read_row(db, "t");
  EXPECT_EQ(row.actions, next - 1);
  EXPECT_EQ(row.fence, rounds + 1);
  // Numbers 1..n once each (the key forbids twice; count = max forbids a gap).
  PGconn* c = PQconnectdb(db.conninfo().c_str());
  pg_result r(PQexec(c, "SELECT count(*), coalesce(max(seq), 0) FROM actions"));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.int64(0, 0), r.int64(0, 1));
  PQfinish(c);
}

// "Play this deal again" across nodes: a finished game's deal is claimed by one table at a
// time on any node, and free again once released; the seed's full 64 bits are kept.
TEST(postgres_leases, a_repeated_deal_is_dealt_at_one_table_at_a_time_across_nodes) {
  postgres_database db;
  ASSERT_TRUE(db.ok());
  auto a = open_node(db, "a");
  auto b = open_node(db, "b");
  ASSERT_TRUE(a && b);
  const std::uint64_t seed = 0xfedcba9876543210ull;  // above BIGINT's range
  auto first = a->claim_deal(seed, 1000);
  ASSERT_TRUE(first.ok()) << first.error();
  EXPECT_TRUE(*first);
  auto second = b->claim_deal(seed, 1001);
  ASSERT_TRUE(second.ok()) << second.error();
  EXPECT_FALSE(*second) << "node b dealt a deal node a deals now";
  auto again = a->claim_deal(seed, 1002);
  ASSERT_TRUE(again.ok());
  EXPECT_FALSE(*again) << "a second table on the same node";
  auto other = b->claim_deal(seed - 1, 1003);
  ASSERT_TRUE(other.ok());
  EXPECT_TRUE(*other) << "another deal is free";

  EXPECT_TRUE(a->release_deal(seed));
  auto after = b->claim_deal(seed, 1004);
  ASSERT_TRUE(after.ok());
  EXPECT_TRUE(*after) << "released by a, claimed by b";
  // A node that stops keeps its tables' claims: the node taking its tables over deals them.
  b.reset();
  auto c = open_node(db, "c");
  ASSERT_TRUE(c);
  auto still = c->claim_deal(seed, 1005);
  ASSERT_TRUE(still.ok());
  EXPECT_FALSE(*still);
}

}  // namespace
}  // namespace crownhall::store
