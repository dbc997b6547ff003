// The limits put on CBOR before libcbor builds it: what a stranger sends is shallow, and no
// item may claim more entries than its bytes could hold.
#include <gtest/gtest.h>

#include "server/accounts/cbor_item.hpp"

namespace crownhall::accounts {
namespace {

// Arrays of one entry nested `depth` deep around the integer 0.
std::string nested_arrays(int depth) { return std::string(depth, '\x81') + '\0'; }

TEST(cbor_item, items_as_deep_as_the_limit_load_and_deeper_ones_do_not) {
  std::size_t read = 0;
  EXPECT_TRUE(load_cbor_item(nested_arrays(max_cbor_depth), &read));
  EXPECT_EQ(read, static_cast<std::size_t>(max_cbor_depth) + 1);
  EXPECT_FALSE(load_cbor_item(nested_arrays(max_cbor_depth + 1), &read));
  // Indefinite arrays count the same.
  EXPECT_FALSE(load_cbor_item(
      std::string(max_cbor_depth + 1, '\x9f') + '\0' + std::string(max_cbor_depth + 1, '\xff'),
      &read));
}

TEST(cbor_item, the_first_item_is_read_and_the_rest_left) {
  std::size_t read = 0;
  const std::string two_maps("\xa1\x01\x02\xa0", 4);  // {1: 2} then {}
  const auto first = load_cbor_item(two_maps, &read);
  ASSERT_TRUE(first);
  EXPECT_EQ(read, 3u);
  EXPECT_EQ(cbor_integer(cbor_map_value(first.get(), 1)), 2);
  EXPECT_EQ(cbor_map_value(first.get(), 3), nullptr);
}

TEST(cbor_item, items_claiming_more_than_their_bytes_are_refused) {
  std::size_t read = 0;
  // 2^28 entries (libcbor would reserve 2 GiB for them) in five bytes; a map of 2^31 pairs.
  EXPECT_FALSE(load_cbor_item(std::string("\x9a\x10\x00\x00\x00", 5), &read));
  EXPECT_FALSE(load_cbor_item(std::string("\xba\x80\x00\x00\x00\x01\x02", 7), &read));
  // A byte string longer than what follows; an indefinite one never closed.
  EXPECT_FALSE(load_cbor_item(std::string("\x5a\x00\x01\x00\x00\x01", 6), &read));
  EXPECT_FALSE(load_cbor_item(std::string("\x5f\x41\x01", 3), &read));
  // A chunk of an indefinite byte string that is no byte string.
  EXPECT_FALSE(load_cbor_item(std::string("\x5f\x01\xff", 3), &read));
  EXPECT_FALSE(load_cbor_item("", &read));
}

}  // namespace
}  // namespace crownhall::accounts
