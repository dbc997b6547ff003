// cbor_item: libcbor behind a few safe calls, for this folder's .cpp files only (the public
// headers name no libcbor type). Everything a browser sends in CBOR (attestation objects,
// COSE keys, extensions) is small and shallow, so an item that is deep or that declares
// more entries than follow it is refused before libcbor allocates for it.
#pragma once

#include <cbor.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

namespace crownhall::accounts {

struct cbor_release {
  void operator()(cbor_item_t* item) const { cbor_decref(&item); }
};
using cbor_ptr = std::unique_ptr<cbor_item_t, cbor_release>;

// The deepest nesting accepted: an attestation object is three levels deep (x5c's array of
// certificates inside attStmt inside the object), a COSE key two.
inline constexpr int max_cbor_depth = 8;

// The one CBOR item at the front of `bytes`; `*read` is set to the bytes it took. nullptr
// if the front is not one well-formed item within the limits above.
cbor_ptr load_cbor_item(std::string_view bytes, std::size_t* read);

// A map's value under an integer key (COSE) or a text key (attestation objects); nullptr
// when absent or when `map` is no map.
const cbor_item_t* cbor_map_value(const cbor_item_t* map, std::int64_t key);
const cbor_item_t* cbor_map_value(const cbor_item_t* map, std::string_view key);

// An integer item's value (COSE labels and algorithms are small, negative ones too).
std::optional<std::int64_t> cbor_integer(const cbor_item_t* item);
// A definite byte string's or text string's bytes, pointing into `item`.
std::optional<std::string_view> cbor_byte_string(const cbor_item_t* item);
std::optional<std::string_view> cbor_text(const cbor_item_t* item);

}  // namespace crownhall::accounts
