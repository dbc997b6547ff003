// Writes JSON text straight into a string, without building a json tree first. A table
// sends every seat its view after every move; building that view as an nlohmann::json
// (a map node and an allocation per field) and then dumping it was most of the server's
// work per action (docs/performance.md, "Server under load"). Views written with this are
// tested to parse back to exactly the json the game's view() returns.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace crownhall {

class json_writer {
 public:
  explicit json_writer(std::string& out) : out_(out) {}

  json_writer& begin_object() { return open('{'); }
  json_writer& end_object() { return close('}'); }
  json_writer& begin_array() { return open('['); }
  json_writer& end_array() { return close(']'); }

  // The name of the next member of an object; its value follows.
  json_writer& key(std::string_view name) {
    separate();
    string_body(name);
    out_ += ':';
    after_key_ = true;
    return *this;
  }

  json_writer& value(std::int64_t v) {
    separate();
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out_.append(buf, static_cast<std::size_t>(r.ptr - buf));
    return *this;
  }
  json_writer& value(int v) { return value(static_cast<std::int64_t>(v)); }
  json_writer& value(bool v) {
    separate();
    out_ += v ? "true" : "false";
    return *this;
  }
  json_writer& value(std::string_view s) {
    separate();
    string_body(s);
    return *this;
  }
  json_writer& value(const char* s) { return value(std::string_view(s)); }
  json_writer& null() {
    separate();
    out_ += "null";
    return *this;
  }
  // A seat number, or null for none (-1).
  json_writer& seat_or_null(int seat) { return seat >= 0 ? value(seat) : null(); }
  // Text that is already JSON (a value written elsewhere).
  json_writer& raw(std::string_view json_text) {
    separate();
    out_ += json_text;
    return *this;
  }

 private:
  // Depth is small (a view nests a handful of levels); one bit per level says whether the
  // container at that level already has an element, so the next one needs a comma.
  json_writer& open(char c) {
    separate();
    out_ += c;
    ++depth_;
    has_element_ &= ~(std::uint64_t{1} << depth_);
    return *this;
  }
  json_writer& close(char c) {
    out_ += c;
    --depth_;
    return *this;
  }
  void separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    const std::uint64_t bit = std::uint64_t{1} << depth_;
    if (has_element_ & bit) out_ += ',';
    has_element_ |= bit;
  }
  void string_body(std::string_view s) {
    out_ += '"';
    for (const char ch : s) {
      const auto c = static_cast<unsigned char>(ch);
      if (c == '"' || c == '\\') {
        out_ += '\\';
        out_ += ch;
      } else if (c < 0x20) {
        static constexpr char hex[] = "0123456789abcdef";
        out_ += "\\u00";
        out_ += hex[c >> 4];
        out_ += hex[c & 15];
      } else {
        out_ += ch;
      }
    }
    out_ += '"';
  }

  std::string& out_;
  int depth_ = 0;
  std::uint64_t has_element_ = 0;
  bool after_key_ = false;
};

}  // namespace crownhall
