// A synchronous WebSocket client for the server tests, and an in-process server on an
// ephemeral port. Beast stays in test_client.cpp.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/config.hpp"
#include "server/server.hpp"

namespace crownhall::testing {

using json = nlohmann::json;
using namespace std::chrono_literals;

// The test configuration: port 0, bots without delay, quiet logs.
server::server_config test_config();

// A fresh directory under the system's temporary one (a server's data), removed at the end.
struct temp_dir {
  std::filesystem::path path;
  explicit temp_dir(std::string_view purpose = "data");
  ~temp_dir();
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
};

// The test configuration keeping its tables and records in `data` (restarts, history).
server::server_config durable_config(const temp_dir& data);

// A server running in this process on 127.0.0.1 and a free port, stopped on destruction.
class test_server {
 public:
  explicit test_server(server::server_config config = test_config());
  ~test_server();
  std::uint16_t port() const { return port_; }
  server::server& get() { return *server_; }
  // Stops and waits for run() to return; true if it returned within `limit`.
  bool stop(std::chrono::milliseconds limit = 10s);

 private:
  std::unique_ptr<server::server> server_;
  std::thread thread_;
  std::uint16_t port_ = 0;
  bool stopped_ = false;
};

// Thrown when a message does not arrive in time or the connection closed.
struct client_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// How a test_client connects: `origin` adds an Origin header; `host` replaces the Host
// header (127.0.0.1:port); `from` is the local address to connect from (any of 127.0.0.0/8,
// so that the server sees another client); `headers` go into the upgrade request.
struct connect_options {
  std::string origin{};
  std::string host{};
  std::string from{};
  std::vector<std::pair<std::string, std::string>> headers{};
};

class test_client {
 public:
  // Connects to ws://127.0.0.1:port/ws.
  explicit test_client(std::uint16_t port, std::string origin = {}, std::string host = {});
  test_client(std::uint16_t port, const connect_options& how);
  ~test_client();
  test_client(test_client&&) noexcept;

  void send(const json& j);
  void send_text(std::string_view text);
  void send_binary(std::string_view bytes);
  // A WebSocket ping frame (the pong is answered by the stream, never returned).
  void send_ping(std::string_view payload = {});

  // The next message (throws client_error on timeout or close).
  json next(std::chrono::milliseconds timeout = 5s);
  // The next message for which `pred` holds; others are kept in `skipped`.
  json next_where(const std::function<bool(const json&)>& pred,
                  std::chrono::milliseconds timeout = 5s);
  json next_of(std::string_view type, std::chrono::milliseconds timeout = 5s);
  // The next `error` message (any other is skipped).
  json next_error(std::chrono::milliseconds timeout = 5s) { return next_of("error", timeout); }
  // The next `table` message for which `pred` holds (the latest one already read when it
  // holds for it); without `pred`, the latest table message not yet returned.
  json next_table(const std::function<bool(const json&)>& pred = nullptr,
                  std::chrono::milliseconds timeout = 5s);

  // Sends hello with a name; returns the welcome.
  json hello(const std::string& name);
  json resume_session(const std::string& token);
  // Sends `j` with a fresh id and waits for its ack (or throws with the error).
  json request(json j, std::chrono::milliseconds timeout = 5s);
  // Sends `j` with a fresh id and returns the error that answers it (throws on ack).
  json expect_error(json j, std::chrono::milliseconds timeout = 5s);

  // Waits for the connection to close; returns the close code (throws on timeout).
  int wait_closed(std::chrono::milliseconds timeout = 5s);
  bool is_open() const;
  void close();

  // Every message received, in order.
  const std::vector<std::string>& received() const { return received_; }
  // The latest table message seen.
  const json& last_table() const { return last_table_; }

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
  std::vector<std::string> received_;
  std::vector<json> pending_;  // read but not yet returned
  json last_table_;
  bool fresh_table_ = false;  // last_table_ has not been returned by next_table yet
  int next_id_ = 1;

 public:
  std::string last_error_;  // why the connection ended, when it did
  std::optional<json> read_one(std::chrono::milliseconds timeout);
};

// The first `table` message of a started game, for this client.
json first_view(test_client& c);

struct http_reply {
  int status = 0;  // 0: the server closed without answering
  std::string content_type;
  std::string retry_after;
  std::string body;
};
// One HTTP/1.1 GET (or `method`, with `body`) to 127.0.0.1:port.
http_reply http_get(std::uint16_t port, const std::string& target,
                    const std::vector<std::pair<std::string, std::string>>& headers = {},
                    const std::string& method = "GET", const std::string& body = {});

// `request` written to 127.0.0.1:port byte for byte, as a browser never would; the answer's
// header and body (a 101's header only). `from`: the local address to connect from (any of
// 127.0.0.0/8), so that the server sees another client.
http_reply raw_http(std::uint16_t port, std::string_view request, const std::string& from = {});

// `count` TCP connections from `from` that never send a byte: each holds a place at the
// server until this is destroyed.
class idle_connections {
 public:
  idle_connections(std::uint16_t port, const std::string& from, int count);
  ~idle_connections();

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

// --- Games over the wire ------------------------------------------------------------------

// clients[0] creates a table (`create` is merged into the create_table message), the others
// join in order and say ready; returns the first table message of clients[0] (with the id).
json open_table(const std::vector<test_client*>& players, const json& create = json::object());
// The host starts; waits until every player has seen the game start.
void start_game(const std::vector<test_client*>& players);
// Brings every client to the newest sequence number any of them has seen.
std::uint64_t sync_tables(const std::vector<test_client*>& clients);
// Plays the game to its end: each step, a seat that may act chooses a random legal action
// (`choose` may pick instead). `watchers` (spectators) are kept in step too. Returns the
// number of actions sent.
int play_to_end(const std::vector<test_client*>& players, std::uint64_t seed,
                const std::vector<test_client*>& watchers = {}, int max_actions = 100000);
// Plays games 0..games-1 on `threads` threads at once (`play(g)` plays game g, throwing when
// it cannot finish it); returns one line per game that failed: "game g failed: why".
std::vector<std::string> play_games_at_once(int games, int threads,
                                            const std::function<void(int)>& play);

}  // namespace crownhall::testing
