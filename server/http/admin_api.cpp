#include "server/http/admin_api.hpp"

#include <algorithm>
#include <charconv>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "protocol/server_messages.hpp"
#include "server/cluster/node_presence.hpp"
#include "server/connection_link.hpp"
#include "server/http/admin_auth.hpp"
#include "server/http/process_memory.hpp"
#include "server/lobby/durable_tables.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/table_room.hpp"

namespace crownhall::server {

using json = nlohmann::json;

namespace {

constexpr std::string_view prefix = "/api/admin";
constexpr std::size_t max_notice = 500;  // characters a notice may have
// The close code of a connection closed by an admin; the web client does not reconnect
// on its own after it (protocol/README.md).
constexpr std::uint16_t closed_by_admin = 4002;

// A body already serialized (a table message, byte for byte as its audience gets it).
api_response text_json_response(int status, std::string body) {
  api_response r;
  r.status = status;
  r.body = std::move(body);
  return r;
}

api_response json_response(int status, const json& body) {
  return text_json_response(status, body.dump() + "\n");
}

// The path below /api/admin split at '/': "/api/admin/tables/t-1/view" -> tables, t-1, view.
std::vector<std::string_view> segments(std::string_view path) {
  std::vector<std::string_view> out;
  path.remove_prefix(prefix.size());
  while (!path.empty()) {
    if (path.front() == '/') {
      path.remove_prefix(1);
      continue;
    }
    const auto end = std::min(path.find('/'), path.size());
    out.push_back(path.substr(0, end));
    path.remove_prefix(end);
  }
  return out;
}

// The value of `name` in a query string ("seat=2&x=y"); nullopt when absent.
std::optional<std::string_view> query_param(std::string_view query, std::string_view name) {
  while (!query.empty()) {
    const auto end = std::min(query.find('&'), query.size());
    const std::string_view pair = query.substr(0, end);
    const auto eq = pair.find('=');
    if (pair.substr(0, eq) == name)
      return eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1);
    query.remove_prefix(std::min(end + 1, query.size()));
  }
  return std::nullopt;
}

// Everything the admin page's header shows: counters of the whole server.
json totals(shared_state& state) {
  const server_metrics& m = state.metrics;
  const std::uint64_t in = m.messages_in.load(), out = m.messages_out.load();
  const auto rates = state.message_rates.read(shared_state::now().mono_ms, in, out);
  std::uint64_t by_state[3] = {0, 0, 0};
  const auto rooms = state.tables->rooms();
  for (const auto& room : rooms) ++by_state[static_cast<int>(room->state_now())];
  return {{"connections", m.connections_open.load()},
          {"connections_total", m.connections_total.load()},
          {"sessions", state.sessions.size()},
          {"tables", rooms.size()},
          {"tables_by_state",
           {{"waiting", by_state[0]}, {"playing", by_state[1]}, {"finished", by_state[2]}}},
          {"messages_in", in},
          {"messages_out", out},
          {"messages_in_per_second", rates.in_per_second},
          {"messages_out_per_second", rates.out_per_second},
          {"actions", m.actions.load()},
          {"games_started", m.games_started.load()},
          {"games_finished", m.games_finished.load()},
          {"action_p50_ms", m.action_latency.quantile_bound_ms(0.5)},
          {"action_p99_ms", m.action_latency.quantile_bound_ms(0.99)},
          {"resident_memory_bytes", resident_memory_bytes()},
          // Which layout the store is on (null: no store); a newer build migrates on start.
          {"store_schema_version",
           state.durable ? json(state.durable->store().opened_schema_version()) : json(nullptr)}};
}

// GET /api/admin/tables: asks every table on its own strand and answers when the last
// one has (tables that closed meanwhile are left out).
void list_tables(shared_state& state, admin_reply reply) {
  struct collector {
    std::mutex mutex;
    json totals;
    json tables = json::array();
    std::size_t left = 0;
    admin_reply reply;

    void finish() {
      std::sort(tables.begin(), tables.end(), [](const json& a, const json& b) {
        return std::tie(a["opened_at"], a["table"]) < std::tie(b["opened_at"], b["table"]);
      });
      reply(json_response(200, {{"totals", std::move(totals)}, {"tables", std::move(tables)}}));
    }
  };
  auto c = std::make_shared<collector>();
  c->totals = totals(state);
  c->reply = std::move(reply);
  const auto rooms = state.tables->rooms();
  if (rooms.empty()) return c->finish();
  c->left = rooms.size();
  for (const auto& room : rooms)
    room->admin_summary([c](std::optional<json> line) {
      bool last = false;
      {
        std::lock_guard lock(c->mutex);
        if (line) c->tables.push_back(std::move(*line));
        last = --c->left == 0;
      }
      if (last) c->finish();
    });
}

// GET /api/admin/sessions: every guest session, connected or not.
api_response list_sessions(shared_state& state) {
  json out = json::array();
  for (const auto& p : state.sessions.all()) {
    auto room = p->table();
    out.push_back({{"player", p->id()},
                   {"name", p->name()},
                   {"connected", p->connected()},
                   {"table", room ? json(room->id()) : json(nullptr)}});
  }
  std::sort(out.begin(), out.end(),
            [](const json& a, const json& b) { return a["player"] < b["player"]; });
  return json_response(200, {{"sessions", std::move(out)}});
}

// GET /api/admin/nodes: every live server node and the tables it holds (node_presence);
// a server that is not one of several nodes lists itself alone.
api_response list_nodes(shared_state& state) {
  if (state.presence) return json_response(200, {{"nodes", state.presence->nodes()}});
  json tables = json::array();
  for (const auto& room : state.tables->rooms()) tables.push_back(room->id());
  json self = {{"node", state.config.node},
               {"tables", std::move(tables)},
               {"connections", state.metrics.connections_open.load()},
               {"self", true}};
  return json_response(200, {{"nodes", json::array({std::move(self)})}});
}

// GET /api/admin/tables/ID/view?seat=N or ?as=spectator: the message that audience gets.
void view_table(shared_state& state, std::string_view id, std::string_view query,
                admin_reply reply) {
  auto room = state.tables->find(std::string(id));
  if (!room) return reply(error_response(404, "no open table has this id"));
  int seat = -1;
  if (auto s = query_param(query, "seat")) {
    const auto [end, ec] = std::from_chars(s->data(), s->data() + s->size(), seat);
    if (ec != std::errc() || end != s->data() + s->size() || seat < 0)
      return reply(error_response(400, "seat must be a seat number"));
  } else if (query_param(query, "as") != "spectator") {
    return reply(error_response(400, "say whose view: ?seat=N or ?as=spectator"));
  }
  room->admin_view(seat, [reply = std::move(reply)](std::optional<std::string> message) {
    if (!message) return reply(error_response(404, "no such seat, or the table has closed"));
    reply(text_json_response(200, std::move(*message) + "\n"));
  });
}

// POST /api/admin/notice {"text": "..."}: a `notice` to every WebSocket connection.
api_response send_notice(shared_state& state, std::string_view body) {
  const json j = json::parse(body, nullptr, false);
  if (!j.is_object() || !j.contains("text") || !j["text"].is_string())
    return error_response(400, "send {\"text\": \"...\"}");
  const std::string& text = j["text"].get_ref<const std::string&>();
  if (text.empty() || text.size() > max_notice)
    return error_response(400, "the text must have 1 to 500 characters");
  const auto message = make_message(protocol::encode_notice(text));
  std::size_t sent = 0;
  // Every live WebSocket is a connection_link (plain HTTP connections are not), whether
  // or not it has said hello yet.
  for (const auto& c : state.connections())
    if (auto* link = dynamic_cast<connection_link*>(c.get())) {
      link->deliver(message, message_kind::other);
      ++sent;
    }
  spdlog::info("admin: notice sent to {} connections", sent);
  return json_response(200, {{"sent", sent}});
}

// POST /api/admin/connections/PLAYER_ID/kick: closes that session's connection.
api_response kick(shared_state& state, std::string_view player_id) {
  for (const auto& p : state.sessions.all()) {
    if (p->id() != player_id) continue;
    auto link = p->link();
    if (!link) return error_response(409, "this player has no connection now");
    link->close_after_flush(closed_by_admin, "closed by an admin");
    spdlog::info("admin: connection of {} closed", p->id());
    return json_response(200, {{"closed", p->id()}});
  }
  return error_response(404, "no session has this player id");
}

void route(shared_state& state, const admin_request& req, admin_reply& reply) {
  const std::string_view target = req.target;
  const auto q = target.find('?');
  const std::string_view path = target.substr(0, q);
  const std::string_view query = q == std::string_view::npos ? "" : target.substr(q + 1);
  const auto parts = segments(path);
  const bool get = req.method == "GET", post = req.method == "POST";
  auto wrong_method = [&](std::string_view allowed) {
    api_response r = error_response(405, "use " + std::string(allowed));
    r.extra_header_name = "Allow";
    r.extra_header_value = std::string(allowed);
    reply(std::move(r));
  };

  if (parts.size() == 1 && parts[0] == "tables")
    return get ? list_tables(state, std::move(reply)) : wrong_method("GET");
  if (parts.size() == 1 && parts[0] == "sessions")
    return get ? reply(list_sessions(state)) : wrong_method("GET");
  if (parts.size() == 1 && parts[0] == "nodes")
    return get ? reply(list_nodes(state)) : wrong_method("GET");
  if (parts.size() == 1 && parts[0] == "notice")
    return post ? reply(send_notice(state, req.body)) : wrong_method("POST");
  if (parts.size() == 3 && parts[0] == "tables" && parts[2] == "view")
    return get ? view_table(state, parts[1], query, std::move(reply)) : wrong_method("GET");
  if (parts.size() == 3 && parts[0] == "tables" && parts[2] == "close") {
    if (!post) return wrong_method("POST");
    auto room = state.tables->find(std::string(parts[1]));
    if (!room) return reply(error_response(404, "no open table has this id"));
    spdlog::info("admin: table {} closed", room->id());
    room->close("closed by an admin");
    return reply(json_response(200, {{"closed", room->id()}}));
  }
  if (parts.size() == 3 && parts[0] == "connections" && parts[2] == "kick")
    return post ? reply(kick(state, parts[1])) : wrong_method("POST");
  reply(error_response(404, "no such admin endpoint"));
}

}  // namespace

bool is_admin_path(std::string_view target) {
  const std::string_view path = target.substr(0, target.find('?'));
  return path == prefix || path.substr(0, prefix.size() + 1) == std::string(prefix) + "/";
}

void handle_admin(shared_state& state, const admin_request& req, admin_reply reply) {
  if (state.config.admin_token.empty())
    return reply(error_response(
        404, "the admin API is off: start the server with --admin-token (docs/admin.md)"));
  if (!admin_token_matches(state.config.admin_token, bearer_token(req.authorization))) {
    api_response r = error_response(401, "send the admin token: Authorization: Bearer TOKEN");
    r.extra_header_name = "WWW-Authenticate";
    r.extra_header_value = "Bearer realm=\"crownhall admin\"";
    return reply(std::move(r));
  }
  route(state, req, reply);
}

}  // namespace crownhall::server
