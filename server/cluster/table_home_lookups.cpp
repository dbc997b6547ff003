#include "server/cluster/table_home_lookups.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>

namespace crownhall::server {

struct table_home_lookups::impl {
  impl(store::table_store& s, int threads) : store(s), pool(static_cast<std::size_t>(threads)) {}
  store::table_store& store;
  boost::asio::thread_pool pool;
};

table_home_lookups::table_home_lookups(store::table_store& store, int threads)
    : impl_(std::make_unique<impl>(store, threads)) {}

table_home_lookups::~table_home_lookups() {
  impl_->pool.stop();
  impl_->pool.join();
}

void table_home_lookups::find(std::string id_or_invite, std::function<void(answer)> done) {
  boost::asio::post(impl_->pool, [this, key = std::move(id_or_invite), done = std::move(done)] {
    done(impl_->store.find_table_home(key));
  });
}

void table_home_lookups::stop() { impl_->pool.stop(); }

}  // namespace crownhall::server
