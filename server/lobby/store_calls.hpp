// store_calls: a few threads where a connection's request waits on the database. A person
// arriving or opening another node's table waits for the store's answer; nobody else does:
// a database slow to answer holds up that person's request alone, never the pings and
// moves of the other connections served by the same I/O thread.
#pragma once

#include <functional>
#include <memory>

namespace crownhall::server {

class store_calls {
 public:
  // `threads`: calls that may wait on the database at once.
  explicit store_calls(int threads);
  // Waits for every call posted and not dropped by stop(): a closing connection's last word
  // to the store is kept at shutdown too.
  ~store_calls();
  store_calls(const store_calls&) = delete;
  store_calls& operator=(const store_calls&) = delete;

  // Runs `call` on one of the threads (the caller posts its answer back to its own
  // executor); from any thread.
  void post(std::function<void()> call);
  // No new call starts; those waiting are dropped.
  void stop();

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace crownhall::server
