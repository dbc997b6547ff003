#include "server/log_format.hpp"

#include <chrono>
#include <memory>
#include <regex>

#include <spdlog/formatter.h>
#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

namespace crownhall::server {

namespace {

// A line's subject: "table t-…:" or "table t-… opened", "connection 127.0.0.1:5555:".
const std::regex table_subject(R"(^table (t-[0-9a-z-]+)[: ])");
const std::regex connection_subject(R"(^connection (\S+):(\s|$))");
// A player's public id (never a token: tokens are not logged at all).
const std::regex player_id(R"(\b(p-[0-9a-f]{6,})\b)");

std::string utc_time(std::chrono::system_clock::time_point t) {
  using namespace std::chrono;
  const auto ms = duration_cast<milliseconds>(t.time_since_epoch()).count() % 1000;
  const std::time_t secs = system_clock::to_time_t(t);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms));
  return buf;
}

class json_formatter final : public spdlog::formatter {
 public:
  void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override {
    const auto level = spdlog::level::to_string_view(msg.level);
    const std::string line = json_log_line(utc_time(msg.time), {level.data(), level.size()},
                                           {msg.payload.data(), msg.payload.size()});
    dest.append(line.data(), line.data() + line.size());
    dest.push_back('\n');
  }
  std::unique_ptr<spdlog::formatter> clone() const override {
    return std::make_unique<json_formatter>();
  }
};

}  // namespace

std::string json_log_line(std::string_view time, std::string_view level, std::string_view message) {
  nlohmann::ordered_json line{{"time", time}, {"level", level}, {"message", message}};
  const std::string text(message);
  std::smatch m;
  if (std::regex_search(text, m, table_subject)) line["table"] = m[1].str();
  if (std::regex_search(text, m, connection_subject)) line["connection"] = m[1].str();
  if (std::regex_search(text, m, player_id)) line["player"] = m[1].str();
  // A log line may quote what a client sent: invalid UTF-8 is written replaced, not thrown.
  return line.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

void use_log_format(std::string_view format) {
  if (format == "json") spdlog::set_formatter(std::make_unique<json_formatter>());
}

}  // namespace crownhall::server
