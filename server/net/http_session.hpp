// http_session: one HTTP connection — static files of the web client, GET /healthz, the
// JSON APIs (api_http, admin_api, account_api), and the upgrade to a websocket_session at /ws
// (Origin and connection cap checked first). A header over 8 KiB is answered 431 and closed.
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "protocol/error_codes.hpp"
#include "server/http/api_http.hpp"
#include "server/lobby/shared_state.hpp"

namespace crownhall::server {

namespace beast = boost::beast;
namespace http = beast::http;

class http_session : public live_connection, public std::enable_shared_from_this<http_session> {
 public:
  // Where the listener put the connection (docs/server.md, "Limits per address").
  enum class place : std::uint8_t {
    normal,
    // Past --max-connections: health checks, /metrics, the admin and the client's files
    // only, one answer, then closed; anything else is told the server is full.
    reserve,
    // Past its address's cap: every request is refused (429, or too_many_connections).
    over_address_cap,
  };

  http_session(net::ip::tcp::socket&& socket, shared_state& state, place where,
               address_limits::ticket held);
  ~http_session() override;
  void run();
  void shut_down() override;

 private:
  void do_read();
  void read_header();
  void refuse_header();  // 431, then closed
  void linger();
  void drop_input();
  void on_read(beast::error_code ec, std::size_t bytes);
  void upgrade();
  // The address the limits count this request under: the peer, or the client a trusted
  // proxy names.
  std::string client_key() const;
  bool stays_open() const;  // keep-alive: a normal place's request that asks for it
  void refuse_busy(http::status status, unsigned version, std::string_view body,
                   int retry_after_seconds, protocol::error counted);
  // The admin API answers later when it asks a table, the coach when its search is done, a
  // player's history when the store has read it: the response is written from their
  // completion, posted back to this connection's strand.
  void answer_admin();
  void answer_coach();
  void answer_account();
  void answer_from_store();
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
  bool awaiting_answer_ = false;    // an admin, coach or history request is being answered
  bool lingering_ = false;          // the answer is a refusal: closed after it (linger)
  std::string authorization_;       // the request's Authorization as sent (field_as_sent)
  const place place_;
  address_limits::ticket ticket_;  // this connection, counted for its address
  std::string peer_;               // the peer's address

  static constexpr std::size_t max_header_bytes = 8 * 1024;
};

}  // namespace crownhall::server
