// Fuzz target: one WebSocket text frame from a stranger, as the server reads it. The
// decoder must refuse anything that is not a valid request with a code and a reason, and
// never crash, hang or read out of bounds; a name it accepts is clean.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "protocol/client_messages.hpp"

namespace p = crownhall::protocol;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view frame(reinterpret_cast<const char*>(data), size);
  auto r = p::decode(frame);
  if (!r) {
    if (r.failure().reason.empty()) __builtin_trap();  // every refusal says why
  } else if (auto* h = std::get_if<p::hello>(&r->message); h && h->name) {
    // A name the decoder kept is already in its clean form.
    if (p::clean_name(*h->name) != h->name) __builtin_trap();
  }
  // The id a rate-limited refusal echoes is read from the same bytes.
  const p::json id = p::request_id(frame);
  if (!id.is_null() && !id.is_string() && !id.is_number_integer()) __builtin_trap();
  (void)p::clean_name(frame);
  return 0;
}
