// Sessions and tables across a restart, on a server that keeps its data: a
// stored session expires like one in memory, spectators keep their table, and a table
// whose game had just finished comes back with its players — also after a SIGKILL right
// at the end of the game.
#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <random>
#include <stdexcept>
#include <thread>

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/core/record.hpp"
#include "server/store/secret_hash.hpp"
#include "server/store/sqlite_store.hpp"
#include "test_client.hpp"
#include "tests/common/test_postgres.hpp"

namespace crownhall::testing {
namespace {

namespace fs = std::filesystem;

// The server in a child process, so that it can be killed with SIGKILL as a crash would kill
// it: no destructor, no flush, no goodbye (tests/store/store_crash_test.cpp forks its writer
// the same way). The child reports its port over a pipe.
class forked_server {
 public:
  explicit forked_server(server::server_config config) {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      ::close(fds[0]);
      try {
        server::server s(std::move(config));
        const std::uint16_t port = s.start();
        if (::write(fds[1], &port, sizeof port) != sizeof port) ::_exit(3);
        s.run();
      } catch (...) {
      }
      ::_exit(2);
    }
    ::close(fds[1]);
    pollfd ready{fds[0], POLLIN, 0};
    if (::poll(&ready, 1, 30000) != 1 || ::read(fds[0], &port_, sizeof port_) != sizeof port_)
      port_ = 0;
    ::close(fds[0]);
    if (port_ == 0) {
      kill();
      throw std::runtime_error("the forked server did not start");
    }
  }
  forked_server(const forked_server&) = delete;
  forked_server& operator=(const forked_server&) = delete;
  ~forked_server() { kill(); }
  std::uint16_t port() const { return port_; }
  // SIGKILL, then reap the child; true if it was still running (killed, not exited).
  bool kill() {
    if (pid_ <= 0) return false;
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
  }

 private:
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
};

// Item 1: with a data directory, hello used to fall back to the store, where sessions
// never expired — a leaked token worked forever.
// After a restart, Ann and Bob resume their sessions at the table whose game had finished:
// it is back, finished, with both in their seats. Returns the table as Ann reads it.
json resume_at_finished_table(test_client& ann, const std::string& ann_token, test_client& bob,
                              const std::string& bob_token, const std::string& table_id) {
  EXPECT_EQ(ann.resume_session(ann_token)["table"], table_id);
  EXPECT_EQ(bob.resume_session(bob_token)["table"], table_id);
  json t = ann.next_table();
  EXPECT_EQ(t["state"], "finished");
  EXPECT_EQ(t["seats"][0]["name"], "Ann");
  EXPECT_EQ(t["seats"][1]["name"], "Bob");
  return t;
}

TEST(Restart, AStoredSessionExpiresWithTheTtl) {
  temp_dir data("restart");
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
  temp_dir data("restart");
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
  temp_dir data("restart");
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
  const json t = resume_at_finished_table(ann, ann_token, bob, bob_token, table_id);
  // The next game can start at once, and the table chat works.
  ann.request({{"type", "chat"}, {"text", "again?"}});
  bob.request({{"type", "ready"}, {"ready", true}});
  ann.request({{"type", "ready"}, {"ready", true}});
  start_game({&ann, &bob});
}

// A server that keeps its data in either store: SQLite in a data directory, or PostgreSQL
// in a fresh database of the tests' private server.
class RestartOnStore : public ::testing::TestWithParam<std::string> {
 protected:
  server::server_config config() {
    if (GetParam() == "sqlite") return durable_config(data_);
    if (!db_) db_.emplace();
    auto cfg = test_config();
    cfg.database = db_->url();
    return cfg;
  }

 private:
  temp_dir data_{"restart"};
  std::optional<postgres_database> db_;
};

// Item 4 with a real crash: the server is killed with SIGKILL right after the final action
// of a game is acknowledged. The finished game is in both players' History with every
// acknowledged action, and the table comes back for the rematch and the chat.
TEST_P(RestartOnStore, SigkillRightAfterTheFinalActionLosesNothing) {
  std::string table_id, ann_token, bob_token;
  json acked = json::array();  // every acknowledged action: no bots, so every action
  {
    forked_server server(config());
    test_client ann(server.port()), bob(server.port());
    ann_token = ann.hello("Ann")["you"]["token"];
    bob_token = bob.hello("Bob")["you"]["token"];
    table_id = open_table(
        {&ann, &bob},
        {{"game", "crown-battles"}, {"seats", 2}, {"options", {{"schedule", {1, 2}}}}})["table"];
    start_game({&ann, &bob});
    std::mt19937 rng(14);
    bool finished = false;
    for (int guard = 0; guard < 1000 && !finished; ++guard) {
      const std::uint64_t top = sync_tables({&ann, &bob});
      ASSERT_EQ(ann.last_table()["state"], "playing");
      std::vector<test_client*> able;
      for (test_client* p : {&ann, &bob})
        if (!p->last_table()["game"]["legal"].empty()) able.push_back(p);
      if (able.empty()) {  // a timed step or a change on its way: wait for it
        ann.next_table([top](const json& t) { return t["seq"].get<std::uint64_t>() > top; });
        continue;
      }
      test_client& actor = *able[rng() % able.size()];
      const json& legal = actor.last_table()["game"]["legal"];
      const json action = legal[rng() % legal.size()];
      const int seat = actor.last_table()["you"]["seat"];
      actor.request({{"type", "act"}, {"action", action}, {"seq", top}});
      acked.push_back({{"seat", seat}, {"action", action}});
      // A request's table messages go out before its ack (protocol/README.md): at the ack
      // the actor knows whether its action ended the game.
      finished = actor.last_table()["state"] == "finished";
    }
    ASSERT_TRUE(finished);
    // Nothing read or waited for between the ack and the kill.
    EXPECT_TRUE(server.kill());
  }
  test_server server(config());
  test_client ann(server.port()), bob(server.port());
  const json t = resume_at_finished_table(ann, ann_token, bob, bob_token, table_id);

  // The game is in both players' History, and its record holds every acknowledged action.
  std::string game_id;
  for (const std::string& token : {ann_token, bob_token}) {
    const http_reply h =
        http_get(server.port(), "/api/history", {{"Authorization", "Bearer " + token}});
    ASSERT_EQ(h.status, 200) << h.body;
    const json history = json::parse(h.body);
    ASSERT_EQ(history["games"].size(), 1u) << h.body;
    EXPECT_EQ(history["games"][0]["table"], table_id);
    game_id = history["games"][0]["game_id"];
  }
  const http_reply r = http_get(server.port(), "/api/records/" + game_id,
                                {{"Authorization", "Bearer " + ann_token}});
  ASSERT_EQ(r.status, 200) << r.body;
  const json record = json::parse(r.body);
  ASSERT_EQ(record["actions"].size(), acked.size()) << record["actions"].dump();
  for (std::size_t i = 0; i < acked.size(); ++i) {
    EXPECT_EQ(record["actions"][i]["seat"], acked[i]["seat"]) << i;
    EXPECT_EQ(record["actions"][i]["action"], acked[i]["action"]) << i;
  }
  // It replays to the end.
  auto parsed = record_from_json(record);
  ASSERT_TRUE(parsed) << parsed.error().reason;
  auto replayed = replay(*parsed);
  ASSERT_TRUE(replayed);
  EXPECT_FALSE(replayed->error);
  EXPECT_TRUE(replayed->state->is_over());

  // The table is theirs again: chat, then the next game.
  ann.request({{"type", "chat"}, {"text", "again?"}});
  EXPECT_EQ(bob.next_of("chat")["text"], "again?");
  bob.request({{"type", "ready"}, {"ready", true}});
  ann.request({{"type", "ready"}, {"ready", true}});
  start_game({&ann, &bob});
}

INSTANTIATE_TEST_SUITE_P(Stores, RestartOnStore, ::testing::Values("sqlite", "postgres"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace crownhall::testing
