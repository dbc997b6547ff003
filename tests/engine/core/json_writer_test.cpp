// json_writer: its text parses back to the value it was meant to write, commas and nesting
// included, and strings are escaped as JSON requires.
#include "engine/core/json_writer.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using crownhall::json_writer;
using json = nlohmann::json;

TEST(JsonWriter, NestedContainersAndScalars) {
  std::string out;
  json_writer w(out);
  w.begin_object().key("a").value(1).key("b").begin_array();
  w.value(true).null().value("x").begin_array().end_array().begin_object().end_object();
  w.end_array().key("c").begin_object().key("d").value(std::int64_t{-9000000000}).end_object();
  w.key("e").seat_or_null(-1).key("f").seat_or_null(3).key("g").raw("[1,2]").end_object();
  EXPECT_EQ(out,
            R"({"a":1,"b":[true,null,"x",[],{}],"c":{"d":-9000000000},"e":null,"f":3,"g":[1,2]})");
  EXPECT_EQ(json::parse(out).dump(), out);  // members already in nlohmann's (sorted) order
}

TEST(JsonWriter, EscapesLikeNlohmann) {
  const std::string tricky = std::string("quote\" back\\slash tab\t nl\n bell\x07 del\x7f ") +
                             "\xc3\xa9t\xc3\xa9";  // UTF-8 passes through
  std::string out;
  json_writer(out).value(tricky);
  EXPECT_EQ(json::parse(out).get<std::string>(), tricky);
  // nlohmann writes \t and \n as short escapes and other control characters as \u00XX;
  // either form is valid JSON, so compare by value, and check the long form is lowercase.
  EXPECT_NE(out.find("\\u0007"), std::string::npos);
}

TEST(JsonWriter, TopLevelValuesInSequenceAreSeparated) {
  // Two writers appending to one string each start fresh: the caller joins them.
  std::string out = "[";
  json_writer(out).value(1);
  out += ',';
  json_writer(out).begin_object().key("k").value("v").end_object();
  out += ']';
  EXPECT_EQ(json::parse(out), json::parse(R"([1,{"k":"v"}])"));
}

}  // namespace
