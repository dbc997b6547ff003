// Several nodes, one lobby (docs/cluster.md): each node's lobby shares its own public lines
// and lists every node's, waiting tables first; a node that stops, or is not heard from,
// drops out of the list.
#include <gtest/gtest.h>

#include <chrono>
#include <mutex>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "server/lobby/lobby.hpp"
#include "server/lobby/shared_state.hpp"

namespace crownhall::server {
namespace {

using json = nlohmann::json;

// A lobby subscriber that keeps what it was sent.
struct listener_link : connection_link {
  std::mutex mutex;
  std::vector<json> lists;
  void deliver(message_ptr text, message_kind) override {
    json m = json::parse(*text);
    std::lock_guard lock(mutex);
    if (m["type"] == "lobby") lists.push_back(m["tables"]);
  }
  void close_after_flush(std::uint16_t, std::string) override {}
  json last() {
    std::lock_guard lock(mutex);
    return lists.empty() ? json() : lists.back();
  }
};

json lobby_line(const std::string& id, const std::string& state) {
  return {{"table", id}, {"state", state}};
}

std::vector<std::string> table_ids_of(const json& list) {
  std::vector<std::string> out;
  for (const auto& l : list) out.push_back(l["table"].get<std::string>());
  return out;
}

struct lobby_merge : ::testing::Test {
  net::io_context ioc;
  server_config config = [] {
    server_config c;
    c.lobby_interval_ms = 0;  // every change pushed at once
    return c;
  }();
  shared_state state{ioc, config};
  std::shared_ptr<listener_link> watcher = std::make_shared<listener_link>();
  std::vector<json> shared;  // what this node told the others

  void SetUp() override {
    state.tables->share_with([this](const json& lines) { shared.push_back(lines); });
    state.tables->subscribe(watcher, nullptr);
    settle();
  }
  void TearDown() override {
    state.tables->stop();
    settle();
  }
  void settle() {
    ioc.restart();
    ioc.run_for(std::chrono::milliseconds(20));
  }
};

json hosted_line(const std::string& id, const std::string& state, json host) {
  return {{"table", id}, {"state", state}, {"host", std::move(host)}};
}

// A game left to bots (nobody seated, so no host) is listed after the tables people are
// at, on this node and across nodes alike.
TEST_F(lobby_merge, tables_with_people_come_before_tables_left_with_bots) {
  state.tables->update("t-bots", hosted_line("t-bots", "playing", nullptr));
  settle();
  state.tables->update("t-ann", hosted_line("t-ann", "playing", "Ann"));
  settle();
  EXPECT_EQ(table_ids_of(watcher->last()), (std::vector<std::string>{"t-ann", "t-bots"}));
  state.tables->set_remote("b/1", json::array({hosted_line("t-b-bots", "playing", nullptr),
                                               hosted_line("t-b-cy", "waiting", "Cy")}));
  settle();
  EXPECT_EQ(table_ids_of(watcher->last()),
            (std::vector<std::string>{"t-b-cy", "t-ann", "t-bots", "t-b-bots"}));
}

TEST_F(lobby_merge, every_nodes_tables_in_one_list_waiting_first) {
  state.tables->update("t-here-playing", lobby_line("t-here-playing", "playing"));
  settle();
  state.tables->set_remote("b/1", json::array({lobby_line("t-b-waiting", "waiting"),
                                               lobby_line("t-b-playing", "playing")}));
  settle();
  EXPECT_EQ(table_ids_of(watcher->last()),
            (std::vector<std::string>{"t-b-waiting", "t-here-playing", "t-b-playing"}));
  // This node shares its own lines only, never the others'.
  ASSERT_FALSE(shared.empty());
  EXPECT_EQ(table_ids_of(shared.back()), (std::vector<std::string>{"t-here-playing"}));
  state.tables->reshare();
  settle();
  EXPECT_EQ(table_ids_of(shared.back()), (std::vector<std::string>{"t-here-playing"}));
}

TEST_F(lobby_merge, a_table_taken_over_here_is_listed_once) {
  // Node b died with t-1; this node took it over before b's last list was forgotten.
  state.tables->set_remote(
      "b/1", json::array({lobby_line("t-1", "playing"), lobby_line("t-2", "playing")}));
  state.tables->update("t-1", lobby_line("t-1", "playing"));
  settle();
  EXPECT_EQ(table_ids_of(watcher->last()), (std::vector<std::string>{"t-1", "t-2"}));
}

TEST_F(lobby_merge, a_stopped_node_leaves_at_once_and_a_silent_one_after_its_time) {
  state.tables->set_remote("b/1", json::array({lobby_line("t-b", "waiting")}));
  state.tables->set_remote("c/1", json::array({lobby_line("t-c", "waiting")}));
  settle();
  EXPECT_EQ(watcher->last().size(), 2u);
  state.tables->set_remote("b/1", json::array());  // b stopped
  settle();
  EXPECT_EQ(table_ids_of(watcher->last()), (std::vector<std::string>{"t-c"}));
  // c is not heard from: lines older than the cutoff go.
  state.tables->forget_remote_before(shared_state::now().mono_ms - 60000);
  settle();
  EXPECT_EQ(table_ids_of(watcher->last()), (std::vector<std::string>{"t-c"}));
  state.tables->forget_remote_before(shared_state::now().mono_ms + 1);
  settle();
  EXPECT_TRUE(watcher->last().empty());
}

TEST_F(lobby_merge, the_list_stays_within_its_limit_and_ignores_lines_without_a_state) {
  json many = json::array();
  for (std::size_t i = 0; i < config.lobby_max_tables + 20; ++i)
    many.push_back(lobby_line("t-b-" + std::to_string(i), "waiting"));
  many.push_back(json{{"table", "t-b-odd"}});  // no state: a newer node's line we cannot rank
  state.tables->update("t-here", lobby_line("t-here", "waiting"));
  state.tables->set_remote("b/1", many);
  settle();
  const json last = watcher->last();
  EXPECT_EQ(last.size(), config.lobby_max_tables);
  EXPECT_EQ(last[0]["table"], "t-here");  // this node's own first among equals
  for (const auto& l : last) EXPECT_NE(l["table"], "t-b-odd");
}

}  // namespace
}  // namespace crownhall::server
