#include "server/cluster/table_home_lookups.hpp"

#include "server/lobby/store_calls.hpp"

namespace crownhall::server {

struct table_home_lookups::impl {
  impl(store::table_store& s, int threads) : store(s), calls(threads) {}
  store::table_store& store;
  store_calls calls;
};

table_home_lookups::table_home_lookups(store::table_store& store, int threads)
    : impl_(std::make_unique<impl>(store, threads)) {}

table_home_lookups::~table_home_lookups() = default;  // the calls under way end first

void table_home_lookups::find(std::string id_or_invite, std::function<void(answer)> done) {
  impl_->calls.post([&store = impl_->store, key = std::move(id_or_invite), done = std::move(done)] {
    done(store.find_table_home(key));
  });
}

void table_home_lookups::stop() { impl_->calls.stop(); }

}  // namespace crownhall::server
