#include "server/net/listener.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include "server/net/http_session.hpp"

namespace crownhall::server {

listener::listener(shared_state& state, const net::ip::tcp::endpoint& endpoint)
    : state_(state), acceptor_(net::make_strand(state.ioc)) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
  port_ = acceptor_.local_endpoint().port();
}

void listener::run() { do_accept(); }

void listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::system::error_code ec;
    self->acceptor_.close(ec);
  });
}

void listener::do_accept() {
  acceptor_.async_accept(
      net::make_strand(state_.ioc),
      [self = shared_from_this()](boost::system::error_code ec, net::ip::tcp::socket socket) {
        if (ec == net::error::operation_aborted || !self->acceptor_.is_open()) return;
        if (ec) {
          // Out of file descriptors, most likely: log, then go on accepting.
          spdlog::warn("accept: {}", ec.message());
        } else {
          self->admit(std::move(socket));
        }
        if (!self->state_.stopping) self->do_accept();
      });
}

void listener::admit(net::ip::tcp::socket socket) {
  boost::system::error_code ec;
  const std::size_t open = state_.connection_count();
  const auto peer = socket.remote_endpoint(ec);
  // Far past the cap, the reserve taken too: not even an HTTP answer.
  if (ec || open >= state_.config.max_connections + reserved_places) {
    socket.close(ec);
    return;
  }
  const bool full = open >= state_.config.max_connections;
  auto place = full ? http_session::place::reserve : http_session::place::normal;
  address_limits::ticket held;
  const std::string address = peer.address().to_string();
  // A trusted proxy's connections are counted by the client it names, at the upgrade.
  if (!in_any(address, state_.trusted_proxies)) {
    auto admitted = state_.limits->open_connection(limit_key(address), full);
    if (admitted.is == address_limits::verdict::drop) {
      socket.close(ec);
      return;
    }
    if (admitted.is == address_limits::verdict::refuse)
      place = http_session::place::over_address_cap;
    held = std::move(admitted.held);
  }
  socket.set_option(net::ip::tcp::no_delay(true), ec);
  std::make_shared<http_session>(std::move(socket), state_, place, std::move(held))->run();
}

}  // namespace crownhall::server
