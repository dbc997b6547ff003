// Public keys as authenticators send them (COSE): the recorded ones are read with their
// algorithm; others are refused as unsupported or malformed.
#include <gtest/gtest.h>

#include <cbor.h>

#include <cstdlib>

#include "server/accounts/cose_key.hpp"
#include "tests/accounts/recordings.hpp"

namespace crownhall::accounts {
namespace {

// A COSE map of the given labels and values (integers, or byte strings).
struct cose_entry {
  cose_entry(std::int64_t l, std::int64_t n) : label(l), number(n) {}
  cose_entry(std::int64_t l, std::string b) : label(l), bytes(std::move(b)) {}
  std::int64_t label;
  std::int64_t number = 0;
  std::string bytes;
};

cbor_item_t* cose_integer(std::int64_t v) {
  return v < 0 ? cbor_build_negint64(static_cast<std::uint64_t>(-1 - v))
               : cbor_build_uint64(static_cast<std::uint64_t>(v));
}

std::string cose_map(const std::vector<cose_entry>& entries) {
  cbor_item_t* map = cbor_new_definite_map(entries.size());
  for (const auto& e : entries) {
    cbor_item_t* value =
        e.bytes.empty()
            ? cose_integer(e.number)
            : cbor_build_bytestring(reinterpret_cast<cbor_data>(e.bytes.data()), e.bytes.size());
    cbor_map_add(map, {cbor_move(cose_integer(e.label)), cbor_move(value)});
  }
  unsigned char* buffer = nullptr;
  std::size_t allocated = 0;
  const std::size_t size = cbor_serialize_alloc(map, &buffer, &allocated);
  std::string out(reinterpret_cast<const char*>(buffer), size);
  std::free(buffer);
  cbor_decref(&map);
  return out;
}

TEST(cose_key, the_recorded_keys_are_read_with_their_algorithms) {
  for (const auto& name : testing::all_recordings) {
    const auto r = testing::load_recording(name);
    const auto algorithm = check_cose_key(testing::stored_passkey(r).public_key_cose);
    ASSERT_TRUE(algorithm) << name << ": " << code(algorithm.error());
    EXPECT_EQ(static_cast<std::int64_t>(*algorithm), r.algorithm) << name;
  }
}

TEST(cose_key, other_algorithms_and_curves_are_unsupported) {
  const std::string x(32, '\x01'), y(32, '\x02');
  // ES384 (alg -35) on P-384.
  EXPECT_EQ(
      check_cose_key(
          cose_map(
              {{1, 2}, {3, -35}, {-1, 2}, {-2, std::string(48, 'x')}, {-3, std::string(48, 'y')}}))
          .error(),
      webauthn_error::unsupported_algorithm);
  // ES256 named on another curve, EdDSA on Ed448.
  EXPECT_EQ(check_cose_key(cose_map({{1, 2}, {3, -7}, {-1, 2}, {-2, x}, {-3, y}})).error(),
            webauthn_error::unsupported_algorithm);
  EXPECT_EQ(
      check_cose_key(cose_map({{1, 1}, {3, -8}, {-1, 7}, {-2, std::string(57, 'x')}})).error(),
      webauthn_error::unsupported_algorithm);
  // RS256 with a 1024-bit modulus.
  EXPECT_EQ(check_cose_key(cose_map({{1, 3},
                                     {3, -257},
                                     {-1, std::string(128, '\xc5')},
                                     {-2, std::string("\x01\x00\x01", 3)}}))
                .error(),
            webauthn_error::unsupported_algorithm);
}

TEST(cose_key, broken_keys_are_malformed) {
  // Missing y; x of the wrong size; a point that is not on P-256; no algorithm at all.
  EXPECT_EQ(
      check_cose_key(cose_map({{1, 2}, {3, -7}, {-1, 1}, {-2, std::string(32, 'x')}})).error(),
      webauthn_error::malformed);
  EXPECT_EQ(
      check_cose_key(
          cose_map(
              {{1, 2}, {3, -7}, {-1, 1}, {-2, std::string(31, 'x')}, {-3, std::string(32, 'y')}}))
          .error(),
      webauthn_error::malformed);
  EXPECT_EQ(check_cose_key(cose_map({{1, 2},
                                     {3, -7},
                                     {-1, 1},
                                     {-2, std::string(32, '\x01')},
                                     {-3, std::string(32, '\x02')}}))
                .error(),
            webauthn_error::malformed);
  EXPECT_EQ(check_cose_key(cose_map({{1, 2}})).error(), webauthn_error::malformed);
  // A key followed by one more byte.
  const auto r = testing::load_recording("es256_none");
  EXPECT_EQ(check_cose_key(testing::stored_passkey(r).public_key_cose + '\0').error(),
            webauthn_error::malformed);
}

}  // namespace
}  // namespace crownhall::accounts
