// table_requests: what a person's requests do at tables (join_table, leave_table, a new
// name, and every request for the table they sit at), the same for a WebSocket on this node
// and for a connection another node routes here (node_router: its table is on this node).
#pragma once

#include <functional>
#include <memory>
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol/client_messages.hpp"

namespace crownhall::server {

class player;
class shared_state;

// Answers a request with an error, on the connection it came from.
using refuse_fn =
    std::function<void(protocol::error code, std::string_view reason, const nlohmann::json& id)>;

// True for the requests handle_table_request answers; the others (hello, ping, the lobby,
// create_table) belong to the connection itself.
bool is_table_request(const protocol::request& r);

// Runs `r` for session `p`: at the table it names or sits at, which answers it (an ack when
// it had an id) through `p`'s connection; `refuse` answers what no table can take.
void handle_table_request(shared_state& state, const std::shared_ptr<player>& p,
                          protocol::request r, const refuse_fn& refuse);

}  // namespace crownhall::server
