#include "protocol/client_messages.hpp"

#include "protocol/text_rules.hpp"

#include <limits>

namespace crownhall::protocol {

namespace {

// Thrown inside this file only: a frame is refused at the first field that is wrong.
struct refused {
  error code;
  std::string reason;
};

[[noreturn]] void refuse(error code, std::string reason) { throw refused{code, std::move(reason)}; }

// How deep `frame` nests arrays and objects, stopping early past `limit`. Strings are
// skipped so that brackets inside them do not count.
int nesting_depth(std::string_view frame, int limit) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (char c : frame) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"')
      in_string = true;
    else if (c == '[' || c == '{') {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) break;
    } else if (c == ']' || c == '}')
      --depth;
  }
  return deepest;
}

// Reads the fields of one message object, naming the field in every refusal.
class fields {
 public:
  explicit fields(const json& j) : j_(j) {}

  const json* find(const char* name) const {
    auto it = j_.find(name);
    return it == j_.end() ? nullptr : &*it;
  }
  bool has(const char* name) const { return find(name) != nullptr; }

  const json& required(const char* name) const {
    const json* v = find(name);
    if (!v) refuse(error::bad_message, std::string(name) + " is missing");
    return *v;
  }

  static std::int64_t integer_of(const char* name, const json& v, std::int64_t min,
                                 std::int64_t max) {
    if (!v.is_number_integer())
      refuse(error::bad_message, std::string(name) + " must be an integer");
    if (v.is_number_unsigned()) {
      if (v.get<std::uint64_t>() > static_cast<std::uint64_t>(max))
        refuse(error::bad_message, std::string(name) + " is out of range");
      return static_cast<std::int64_t>(v.get<std::uint64_t>());
    }
    const auto n = v.get<std::int64_t>();
    if (n < min || n > max) refuse(error::bad_message, std::string(name) + " is out of range");
    return n;
  }

  int seat(const char* name) const {
    return static_cast<int>(integer_of(name, required(name), -1000000, 1000000));
  }
  std::optional<int> optional_seat(const char* name) const {
    const json* v = find(name);
    if (!v || v->is_null()) return std::nullopt;
    return static_cast<int>(integer_of(name, *v, -1000000, 1000000));
  }

  std::string string(const char* name) const { return string_of(name, required(name)); }
  std::optional<std::string> optional_string(const char* name) const {
    const json* v = find(name);
    if (!v || v->is_null()) return std::nullopt;
    return string_of(name, *v);
  }
  static std::string string_of(const char* name, const json& v) {
    if (!v.is_string()) refuse(error::bad_message, std::string(name) + " must be a string");
    return v.get<std::string>();
  }

  bool boolean(const char* name) const { return boolean_of(name, required(name)); }
  std::optional<bool> optional_boolean(const char* name) const {
    const json* v = find(name);
    if (!v || v->is_null()) return std::nullopt;
    return boolean_of(name, *v);
  }
  static bool boolean_of(const char* name, const json& v) {
    if (!v.is_boolean()) refuse(error::bad_message, std::string(name) + " must be true or false");
    return v.get<bool>();
  }

  std::optional<std::uint64_t> optional_sequence(const char* name) const {
    const json* v = find(name);
    if (!v || v->is_null()) return std::nullopt;
    return sequence_of(name, *v);
  }
  static std::uint64_t sequence_of(const char* name, const json& v) {
    if (!v.is_number_integer() || (!v.is_number_unsigned() && v.get<std::int64_t>() < 0))
      refuse(error::bad_message, std::string(name) + " must be a non-negative integer");
    return v.get<std::uint64_t>();
  }

  std::optional<json> optional_object(const char* name) const {
    const json* v = find(name);
    if (!v) return std::nullopt;
    if (!v->is_object()) refuse(error::bad_message, std::string(name) + " must be an object");
    return *v;
  }

  // `clock`: null (no clock) or {"bank_seconds": 1.., "increment_seconds": 0..}.
  static std::optional<clock_setting> clock_of(const json& v) {
    if (v.is_null()) return std::nullopt;
    if (!v.is_object()) refuse(error::bad_message, "clock must be null or an object");
    fields f(v);
    clock_setting c;
    const json& bank = f.required("bank_seconds");
    if (!bank.is_number_integer())
      refuse(error::bad_message, "clock.bank_seconds must be an integer");
    c.bank_seconds =
        static_cast<int>(integer_of("clock.bank_seconds", bank, std::numeric_limits<int>::min(),
                                    std::numeric_limits<int>::max()));
    if (c.bank_seconds < 1 || c.bank_seconds > max_clock_bank_seconds)
      refuse(error::invalid_options,
             "clock.bank_seconds must be between 1 and " + std::to_string(max_clock_bank_seconds));
    if (const json* inc = f.find("increment_seconds"); inc && !inc->is_null()) {
      c.increment_seconds = static_cast<int>(integer_of("clock.increment_seconds", *inc,
                                                        std::numeric_limits<int>::min(),
                                                        std::numeric_limits<int>::max()));
      if (c.increment_seconds < 0 || c.increment_seconds > max_clock_increment_seconds)
        refuse(error::invalid_options, "clock.increment_seconds must be between 0 and " +
                                           std::to_string(max_clock_increment_seconds));
    }
    return c;
  }

 private:
  const json& j_;
};

bool is_hex(std::string_view t) {
  for (char c : t)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

bool is_token(std::string_view t) { return t.size() == token_hex_chars && is_hex(t); }

bool is_identity(std::string_view t) {
  return (t.size() == identity_hex_chars || t.size() == token_hex_chars) && is_hex(t);
}

bool is_browser_id(std::string_view b) {
  if (b.size() < min_browser_chars || b.size() > max_browser_chars) return false;
  for (char c : b)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' ||
          c == '_'))
      return false;
  return true;
}

// An id a request may carry: a short string or an integer a JavaScript number holds.
bool valid_id(const json& v) {
  if (v.is_string())
    return utf8_length(v.get_ref<const std::string&>()) <= static_cast<std::size_t>(max_id_chars);
  if (!v.is_number_integer()) return false;
  return v.is_number_unsigned()
             ? v.get<std::uint64_t>() <= static_cast<std::uint64_t>(max_id_integer)
             : (v.get<std::int64_t>() >= -max_id_integer &&
                v.get<std::int64_t>() <= max_id_integer);
}

std::string name_or_refuse(const std::string& raw) {
  auto name = clean_name(raw);
  if (!name)
    refuse(error::invalid_name,
           "a name has 1 to " + std::to_string(max_name_chars) +
               " characters: no control, invisible or direction-changing characters and none "
               "of < > & \" `");
  return *name;
}

client_message decode_hello(const fields& f) {
  hello m;
  const json& p = f.required("protocol");
  if (!p.is_number_integer()) refuse(error::bad_message, "protocol must be an integer");
  if (p.is_number_unsigned() ? p.get<std::uint64_t>() != static_cast<std::uint64_t>(version)
                             : p.get<std::int64_t>() != version)
    refuse(error::protocol_version,
           "this server speaks protocol " + std::to_string(version) + "; reload the page");
  m.protocol = version;
  m.token = f.optional_string("token");
  m.identity = f.optional_string("identity");
  auto name = f.optional_string("name");
  if (!m.token && !m.identity && !name)
    refuse(error::bad_message, "hello needs a name, a token or an identity");
  if (m.token && !is_token(*m.token))
    refuse(error::invalid_token, "unknown session token: send hello without it");
  if (m.identity && !is_identity(*m.identity))
    refuse(error::bad_message, "identity is 64 (or 32) lower-case hex digits, as welcome gave it");
  if (name) m.name = name_or_refuse(*name);
  m.browser = f.optional_string("browser");
  if (m.browser && !is_browser_id(*m.browser))
    refuse(error::bad_message, "browser is 16 to 64 characters of letters, digits, - and _");
  return m;
}

spectator_mode spectator_mode_of(const std::string& s) {
  auto m = spectator_mode_from(s);
  if (!m)
    refuse(error::invalid_options,
           "spectator_mode must be \"public\", \"follow_seat\", \"delayed_open\" or "
           "\"after_trick\"");
  return *m;
}

std::optional<int> spectator_delay_of(const fields& f) {
  const auto n = f.optional_seat("spectator_delay");
  if (n && (*n < min_spectator_delay || *n > max_spectator_delay))
    refuse(error::invalid_options, "spectator_delay is a number of tricks, " +
                                       std::to_string(min_spectator_delay) + " to " +
                                       std::to_string(max_spectator_delay));
  return n;
}

client_message decode_create_table(const fields& f) {
  create_table m;
  m.deal_of = f.optional_string("deal_of");
  m.deal_from = f.optional_object("deal_from");
  if (m.deal_of && m.deal_from) refuse(error::bad_message, "deal_of and deal_from: give one");
  m.game = m.deal_of || m.deal_from ? f.optional_string("game").value_or("") : f.string("game");
  if (auto r = f.optional_seat("rotate")) {
    if (!m.deal_of) refuse(error::bad_message, "rotate goes with deal_of");
    if (*r < 0) refuse(error::invalid_options, "rotate is a number of seats, 0 or more");
    m.rotate = *r;
  }
  m.seats = f.optional_seat("seats");
  if (auto o = f.optional_object("options")) m.options = std::move(*o);
  m.is_private = f.optional_boolean("private").value_or(false);
  m.spectators = f.optional_boolean("spectators").value_or(true);
  m.late_join = f.optional_boolean("late_join").value_or(false);
  m.open_hands = f.optional_boolean("open_hands").value_or(false);
  if (auto v = f.optional_string("spectator_mode")) m.spectator_view = spectator_mode_of(*v);
  m.spectator_delay = spectator_delay_of(f);
  if (const json* c = f.find("clock")) m.clock = fields::clock_of(*c);
  return m;
}

client_message decode_join_table(const fields& f) {
  join_table m;
  m.table = f.optional_string("table");
  m.invite = f.optional_string("invite");
  if (!m.table && !m.invite) refuse(error::bad_message, "table or invite is missing");
  if (auto as = f.optional_string("as")) {
    if (*as == "player")
      m.as = join_role::player;
    else if (*as == "spectator")
      m.as = join_role::spectator;
    else
      refuse(error::bad_message, "as must be \"player\" or \"spectator\"");
  }
  m.seat = f.optional_seat("seat");
  return m;
}

client_message decode_set_options(const fields& f) {
  set_options m;
  m.options = f.optional_object("options");
  m.seats = f.optional_seat("seats");
  m.is_private = f.optional_boolean("private");
  m.spectators = f.optional_boolean("spectators");
  m.late_join = f.optional_boolean("late_join");
  m.open_hands = f.optional_boolean("open_hands");
  if (auto v = f.optional_string("spectator_mode")) m.spectator_view = spectator_mode_of(*v);
  m.spectator_delay = spectator_delay_of(f);
  if (const json* c = f.find("clock")) m.clock = fields::clock_of(*c);
  return m;
}

client_message decode_add_bot(const fields& f) {
  add_bot m;
  if (auto kind = f.optional_string("kind")) {
    const std::optional<bot_kind> k = bot_kind_from(*kind);
    if (!k) refuse(error::bad_message, "kind must be \"heuristic\", \"random\" or \"search\"");
    m.kind = *k;
  }
  m.seat = f.optional_seat("seat");
  return m;
}

client_message decode_act(const fields& f) {
  act m;
  const json& a = f.required("action");
  if (!a.is_object()) refuse(error::bad_message, "action must be an object");
  m.action = a;
  m.seq = f.optional_sequence("seq");
  return m;
}

client_message decode_chat(const fields& f) {
  chat m;
  const std::string raw = f.string("text");
  if (utf8_length(raw) > static_cast<std::size_t>(max_chat_chars))
    refuse(error::chat_too_long,
           "a chat line has at most " + std::to_string(max_chat_chars) + " characters");
  auto text = normalize_chat(raw);
  if (!text) refuse(error::bad_message, "text is empty");
  m.text = std::move(*text);
  return m;
}

client_message decode_resume(const fields& f) {
  resume m;
  m.table = f.string("table");
  m.seq = fields::sequence_of("seq", f.required("seq"));
  return m;
}

client_message decode_message(std::string_view type, const fields& f) {
  if (type == "hello") return decode_hello(f);
  if (type == "set_name") return set_name{name_or_refuse(f.string("name"))};
  if (type == "lobby_subscribe") return lobby_subscribe{};
  if (type == "lobby_unsubscribe") return lobby_unsubscribe{};
  if (type == "create_table") return decode_create_table(f);
  if (type == "join_table") return decode_join_table(f);
  if (type == "leave_table") return leave_table{};
  if (type == "take_seat")
    return take_seat{f.seat("seat"), f.optional_boolean("cancel").value_or(false)};
  if (type == "ready") return ready{f.boolean("ready")};
  if (type == "set_options") return decode_set_options(f);
  if (type == "add_bot") return decode_add_bot(f);
  if (type == "remove_bot") return remove_bot{f.seat("seat")};
  if (type == "kick") return kick{f.seat("seat")};
  if (type == "transfer_host") return transfer_host{f.seat("seat")};
  if (type == "start") return start{};
  if (type == "rematch") return rematch{};
  if (type == "act") return decode_act(f);
  if (type == "back") return back{};
  if (type == "pause") return pause_game{f.boolean("pause")};
  if (type == "follow") return follow{f.optional_seat("seat")};
  if (type == "share_view") return share_view{f.boolean("share"), f.optional_string("with")};
  if (type == "chat") return decode_chat(f);
  if (type == "resume") return decode_resume(f);
  if (type == "ping") return ping{};
  refuse(error::unknown_type,
         "no message has the type \"" + std::string(type.substr(0, 40)) + "\"");
}

}  // namespace

std::string_view to_string(spectator_mode m) {
  switch (m) {
    case spectator_mode::follow_seat:
      return "follow_seat";
    case spectator_mode::delayed_open:
      return "delayed_open";
    case spectator_mode::after_trick:
      return "after_trick";
    case spectator_mode::public_view:
      break;
  }
  return "public";
}

std::optional<spectator_mode> spectator_mode_from(std::string_view s) {
  if (s == "public") return spectator_mode::public_view;
  if (s == "follow_seat") return spectator_mode::follow_seat;
  if (s == "delayed_open") return spectator_mode::delayed_open;
  if (s == "after_trick") return spectator_mode::after_trick;
  return std::nullopt;
}

std::string_view type_name(const client_message& m) {
  static constexpr std::string_view names[] = {
      "hello",        "set_name",      "lobby_subscribe", "lobby_unsubscribe",
      "create_table", "join_table",    "leave_table",     "take_seat",
      "ready",        "set_options",   "add_bot",         "remove_bot",
      "kick",         "transfer_host", "start",           "rematch",
      "act",          "back",          "pause",           "follow",
      "share_view",   "chat",          "resume",          "ping"};
  static_assert(std::size(names) == std::variant_size_v<client_message>);
  return names[m.index()];
}

std::size_t utf8_length(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

std::optional<std::string> clean_name(std::string_view raw) { return normalize_name(raw); }

decode_result decode(std::string_view frame) {
  if (frame.size() > max_frame)
    return decode_failure{error::message_too_large,
                          "a message has at most " + std::to_string(max_frame) + " bytes", nullptr};
  if (nesting_depth(frame, max_depth) > max_depth)
    return decode_failure{error::bad_json,
                          "JSON nested deeper than " + std::to_string(max_depth) + " levels",
                          nullptr};
  json j = json::parse(frame, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded())
    return decode_failure{error::bad_json, "the message is not valid JSON (UTF-8)", nullptr};
  return decode_json(j);
}

json request_id(std::string_view frame) {
  if (frame.size() > max_frame || nesting_depth(frame, max_depth) > max_depth) return nullptr;
  const json j = json::parse(frame, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return nullptr;
  auto it = j.find("id");
  if (it == j.end() || !valid_id(*it)) return nullptr;
  return *it;
}

decode_result decode_json(const json& j) {
  if (!j.is_object())
    return decode_failure{error::bad_json, "a message must be a JSON object", nullptr};
  json id;
  if (auto it = j.find("id"); it != j.end() && !it->is_null()) {
    const json& v = *it;
    if (!valid_id(v))
      return decode_failure{error::bad_message,
                            "id must be a string of at most 64 characters or an integer up to 2^53",
                            nullptr};
    id = v;
  }
  auto type = j.find("type");
  if (type == j.end()) return decode_failure{error::bad_message, "type is missing", id};
  if (!type->is_string()) return decode_failure{error::bad_message, "type must be a string", id};
  try {
    return request{decode_message(type->get_ref<const std::string&>(), fields(j)), id};
  } catch (const refused& r) {
    return decode_failure{r.code, r.reason, id};
  } catch (const json::exception&) {
    return decode_failure{error::bad_message, "a field has the wrong type", id};
  }
}

}  // namespace crownhall::protocol
