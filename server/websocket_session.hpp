// websocket_session: one WebSocket client. Reads frames, checks size and rate, decodes
// them with the protocol library and hands each request to its session, the lobby or its
// table; writes one frame at a time from a queue of shared, once-serialized messages.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "protocol/client_messages.hpp"
#include "server/connection_link.hpp"
#include "server/node_router.hpp"
#include "server/rate_limiter.hpp"
#include "server/shared_state.hpp"

namespace crownhall::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;

class websocket_session : public connection_link,
                          public live_connection,
                          public routed_connection,
                          public std::enable_shared_from_this<websocket_session> {
 public:
  websocket_session(beast::tcp_stream&& stream, shared_state& state);
  ~websocket_session() override;

  // Accepts the upgrade `req`; `refuse_full`: accept only to say server_full and close.
  void run(http::request<http::string_body> req, bool refuse_full);

  void deliver(message_ptr text, message_kind kind) override;
  void close_after_flush(std::uint16_t code, std::string reason) override;
  void shut_down() override;

  void from_owner(const std::string& owner, message_ptr text, message_kind kind) override;
  void closed_by_owner(const std::string& owner, std::uint16_t code, std::string reason) override;
  void tables_moved(std::shared_ptr<const std::unordered_set<std::string>> table_ids,
                    const std::string& owner) override;

 private:
  void on_accept(beast::error_code ec);
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void on_frame(std::string_view frame);
  nlohmann::json frame_id() const;
  void on_control(websocket::frame_type kind);
  void dispatch(protocol::request r, std::string_view frame);
  bool routed(const protocol::request& r, std::string_view frame);
  void forward(std::string_view frame, const nlohmann::json& id);
  void leave_route(bool leave_table);
  void come_home();
  void on_hello(protocol::hello& m, const nlohmann::json& id);
  void send(message_ptr text, message_kind kind = message_kind::other);
  void refuse(protocol::error code, std::string_view reason, const nlohmann::json& id);
  void do_write();
  void on_write(beast::error_code ec, std::size_t bytes);
  void start_close();
  void finish();

  struct queued {
    message_ptr text;
    message_kind kind;
  };

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  shared_state& state_;
  std::vector<queued> queue_;  // front is being written while writing_
  bool writing_ = false;
  bool accepted_ = false;
  bool closing_ = false;  // no more reads are handled; close once the queue is written
  bool close_sent_ = false;
  bool finished_ = false;
  bool counted_ = false;
  websocket::close_reason close_reason_;
  rate_limiter rate_;
  std::shared_ptr<player> player_;
  bool subscribed_ = false;
  // Several nodes: this connection's table on another node (node_router); on the strand.
  struct route {
    std::string table;
    std::string owner;  // empty: between owners (the table is being taken over)
  };
  route route_;
  std::uint64_t conn_ = 0;  // its number for the router
  std::string remote_;
};

}  // namespace crownhall::server
