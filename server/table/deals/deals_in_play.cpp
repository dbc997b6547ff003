#include "server/table/deals/deals_in_play.hpp"

namespace crownhall::server {

bool deals_in_play::claim(std::uint64_t seed) {
  std::lock_guard lock(mutex_);
  int& n = tables_[seed];
  if (n > 0) return false;
  n = 1;
  return true;
}

void deals_in_play::add(std::uint64_t seed) {
  std::lock_guard lock(mutex_);
  ++tables_[seed];
}

void deals_in_play::release(std::uint64_t seed) {
  std::lock_guard lock(mutex_);
  auto it = tables_.find(seed);
  if (it != tables_.end() && --it->second <= 0) tables_.erase(it);
}

}  // namespace crownhall::server
