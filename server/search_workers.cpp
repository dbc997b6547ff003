#include "server/search_workers.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <optional>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

namespace crownhall::server {

namespace net = boost::asio;

// Named, not anonymous: search_workers::impl holds lanes, and a type with a name outside
// this file may not hold one that has none.
namespace lanes {

// A niceness above the I/O threads' (0): when every core is busy, the kernel runs the
// players' moves first and the bots' thinking after. Linux keeps niceness per thread.
constexpr int worker_niceness = 10;
// The coach's threads, below the seated bots': a report waits for CPU a bot needs.
constexpr int coach_niceness = 19;

// Threads running one io_context's jobs at a niceness.
struct lane {
  net::io_context ioc{1};
  std::optional<net::executor_work_guard<net::io_context::executor_type>> work{
      net::make_work_guard(ioc)};
  std::vector<std::thread> threads;

  lane(int count, int niceness) {
    for (int i = 0; i < std::max(1, count); ++i)
      threads.emplace_back([this, niceness] {
        (void)setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), niceness);
        ioc.run();
      });
  }
  ~lane() {
    work.reset();
    ioc.stop();
    for (auto& t : threads) t.join();
  }
};

}  // namespace lanes

struct search_workers::impl {
  impl(int threads, int coach_threads, std::size_t coach_reports)
      : coach_limit(std::max<std::size_t>(1, coach_reports)),
        seated(threads, lanes::worker_niceness),
        coach(coach_threads, lanes::coach_niceness) {}
  // Declared before the lanes: a coach's job still running while they stop counts itself out.
  const std::size_t coach_limit;
  std::atomic<std::size_t> coach_taken{0};  // reports queued or running
  lanes::lane seated;
  lanes::lane coach;
};

search_workers::search_workers(int threads, int coach_threads, std::size_t coach_reports)
    : impl_(std::make_unique<impl>(threads, coach_threads, coach_reports)) {}

search_workers::~search_workers() = default;

void search_workers::post(std::function<void()> job) {
  net::post(impl_->seated.ioc, std::move(job));
}

bool search_workers::try_post_coach(std::function<void()> job) {
  if (impl_->coach_taken.fetch_add(1) >= impl_->coach_limit) {
    impl_->coach_taken.fetch_sub(1);
    return false;
  }
  net::post(impl_->coach.ioc, [i = impl_.get(), job = std::move(job)] {
    job();
    i->coach_taken.fetch_sub(1);
  });
  return true;
}

int search_workers::threads() const { return static_cast<int>(impl_->seated.threads.size()); }

}  // namespace crownhall::server
