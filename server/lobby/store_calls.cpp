#include "server/lobby/store_calls.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>

namespace crownhall::server {

struct store_calls::impl {
  explicit impl(int threads) : pool(static_cast<std::size_t>(threads)) {}
  boost::asio::thread_pool pool;
};

store_calls::store_calls(int threads) : impl_(std::make_unique<impl>(threads)) {}

store_calls::~store_calls() { impl_->pool.join(); }

void store_calls::post(std::function<void()> call) {
  boost::asio::post(impl_->pool, std::move(call));
}

void store_calls::stop() { impl_->pool.stop(); }

}  // namespace crownhall::server
