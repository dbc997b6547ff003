// search_workers: where search bots think, and the coach works out its reports.
// A search takes a tenth of a second or more; on a table's strand it would hold up
// everything else at that table, and on the I/O threads every other table. So each
// decision runs here, on a few threads of their own at a lower priority than the I/O
// threads, and its answer is posted back to the table.
//
// A coach's report is a search for every decision of a game: seconds of work nobody at a
// table waits for. It never takes a seated bot's thread: the coach has its own, lower
// still, and a short queue that refuses more (docs/server.md, "Search bots think off the
// table").
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

namespace crownhall::server {

class search_workers {
 public:
  // `threads` (at least 1) for seated bots; `coach_threads` (at least 1) for the coach, and
  // at most `coach_reports` reports waiting or being worked out at once (at least 1).
  explicit search_workers(int threads, int coach_threads = 1, std::size_t coach_reports = 4);
  ~search_workers();  // drops the jobs not yet started, waits for the running ones
  search_workers(const search_workers&) = delete;
  search_workers& operator=(const search_workers&) = delete;

  // A seated bot's search: runs on a worker, in the order posted when all are busy; from
  // any thread.
  void post(std::function<void()> job);
  // A coach's report, on the coach's threads in the order posted; false (and `job` dropped)
  // when `coach_reports` are queued or running already. From any thread.
  bool try_post_coach(std::function<void()> job);
  int threads() const;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace crownhall::server
