// A fresh data directory for a benchmark (CROWNHALL_BENCH_DIR chooses the file system, the
// system's temporary directory by default), and opening a store there or aborting.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "server/store/sqlite_store.hpp"

namespace crownhall::store::bench {

class bench_dir {
 public:
  bench_dir() {
    const char* base = std::getenv("CROWNHALL_BENCH_DIR");
    std::string pattern =
        ((base ? std::filesystem::path(base) : std::filesystem::temp_directory_path()) /
         "crownhall-store-bench-XXXXXX")
            .string();
    if (!::mkdtemp(pattern.data())) std::abort();
    path_ = pattern;
  }
  ~bench_dir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline std::unique_ptr<sqlite_store> open_or_die(const std::filesystem::path& dir,
                                                 sqlite_options o = {}) {
  auto s = sqlite_store::open(dir, o);
  if (!s.ok()) {
    std::fprintf(stderr, "open: %s\n", s.error().c_str());
    std::abort();
  }
  return std::move(*s);
}

}  // namespace crownhall::store::bench
