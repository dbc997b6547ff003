// dir_lock: one process at a time on a data directory. Internal to the SQLite store and its
// backups: two servers on one data directory would each believe they own its tables, and a
// restore under a running server would pull the tables from under it.
#pragma once

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

namespace crownhall::store::detail {

// The lock's file inside a data directory.
inline std::filesystem::path lock_file(const std::filesystem::path& data_dir) {
  return data_dir / "crownhall.lock";
}

// An exclusive lock on a data directory's lock file for the life of the object.
class dir_lock {
 public:
  dir_lock() = default;
  dir_lock(const dir_lock&) = delete;
  dir_lock& operator=(const dir_lock&) = delete;
  ~dir_lock() {
    if (fd_ >= 0) ::close(fd_);
  }
  // Empty once held, else why not.
  std::string acquire(const std::filesystem::path& file) {
    fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd_ < 0) return "cannot open " + file.string() + ": " + std::strerror(errno);
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0)
      return errno == EWOULDBLOCK
                 ? "data directory is in use by another crownhall process (" + file.string() + ")"
                 : "cannot lock " + file.string() + ": " + std::strerror(errno);
    return {};
  }

 private:
  int fd_ = -1;
};

}  // namespace crownhall::store::detail
