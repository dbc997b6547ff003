#include "server/accounts/cbor_item.hpp"

#include <cstring>
#include <vector>

namespace crownhall::accounts {

namespace {

// What the last header read by the streaming decoder opened or closed.
enum class cbor_header { leaf, definite, indefinite, stop, tag };

struct cbor_scan {
  cbor_header header = cbor_header::leaf;
  std::uint64_t entries = 0;  // items inside a definite array or map
};

void on_array(void* scan, std::size_t size) {
  auto* s = static_cast<cbor_scan*>(scan);
  s->header = cbor_header::definite;
  s->entries = size;
}
void on_map(void* scan, std::size_t size) {
  auto* s = static_cast<cbor_scan*>(scan);
  s->header = cbor_header::definite;
  // Keys and values: saturates rather than wraps for a hostile size.
  s->entries = size > SIZE_MAX / 2 ? SIZE_MAX : size * 2;
}
void on_indefinite(void* scan) { static_cast<cbor_scan*>(scan)->header = cbor_header::indefinite; }
void on_break(void* scan) { static_cast<cbor_scan*>(scan)->header = cbor_header::stop; }
void on_tag(void* scan, std::uint64_t) { static_cast<cbor_scan*>(scan)->header = cbor_header::tag; }

cbor_callbacks scan_callbacks() {
  cbor_callbacks c = cbor_empty_callbacks;
  c.array_start = on_array;
  c.map_start = on_map;
  c.indef_array_start = on_indefinite;
  c.indef_map_start = on_indefinite;
  c.byte_string_start = on_indefinite;
  c.string_start = on_indefinite;
  c.indef_break = on_break;
  c.tag = on_tag;
  return c;
}

// Walks the headers of the item at the front of `bytes` without building it, to its last
// entry; the bytes it spans, or 0 if it is malformed, too deep, or cut short (a container
// declaring more entries than follow it). libcbor reserves room for a container's declared
// entries when it reads its header, so it must only see containers whose entries are there.
std::size_t scan_cbor_item(std::string_view bytes) {
  static const cbor_callbacks callbacks = scan_callbacks();
  constexpr std::uint64_t open_ended = UINT64_MAX;
  std::vector<std::uint64_t> open;  // entries still expected by each open container
  std::size_t offset = 0;
  for (;;) {
    cbor_scan scan;
    const auto r = cbor_stream_decode(reinterpret_cast<cbor_data>(bytes.data() + offset),
                                      bytes.size() - offset, &callbacks, &scan);
    if (r.status != CBOR_DECODER_FINISHED || r.read == 0) return 0;
    offset += r.read;
    bool item_done = false;
    switch (scan.header) {
      case cbor_header::leaf:
        item_done = true;
        break;
      case cbor_header::tag:
        break;  // the tagged item follows
      case cbor_header::definite:
        if (scan.entries == 0) {
          item_done = true;
        } else {
          if (open.size() >= max_cbor_depth) return 0;
          open.push_back(scan.entries);
        }
        break;
      case cbor_header::indefinite:
        if (open.size() >= max_cbor_depth) return 0;
        open.push_back(open_ended);
        break;
      case cbor_header::stop:
        if (open.empty() || open.back() != open_ended) return 0;
        open.pop_back();
        item_done = true;
        break;
    }
    while (item_done) {
      if (open.empty()) return offset;
      if (open.back() == open_ended) break;
      if (--open.back() != 0) break;
      open.pop_back();  // the container is complete: one item of its parent
    }
  }
}

}  // namespace

cbor_ptr load_cbor_item(std::string_view bytes, std::size_t* read) {
  const std::size_t span = scan_cbor_item(bytes);
  if (span == 0) return nullptr;
  cbor_load_result result{};
  cbor_ptr item(cbor_load(reinterpret_cast<cbor_data>(bytes.data()), span, &result));
  if (!item || result.error.code != CBOR_ERR_NONE || result.read != span) return nullptr;
  *read = span;
  return item;
}

const cbor_item_t* cbor_map_value(const cbor_item_t* map, std::int64_t key) {
  if (!map || !cbor_isa_map(map)) return nullptr;
  const cbor_pair* pairs = cbor_map_handle(map);
  for (std::size_t i = 0; i < cbor_map_size(map); ++i) {
    const auto k = cbor_integer(pairs[i].key);
    if (k && *k == key) return pairs[i].value;
  }
  return nullptr;
}

const cbor_item_t* cbor_map_value(const cbor_item_t* map, std::string_view key) {
  if (!map || !cbor_isa_map(map)) return nullptr;
  const cbor_pair* pairs = cbor_map_handle(map);
  for (std::size_t i = 0; i < cbor_map_size(map); ++i) {
    const auto k = cbor_text(pairs[i].key);
    if (k && *k == key) return pairs[i].value;
  }
  return nullptr;
}

std::optional<std::int64_t> cbor_integer(const cbor_item_t* item) {
  if (!item) return std::nullopt;
  const bool negative = cbor_isa_negint(item);
  if (!negative && !cbor_isa_uint(item)) return std::nullopt;
  const std::uint64_t v = cbor_get_int(item);
  if (v > static_cast<std::uint64_t>(INT64_MAX)) return std::nullopt;
  // CBOR's negative integer n stands for -1 - n.
  return negative ? -1 - static_cast<std::int64_t>(v) : static_cast<std::int64_t>(v);
}

std::optional<std::string_view> cbor_byte_string(const cbor_item_t* item) {
  if (!item || !cbor_isa_bytestring(item) || !cbor_bytestring_is_definite(item))
    return std::nullopt;
  return std::string_view(reinterpret_cast<const char*>(cbor_bytestring_handle(item)),
                          cbor_bytestring_length(item));
}

std::optional<std::string_view> cbor_text(const cbor_item_t* item) {
  if (!item || !cbor_isa_string(item) || !cbor_string_is_definite(item)) return std::nullopt;
  return std::string_view(reinterpret_cast<const char*>(cbor_string_handle(item)),
                          cbor_string_length(item));
}

}  // namespace crownhall::accounts
