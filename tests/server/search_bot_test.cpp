// Search bots at a table, over real sockets: they play a whole game against a
// person, keep their kind across a restart, and their thinking (on the search workers, never
// a table's strand) does not hold up a person at another table.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>
#include <vector>

#include "test_client.hpp"

namespace crownhall::testing {
namespace {

using clock_type = std::chrono::steady_clock;

server::server_config search_config() {
  auto cfg = test_config();
  cfg.rules.search_ms = 10;
  cfg.search_threads = 1;
  return cfg;
}

void expect_search_seat(const json& table, int seat) {
  const json& s = table["seats"][seat];
  EXPECT_EQ(s["status"], "bot") << s.dump();
  EXPECT_EQ(s["bot"], "search") << s.dump();
  EXPECT_EQ(s["name"], "Bot (search)") << s.dump();
}

TEST(SearchBots, PlayAWholeGameAgainstAPerson) {
  test_server server(search_config());
  test_client ann(server.port());
  ann.hello("Ann");
  open_table({&ann}, {{"game", "crown-battles"}, {"seats", 3}});
  ann.request({{"type", "add_bot"}, {"kind", "search"}});
  ann.request({{"type", "add_bot"}, {"kind", "search"}});
  expect_search_seat(ann.next_table([](const json& t) { return t["seats"][2]["status"] == "bot"; }),
                     2);
  start_game({&ann});
  EXPECT_GT(play_to_end({&ann}, 7), 0);
  const json end = ann.last_table();
  EXPECT_EQ(end["state"], "finished");
  expect_search_seat(end, 1);
  expect_search_seat(end, 2);

  // Every bot decision was searched, and came back within the budget plus a margin: 10 ms
  // of thinking measured in Release; a sanitizer build is about ten times slower.
  const auto& searched = server.get().metrics().search_latency;
  EXPECT_GT(searched.count(), 10u);
  EXPECT_LE(searched.quantile_bound_ms(0.99), 1000.0);
}

TEST(SearchBots, KeepTheirKindAcrossARestart) {
  temp_dir data("search");
  auto cfg = search_config();
  cfg.data_dir = data.path.string();
  std::string token;
  {
    test_server server(cfg);
    test_client ann(server.port());
    token = ann.hello("Ann")["you"]["token"];
    open_table({&ann}, {{"game", "queens-court"}, {"seats", 2}});
    ann.request({{"type", "add_bot"}, {"kind", "search"}});
    start_game({&ann});
  }
  test_server server(cfg);
  test_client ann(server.port());
  ann.resume_session(token);
  const json back = ann.next_table();
  EXPECT_EQ(back["state"], "playing");
  expect_search_seat(back, 1);
  play_to_end({&ann}, 3);
  EXPECT_EQ(ann.last_table()["state"], "finished");
}

// Tables of search bots thinking all the time (a long budget, on one worker) beside a person
// playing a heuristic bot at another table: the person's moves are answered as quickly as on
// an idle server. Were the searches run on the tables' strands, they would hold the I/O
// threads for their whole budget and the person would wait behind them.
TEST(SearchBots, ThinkingDoesNotHoldUpAPersonAtAnotherTable) {
  auto cfg = search_config();
  cfg.rules.search_ms = 200;
  test_server server(cfg);

  constexpr int busy_tables = 6;
  std::vector<std::unique_ptr<test_client>> hosts;
  for (int i = 0; i < busy_tables; ++i) {
    auto host = std::make_unique<test_client>(server.port());
    host->hello("Host " + std::to_string(i));
    open_table({host.get()}, {{"game", "crown-battles"}, {"seats", 4}});
    for (int b = 0; b < 3; ++b) host->request({{"type", "add_bot"}, {"kind", "search"}});
    start_game({host.get()});
    // The host leaves: a bot plays their seat too, and the search bots think on and on.
    host->request({{"type", "leave_table"}});
    hosts.push_back(std::move(host));
  }

  const auto& searched = server.get().metrics().search_latency;
  for (int i = 0; i < 200 && searched.count() == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_GT(searched.count(), 0u) << "no search came back";

  test_client ann(server.port());
  ann.hello("Ann");
  open_table({&ann}, {{"game", "queens-court"}, {"seats", 2}});
  ann.request({{"type", "add_bot"}, {"kind", "heuristic"}});
  start_game({&ann});
  // At a person's pace. Each move notes whether search bots were thinking (or queued) then.
  const auto& waiting = server.get().metrics().searches_waiting;
  int moves_beside_searches = 0;
  std::vector<double> answer_ms;
  for (int moves = 0; moves < 40; ++moves) {
    const json t = ann.next_table(
        [](const json& m) { return m["state"] != "playing" || !m["game"]["legal"].empty(); });
    if (t["state"] != "playing") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(40));
    const auto sent = clock_type::now();
    ann.request({{"type", "act"}, {"action", t["game"]["legal"][0]}});
    answer_ms.push_back(
        std::chrono::duration<double, std::milli>(clock_type::now() - sent).count());
    moves_beside_searches += waiting.load() > 0;
  }
  ASSERT_GE(answer_ms.size(), 10u);
  // Six tables ask again the moment an answer is in: some search is always waiting.
  EXPECT_GE(moves_beside_searches, static_cast<int>(answer_ms.size()) * 8 / 10)
      << "the searches were not running meanwhile";
  std::sort(answer_ms.begin(), answer_ms.end());
  const double median = answer_ms[answer_ms.size() / 2];
  EXPECT_LT(median, 100.0) << "a search's budget is 200 ms: the person waited behind searches";
}

}  // namespace
}  // namespace crownhall::testing
