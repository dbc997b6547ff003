// deals_in_play: the finished games' deals being played again right now ("Play this deal
// again"), by seed. One table at a time repeats a deal: once a duplicate ends, its players
// see the seed and every hand, and could pass them on to a second table still playing them.
#pragma once

#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace crownhall::server {

class deals_in_play {
 public:
  // A new duplicate: false when another table deals `seed` already.
  bool claim(std::uint64_t seed);
  // A duplicate a restart brought back: counted whatever else deals the seed.
  void add(std::uint64_t seed);
  // The duplicate's first game is over, or its table closed.
  void release(std::uint64_t seed);

 private:
  std::mutex mutex_;
  std::unordered_map<std::uint64_t, int> tables_;
};

}  // namespace crownhall::server
