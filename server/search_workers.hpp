// search_workers: where search bots think (issue 17). A search takes a tenth of a second or
// more; on a table's strand it would hold up everything else at that table, and on the I/O
// threads every other table. So each decision runs here, on a few threads of their own at
// a lower priority than the I/O threads, and its answer is posted back to the table.
#pragma once

#include <functional>
#include <memory>

namespace crownhall::server {

class search_workers {
 public:
  // `threads` at least 1.
  explicit search_workers(int threads);
  ~search_workers();  // drops the jobs not yet started, waits for the running ones
  search_workers(const search_workers&) = delete;
  search_workers& operator=(const search_workers&) = delete;

  // Runs `job` on a worker, in the order posted when all are busy; from any thread.
  void post(std::function<void()> job);
  int threads() const;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace crownhall::server
