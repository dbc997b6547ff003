// paging: the interface's page bounds as SQL parameters, the same in both stores. Internal
// to the stores.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

namespace crownhall::store::detail {

// A LIMIT: SIZE_MAX ("all") would wrap to -1, which SQLite reads as no limit and PostgreSQL
// refuses.
inline std::int64_t limit_param(std::size_t limit) {
  constexpr auto most = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
  return static_cast<std::int64_t>(limit < most ? limit : most);
}

// An id bound for `id < ?`: 0 is "from the newest", so that one plain range serves both
// (and the primary key's index serves it, with no OR in the statement).
inline std::int64_t before_param(std::int64_t before_id) {
  return before_id == 0 ? std::numeric_limits<std::int64_t>::max() : before_id;
}

}  // namespace crownhall::store::detail
