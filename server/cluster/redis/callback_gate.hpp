// callback_gate: runs the caller's callbacks until it is closed, and never after. close()
// waits for a callback running on another thread to return, so once it returns nothing more
// runs; it may be called from inside a callback (the mutex is recursive). Internal.
#pragma once

#include <exception>
#include <mutex>
#include <utility>

#include <spdlog/spdlog.h>

namespace crownhall::redis {

class callback_gate {
 public:
  template <class Callback>
  void run(Callback&& callback) {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    // Callbacks are called from hiredis's C code, which an exception must not cross.
    try {
      std::forward<Callback>(callback)();
    } catch (const std::exception& e) {
      spdlog::error("redis: a callback threw: {}", e.what());
    } catch (...) {
      spdlog::error("redis: a callback threw");
    }
  }

  // True the first time only.
  bool close() {
    std::lock_guard lock(mutex_);
    return !std::exchange(closed_, true);
  }

  bool closed() const {
    std::lock_guard lock(mutex_);
    return closed_;
  }

 private:
  mutable std::recursive_mutex mutex_;
  bool closed_ = false;
};

}  // namespace crownhall::redis
