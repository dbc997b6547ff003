// Sessions and tables across a restart, on a server that keeps its data (issue 14): a
// stored session expires like one in memory, spectators keep their table, and a table
// whose game had just finished comes back with its players.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <thread>

#include "server/store/secret_hash.hpp"
#include "server/store/sqlite_store.hpp"
#include "test_client.hpp"

namespace crownhall::testing {
namespace {

namespace fs = std::filesystem;

struct temp_dir {
  fs::path path =
      fs::temp_directory_path() / ("crownhall-restart-" + std::to_string(std::random_device{}()));
  temp_dir() { fs::create_directories(path); }
  ~temp_dir() { fs::remove_all(path); }
};

server::server_config durable_config(const temp_dir& data) {
  auto cfg = test_config();
  cfg.data_dir = data.path.string();
  return cfg;
}

// Item 1: with a data directory, hello used to fall back to the store, where sessions
// never expired — a leaked token worked forever.
TEST(Restart, AStoredSessionExpiresWithTheTtl) {
  temp_dir data;
  auto cfg = durable_config(data);
  cfg.session_ttl_ms = 1000;  // the sweeper runs every second
  std::string token, live_token;
  {
    test_server server(cfg);
    test_client a(server.port());
    token = a.hello("Ann")["you"]["token"];
    a.close();
    test_client b(server.port());
    live_token = b.hello("Bea")["you"]["token"];  // stays connected
    std::this_thread::sleep_for(std::chrono::milliseconds(3000));
    test_client again(server.port());
    again.send({{"type", "hello"}, {"protocol", 1}, {"token", token}, {"id", 1}});
    const json answer = again.next();
    EXPECT_EQ(answer["type"], "error") << answer.dump();
    EXPECT_EQ(answer["code"], "invalid_token") << answer.dump();
    // A session that has its connection does not expire.
    test_client b2(server.port());
    EXPECT_EQ(b2.resume_session(live_token)["type"], "welcome");
  }
  // The stored sessions table does not only grow: the expired one is gone from it.
  auto store = store::sqlite_store::open(data.path);
  ASSERT_TRUE(store) << store.error();
  auto found = (*store)->find_session(store::secret_hash::of(token));
  ASSERT_TRUE(found);
  EXPECT_FALSE(found->has_value());
  auto live = (*store)->find_session(store::secret_hash::of(live_token));
  ASSERT_TRUE(live);
  EXPECT_TRUE(live->has_value());
}

// Item 3: seated players kept their place across a restart; spectators did not.
TEST(Restart, ASpectatorKeepsItsTable) {
  temp_dir data;
  std::string table_id, watcher_token;
  {
    test_server server(durable_config(data));
    test_client ann(server.port()), bob(server.port()), cy(server.port());
    ann.hello("Ann");
    bob.hello("Bob");
    watcher_token = cy.hello("Cy")["you"]["token"];
    table_id = open_table({&ann, &bob})["table"];
    cy.request({{"type", "join_table"}, {"table", table_id}, {"as", "spectator"}});
    cy.next_table();
    start_game({&ann, &bob});
  }
  test_server server(durable_config(data));
  test_client cy(server.port());
  const json welcome = cy.resume_session(watcher_token);
  EXPECT_EQ(welcome["table"], table_id) << welcome.dump();
  EXPECT_EQ(welcome["you"]["name"], "Cy");
  const json t = cy.next_table();
  EXPECT_EQ(t["table"], table_id);
  EXPECT_EQ(t["state"], "playing");
  EXPECT_EQ(t["you"]["role"], "spectator") << t["you"].dump();
}

// Item 4: a table whose game had just finished was not restored, so its players lost the
// table where the next game (or the chat after this one) would be.
TEST(Restart, ATableWhoseGameJustFinishedComesBack) {
  temp_dir data;
  std::string table_id, ann_token, bob_token;
  json outcome;
  {
    test_server server(durable_config(data));
    test_client ann(server.port()), bob(server.port());
    ann_token = ann.hello("Ann")["you"]["token"];
    bob_token = bob.hello("Bob")["you"]["token"];
    table_id = open_table({&ann, &bob}, {{"game", "queens-court"}, {"seats", 2}})["table"];
    start_game({&ann, &bob});
    play_to_end({&ann, &bob}, 7);
    outcome = ann.next_table([](const json& t) { return t["state"] == "finished"; });
  }
  test_server server(durable_config(data));
  test_client ann(server.port()), bob(server.port());
  EXPECT_EQ(ann.resume_session(ann_token)["table"], table_id);
  EXPECT_EQ(bob.resume_session(bob_token)["table"], table_id);
  const json t = ann.next_table();
  EXPECT_EQ(t["state"], "finished");
  EXPECT_EQ(t["seats"][0]["name"], "Ann");
  EXPECT_EQ(t["seats"][1]["name"], "Bob");
  // The next game can start at once, and the table chat works.
  ann.request({{"type", "chat"}, {"text", "again?"}});
  bob.request({{"type", "ready"}, {"ready", true}});
  ann.request({{"type", "ready"}, {"ready", true}});
  start_game({&ann, &bob});
}

}  // namespace
}  // namespace crownhall::testing
