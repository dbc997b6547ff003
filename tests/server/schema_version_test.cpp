// The store's schema version where a host looks for it: `/metrics`
// (crownhall_store_schema_version) and the admin page's totals, on either store, equal to
// the latest version this build migrates to; a node's line carries its node label.
#include <gtest/gtest.h>

#include <optional>
#include <regex>

#include "server/store/postgres_schema.hpp"
#include "server/store/sqlite_schema.hpp"
#include "test_client.hpp"
#include "tests/common/test_postgres.hpp"

namespace crownhall::testing {
namespace {

constexpr const char* admin_token = "schema-version-admin-token";

class SchemaVersion : public ::testing::TestWithParam<std::string> {
 protected:
  bool postgres() const { return GetParam() == "postgres"; }
  server::server_config config() {
    auto cfg = durable_config(data_);
    if (postgres()) {
      db_.emplace();
      cfg.data_dir.clear();
      cfg.database = db_->url();
    }
    cfg.admin_token = admin_token;
    return cfg;
  }
  int latest() const {
    return postgres() ? store::detail::latest_postgres_schema_version()
                      : store::detail::latest_schema_version();
  }

 private:
  temp_dir data_{"schema-version"};
  std::optional<postgres_database> db_;
};

TEST_P(SchemaVersion, MetricsAndTheAdminTotalsShowTheStoresVersion) {
  test_server server(config());
  const std::string metrics = http_get(server.port(), "/metrics").body;
  std::smatch m;
  ASSERT_TRUE(
      std::regex_search(metrics, m, std::regex("\ncrownhall_store_schema_version (\\d+)\n")))
      << metrics;
  EXPECT_EQ(std::stoi(m[1]), latest());
  EXPECT_NE(metrics.find("# TYPE crownhall_store_schema_version gauge"), std::string::npos);

  const http_reply r = http_get(server.port(), "/api/admin/tables",
                                {{"Authorization", std::string("Bearer ") + admin_token}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(json::parse(r.body)["totals"]["store_schema_version"], latest()) << r.body;
}

INSTANTIATE_TEST_SUITE_P(Stores, SchemaVersion, ::testing::Values("sqlite", "postgres"),
                         [](const auto& info) { return info.param; });

// One node of several: its line carries the node's name, as every line of its /metrics.
TEST(SchemaVersionOfANode, TheLineCarriesTheNodesName) {
  postgres_database db;
  auto cfg = test_config();
  cfg.database = db.url();
  cfg.node = "n1";
  test_server server(cfg);
  const std::string metrics = http_get(server.port(), "/metrics").body;
  EXPECT_NE(metrics.find("\ncrownhall_store_schema_version{node=\"n1\"} " +
                         std::to_string(store::detail::latest_postgres_schema_version()) + "\n"),
            std::string::npos)
      << metrics;
}

// Without a store there is no schema: no line, and the admin totals say null.
TEST(SchemaVersionWithoutStore, NoLineAndNull) {
  auto cfg = test_config();
  cfg.admin_token = admin_token;
  test_server server(cfg);
  EXPECT_EQ(http_get(server.port(), "/metrics").body.find("crownhall_store_schema_version"),
            std::string::npos);
  const http_reply r = http_get(server.port(), "/api/admin/tables",
                                {{"Authorization", std::string("Bearer ") + admin_token}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_TRUE(json::parse(r.body)["totals"]["store_schema_version"].is_null()) << r.body;
}

}  // namespace
}  // namespace crownhall::testing
