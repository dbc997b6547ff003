// The protocol document and the protocol library agree: every example in
// protocol/README.md is checked against the library, and every error code is produced.
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "protocol/client_messages.hpp"
#include "protocol/server_messages.hpp"

namespace crownhall::protocol {
namespace {

struct example {
  std::string heading;  // the nearest heading above the block
  std::string text;
  int line = 0;
};

std::string read_document() {
  std::ifstream in(CROWNHALL_PROTOCOL_README);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<example> examples() {
  std::vector<example> out;
  std::istringstream in(read_document());
  std::string line, heading, block;
  bool in_block = false;
  int number = 0, start = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!in_block && line.rfind("#", 0) == 0) heading = line;
    if (!in_block && line == "```json") {
      in_block = true;
      block.clear();
      start = number;
    } else if (in_block && line == "```") {
      in_block = false;
      out.push_back({heading, block, start});
    } else if (in_block) {
      block += line + "\n";
    }
  }
  return out;
}

// Which way a documented example goes, from its heading: "### chat (client → server),
// chat (server → client)" names each type with its direction.
bool is_server_example(const example& e, const json& j) {
  const std::string type = j.value("type", "");
  static const std::regex part(R"(([A-Za-z_ /,]+?)\s*\((client|server) → (client|server)\))");
  bool as_client = false, as_server = false, named = false;
  std::string single_direction;
  int parts = 0;
  for (std::sregex_iterator it(e.heading.begin(), e.heading.end(), part), end; it != end; ++it) {
    ++parts;
    const std::string names = (*it)[1];
    const bool server = (*it)[2] == "server";
    single_direction = server ? "server" : "client";
    static const std::regex word(R"([a-z_]+)");
    for (std::sregex_iterator w(names.begin(), names.end(), word), wend; w != wend; ++w)
      if (w->str() == type) {
        named = true;
        (server ? as_server : as_client) = true;
      }
  }
  if (as_server && as_client) return j.contains("from");  // chat: the server's has `from`
  if (named) return as_server;
  EXPECT_EQ(parts, 1) << "line " << e.line << ": cannot tell the direction of " << type;
  return single_direction == "server";
}

TEST(ProtocolDocument, EveryExampleConforms) {
  const auto all = examples();
  ASSERT_GE(all.size(), 30u);
  std::set<std::string> client_types, server_types;
  for (const example& e : all) {
    SCOPED_TRACE("protocol/README.md line " + std::to_string(e.line) + " under " + e.heading);
    json j = json::parse(e.text, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << e.text;
    if (is_server_example(e, j)) {
      auto problem = validate_server_message(j);
      EXPECT_FALSE(problem) << *problem << "\n" << e.text;
      server_types.insert(j.value("type", ""));
    } else {
      auto r = decode(std::string_view(e.text));
      EXPECT_TRUE(r) << (r ? "" : r.failure().reason) << "\n" << e.text;
      if (r) {
        EXPECT_EQ(type_name(r->message), j["type"]);
      }
      client_types.insert(j.value("type", ""));
    }
  }
  // Every message type has at least one example.
  EXPECT_EQ(client_types.size(), std::variant_size_v<client_message>);
  for (auto t : {"welcome", "lobby", "table", "ack", "error", "chat", "notice", "kicked",
                 "table_closed", "shutdown", "pong"})
    EXPECT_TRUE(server_types.count(t)) << "no example of " << t;
}

TEST(ProtocolDocument, ErrorTableMatchesTheLibrary) {
  const std::string doc = read_document();
  static const std::regex row(R"(\n\| `([a-z_]+)` \|)");
  std::set<std::string> documented;
  for (std::sregex_iterator it(doc.begin(), doc.end(), row), end; it != end; ++it)
    documented.insert((*it)[1]);
  std::set<std::string> library;
  for (auto name : error_names) library.insert(std::string(name));
  EXPECT_EQ(documented, library);
  for (std::size_t i = 0; i < error_count; ++i)
    EXPECT_EQ(error_from_string(error_names[i]), static_cast<error>(i));
  EXPECT_FALSE(error_from_string("no_such_code"));
}

// --- decoding: each refusal with its code ----------------------------------------------

void expect_refused(std::string_view frame, error code, std::string_view reason_part = {}) {
  auto r = decode(frame);
  ASSERT_FALSE(r) << frame;
  EXPECT_EQ(to_string(r.failure().code), to_string(code)) << frame << ": " << r.failure().reason;
  EXPECT_FALSE(r.failure().reason.empty());
  if (!reason_part.empty()) {
    EXPECT_NE(r.failure().reason.find(reason_part), std::string::npos)
        << r.failure().reason << " should name " << reason_part;
  }
}

TEST(Decode, RefusesWhatIsNotAMessage) {
  expect_refused("", error::bad_json);
  expect_refused("{\"type\": \"ping\"", error::bad_json);
  expect_refused("[1, 2]", error::bad_json);
  expect_refused("\"hello\"", error::bad_json);
  expect_refused("42", error::bad_json);
  expect_refused("{\"type\": \"chat\", \"text\": \"\\ud800\"}", error::bad_json);  // lone surrogate
  expect_refused("{\"type\": \"chat\", \"text\": \"\xff\xfe\"}", error::bad_json);  // not UTF-8
  expect_refused(std::string(100, '[') + std::string(100, ']'), error::bad_json, "nested");
  expect_refused("{\"a\":" + std::string(40, '[') + std::string(40, ']') + "}", error::bad_json);
  expect_refused("{\"type\": \"ping\", \"x\": 1e999}", error::bad_json);
  expect_refused(std::string(max_frame + 1, ' '), error::message_too_large);
}

TEST(Decode, NamesTheFieldThatIsWrong) {
  expect_refused(R"({"id": 1})", error::bad_message, "type");
  expect_refused(R"({"type": 7})", error::bad_message, "type");
  expect_refused(R"({"type": "frobnicate"})", error::unknown_type);
  expect_refused(R"({"type": "take_seat"})", error::bad_message, "seat");
  expect_refused(R"({"type": "take_seat", "seat": "1"})", error::bad_message, "seat");
  expect_refused(R"({"type": "take_seat", "seat": 1.5})", error::bad_message, "seat");
  expect_refused(R"({"type": "take_seat", "seat": 18446744073709551615})", error::bad_message,
                 "seat");
  expect_refused(R"({"type": "ready"})", error::bad_message, "ready");
  expect_refused(R"({"type": "ready", "ready": "yes"})", error::bad_message, "ready");
  expect_refused(R"({"type": "act"})", error::bad_message, "action");
  expect_refused(R"({"type": "act", "action": [1]})", error::bad_message, "action");
  expect_refused(R"({"type": "act", "action": {}, "seq": -1})", error::bad_message, "seq");
  expect_refused(R"({"type": "act", "action": {}, "seq": 1e30})", error::bad_message, "seq");
  expect_refused(R"({"type": "join_table", "as": "player"})", error::bad_message, "table");
  expect_refused(R"({"type": "join_table", "table": "t-1", "as": "king"})", error::bad_message,
                 "as");
  expect_refused(R"({"type": "join_table", "table": 5})", error::bad_message, "table");
  expect_refused(R"({"type": "create_table"})", error::bad_message, "game");
  expect_refused(R"({"type": "create_table", "game": "x", "options": []})", error::bad_message,
                 "options");
  expect_refused(R"({"type": "create_table", "game": "x", "private": 1})", error::bad_message,
                 "private");
  expect_refused(R"({"type": "create_table", "game": "x", "clock": 5})", error::bad_message,
                 "clock");
  expect_refused(R"({"type": "create_table", "game": "x", "clock": {"bank_seconds": 0}})",
                 error::invalid_options, "bank_seconds");
  expect_refused(
      R"({"type": "set_options", "clock": {"bank_seconds": 10, "increment_seconds": -1}})",
      error::invalid_options, "increment_seconds");
  expect_refused(R"({"type": "add_bot", "kind": "genius"})", error::bad_message, "kind");
  expect_refused(R"({"type": "create_table", "game": "x", "spectator_mode": "all"})",
                 error::invalid_options, "spectator_mode");
  expect_refused(R"({"type": "create_table", "game": "x", "spectator_delay": 0})",
                 error::invalid_options, "spectator_delay");
  expect_refused(R"({"type": "set_options", "spectator_delay": 21})", error::invalid_options,
                 "spectator_delay");
  expect_refused(R"({"type": "set_options", "spectator_delay": "2"})", error::bad_message,
                 "spectator_delay");
  expect_refused(R"({"type": "resume", "table": "t-1"})", error::bad_message, "seq");
  expect_refused(R"({"type": "chat"})", error::bad_message, "text");
  expect_refused(R"({"type": "chat", "text": "   "})", error::bad_message, "empty");
  expect_refused(R"({"type": "ping", "id": {"a": 1}})", error::bad_message, "id");
  expect_refused(R"({"type": "ping", "id": 9007199254740993})", error::bad_message, "id");
  expect_refused(R"({"type": "ping", "id": ")" + std::string(65, 'x') + R"("})", error::bad_message,
                 "id");
}

TEST(Decode, EchoesTheIdOfARefusedRequest) {
  auto r = decode(R"({"type": "take_seat", "id": "q1"})");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.failure().id, "q1");
  auto u = decode(R"({"type": "nope", "id": 12})");
  ASSERT_FALSE(u);
  EXPECT_EQ(u.failure().id, 12);
}

TEST(Decode, Hello) {
  expect_refused(R"({"type": "hello", "name": "Ann"})", error::bad_message, "protocol");
  expect_refused(R"({"type": "hello", "protocol": "1", "name": "Ann"})", error::bad_message,
                 "protocol");
  expect_refused(R"({"type": "hello", "protocol": 2, "name": "Ann"})", error::protocol_version);
  expect_refused(R"({"type": "hello", "protocol": 1})", error::bad_message, "name");
  expect_refused(R"({"type": "hello", "protocol": 1, "token": "XYZ"})", error::invalid_token);
  expect_refused(R"({"type": "hello", "protocol": 1, "token": 5})", error::bad_message, "token");
  expect_refused(R"({"type": "hello", "protocol": 1, "name": ""})", error::invalid_name);
  expect_refused(R"({"type": "hello", "protocol": 1, "name": "   "})", error::invalid_name);
  expect_refused(R"({"type": "hello", "protocol": 1, "name": "a\u0007b"})", error::invalid_name);
  expect_refused(R"({"type": "hello", "protocol": 1, "name": "a\u0085b"})", error::invalid_name);
  expect_refused(R"({"type": "hello", "protocol": 1, "name": ")" + std::string(25, 'x') + "\"}",
                 error::invalid_name);
  expect_refused(R"({"type": "set_name", "name": ""})", error::invalid_name);

  auto r = decode(R"({"type": "hello", "protocol": 1, "name": "  Zoë  ", "extra": [1]})");
  ASSERT_TRUE(r);
  EXPECT_EQ(*std::get<hello>(r->message).name, "Zoë");
  // 24 characters of two bytes each is still a valid name.
  std::string long_name;
  for (int i = 0; i < 24; ++i) long_name += "é";
  EXPECT_TRUE(decode(R"({"type": "hello", "protocol": 1, "name": ")" + long_name + "\"}"));
}

TEST(Decode, HelloWithAnIdentity) {
  // 64 hex digits as issued, or 32: a session token from before identities, kept as one.
  for (const std::string& id : {std::string(64, 'a'), std::string(32, '0')}) {
    auto r = decode(R"({"type": "hello", "protocol": 1, "identity": ")" + id + "\"}");
    ASSERT_TRUE(r) << id;
    EXPECT_EQ(*std::get<hello>(r->message).identity, id);
    EXPECT_FALSE(std::get<hello>(r->message).name);
  }
  for (const std::string& bad : {std::string(63, 'a'), std::string(64, 'A'), std::string(48, 'a'),
                                 std::string(64, 'g'), std::string()})
    expect_refused(R"({"type": "hello", "protocol": 1, "name": "Ann", "identity": ")" + bad + "\"}",
                   error::bad_message, "identity");
  expect_refused(R"({"type": "hello", "protocol": 1, "identity": 5})", error::bad_message,
                 "identity");
}

TEST(Decode, Chat) {
  std::string text(max_chat_chars, 'x');
  EXPECT_TRUE(decode(R"({"type": "chat", "text": ")" + text + "\"}"));
  expect_refused(R"({"type": "chat", "text": ")" + text + "x\"}", error::chat_too_long);
}

// Names that could pass for another player's are refused; spaces are
// collapsed; chat loses its invisible and direction-changing characters.
TEST(Names, RefuseWhatCouldImpersonateAndKeepOneForm) {
  for (const char* bad : {
           "Ann\u202Eeb",          // right-to-left override
           "\u2066Ann\u2069",      // isolates
           "An\u200Bn",            // zero-width space
           "Ann\u200D",            // zero-width joiner
           "\uFEFFAnn",            // byte-order mark
           "A\u00ADnn",            // soft hyphen
           "\u3164",               // Hangul filler: a blank-looking name
           "\u2800",               // Braille blank
           "<b>Ann</b>",           // markup
           "Ann & Bob",            // an entity's start
           "`Ann`",                // code
           "\"Ann\"",              // quotes
           "\uE000Ann",            // private use
           "a\u0301\u0301\u0301",  // a stack of combining marks
           "\u0301a",              // a mark on nothing
           "\u200B",               // nothing visible at all
       }) {
    expect_refused(json{{"type", "hello"}, {"protocol", 1}, {"name", bad}}.dump(),
                   error::invalid_name);
    expect_refused(json{{"type", "set_name"}, {"name", bad}}.dump(), error::invalid_name);
  }
  EXPECT_EQ(clean_name("  Ann \t  the\u00A0\u3000Bold  "), "Ann the Bold");
  EXPECT_EQ(clean_name("Zoë"), "Zoë");
  EXPECT_EQ(clean_name("Zoe\xCC\x88"), "Zoe\xCC\x88");  // e + combining diaeresis
  EXPECT_EQ(clean_name("O'Brien-Smith (2)"), "O'Brien-Smith (2)");
  EXPECT_EQ(clean_name("\xE7\x8E\x8B\xE5\xB0\x8F\xE6\x98\x8E"),
            "\xE7\x8E\x8B\xE5\xB0\x8F\xE6\x98\x8E");
  EXPECT_FALSE(clean_name("\xC0\xAF"));      // overlong UTF-8
  EXPECT_FALSE(clean_name("\xED\xA0\x80"));  // a surrogate
  EXPECT_FALSE(clean_name("ab\xE2\x82"));    // cut short
}

TEST(Chat, LosesInvisibleAndDirectionChangingCharacters) {
  auto text_of = [](const std::string& raw) {
    auto r = decode(json{{"type", "chat"}, {"text", raw}}.dump());
    EXPECT_TRUE(r) << raw;
    return r ? std::get<chat>(r->message).text : std::string();
  };
  EXPECT_EQ(text_of("gg \u202Eevil\u202C"), "gg evil");
  EXPECT_EQ(text_of("line one\nline two\r\n\tthree"), "line one line two three");
  EXPECT_EQ(text_of("zero\u200Bwidth\uFEFF"), "zerowidth");
  EXPECT_EQ(text_of("<3 & <b>bold</b>"), "<3 & <b>bold</b>");  // shown as text
  EXPECT_EQ(text_of("family \U0001F468\u200D\U0001F469"), "family \U0001F468\u200D\U0001F469");
  expect_refused(json{{"type", "chat"}, {"text", "\u200B\u202E \n"}}.dump(), error::bad_message);
}

TEST(Decode, FieldsAndDefaults) {
  auto r = decode(R"({"type": "create_table", "game": "crown-battles", "id": 3})");
  ASSERT_TRUE(r);
  const auto& c = std::get<create_table>(r->message);
  EXPECT_EQ(c.game, "crown-battles");
  EXPECT_FALSE(c.seats);
  EXPECT_FALSE(c.is_private);
  EXPECT_TRUE(c.spectators);
  EXPECT_FALSE(c.clock);
  EXPECT_EQ(c.spectator_view, spectator_mode::public_view);
  EXPECT_FALSE(c.spectator_delay);
  EXPECT_EQ(r->id, 3);

  auto d = decode(
      R"({"type": "create_table", "game": "lunar", "spectator_mode": "delayed_open", "spectator_delay": 3})");
  ASSERT_TRUE(d);
  EXPECT_EQ(std::get<create_table>(d->message).spectator_view, spectator_mode::delayed_open);
  EXPECT_EQ(std::get<create_table>(d->message).spectator_delay, 3);
  auto t =
      decode(R"({"type": "create_table", "game": "dwarf-king", "spectator_mode": "after_trick"})");
  ASSERT_TRUE(t);
  EXPECT_EQ(std::get<create_table>(t->message).spectator_view, spectator_mode::after_trick);
  // Each mode's name reads back as itself (the table message, the store).
  for (auto m : {spectator_mode::public_view, spectator_mode::follow_seat,
                 spectator_mode::delayed_open, spectator_mode::after_trick})
    EXPECT_EQ(spectator_mode_from(to_string(m)), m);
  EXPECT_FALSE(decode(R"({"type": "create_table", "game": "lunar", "spectator_mode": "after"})"));

  auto s = decode(R"({"type": "set_options", "clock": null})");
  ASSERT_TRUE(s);
  const auto& o = std::get<set_options>(s->message);
  ASSERT_TRUE(o.clock.has_value());
  EXPECT_FALSE(o.clock->has_value());
  EXPECT_FALSE(o.seats);

  auto a = decode(R"({"type": "act", "action": {"type": "bid", "bid": 2}, "seq": 12})");
  ASSERT_TRUE(a);
  EXPECT_EQ(std::get<act>(a->message).seq, 12u);
  EXPECT_EQ(std::get<act>(a->message).action["bid"], 2);
}

// --- encoding ------------------------------------------------------------------------------

void expect_valid(const std::string& text) {
  json j = json::parse(text);
  auto problem = validate_server_message(j);
  EXPECT_FALSE(problem) << *problem << ": " << text;
}

TEST(Encode, EveryServerMessageValidates) {
  expect_valid(encode_welcome({"p-1", "Ann", std::string(32, 'a')}, json::array(), "", nullptr));
  expect_valid(encode_welcome({"p-1", "Ann", std::string(32, 'a')}, json::array(), "t-1", 5));
  expect_valid(encode_welcome({"p-1", "Ann", std::string(32, 'a'), std::string(64, 'b')},
                              json::array(), "", nullptr));
  expect_valid(
      encode_welcome({"p-1", "Ann", std::string(32, 'a'), std::string(64, 'b'), "identity_expired"},
                     json::array(), "", nullptr));
  {
    // Only what was issued: no identity and no refusal unless there is one.
    const json plain =
        json::parse(encode_welcome({"p-1", "Ann", std::string(32, 'a')}, json::array(), "", 1));
    EXPECT_FALSE(plain["you"].contains("identity"));
    EXPECT_FALSE(plain.contains("identity_refused"));
    json short_identity = plain;
    short_identity["you"]["identity"] = std::string(63, 'b');
    EXPECT_TRUE(validate_server_message(short_identity));
  }
  expect_valid(encode_lobby(json::array()));
  expect_valid(encode_ack(7));
  expect_valid(encode_ack("x"));
  for (std::size_t i = 0; i < error_count; ++i)
    expect_valid(encode_error(static_cast<error>(i), "why", nullptr));
  expect_valid(encode_error(error::internal, "why", "req-1"));
  expect_valid(encode_retryable_error(error::routing_unavailable, "why", "req-2",
                                      {{"type", "chat"}, {"text", "hi"}, {"id", "req-2"}}, 1000));
  expect_valid(encode_chat("t-1", 2, "Ann", "hi", 1763800000000, 4));
  expect_valid(encode_chat("t-1", -1, "Spec", "hi", 1763800000000, 4));
  expect_valid(encode_notice("n"));
  expect_valid(encode_kicked("t-1", "r"));
  expect_valid(encode_table_closed("t-1", "r"));
  expect_valid(encode_shutdown("r"));
  expect_valid(encode_pong(nullptr));
  expect_valid(encode_pong(3));
}

TEST(Encode, TableMessageIsSharedThenCompleted) {
  json shared = {{"table", "t-1"},
                 {"seq", 3},
                 {"game_id", "crown-battles"},
                 {"title", "Crown Battles"},
                 {"state", "waiting"},
                 {"private", false},
                 {"spectators", true},
                 {"spectator_count", 0},
                 {"options", json::object()},
                 {"host", 0},
                 {"clock", nullptr},
                 {"clock_setting", nullptr},
                 {"seats", json::array({{{"seat", 0},
                                         {"status", "human"},
                                         {"name", "Ann"},
                                         {"player", "p-1"},
                                         {"connected", true},
                                         {"ready", false}}})}};
  table_message m(shared);
  const std::string text =
      m.for_audience({{"seat", 0}, {"role", "player"}, {"host", true}}, "null", nullptr);
  expect_valid(text);
  EXPECT_EQ(json::parse(text)["you"]["seat"], 0);
  // Invalid UTF-8 from a game never throws on the way out.
  json bad = shared;
  bad["title"] = "\xff";
  EXPECT_NO_THROW(table_message{bad});
}

TEST(Validate, CatchesWhatTheDocumentForbids) {
  EXPECT_TRUE(validate_server_message(json::parse(R"({"type": "error", "code": "nope",
      "reason": "x"})")));
  EXPECT_TRUE(validate_server_message(json::parse(R"({"type": "ack"})")));
  EXPECT_TRUE(validate_server_message(json::parse(R"({"type": "hello", "protocol": 1})")));
  EXPECT_TRUE(validate_server_message(json::parse(R"({"type": "lobby", "tables": [
      {"table": "t", "game": "g", "title": "G", "summary": "", "seats": 4, "taken": 1,
       "state": "sleeping", "spectators": true, "host": null}]})")));
  EXPECT_TRUE(validate_server_message(json::array()));
}

}  // namespace
}  // namespace crownhall::protocol
