// server: the whole `crownhall serve` in one object — HTTP, WebSocket, lobby, tables —
// runnable in-process (tests bind port 0). No Asio or Beast in this header.
#pragma once

#include <cstdint>
#include <memory>

#include "server/config.hpp"
#include "server/metrics.hpp"

namespace crownhall::server {

class server {
 public:
  explicit server(server_config config);
  ~server();
  server(const server&) = delete;
  server& operator=(const server&) = delete;

  // Binds and listens; returns the port (the chosen one when config.port is 0). Throws
  // std::runtime_error when the address cannot be bound.
  std::uint16_t start();
  // Serves on config.threads threads until stop() has closed everything; blocks.
  void run();
  // Stops accepting, sends `shutdown` to every client, closes each connection once its
  // queued messages are written. From any thread; returns at once.
  void stop();
  // Also stops on SIGINT and SIGTERM (the `serve` command): drains first for
  // config.drain_ms (docs/hosting.md, "Stopping"); a second signal stops at once.
  void stop_on_signals();

  std::uint16_t port() const;
  const server_metrics& metrics() const;
  const server_config& config() const;

 private:
  void wait_for_signal();

  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace crownhall::server
