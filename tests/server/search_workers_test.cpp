// The search workers' two lanes (server/search_workers), on the real threads: a seated bot's
// search never waits behind the coach's reports, and the coach's queue refuses past its
// bound. Ordered by latches, not by time.
#include <gtest/gtest.h>

#include <future>
#include <mutex>
#include <string>
#include <vector>

#include "server/search_workers.hpp"

namespace crownhall::server {
namespace {

using namespace std::chrono_literals;

TEST(SearchWorkers, ASeatedBotsSearchIsServedBeforeTheQueuedCoachReports) {
  std::mutex m;
  std::vector<std::string> order;
  auto note = [&](std::string what) {
    std::lock_guard lock(m);
    order.push_back(std::move(what));
  };
  std::promise<void> running, release, all_done;
  std::shared_future<void> gate = release.get_future().share();
  {
    search_workers pool(1, 1, 3);
    // One report is being worked out (held at the gate), two more wait: the bound of three.
    ASSERT_TRUE(pool.try_post_coach([&] {
      running.set_value();
      gate.wait();
      note("coach 1");
    }));
    running.get_future().wait();
    ASSERT_TRUE(pool.try_post_coach([&] { note("coach 2"); }));
    ASSERT_TRUE(pool.try_post_coach([&] {
      note("coach 3");
      all_done.set_value();
    }));
    EXPECT_FALSE(pool.try_post_coach([&] { note("coach 4"); })) << "past the bound";

    // A seated bot asks now: answered while every coach report still waits.
    std::promise<void> seated;
    pool.post([&] {
      note("seated");
      seated.set_value();
    });
    EXPECT_EQ(seated.get_future().wait_for(30s), std::future_status::ready)
        << "the seated bot's search waited behind the coach";
    release.set_value();
    ASSERT_EQ(all_done.get_future().wait_for(30s), std::future_status::ready);
    // Room again once the queue drained.
    std::promise<void> again;
    EXPECT_TRUE(pool.try_post_coach([&] { again.set_value(); }));
    EXPECT_EQ(again.get_future().wait_for(30s), std::future_status::ready);
  }
  EXPECT_EQ(order, (std::vector<std::string>{"seated", "coach 1", "coach 2", "coach 3"}));
}

}  // namespace
}  // namespace crownhall::server
