#include "engine/core/bit_lists.hpp"

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "engine/core/prng.hpp"

namespace crownhall {
namespace {

std::vector<std::uint32_t> codes(const action_list& l) {
  std::vector<std::uint32_t> out;
  for (action a : l) out.push_back(a.code);
  return out;
}

// What append_set_bits must equal: one push_back per set bit below `width`, lowest first.
std::vector<std::uint32_t> by_push_back(action_list l, std::uint64_t bits, std::uint32_t code,
                                        int width) {
  for (int i = 0; i < width; ++i)
    if ((bits >> i) & 1u) l.push_back(action{code + static_cast<std::uint32_t>(i)});
  return codes(l);
}

template <int width>
void expect_same(const action_list& before, std::uint64_t bits, std::uint32_t code) {
  action_list l = before;
  append_set_bits<width>(l, bits, code);
  EXPECT_EQ(codes(l), by_push_back(before, bits, code, width))
      << "bits " << bits << " width " << width;
}

TEST(BitLists, EdgeCases) {
  const action_list empty;
  for (std::uint64_t bits :
       {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{0x80}, std::uint64_t{0x100},
        ~std::uint64_t{0}, std::uint64_t{1} << 63, std::uint64_t{0x00ff00ff00ff00ff}}) {
    expect_same<64>(empty, bits, 3u << 24);
    expect_same<48>(empty, bits, 3u << 24);
    expect_same<53>(empty, bits, 4u << 16);
    expect_same<3>(empty, bits, 0);
  }
}

TEST(BitLists, SameAsPushBackAfterExistingEntries) {
  prng rng(5);
  for (int round = 0; round < 2000; ++round) {
    action_list before;
    const int existing = static_cast<int>(rng.below(100));
    for (int i = 0; i < existing; ++i)
      before.push_back(action{static_cast<std::uint32_t>(rng.next())});
    // Sparse and dense sets alike: a hand, a suit, a whole deck.
    const std::uint64_t bits =
        rng.next() & rng.next() & (round % 2 ? rng.next() : ~std::uint64_t{0});
    const auto code = static_cast<std::uint32_t>(rng.next()) & 0xffff0000u;
    expect_same<64>(before, bits, code);
    expect_same<53>(before, bits, code);
    expect_same<48>(before, bits, code);
  }
}

// The slots written past the new end are scratch: a later push_back lands right after the
// appended entries.
TEST(BitLists, PushBackAfterAppend) {
  action_list l;
  append_set_bits<64>(l, 0b1010'0110, 100);
  l.push_back(action{7});
  EXPECT_EQ(codes(l), (std::vector<std::uint32_t>{101, 102, 105, 107, 7}));
}

}  // namespace
}  // namespace crownhall

namespace crownhall {
namespace {

// A full list drops further pushes and says so; clear() starts afresh.
TEST(ActionList, NeverWritesPastItsCapacity) {
  action_list l;
  for (int i = 0; i < action_list::capacity; ++i)
    l.push_back(action{static_cast<std::uint32_t>(i)});
  EXPECT_FALSE(l.overflowed());
  EXPECT_EQ(l.room(), 0);
  l.push_back(action{999});
  EXPECT_TRUE(l.overflowed());
  EXPECT_EQ(l.size(), action_list::capacity);
  EXPECT_EQ(l[action_list::capacity - 1].code,
            static_cast<std::uint32_t>(action_list::capacity - 1));
  l.clear();
  EXPECT_FALSE(l.overflowed());
  EXPECT_EQ(l.size(), 0);
}

// Near the end, the bulk writer pushes one by one: same entries, nothing past the end.
TEST(ActionList, BulkAppendNearCapacityStaysInside) {
  action_list l;
  for (int i = 0; i < action_list::capacity - 10; ++i) l.push_back(action{0});
  append_set_bits<64>(l, 0b1011, 100);  // 3 entries fit
  EXPECT_FALSE(l.overflowed());
  EXPECT_EQ(l.size(), action_list::capacity - 7);
  EXPECT_EQ(l[l.size() - 1].code, 103u);
  append_set_bits<64>(l, ~std::uint64_t{0}, 0);  // 64 entries, 7 fit
  EXPECT_TRUE(l.overflowed());
  EXPECT_EQ(l.size(), action_list::capacity);
  EXPECT_EQ(l[l.size() - 1].code, 6u);
}

}  // namespace
}  // namespace crownhall
