#include "server/search_workers.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <optional>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

namespace crownhall::server {

namespace net = boost::asio;

namespace {

// A niceness above the I/O threads' (0): when every core is busy, the kernel runs the
// players' moves first and the bots' thinking after. Linux keeps niceness per thread.
constexpr int worker_niceness = 10;

}  // namespace

struct search_workers::impl {
  net::io_context ioc{1};
  std::optional<net::executor_work_guard<net::io_context::executor_type>> work{
      net::make_work_guard(ioc)};
  std::vector<std::thread> threads;
};

search_workers::search_workers(int threads) : impl_(std::make_unique<impl>()) {
  for (int i = 0; i < (threads < 1 ? 1 : threads); ++i)
    impl_->threads.emplace_back([this] {
      (void)setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), worker_niceness);
      impl_->ioc.run();
    });
}

search_workers::~search_workers() {
  impl_->work.reset();
  impl_->ioc.stop();
  for (auto& t : impl_->threads) t.join();
}

void search_workers::post(std::function<void()> job) { net::post(impl_->ioc, std::move(job)); }

int search_workers::threads() const { return static_cast<int>(impl_->threads.size()); }

}  // namespace crownhall::server
