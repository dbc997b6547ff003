#include "protocol/server_messages.hpp"

#include <initializer_list>

namespace crownhall::protocol {

namespace {

std::string dump(const json& j) {
  // Replace invalid UTF-8 rather than throw: text from games or people must never take a
  // table down.
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

json id_or_null(const json& id) { return id.is_null() ? json() : id; }

}  // namespace

std::string encode_welcome(const identity& you, const json& games, std::string_view table,
                           const json& id) {
  json j = {{"type", "welcome"},
            {"protocol", 1},
            {"server", server_name},
            {"you", {{"player", you.player}, {"name", you.name}, {"token", you.token}}},
            {"games", games},
            {"table", table.empty() ? json() : json(table)}};
  if (!you.new_identity.empty()) j["you"]["identity"] = you.new_identity;
  if (!you.identity_refused.empty()) j["identity_refused"] = you.identity_refused;
  if (!id.is_null()) j["id"] = id;
  return dump(j);
}

std::string encode_lobby(const json& tables) {
  return dump(json{{"type", "lobby"}, {"tables", tables}});
}

std::string encode_ack(const json& id) { return dump(json{{"type", "ack"}, {"id", id}}); }

std::string encode_error(error code, std::string_view reason, const json& id,
                         std::optional<std::int64_t> retry_ms) {
  json j = {{"type", "error"}, {"code", to_string(code)}, {"reason", reason}};
  if (!id.is_null()) j["id"] = id_or_null(id);
  if (retry_ms) j["retry_ms"] = *retry_ms;
  return dump(j);
}

std::string encode_retryable_error(error code, std::string_view reason, const json& id,
                                   json request, int retry_ms) {
  json j = {{"type", "error"},
            {"code", to_string(code)},
            {"reason", reason},
            {"request", std::move(request)},
            {"retry_ms", retry_ms}};
  if (!id.is_null()) j["id"] = id_or_null(id);
  return dump(j);
}

std::string encode_chat(std::string_view table, int seat, std::string_view name,
                        std::string_view text, std::int64_t at_unix_ms, std::uint64_t seq) {
  return dump(json{{"type", "chat"},
                   {"table", table},
                   {"from", {{"seat", seat < 0 ? json() : json(seat)}, {"name", name}}},
                   {"text", text},
                   {"at", at_unix_ms},
                   {"seq", seq}});
}

std::string encode_notice(std::string_view text) {
  return dump(json{{"type", "notice"}, {"text", text}});
}

std::string encode_kicked(std::string_view table, std::string_view reason) {
  return dump(json{{"type", "kicked"}, {"table", table}, {"reason", reason}});
}

std::string encode_renamed(std::string_view name) {
  return dump(json{{"type", "renamed"}, {"name", name}});
}

std::string encode_table_closed(std::string_view table, std::string_view reason) {
  return dump(json{{"type", "table_closed"}, {"table", table}, {"reason", reason}});
}

std::string encode_shutdown(std::string_view reason) {
  return dump(json{{"type", "shutdown"}, {"reason", reason}});
}

std::string encode_pong(const json& id) {
  json j = {{"type", "pong"}};
  if (!id.is_null()) j["id"] = id;
  return dump(j);
}

table_message::table_message(json shared) {
  shared["type"] = "table";
  prefix_ = dump(shared);
  prefix_.pop_back();  // the closing brace; `shared` is never empty, so a field precedes
}

table_message table_message::from_prefix(std::string prefix) {
  table_message m;
  m.prefix_ = std::move(prefix);
  return m;
}

void table_message::add_member(std::string_view key, std::string_view json_text) {
  prefix_ += ",\"";
  prefix_ += key;
  prefix_ += "\":";
  prefix_ += json_text;
}

std::string table_message::for_audience(const json& you, std::string_view game_text,
                                        const json& last_event,
                                        std::string_view events_text) const {
  std::string s;
  s.reserve(prefix_.size() + game_text.size() + events_text.size() + 128);
  s += prefix_;
  s += ",\"you\":";
  s += dump(you);
  s += ",\"game\":";
  s += game_text;
  s += ",\"last_event\":";
  s += dump(last_event);
  if (!events_text.empty()) {
    s += ",\"events\":";
    s += events_text;
  }
  s += '}';
  return s;
}

// ---------------------------------------------------------------------------------------
// Validation of server messages.

namespace {

enum class kind { string, integer, non_negative, boolean, object, array, any };

struct checker {
  std::optional<std::string> problem;

  bool fail(std::string what) {
    if (!problem) problem = std::move(what);
    return false;
  }

  static bool is(const json& v, kind k) {
    switch (k) {
      case kind::string:
        return v.is_string();
      case kind::integer:
        return v.is_number_integer();
      case kind::non_negative:
        return v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
      case kind::boolean:
        return v.is_boolean();
      case kind::object:
        return v.is_object();
      case kind::array:
        return v.is_array();
      case kind::any:
        return true;
    }
    return false;
  }

  // The field `name` of `j` must exist and be of kind `k` (or null when `nullable`).
  bool need(const json& j, const std::string& path, const char* name, kind k,
            bool nullable = false) {
    auto it = j.find(name);
    if (it == j.end()) return fail(path + name + " is missing");
    if (nullable && it->is_null()) return true;
    if (!is(*it, k)) return fail(path + name + " has the wrong type");
    return true;
  }
  bool optional(const json& j, const std::string& path, const char* name, kind k,
                bool nullable = false) {
    if (!j.contains(name)) return true;
    return need(j, path, name, k, nullable);
  }
  bool one_of(const json& j, const std::string& path, const char* name,
              std::initializer_list<std::string_view> values) {
    if (!need(j, path, name, kind::string)) return false;
    const auto& s = j[name].get_ref<const std::string&>();
    for (auto v : values)
      if (v == s) return true;
    return fail(path + name + " has an unknown value \"" + s + "\"");
  }
  bool id(const json& j, bool required) {
    auto it = j.find("id");
    if (it == j.end()) return required ? fail("id is missing") : true;
    if (it->is_string() || it->is_number_integer()) return true;
    return fail("id must be a string or an integer");
  }

  void welcome(const json& j) {
    need(j, "", "protocol", kind::integer);
    need(j, "", "server", kind::string);
    if (need(j, "", "you", kind::object)) {
      const json& you = j["you"];
      need(you, "you.", "player", kind::string);
      need(you, "you.", "name", kind::string);
      if (need(you, "you.", "token", kind::string) &&
          you["token"].get_ref<const std::string&>().size() != 32)
        fail("you.token must have 32 hex digits");
      if (optional(you, "you.", "identity", kind::string) && you.contains("identity") &&
          you["identity"].get_ref<const std::string&>().size() != 64)
        fail("you.identity must have 64 hex digits");
    }
    optional(j, "", "identity_refused", kind::string);
    if (need(j, "", "games", kind::array))
      for (const json& g : j["games"]) {
        if (!g.is_object()) return (void)fail("games[] must be objects");
        need(g, "games[].", "id", kind::string);
        need(g, "games[].", "title", kind::string);
        need(g, "games[].", "min_seats", kind::integer);
        need(g, "games[].", "max_seats", kind::integer);
        if (need(g, "games[].", "seat_counts", kind::array))
          for (const json& n : g["seat_counts"])
            if (!n.is_number_integer()) fail("games[].seat_counts must hold integers");
        need(g, "games[].", "options", kind::object);
      }
    need(j, "", "table", kind::string, true);
    id(j, false);
  }

  void lobby(const json& j) {
    if (!need(j, "", "tables", kind::array)) return;
    for (const json& t : j["tables"]) {
      if (!t.is_object()) return (void)fail("tables[] must be objects");
      const std::string p = "tables[].";
      need(t, p, "table", kind::string);
      need(t, p, "game", kind::string);
      need(t, p, "title", kind::string);
      need(t, p, "summary", kind::string);
      need(t, p, "seats", kind::non_negative);
      need(t, p, "taken", kind::non_negative);
      one_of(t, p, "state", {"waiting", "playing", "finished"});
      need(t, p, "spectators", kind::boolean);
      need(t, p, "host", kind::string, true);
    }
  }

  void table(const json& j) {
    need(j, "", "table", kind::string);
    need(j, "", "seq", kind::non_negative);
    need(j, "", "game_id", kind::string);
    need(j, "", "title", kind::string);
    one_of(j, "", "state", {"waiting", "playing", "finished"});
    need(j, "", "private", kind::boolean);
    need(j, "", "spectators", kind::boolean);
    need(j, "", "spectator_count", kind::non_negative);
    need(j, "", "options", kind::object);
    need(j, "", "host", kind::non_negative, true);
    optional(j, "", "invite", kind::string);
    optional(j, "", "clock_setting", kind::object, true);
    if (need(j, "", "seats", kind::array))
      for (const json& s : j["seats"]) {
        if (!s.is_object()) return (void)fail("seats[] must be objects");
        const std::string p = "seats[].";
        need(s, p, "seat", kind::non_negative);
        one_of(s, p, "status", {"empty", "human", "bot", "away"});
        need(s, p, "name", kind::string, true);
        need(s, p, "player", kind::string, true);
        need(s, p, "connected", kind::boolean);
        need(s, p, "ready", kind::boolean);
      }
    if (need(j, "", "you", kind::object)) {
      const json& you = j["you"];
      need(you, "you.", "seat", kind::non_negative, true);
      one_of(you, "you.", "role", {"player", "spectator"});
      need(you, "you.", "host", kind::boolean);
    }
    optional(j, "", "rematch", kind::boolean);
    if (optional(j, "", "pause", kind::object) && j.contains("pause") && j["pause"].is_object()) {
      need(j["pause"], "pause.", "paused", kind::boolean);
      need(j["pause"], "pause.", "asked", kind::array);
    }
    if (need(j, "", "clock", kind::object, true) && j["clock"].is_object()) {
      const json& c = j["clock"];
      if (need(c, "clock.", "remaining_ms", kind::array))
        for (const json& ms : c["remaining_ms"])
          if (!is(ms, kind::non_negative)) return (void)fail("clock.remaining_ms[] must be >= 0");
      need(c, "clock.", "running", kind::non_negative, true);
      optional(c, "clock.", "running_seats", kind::array);
    }
    if (need(j, "", "game", kind::object, true) && j["game"].is_object()) {
      const json& g = j["game"];
      need(g, "game.", "view", kind::object);
      if (need(g, "game.", "legal", kind::array))
        for (const json& a : g["legal"])
          if (!a.is_object()) return (void)fail("game.legal[] must be objects");
      if (need(g, "game.", "to_act", kind::array))
        for (const json& s : g["to_act"])
          if (!is(s, kind::non_negative)) return (void)fail("game.to_act[] must be seats");
      optional(g, "game.", "outcome", kind::object, true);
      optional(g, "game.", "time_left_ms", kind::non_negative);
    }
    if (optional(j, "", "events", kind::array) && j.contains("events"))
      for (const json& e : j["events"]) {
        if (!e.is_object()) return (void)fail("events[] must be objects");
        need(e, "events[].", "n", kind::non_negative);
        need(e, "events[].", "kind", kind::string);  // its arguments are the kind's own
        optional(e, "events[].", "seat", kind::non_negative);
      }
    if (optional(j, "", "last_event", kind::object, true) && j.contains("last_event") &&
        j["last_event"].is_object()) {
      need(j["last_event"], "last_event.", "kind", kind::string);
      optional(j["last_event"], "last_event.", "seat", kind::non_negative, true);
      optional(j["last_event"], "last_event.", "action", kind::object);
    }
  }

  void check(const json& j) {
    if (!j.is_object()) return (void)fail("a message must be an object");
    if (!need(j, "", "type", kind::string)) return;
    const auto& type = j["type"].get_ref<const std::string&>();
    if (type == "welcome")
      welcome(j);
    else if (type == "lobby")
      lobby(j);
    else if (type == "table")
      table(j);
    else if (type == "ack")
      id(j, true);
    else if (type == "error") {
      if (need(j, "", "code", kind::string) &&
          !error_from_string(j["code"].get_ref<const std::string&>()))
        fail("code is not a documented error code");
      need(j, "", "reason", kind::string);
      id(j, false);
      optional(j, "", "request", kind::object);  // routing_unavailable: to send again
      optional(j, "", "retry_ms", kind::non_negative);
    } else if (type == "chat") {
      need(j, "", "table", kind::string);
      if (need(j, "", "from", kind::object)) {
        need(j["from"], "from.", "seat", kind::non_negative, true);
        need(j["from"], "from.", "name", kind::string);
      }
      need(j, "", "text", kind::string);
      need(j, "", "at", kind::integer);
      optional(j, "", "seq", kind::non_negative);
    } else if (type == "notice")
      need(j, "", "text", kind::string);
    else if (type == "renamed")
      need(j, "", "name", kind::string);
    else if (type == "kicked" || type == "table_closed") {
      need(j, "", "table", kind::string);
      need(j, "", "reason", kind::string);
    } else if (type == "shutdown")
      need(j, "", "reason", kind::string);
    else if (type == "pong")
      id(j, false);
    else
      fail("no server message has the type \"" + type + "\"");
  }
};

}  // namespace

std::optional<std::string> validate_server_message(const json& j) {
  checker c;
  c.check(j);
  return c.problem;
}

bool is_server_type(std::string_view type) {
  for (std::string_view t : {"welcome", "lobby", "table", "ack", "error", "chat", "notice",
                             "renamed", "kicked", "table_closed", "shutdown", "pong"})
    if (t == type) return true;
  return false;
}

}  // namespace crownhall::protocol
