// No heap allocation on the normal path: legal_actions() and apply() over whole games
// (STYLE.md: no allocation per applied action). Counts every operator new in this binary.
#include <atomic>
#include <cstdlib>
#include <new>

#include <gtest/gtest.h>

#include "helpers.hpp"

namespace {
std::atomic<long> allocations{0};
}  // namespace

// GCC sees free() on memory from operator new; here both sides are ours and use malloc.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

void* operator new(std::size_t n) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace crown_battles_test {
namespace {

TEST(CrownBattlesAllocation, NoneWhilePlaying) {
  for (int players = 2; players <= 8; ++players) {
    for (const json& types : {json({"normal"}), json({"blind"}), json({"normal", "blind"})}) {
      auto g = start({{"round_types", types}, {"screw_the_dealer", true}}, players);
      ASSERT_TRUE(g);
      crownhall::game_state& game = *g;
      crownhall::prng rng(static_cast<std::uint64_t>(players));
      crownhall::action_list legal;
      for (std::uint64_t seed = 0; seed < 20; ++seed) {
        g->restart(seed);
        const long before = allocations.load();
        while (!game.is_over()) {
          const int seat = std::countr_zero(game.seats_to_act());
          game.legal_actions(seat, legal);
          const auto a =
              legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
          ASSERT_FALSE(game.apply(seat, a));
          // Bots build a seat_view: no allocation either.
          (void)g->view_of(seat);
        }
        EXPECT_EQ(allocations.load() - before, 0) << players << " players, seed " << seed;
      }
    }
  }
}

}  // namespace
}  // namespace crown_battles_test
