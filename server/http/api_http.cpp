#include "server/http/api_http.hpp"

#include <unistd.h>

#include <charconv>
#include <fstream>
#include <sstream>
#include <variant>

#include <nlohmann/json.hpp>

#include "engine/core/coach.hpp"
#include "server/lobby/durable_tables.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/table_room.hpp"
#include "server/replay_steps.hpp"
#include "server/search_workers.hpp"
#include "server/store/secret_hash.hpp"
#include "server/store/sqlite_store.hpp"

namespace crownhall::server {

using json = nlohmann::json;

namespace {

std::string_view bearer(std::string_view authorization) {
  constexpr std::string_view prefix = "Bearer ";
  if (authorization.substr(0, prefix.size()) != prefix) return {};
  return authorization.substr(prefix.size());
}

void histogram(std::ostringstream& out, std::string_view name, std::string_view help,
               const latency_histogram& h) {
  out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << " histogram\n";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < latency_histogram::bounds_ms.size(); ++i) {
    cumulative += h.bucket(i);
    out << name << "_bucket{le=\"" << latency_histogram::bounds_ms[i] / 1000.0 << "\"} "
        << cumulative << '\n';
  }
  cumulative += h.bucket(latency_histogram::bounds_ms.size());
  out << name << "_bucket{le=\"+Inf\"} " << cumulative << '\n';
  out << name << "_sum " << h.sum_seconds() << '\n' << name << "_count " << cumulative << '\n';
}

std::uint64_t rss_bytes() {
  std::ifstream in("/proc/self/statm");
  std::uint64_t pages = 0, resident = 0;
  in >> pages >> resident;
  return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

// The replay steps of a stored record, for the window the query asks for.
api_response replay_response(const std::string& record_text, std::string_view target) {
  const auto q = target.find('?');
  const auto window =
      parse_replay_window(q == std::string_view::npos ? std::string_view{} : target.substr(q + 1));
  if (!window) return error_response(400, "from and count must be whole numbers, 0 or more");
  const json record = json::parse(record_text, nullptr, false);
  auto steps = replay_steps(record, *window);
  // A stored record that does not replay is the server's fault, not the asker's.
  if (!steps) return error_response(500, "this record does not replay: " + steps.error().reason);
  api_response ok;  // 200, JSON
  ok.body = steps->dump() + "\n";
  return ok;
}

// The player behind `authorization` (a live session, or one the store still keeps), or the
// answer that refuses the request.
std::variant<std::string, api_response> player_of(shared_state& state,
                                                  std::string_view authorization) {
  if (!state.durable)
    return error_response(503, "this server keeps no history (no data directory)");
  const std::string token(bearer(authorization));
  auto p = token.empty() ? nullptr : state.sessions.find(token);
  if (p) return p->id();
  if (!token.empty())
    if (auto id = state.durable->live_session(state, token, shared_state::now())) return *id;
  return error_response(401, "send your session token: Authorization: Bearer TOKEN");
}

// The record of `game_id` if `player_id` played in that game (its text), or the refusal.
std::variant<std::string, api_response> own_record(shared_state& state,
                                                   const std::string& player_id,
                                                   const std::string& game_id) {
  auto rec = state.durable->played_record(player_id, game_id);
  using enum durable_tables::record_status;
  if (rec.status == unavailable) return error_response(500, "history unavailable");
  if (rec.status == missing) return error_response(404, "no finished game of yours has this id");
  return std::move(rec.text);
}

constexpr std::string_view records_prefix = "/api/records/";
constexpr std::string_view coach_suffix = "/coach";

// The `seat` of a coach query ("seat=2"), a whole number.
std::optional<int> seat_in_query(std::string_view query) {
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    constexpr std::string_view key = "seat=";
    if (pair.substr(0, key.size()) != key) continue;
    int seat = -1;
    const std::string_view v = pair.substr(key.size());
    auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), seat);
    if (ec != std::errc() || end != v.data() + v.size() || seat < 0) return std::nullopt;
    return seat;
  }
  return std::nullopt;
}

}  // namespace

bool is_player_record_path(std::string_view target) {
  const std::string_view path = target.substr(0, target.find('?'));
  return path == "/api/history" || path.substr(0, records_prefix.size()) == records_prefix;
}

bool is_coach_path(std::string_view target) {
  const std::string_view path = target.substr(0, target.find('?'));
  return path.size() > records_prefix.size() + coach_suffix.size() &&
         path.substr(0, records_prefix.size()) == records_prefix &&
         path.substr(path.size() - coach_suffix.size()) == coach_suffix;
}

void handle_coach(shared_state& state, std::string_view target, std::string_view authorization,
                  std::function<void(api_response)> done) {
  const auto q = target.find('?');
  const std::string_view path = target.substr(0, q);
  const std::string game_id(path.substr(records_prefix.size(),
                                        path.size() - records_prefix.size() - coach_suffix.size()));
  auto who = player_of(state, authorization);
  if (auto* refused = std::get_if<api_response>(&who)) return done(std::move(*refused));
  auto text = own_record(state, std::get<std::string>(who), game_id);
  if (auto* refused = std::get_if<api_response>(&text)) return done(std::move(*refused));
  const auto seat =
      seat_in_query(q == std::string_view::npos ? std::string_view{} : target.substr(q + 1));
  if (!seat) return done(error_response(400, "seat must be a whole number, 0 or more"));
  auto record = record_from_json(json::parse(std::get<std::string>(text), nullptr, false));
  if (!record)
    return done(error_response(500, "this record does not read: " + record.error().reason));
  // A coached game costs a search per decision: on the coach's own threads, below the
  // seated bots', a few reports at once.
  const bool queued =
      state.search->try_post_coach([record = std::move(*record), seat = *seat, done] {
        api_response answer;
        auto playouts = coach_playouts_for_ms(record, coach_ms_per_decision);
        auto report = playouts ? coach_record(record, seat, *playouts, coach_seed)
                               : result<coach_report>(playouts.error());
        if (report)
          answer.body = to_json(*report).dump() + "\n";
        else
          answer = error_response(400, report.error().reason);
        done(std::move(answer));
      });
  if (queued) return;
  api_response busy =
      error_response(503, "the coach is busy with other games: try again shortly", "coach_busy");
  busy.extra_header_name = "Retry-After";
  busy.extra_header_value = "2";
  done(std::move(busy));
}

// Several nodes (--node): every sample carries node="NAME", so that one Prometheus scraping
// all of them keeps them apart (and sums across them by leaving the label out).
std::string with_node_label(const std::string& text, const std::string& node) {
  if (node.empty()) return text;
  const std::string label = "node=\"" + node + "\"";
  std::string out;
  out.reserve(text.size() + text.size() / 4);
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + start, end - start);
    const std::size_t cut = line.find_first_of("{ ");
    if (line.starts_with('#') || cut == std::string_view::npos)
      out += line;
    else if (line[cut] == '{')
      out.append(line.substr(0, cut + 1)).append(label).append(",").append(line.substr(cut + 1));
    else
      out.append(line.substr(0, cut))
          .append("{")
          .append(label)
          .append("}")
          .append(line.substr(cut));
    out += '\n';
    start = end + 1;
  }
  return out;
}

std::string prometheus_text(shared_state& state) {
  const server_metrics& m = state.metrics;
  std::ostringstream out;
  auto gauge = [&](std::string_view name, std::string_view type, std::string_view help,
                   std::uint64_t v) {
    out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << ' ' << type << '\n'
        << name << ' ' << v << '\n';
  };
  gauge("crownhall_connections", "gauge", "WebSocket connections open now.",
        m.connections_open.load());
  gauge("crownhall_connections_total", "counter", "WebSocket connections ever accepted.",
        m.connections_total.load());
  gauge("crownhall_messages_in_total", "counter", "WebSocket messages received.",
        m.messages_in.load());
  gauge("crownhall_messages_out_total", "counter", "WebSocket messages sent.",
        m.messages_out.load());
  gauge("crownhall_messages_routed_total", "counter",
        "WebSocket requests sent on to the node holding their table (several nodes).",
        m.messages_routed.load());
  gauge("crownhall_actions_total", "counter", "Game actions applied, bots' included.",
        m.actions.load());
  gauge("crownhall_games_started_total", "counter", "Games started.", m.games_started.load());
  gauge("crownhall_games_finished_total", "counter", "Games finished.", m.games_finished.load());
  gauge("crownhall_resident_memory_bytes", "gauge", "Resident set size of the process.",
        rss_bytes());
  std::uint64_t by_state[3] = {0, 0, 0};
  for (const auto& room : state.tables->rooms()) ++by_state[static_cast<int>(room->state_now())];
  out << "# HELP crownhall_tables Open tables by state.\n# TYPE crownhall_tables gauge\n";
  for (auto s : {table_state::waiting, table_state::playing, table_state::finished})
    out << "crownhall_tables{state=\"" << to_string(s) << "\"} " << by_state[static_cast<int>(s)]
        << '\n';
  out << "# HELP crownhall_errors_total Errors sent to clients, by protocol code.\n"
         "# TYPE crownhall_errors_total counter\n";
  for (std::size_t i = 0; i < protocol::error_count; ++i)
    out << "crownhall_errors_total{code=\"" << protocol::error_names[i] << "\"} "
        << m.errors[i].load() << '\n';
  histogram(out, "crownhall_action_seconds",
            "Time from an act request reaching its table until its views are published.",
            m.action_latency);
  gauge("crownhall_searches_waiting", "gauge",
        "Search bot moves asked and not yet back at their table (thinking or queued).",
        m.searches_waiting.load());
  histogram(out, "crownhall_search_seconds",
            "Time from a table asking a search bot for a move until the move is back at it.",
            m.search_latency);
  if (state.durable) {
    gauge("crownhall_store_schema_version", "gauge",
          "Schema version of the store's database, as read after migrating on start.",
          static_cast<std::uint64_t>(state.durable->store().opened_schema_version()));
    gauge("crownhall_sqlite_heap_bytes", "gauge",
          "Bytes SQLite holds (page caches, statements); bounded by its cache_size.",
          static_cast<std::uint64_t>(store::sqlite_store::heap_bytes()));
    histogram(out, "crownhall_store_write_seconds", "Time of each store write (any kind).",
              state.durable->write_latency);
    histogram(out, "crownhall_store_append_seconds",
              "Time of each action append, before the action is acknowledged.",
              state.durable->append_latency);
  }
  return with_node_label(out.str(), state.config.node);
}

std::optional<api_response> handle_api(shared_state& state, std::string_view target,
                                       std::string_view authorization) {
  const std::string_view path = target.substr(0, target.find('?'));
  if (path == "/metrics")
    return api_response{
        200, "text/plain; version=0.0.4; charset=utf-8", prometheus_text(state), {}, {}};
  if (!is_player_record_path(target)) return std::nullopt;
  const bool history = path == "/api/history";
  auto who = player_of(state, authorization);
  if (auto* refused = std::get_if<api_response>(&who)) return std::move(*refused);
  const std::string& player_id = std::get<std::string>(who);
  if (history) {
    auto list = state.durable->store().list_finished_for_player(player_id, 200);
    if (!list) return error_response(500, "history unavailable");
    json games = json::array();
    for (const auto& g : *list)
      games.push_back({{"game_id", g.game_id},
                       {"table", g.table_id},
                       {"game", g.game},
                       {"seat", g.seat},
                       {"finished_at", g.finished_at_ms},
                       {"summary", json::parse(g.summary_json, nullptr, false)}});
    // Games in progress this session holds a seat in, to go back to (join_table): also those
    // it left, and those stopped because nobody played them.
    json unfinished = json::array();
    if (auto p = state.sessions.find_by_id(player_id))
      for (const auto& t : p->open_tables())
        if (t.playing)
          unfinished.push_back({{"table", t.table}, {"game", t.game}, {"stopped", t.stopped}});
    return api_response{
        200,
        "application/json",
        json{{"player", player_id}, {"games", games}, {"unfinished", unfinished}}.dump() + "\n",
        {},
        {}};
  }
  // /api/records/GAME_ID is the record itself; /api/records/GAME_ID/steps its replay.
  std::string_view rest = path.substr(records_prefix.size());
  constexpr std::string_view steps_suffix = "/steps";
  const bool steps = rest.size() > steps_suffix.size() &&
                     rest.substr(rest.size() - steps_suffix.size()) == steps_suffix;
  if (steps) rest.remove_suffix(steps_suffix.size());
  const std::string game_id(rest);
  auto text = own_record(state, player_id, game_id);
  if (auto* refused = std::get_if<api_response>(&text)) return std::move(*refused);
  if (steps) return replay_response(std::get<std::string>(text), target);
  return api_response{200, "application/json", std::get<std::string>(text) + "\n",
                      "Content-Disposition", "attachment; filename=\"" + game_id + ".json\""};
}

api_response error_response(int status, std::string_view why, std::string_view code) {
  json body{{"error", why}};
  if (!code.empty()) body["code"] = code;
  return {status, "application/json", body.dump() + "\n", {}, {}};
}

}  // namespace crownhall::server
