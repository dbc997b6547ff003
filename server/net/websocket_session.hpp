// websocket_session: one WebSocket client. Reads frames, checks size and rate, decodes
// them with the protocol library and hands each request to its session, the lobby or its
// table; writes one frame at a time from a queue of shared, once-serialized messages.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "protocol/client_messages.hpp"
#include "server/cluster/node_router.hpp"
#include "server/cluster/table_home_lookups.hpp"
#include "server/connection_link.hpp"
#include "server/lobby/guest_arrival.hpp"
#include "server/lobby/shared_state.hpp"
#include "server/net/rate_limiter.hpp"

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

  // Accepts the upgrade `req`; with `refused` (server_full, too_many_connections) only to
  // say so and close. `client`: the address its new sessions and tables count for;
  // `held`: this connection, counted for that address while it lives.
  void run(http::request<http::string_body> req, std::optional<protocol::refusal> refused,
           std::string client, address_limits::ticket held);

  void deliver(message_ptr text, message_kind kind) override;
  void close_after_flush(std::uint16_t code, std::string reason) override;
  void shut_down() override;

  void from_owner(const std::string& owner, message_ptr text, message_kind kind) override;
  void closed_by_owner(const std::string& owner, std::uint16_t code, std::string reason) override;
  void tables_moved(std::shared_ptr<const std::unordered_set<std::string>> table_ids,
                    const std::string& owner) override;
  bool follow_table(const std::string& table_id, const std::string& owner) override;
  std::string client_key() const override { return client_; }

 private:
  void on_accept(beast::error_code ec);
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void on_frame(std::string_view frame);
  nlohmann::json frame_id() const;
  void on_control(websocket::frame_type kind);
  void dispatch(protocol::request r, std::string_view frame);
  // A request served on this node: the lobby, a new table, or a table of this node's.
  void dispatch_here(protocol::request r);
  // "Play this deal again": the finished game's record is read and its deal claimed in the
  // store, off this connection's thread.
  void open_repeat(protocol::create_table m, const nlohmann::json& id);
  // Where a table lives, as the store answered for `key` (table_home_lookups).
  struct home_answer {
    std::string key;
    table_home_lookups::answer home;
  };
  bool routed(const protocol::request& r, std::string_view frame,
              const home_answer* found = nullptr);
  void look_up_home(const std::string& key, const protocol::request& r, std::string_view frame);
  // `from_client`: `frame` is the client's request as sent (handed back to be sent again when
  // Redis is away).
  void forward(std::string_view frame, const nlohmann::json& id, bool from_client = false);
  void owner_unreachable(const std::string& owner, const nlohmann::json& id,
                         const std::string& request, bool redis_down);
  void owner_gone_or_away(const std::string& owner, const nlohmann::json& id,
                          const std::string& request, bool redis_down);
  // routing_unavailable: `request` (as the client sent it) is to be sent again shortly.
  void refuse_for_now(const nlohmann::json& id, std::string_view request);
  void leave_route(bool leave_table);
  void come_home();
  void on_hello(protocol::hello& m, const nlohmann::json& id);
  // The arrival worked out for `hello`: the welcome, or its refusal.
  void welcome(guest_arrival a, const std::optional<std::string>& browser,
               const nlohmann::json& id);
  void send(message_ptr text, message_kind kind = message_kind::other);
  void refuse(protocol::error code, std::string_view reason, const nlohmann::json& id,
              std::optional<std::int64_t> retry_ms = std::nullopt);
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
  // A request waiting for the store to say where its table is: the next frame is read
  // once it has been handled.
  struct waiting_request {
    protocol::request request;
    std::string frame;
  };
  bool awaiting_home_ = false;
  bool arriving_ = false;  // a hello waits on the store (on_hello)
  bool opening_ = false;   // a repeated deal's table waits on the store (open_repeat)
  // The next frame is read once no request of this connection waits on the store.
  bool waits_on_store() const { return awaiting_home_ || arriving_ || opening_; }
  std::uint64_t conn_ = 0;  // its number for the router
  std::string remote_;
  std::string client_;             // address_limits' key
  address_limits::ticket ticket_;  // counted for client_ (or the peer) until destroyed
};

}  // namespace crownhall::server
