// listener: accepts TCP connections and starts an http_session for each, refusing
// outright beyond the connection cap's margin.
#pragma once

#include <memory>

#include <boost/asio/ip/tcp.hpp>

#include "server/shared_state.hpp"

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

  shared_state& state_;
  net::ip::tcp::acceptor acceptor_;
  std::uint16_t port_ = 0;
};

}  // namespace crownhall::server
