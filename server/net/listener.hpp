// listener: accepts TCP connections and starts an http_session for each, in its place: within
// the connection cap, in the reserve past it, or past its address's cap (docs/server.md,
// "Limits per address"); closed unanswered beyond those.
#pragma once

#include <memory>

#include <boost/asio/ip/tcp.hpp>

#include "server/lobby/shared_state.hpp"

namespace crownhall::server {

class listener : public std::enable_shared_from_this<listener> {
 public:
  // Binds and listens; throws boost::system::system_error on failure.
  listener(shared_state& state, const net::ip::tcp::endpoint& endpoint);
  void run();
  void stop();
  std::uint16_t port() const { return port_; }

 private:
  void do_accept();
  void admit(net::ip::tcp::socket socket);

  // Places past --max-connections that only health checks, /metrics and the admin get.
  static constexpr std::size_t reserved_places = 64;

  shared_state& state_;
  net::ip::tcp::acceptor acceptor_;
  std::uint16_t port_ = 0;
};

}  // namespace crownhall::server
