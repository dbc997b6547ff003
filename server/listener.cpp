#include "server/listener.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include "server/http_session.hpp"

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
        } else if (self->state_.connection_count() >= self->state_.config.max_connections + 64) {
          // Far past the cap: not even an HTTP answer.
          boost::system::error_code ignored;
          socket.close(ignored);
        } else {
          socket.set_option(net::ip::tcp::no_delay(true), ec);
          std::make_shared<http_session>(std::move(socket), self->state_)->run();
        }
        if (!self->state_.stopping) self->do_accept();
      });
}

}  // namespace crownhall::server
