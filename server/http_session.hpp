// http_session: one HTTP connection — static files of the web client, GET /healthz, the
// JSON APIs (api_http, admin_api), and the upgrade to a websocket_session at /ws (Origin
// and connection cap checked first).
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "server/api_http.hpp"
#include "server/shared_state.hpp"

namespace crownhall::server {

namespace beast = boost::beast;
namespace http = beast::http;

class http_session : public live_connection, public std::enable_shared_from_this<http_session> {
 public:
  http_session(net::ip::tcp::socket&& socket, shared_state& state);
  ~http_session() override;
  void run();
  void shut_down() override;

 private:
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void upgrade();
  // The admin API answers later when it asks a table, the coach when its search is done:
  // the response is written from their completion, posted back to this connection's strand.
  void answer_admin();
  void answer_coach();
  std::function<void(api_response)> answer_later();
  template <class Response>
  void write(Response&& res);
  void on_write(bool keep_alive, beast::error_code ec, std::size_t bytes);
  void close();

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  shared_state& state_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::shared_ptr<void> response_;  // the response being written
  bool awaiting_answer_ = false;    // an admin or coach request is being answered
};

}  // namespace crownhall::server
