// The json log format: each line one object a collector can read, with the table, the
// connection and the player a line is about picked out of its subject.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "server/log_format.hpp"

namespace crownhall::server {
namespace {

using nlohmann::json;

json line(std::string_view message) {
  return json::parse(json_log_line("2026-12-01T20:00:00.000Z", "info", message));
}

TEST(JsonLog, NamesTheTableAndThePlayerALineIsAbout) {
  const json j = line("table t-8f734671: p-32c6423199aa joined as player");
  EXPECT_EQ(j["time"], "2026-12-01T20:00:00.000Z");
  EXPECT_EQ(j["level"], "info");
  EXPECT_EQ(j["message"], "table t-8f734671: p-32c6423199aa joined as player");
  EXPECT_EQ(j["table"], "t-8f734671");
  EXPECT_EQ(j["player"], "p-32c6423199aa");
  EXPECT_FALSE(j.contains("connection"));
  EXPECT_EQ(line("table t-243e5248 opened: crown-battles for 3 seats, public")["table"],
            "t-243e5248");
}

TEST(JsonLog, NamesTheConnection) {
  const json j = line("connection 127.0.0.1:36040: session p-a92df123d910 resumed");
  EXPECT_EQ(j["connection"], "127.0.0.1:36040");
  EXPECT_EQ(j["player"], "p-a92df123d910");
  EXPECT_FALSE(j.contains("table"));
  EXPECT_EQ(line("connection [::1]:5000: opened")["connection"], "[::1]:5000");
}

TEST(JsonLog, ALineAboutNothingInParticularHasOnlyItsWords) {
  const json j = line("stopping: 4 connections, 4 tables");
  EXPECT_EQ(j.size(), 3u);
}

TEST(JsonLog, WhatAClientSentIsQuotedNeverBreaksTheLine) {
  // A name with quotes, a newline and bytes that are not UTF-8: still one JSON object, on
  // one line.
  const std::string text = json_log_line("t", "warn", "name \"Bob\"\n\xff\xfe said");
  EXPECT_EQ(text.find('\n'), std::string::npos);
  EXPECT_EQ(json::parse(text)["level"], "warn");
}

}  // namespace
}  // namespace crownhall::server
