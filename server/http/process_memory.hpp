// process_memory: the resident set size of this process, from /proc/self/statm (Linux),
// for /metrics and the admin page.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <fstream>

namespace crownhall::server {

inline std::uint64_t resident_memory_bytes() {
  std::ifstream in("/proc/self/statm");
  std::uint64_t pages = 0, resident = 0;
  in >> pages >> resident;
  return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

}  // namespace crownhall::server
